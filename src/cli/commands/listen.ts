/** `ditdah listen`: the Morse in a recording; the text alone on standard output. */
import { type AudioDecode, decodeAudio, readRecording } from "../../audio/index.js";
import { DECODE_FREQUENCY_MAX_OF_RATE, formatDuration, MAX_RECORDING_SECONDS, READ_SAMPLE_RATE } from "../../http/limits.js";
import { defineCommand, print, UsageError } from "../command.js";
import { bytesOf } from "../input.js";
import { HELP_LINES, numberOption } from "../options.js";
import { during, formatSeconds, showsProgress } from "../progress.js";

/** What was heard besides the text: the Morse, the speed and the pitch. */
export function details(heard: AudioDecode): string {
  if (heard.characters === 0) return `no Morse found in ${formatSeconds(heard.durationMs / 1000)} of audio`;
  return `morse: ${heard.morse}\nspeed: ${heard.wpm} wpm\npitch: ${heard.frequency} Hz`;
}

export const listenCommand = defineCommand({
  usage: `Usage: ditdah listen [--wpm N] [--frequency HZ] [--verbose | --json] FILE
The Morse in a recording: WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC, told apart by its bytes
(- for standard input). The text goes to standard output alone;
the Morse, the speed and the pitch go to standard error, or to standard output with --verbose.

${HELP_LINES.hints}
  -v, --verbose       the Morse, the speed and the pitch on standard output, after the text
  --json              the result as POST /api/v1/decode-audio answers it
${HELP_LINES.help}
It reads PCM or float WAV and the compressed formats, mono or stereo, ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second,
at most ${formatDuration(MAX_RECORDING_SECONDS)} long, the tone below ${DECODE_FREQUENCY_MAX_OF_RATE} of the sample rate.`,
  options: { wpm: { type: "string" }, frequency: { type: "string" }, verbose: { type: "boolean", short: "v" }, json: { type: "boolean" } },
  async run(values, files) {
    if (files.length !== 1) throw new UsageError("listen needs one recording");
    if (values.verbose && values.json) throw new UsageError("--verbose and --json exclude each other");
    const { samples, sampleRate } = await readRecording(await bytesOf(files[0]!));
    const hints = { wpm: numberOption(values.wpm, "wpm"), frequency: numberOption(values.frequency, "frequency") };
    const seconds = samples.length / sampleRate;
    const heard = during(`decoding ${formatSeconds(seconds)} of audio…`, showsProgress(seconds), () => decodeAudio(samples, sampleRate, hints));
    if (values.json) return print(JSON.stringify({ success: true, ...heard }));
    print(heard.output);
    if (values.verbose) print(details(heard));
    else process.stderr.write(`${details(heard)}\n`);
  },
});
