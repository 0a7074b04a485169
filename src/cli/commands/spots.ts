/** `ditdah spots`: the stations heard in a recording of a band, one DX-cluster line each. */
import { type ListenEvent, type RecordingSpotOptions, spotRecording } from "../../audio/index.js";
import { alphabetNamed, DEFAULT_REPORTER, dxClusterLine, type Sideband, SIDEBANDS } from "../../core/index.js";
import { DECODE_WPM, DIAL_KHZ, formatDuration, MAX_RECORDING_SECONDS, REPORTER } from "../../http/limits.js";
import { defineCommand, print, UsageError } from "../command.js";
import { type EventSink, fileChunks, inputChunks, listenTo, liveFile } from "../live.js";
import { ALPHABET_OPTION, HELP_LINES, numberOption } from "../options.js";
import { recordingOf } from "../recording-file.js";
import { during, formatSeconds, showsProgress } from "../progress.js";

const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;

export const spotsCommand = defineCommand({
  usage: `Usage: ditdah spots --dial KHZ [--sideband usb|lsb] [--reporter CALL] [--wpm N] [--alphabet NAME] [--json] FILE
       ditdah spots --live --dial KHZ [--speed real|max] [--rate HZ] [...] [FILE]
The stations heard in a recording of a band (WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC; - for
standard input), as a CW skimmer spots them: one DX-cluster line per spot on standard output,
in the columns the Reverse Beacon Network and CW Skimmer Server send, by frequency:
  DX de DITDAH-#:  14025.5  K1ABC          CW    12 dB  22 WPM  CQ      1234Z
(the time is when the spot is made, UTC). A call is spotted when it is a valid call sign heard
twice, or once after DE or before K, AR or BK; the summary goes to standard error.

With --live, each spot is printed the moment its call qualifies, as a skimmer would: a FILE
is played through the live decoder in real time (--speed max: as fast as it decodes);
without FILE (or with -), standard input is read as it arrives, a WAV stream or raw 16-bit
little-endian mono PCM at --rate samples per second. --json prints each spot event as a JSON line.

  --dial KHZ          the receiver's dial frequency, ${DIAL_KHZ.min} to ${DIAL_KHZ.max} kHz (required)
  --sideband SIDE     usb (default: a spot is the dial plus its pitch) or lsb (the dial minus it)
  --reporter CALL     the receiver's call, named in each line as CALL-# (default ${DEFAULT_REPORTER})
  --wpm N             read every signal at this speed, ${DECODE_WPM.min} to ${DECODE_WPM.max} wpm (default: found for each)
${HELP_LINES.heardAlphabet}
  --json              the spots as POST /api/v1/spots answers them (with --live: one spot event per line)
  --live              spot as it is heard, from a FILE played in real time or standard input
  --speed real|max    with --live and a FILE: play it in real time (default) or as fast as it decodes
  --rate HZ           with --live: the sample rate of raw PCM on standard input
${HELP_LINES.help}
At most ${formatDuration(MAX_RECORDING_SECONDS)} of audio.`,
  options: {
    dial: { type: "string" },
    sideband: { type: "string" },
    reporter: { type: "string" },
    wpm: { type: "string" },
    json: { type: "boolean" },
    live: { type: "boolean" },
    speed: { type: "string" },
    rate: { type: "string" },
    ...ALPHABET_OPTION,
  },
  async run(values, files) {
    const dial = numberOption(values.dial, "dial");
    if (dial === undefined) throw new UsageError("--dial is needed: the receiver's dial frequency in kHz");
    const sideband = (values.sideband ?? "usb").toLowerCase();
    if (!SIDEBANDS.includes(sideband as Sideband)) throw new UsageError(`--sideband is usb or lsb (got "${values.sideband}")`);
    const reporter = (values.reporter ?? DEFAULT_REPORTER).toUpperCase();
    if (!new RegExp(REPORTER.pattern).test(reporter))
      throw new UsageError(`--reporter is 1 to ${REPORTER.maxLength} letters, digits or / (got "${values.reporter}")`);
    const alphabet = alphabetNamed(values.alphabet).name;
    const options = { dial, sideband: sideband as Sideband, alphabet, wpm: numberOption(values.wpm, "wpm") };
    if (values.live) return spotLive(values, files, options, reporter);
    if (values.speed !== undefined || values.rate !== undefined) throw new UsageError("--speed and --rate go with --live");
    if (files.length !== 1) throw new UsageError("spots needs one recording");
    const { samples, sampleRate } = await recordingOf(files[0]!);
    const seconds = samples.length / sampleRate;
    const { spots, signals, busted } = during(`reading ${formatSeconds(seconds)} of a band…`, showsProgress(seconds), () =>
      spotRecording(samples, sampleRate, options),
    );
    if (values.json) return print(JSON.stringify({ success: true, spots }));
    const now = new Date();
    for (const spot of spots) print(dxClusterLine(spot, reporter, now));
    process.stderr.write(
      `${plural(spots.length, "spot")} from ${plural(signals, "signal")} in ${formatSeconds(seconds)} of audio${busted > 0 ? ` (${plural(busted, "busted call")} left out)` : ""}\n`,
    );
  },
});

/** Prints each spot event as it comes: a DX-cluster line (the time now), or the event as a JSON line. */
class SpotPrinter implements EventSink {
  spots = 0;

  constructor(
    private readonly reporter: string,
    private readonly json: boolean,
  ) {}

  events(events: readonly ListenEvent[]): void {
    for (const e of events) {
      if (e.type !== "spot") continue;
      this.spots++;
      const { type: _type, signal: _signal, emittedAtMs: _at, ...spot } = e;
      print(this.json ? JSON.stringify(e) : dxClusterLine(spot, this.reporter, new Date()));
    }
  }

  end(): void {}
}

/** `spots --live`: a FILE played through the live listener, or standard input as it arrives, each spot printed as it qualifies. */
async function spotLive(
  values: { speed?: string; rate?: string; json?: boolean },
  files: string[],
  options: RecordingSpotOptions,
  reporter: string,
): Promise<void> {
  const file = liveFile(values, files, "spots");
  const { dial, sideband, alphabet, wpm } = options;
  const recording = file === undefined ? undefined : await recordingOf(file);
  const chunks = recording ? fileChunks(recording.samples, recording.sampleRate, values.speed === "max") : inputChunks(numberOption(values.rate, "rate"));
  const printer = new SpotPrinter(reporter, values.json === true);
  const summary = await listenTo(chunks, { signals: "all", wpm, alphabet, spots: { dial, sideband } }, printer);
  process.stderr.write(
    `${plural(printer.spots, "spot")} from ${plural(summary.signals?.length ?? 0, "signal")} in ${formatSeconds(summary.durationMs / 1000)} of audio\n`,
  );
}
