/** `ditdah wav` (and `ditdah mp3`): a WAV or MP3 recording of a text, to a file or to standard output. */
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { Mp3Renderer, renderWavChunks, wavByteLength } from "../../audio/index.js";
import { type Timeline, timeline } from "../../core/index.js";
import { cannotWrite } from "../../system-errors.js";
import { FREQUENCY, MP3_BITRATE, MP3_SAMPLE_RATES, SAMPLE_RATE } from "../../http/limits.js";
import { defineCommand, UsageError } from "../command.js";
import { DASH, inputText } from "../input.js";
import { ALPHABET_OPTION, HELP_LINES, numberOption, SPEED_OPTIONS, speeds } from "../options.js";
import { formatSeconds, showsProgress, withProgress, withProgressBar } from "../progress.js";

async function toStdout(chunks: Iterable<Uint8Array>): Promise<void> {
  for (const chunk of chunks) {
    if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
  }
}

/** The chunks written to `file` as they come (it is opened first: a file that cannot be written is refused before any rendering). */
async function toFile(file: string, chunks: Iterable<Uint8Array>): Promise<void> {
  try {
    await writeFile(file, chunks);
  } catch (error) {
    throw cannotWrite(file, error);
  }
}

const FORMATS = ["wav", "mp3"] as const;
type Format = (typeof FORMATS)[number];

const OPTIONS = {
  ...SPEED_OPTIONS,
  ...ALPHABET_OPTION,
  frequency: { type: "string" },
  "sample-rate": { type: "string" },
  bitrate: { type: "string" },
  out: { type: "string", short: "o" },
} as const;

const MP3_LINES =
  `  --bitrate KBPS      MP3 only: ${MP3_BITRATE.values.join(", ")} kbit/s (default ${MP3_BITRATE.default})\n` +
  `                      an MP3's --sample-rate is one of ${MP3_SAMPLE_RATES.join(", ")}`;

interface Request {
  sound: Timeline;
  frequency: number;
  sampleRate: number;
  bitrate: number | undefined;
}

/** The file's chunks; an MP3's options are checked (and its encoder readied) before anything is written. */
async function chunksOf(format: Format, { sound, frequency, sampleRate, bitrate }: Request, shown: boolean): Promise<Iterable<Uint8Array>> {
  const label = `rendering ${formatSeconds(sound.durationMs / 1000)} of audio`;
  if (format === "wav") {
    if (bitrate !== undefined) throw new UsageError("--bitrate is for MP3 (--format mp3)");
    return withProgressBar(renderWavChunks(sound, { frequency, sampleRate }), wavByteLength(sound, sampleRate), label, shown);
  }
  const mp3 = await Mp3Renderer.create(sound, { frequency, sampleRate, bitrate });
  // The bar follows the samples encoded: the MP3's size is known only at its end.
  return withProgress(mp3.chunks(), () => mp3.position / mp3.sampleCount, label, shown);
}

async function run(command: string, format: Format, values: { [K in keyof typeof OPTIONS]?: string }, words: string[]): Promise<void> {
  if (!values.out) throw new UsageError(`${command} needs --out FILE (- for standard output)`);
  const sound = timeline(await inputText(words), { ...speeds(values), alphabet: values.alphabet });
  const request = {
    sound,
    frequency: numberOption(values.frequency, "frequency") ?? FREQUENCY.default,
    sampleRate: numberOption(values["sample-rate"], "sample-rate") ?? SAMPLE_RATE.default,
    bitrate: numberOption(values.bitrate, "bitrate"),
  };
  const chunks = await chunksOf(format, request, showsProgress(sound.durationMs / 1000));
  await (values.out === DASH ? toStdout(chunks) : toFile(values.out, chunks));
}

export const wavCommand = defineCommand({
  usage: `Usage: ditdah wav --out FILE [--format wav|mp3] [--wpm N] [--fwpm N] [--frequency HZ] [--sample-rate HZ] [--bitrate KBPS] [--alphabet NAME] [TEXT... | -]
A recording of the text: WAV (mono 16-bit PCM), or MP3 (mono, constant bitrate) with --format mp3;
--out - writes it to standard output. Without TEXT, or with - alone, standard input is read.

  -o, --out FILE      the file to write
  --format F          wav (default) or mp3 (as ditdah mp3)
${HELP_LINES.speed}
${HELP_LINES.encodeAlphabet}
${HELP_LINES.frequency}
${HELP_LINES.sampleRate}
${MP3_LINES}
${HELP_LINES.help}`,
  options: { ...OPTIONS, format: { type: "string" } },
  async run(values, words) {
    const format = values.format ?? "wav";
    if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be wav or mp3 (got "${format}")`);
    await run("wav", format as Format, values, words);
  },
});

export const mp3Command = defineCommand({
  usage: `Usage: ditdah mp3 --out FILE [--wpm N] [--fwpm N] [--frequency HZ] [--sample-rate HZ] [--bitrate KBPS] [--alphabet NAME] [TEXT... | -]
An MP3 recording of the text (mono, constant bitrate), as ditdah wav --format mp3;
--out - writes it to standard output. Without TEXT, or with - alone, standard input is read.

  -o, --out FILE      the file to write
${HELP_LINES.speed}
${HELP_LINES.encodeAlphabet}
${HELP_LINES.frequency}
  --sample-rate HZ    one of ${MP3_SAMPLE_RATES.join(", ")} samples per second (default ${SAMPLE_RATE.default})
  --bitrate KBPS      ${MP3_BITRATE.values.join(", ")} kbit/s (default ${MP3_BITRATE.default})
${HELP_LINES.help}`,
  options: OPTIONS,
  run: (values, words) => run("mp3", "mp3", values, words),
});
