/** Options shared by several commands: their parsing and their lines in the help. */
import { ALPHABET_NAMES, DECODE_ALPHABET_NAMES, DEFAULT_ALPHABET, ENCODE_ALPHABET_NAMES, MorseError } from "../core/index.js";
import { numberOutOfRange } from "../core/messages.js";
import { DECODE_FREQUENCY, DECODE_FREQUENCY_MAX_OF_RATE, DECODE_WPM, FREQUENCY, GLYPH_LENGTH, SAMPLE_RATE, SEPARATOR_LENGTH, WPM } from "../http/limits.js";
import { UsageError } from "./command.js";

export const GLYPH_OPTIONS = {
  separator: { type: "string" },
  dot: { type: "string" },
  dash: { type: "string" },
} as const;

export const ALPHABET_OPTION = { alphabet: { type: "string" } } as const;

export const SPEED_OPTIONS = {
  wpm: { type: "string" },
  fwpm: { type: "string" },
} as const;

export const HELP_LINES = {
  glyphs:
    `  --dot C, --dash C   ${GLYPH_LENGTH.min} to ${GLYPH_LENGTH.max} characters without white space, neither containing the other\n` +
    `  --separator S       between words: ${SEPARATOR_LENGTH.min} to ${SEPARATOR_LENGTH.max} characters, not a single space`,
  speed:
    `  --wpm N             speed, ${WPM.min} to ${WPM.max} words per minute (default ${WPM.default})\n` +
    `  --fwpm N            Farnsworth overall speed, ${WPM.min} up to --wpm (default --wpm)`,
  frequency: `  --frequency HZ      tone pitch, ${FREQUENCY.min} to ${FREQUENCY.max} Hz (default ${FREQUENCY.default})`,
  sampleRate: `  --sample-rate HZ    ${SAMPLE_RATE.min} to ${SAMPLE_RATE.max} samples per second (default ${SAMPLE_RATE.default})`,
  hints:
    `  --wpm N             the expected speed, ${DECODE_WPM.min} to ${DECODE_WPM.max} words per minute (found when absent)\n` +
    `  --frequency HZ      the expected pitch, from ${DECODE_FREQUENCY.min} Hz up to ${DECODE_FREQUENCY_MAX_OF_RATE} of the sample rate (found when absent)`,
  heardAlphabet: `  --alphabet NAME     the alphabet read in: ${ALPHABET_NAMES.join(", ")} (default ${DEFAULT_ALPHABET})`,
  decodeAlphabet: `  --alphabet NAME     the alphabet read in: ${DECODE_ALPHABET_NAMES.join(", ")} (default ${DEFAULT_ALPHABET})`,
  chartAlphabet: `  --alphabet NAME     the alphabet whose chart is shown: ${DECODE_ALPHABET_NAMES.join(", ")} (default ${DEFAULT_ALPHABET})`,
  encodeAlphabet:
    `  --alphabet NAME     the alphabet sent in: ${ENCODE_ALPHABET_NAMES.join(", ")}\n` +
    `                      (default ${DEFAULT_ALPHABET}: each character in its own alphabet; any other: that alphabet's characters alone)`,
  help: "  -h, --help          this help",
};

/** An option's number; undefined when the option is absent. */
export function numberOption(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number (got "${raw}")`);
  return value;
}

/** The tone's pitch, checked as the API checks it (with the API's message). */
export function frequencyOption(raw: string | undefined): number {
  const frequency = numberOption(raw, "frequency") ?? FREQUENCY.default;
  if (frequency < FREQUENCY.min || frequency > FREQUENCY.max) {
    throw new MorseError("INVALID_OPTION", numberOutOfRange("frequency", FREQUENCY.min, FREQUENCY.max));
  }
  return frequency;
}

export function glyphs(values: { separator?: string; dot?: string; dash?: string }) {
  return { separator: values.separator, dotChar: values.dot, dashChar: values.dash };
}

export function speeds(values: { wpm?: string; fwpm?: string }) {
  return { wpm: numberOption(values.wpm, "wpm"), fwpm: numberOption(values.fwpm, "fwpm") };
}
