/** `ditdah listen`: the Morse in a recording; the text alone on standard output. */
import { type AudioDecode, decodeRecording, type SignalDecode } from "../../audio/index.js";
import { alphabetNamed } from "../../core/index.js";
import { DECODE_FREQUENCY_MAX_OF_RATE, formatDuration, MAX_RECORDING_SECONDS, READ_SAMPLE_RATE } from "../../http/limits.js";
import { durationInMicroseconds } from "../../http/microseconds.js";
import { defineCommand, print, UsageError } from "../command.js";
import { listenLive, listenLiveInput, liveFile, type LiveOptions } from "../live.js";
import { ALPHABET_OPTION, HELP_LINES, numberOption } from "../options.js";
import { recordingOf } from "../recording-file.js";
import { during, formatSeconds, showsProgress } from "../progress.js";

/** What was heard besides the text: the Morse, the speed and the pitch. */
export function details(heard: AudioDecode): string {
  if (heard.characters === 0) return `${heard.warning ?? "No Morse was found"} in ${formatSeconds(heard.durationMs / 1000)} of audio`;
  return `morse: ${heard.morse}\nspeed: ${heard.wpm} wpm\npitch: ${heard.frequency} Hz`;
}

/** One line per signal: its pitch, speed, level and text. */
function signalLines(signals: SignalDecode[]): string {
  return signals
    .map((s) => `${String(s.frequency).padStart(5)} Hz  ${String(Math.round(s.wpm)).padStart(2)} wpm  ${s.snrDb.toFixed(1).padStart(5)} dB  ${s.output}`)
    .join("\n");
}

export const listenCommand = defineCommand({
  usage: `Usage: ditdah listen [--all] [--alphabet NAME] [--wpm N] [--frequency HZ] [--verbose | --json] FILE
       ditdah listen --live [--all] [--alphabet NAME] [--speed real|max] [--rate HZ] [--wpm N] [--frequency HZ] [--verbose | --json] [FILE]
The Morse in a recording: WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC, told apart by its bytes
(- for standard input). The text goes to standard output alone;
the Morse, the speed and the pitch go to standard error, or to standard output with --verbose.

With --live, each character is printed as soon as it is decided, as a receiver would:
a FILE is played through the live decoder in real time (--speed max: as fast as it decodes);
without FILE (or with -), standard input is read as it arrives, a WAV stream or raw 16-bit
little-endian mono PCM at --rate samples per second. --json prints each event as a JSON line.

With --all, every Morse signal of the passband is read apart: one line per signal
(pitch, speed, level, text); with --live, a line per word as each is heard, tagged by pitch.

${HELP_LINES.hints}
${HELP_LINES.heardAlphabet}
  -v, --verbose       the Morse, the speed and the pitch on standard output, after the text
  --json              the result as POST /api/v1/decode-audio answers it
${HELP_LINES.help}
It reads PCM or float WAV and the compressed formats, mono or stereo, ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} samples per second,
at most ${formatDuration(MAX_RECORDING_SECONDS)} long, the tone below ${DECODE_FREQUENCY_MAX_OF_RATE} of the sample rate.`,
  options: {
    wpm: { type: "string" },
    frequency: { type: "string" },
    verbose: { type: "boolean", short: "v" },
    json: { type: "boolean" },
    live: { type: "boolean" },
    speed: { type: "string" },
    rate: { type: "string" },
    all: { type: "boolean" },
    ...ALPHABET_OPTION,
  },
  async run(values, files) {
    if (values.verbose && values.json) throw new UsageError("--verbose and --json exclude each other");
    const hints = { wpm: numberOption(values.wpm, "wpm"), frequency: numberOption(values.frequency, "frequency") };
    const alphabet = alphabetNamed(values.alphabet).name;
    if (values.live) return runLive(values, files, { ...hints, signals: values.all ? "all" : undefined, alphabet });
    if (values.speed !== undefined || values.rate !== undefined) throw new UsageError("--speed and --rate go with --live");
    if (files.length !== 1) throw new UsageError("listen needs one recording");
    const { samples, sampleRate } = await recordingOf(files[0]!, hints.frequency);
    const seconds = samples.length / sampleRate;
    const { signals, ...heard } = during(`decoding ${formatSeconds(seconds)} of audio…`, showsProgress(seconds), () =>
      decodeRecording(samples, sampleRate, { ...hints, alphabet, signals: values.all ? "all" : undefined }),
    );
    if (signals) {
      if (values.json) return print(JSON.stringify({ success: true, ...durationInMicroseconds(heard), signals }));
      if (signals.length > 0) print(signalLines(signals));
      process.stderr.write(`${signals.length} signal${signals.length === 1 ? "" : "s"} found in ${formatSeconds(seconds)} of audio\n`);
      return;
    }
    if (values.json) return print(JSON.stringify({ success: true, ...durationInMicroseconds(heard) }));
    print(heard.output);
    if (values.verbose) print(details(heard));
    else process.stderr.write(`${details(heard)}\n`);
  },
});

async function runLive(values: { speed?: string; rate?: string; json?: boolean; verbose?: boolean }, files: string[], hints: LiveOptions): Promise<void> {
  const file = liveFile(values, files, "listen");
  const json = values.json === true;
  const summary =
    file === undefined
      ? await listenLiveInput(numberOption(values.rate, "rate"), hints, json)
      : await listenLive(await recordingOf(file, hints.frequency), hints, { max: values.speed === "max", json });
  if (json || summary.signals) return;
  if (values.verbose) print(details(summary));
  else process.stderr.write(`${details(summary)}\n`);
}
