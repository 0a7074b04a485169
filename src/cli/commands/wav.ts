/** `ditdah wav`: a WAV recording of a text, to a file or to standard output. */
import { once } from "node:events";
import { writeFile } from "node:fs/promises";
import { renderWavChunks, wavByteLength } from "../../audio/index.js";
import { timeline } from "../../core/index.js";
import { FREQUENCY, SAMPLE_RATE } from "../../http/limits.js";
import { defineCommand, UsageError } from "../command.js";
import { DASH, inputText } from "../input.js";
import { HELP_LINES, numberOption, SPEED_OPTIONS, speeds } from "../options.js";
import { formatSeconds, showsProgress, withProgressBar } from "../progress.js";

async function toStdout(chunks: Iterable<Uint8Array>): Promise<void> {
  for (const chunk of chunks) {
    if (!process.stdout.write(chunk)) await once(process.stdout, "drain");
  }
}

export const wavCommand = defineCommand({
  usage: `Usage: ditdah wav --out FILE [--wpm N] [--fwpm N] [--frequency HZ] [--sample-rate HZ] [TEXT... | -]
A WAV recording of the text (mono 16-bit PCM); --out - writes it to standard output.
Without TEXT, or with - alone, standard input is read.

  -o, --out FILE      the file to write
${HELP_LINES.speed}
${HELP_LINES.frequency}
${HELP_LINES.sampleRate}
${HELP_LINES.help}`,
  options: { ...SPEED_OPTIONS, frequency: { type: "string" }, "sample-rate": { type: "string" }, out: { type: "string", short: "o" } },
  async run(values, words) {
    if (!values.out) throw new UsageError("wav needs --out FILE (- for standard output)");
    const sound = timeline(await inputText(words), speeds(values));
    const options = {
      frequency: numberOption(values.frequency, "frequency") ?? FREQUENCY.default,
      sampleRate: numberOption(values["sample-rate"], "sample-rate") ?? SAMPLE_RATE.default,
    };
    const seconds = sound.durationMs / 1000;
    const label = `rendering ${formatSeconds(seconds)} of audio`;
    const chunks = withProgressBar(renderWavChunks(sound, options), wavByteLength(sound, options.sampleRate), label, showsProgress(seconds));
    await (values.out === DASH ? toStdout(chunks) : writeFile(values.out, chunks));
  },
});
