#!/usr/bin/env node
/** `ditdah`: the library on the command line. */
import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { decodeAudio, readWav, renderWavChunks } from "../audio/index.js";
import { decode, encode, MorseError, timeline } from "../core/index.js";
// The service's limits module: the CLI states and uses the same bounds and defaults as the API.
import {
  DECODE_FREQUENCY,
  DECODE_FREQUENCY_MAX_OF_RATE,
  DECODE_WPM,
  formatDuration,
  FREQUENCY,
  GLYPH_LENGTH,
  MAX_RECORDING_SECONDS,
  READ_SAMPLE_RATE,
  SAMPLE_RATE,
  SEPARATOR_LENGTH,
  WPM,
} from "../http/limits.js";

const USAGE =
  `Usage:
  ditdah encode [--separator S] [--dot C] [--dash C] [TEXT...]   text to Morse
  ditdah decode [--separator S] [--dot C] [--dash C] [MORSE...]  Morse to text
  ditdah timing [--wpm N] [--fwpm N] [TEXT...]                   tones and silences as JSON
  ditdah wav --out FILE [--wpm N] [--fwpm N] [--frequency HZ] [--sample-rate HZ] [TEXT...]
  ditdah listen [--wpm N] [--frequency HZ] FILE.wav               Morse heard in a recording
Without TEXT or MORSE, standard input is read.

Options:
  --dot C, --dash C   ${GLYPH_LENGTH.min} to ${GLYPH_LENGTH.max} characters without white space, neither containing the other
  --separator S       between words: ${SEPARATOR_LENGTH.min} to ${SEPARATOR_LENGTH.max} characters, not a single space
  --wpm N             speed, ${WPM.min} to ${WPM.max} words per minute (default ${WPM.default}); for listen a hint, ${DECODE_WPM.min} to ${DECODE_WPM.max} (found when absent)
  --fwpm N            Farnsworth overall speed, ${WPM.min} up to --wpm (default --wpm)
  --frequency HZ      tone pitch, ${FREQUENCY.min} to ${FREQUENCY.max} Hz (default ${FREQUENCY.default}); ` +
  `for listen, ${DECODE_FREQUENCY.min} to ${DECODE_FREQUENCY.max} Hz (found when absent)
  --sample-rate HZ    ${SAMPLE_RATE.min} to ${SAMPLE_RATE.max} samples per second (default ${SAMPLE_RATE.default})
listen reads PCM or float WAV, mono or stereo, ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second, ` +
  `at most ${formatDuration(MAX_RECORDING_SECONDS)} long, the tone below ${DECODE_FREQUENCY_MAX_OF_RATE} of the sample rate.`;

const OPTIONS = {
  separator: { type: "string" },
  dot: { type: "string" },
  dash: { type: "string" },
  wpm: { type: "string" },
  fwpm: { type: "string" },
  frequency: { type: "string" },
  "sample-rate": { type: "string" },
  out: { type: "string", short: "o" },
  help: { type: "boolean", short: "h" },
} as const;

class UsageError extends Error {}

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>["values"];

function number(values: Values, name: "wpm" | "fwpm" | "frequency" | "sample-rate"): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number (got "${raw}")`);
  return value;
}

async function input(positionals: string[]): Promise<string> {
  if (positionals.length > 0) return positionals.join(" ");
  if (process.stdin.isTTY) throw new UsageError("nothing to read: give it as arguments or on standard input");
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
}

const glyphs = (values: Values) => ({ separator: values.separator, dotChar: values.dot, dashChar: values.dash });

async function run(command: string | undefined, args: string[], values: Values): Promise<string | undefined> {
  switch (command) {
    case "encode":
      return encode(await input(args), glyphs(values));
    case "decode":
      return decode(await input(args), glyphs(values));
    case "timing":
      return JSON.stringify(timeline(await input(args), { wpm: number(values, "wpm"), fwpm: number(values, "fwpm") }), null, 2);
    case "wav": {
      if (!values.out) throw new UsageError("wav needs --out FILE");
      const sound = timeline(await input(args), { wpm: number(values, "wpm"), fwpm: number(values, "fwpm") });
      const options = {
        frequency: number(values, "frequency") ?? FREQUENCY.default,
        sampleRate: number(values, "sample-rate") ?? SAMPLE_RATE.default,
      };
      await writeFile(values.out, renderWavChunks(sound, options));
      return undefined;
    }
    case "listen": {
      if (args.length !== 1) throw new UsageError("listen needs one WAV file");
      const { samples, sampleRate } = readWav(await readFile(args[0]!));
      const heard = decodeAudio(samples, sampleRate, { wpm: number(values, "wpm"), frequency: number(values, "frequency") });
      return `${heard.output}\n(${heard.morse}; ${heard.wpm} wpm, ${heard.frequency} Hz)`;
    }
    default:
      throw new UsageError(command ? `unknown command "${command}"` : "a command is needed");
  }
}

async function main(): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ options: OPTIONS, allowPositionals: true, strict: true });
    if (values.help) {
      console.log(USAGE);
      return 0;
    }
    const [command, ...args] = positionals;
    const output = await run(command, args, values);
    if (output !== undefined) console.log(output);
    return 0;
  } catch (error) {
    if (error instanceof MorseError) {
      console.error(`ditdah: ${error.message}`);
      return 1;
    }
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")) {
      console.error(`ditdah: ${(error as Error).message}\n\n${USAGE}`);
      return 2;
    }
    console.error(`ditdah: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main();
