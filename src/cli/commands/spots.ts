/** `ditdah spots`: the stations heard in a recording of a band, one DX-cluster line each. */
import { readRecording, spotRecording } from "../../audio/index.js";
import { alphabetNamed, DEFAULT_REPORTER, dxClusterLine, type Sideband, SIDEBANDS } from "../../core/index.js";
import { DECODE_WPM, DIAL_KHZ, formatDuration, MAX_RECORDING_SECONDS, REPORTER } from "../../http/limits.js";
import { defineCommand, print, UsageError } from "../command.js";
import { bytesOf } from "../input.js";
import { ALPHABET_OPTION, HELP_LINES, numberOption } from "../options.js";
import { during, formatSeconds, showsProgress } from "../progress.js";

export const spotsCommand = defineCommand({
  usage: `Usage: ditdah spots --dial KHZ [--sideband usb|lsb] [--reporter CALL] [--wpm N] [--alphabet NAME] [--json] FILE
The stations heard in a recording of a band (WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC; - for
standard input), as a CW skimmer spots them: one DX-cluster line per spot on standard output,
in the columns the Reverse Beacon Network and CW Skimmer Server send, by frequency:
  DX de DITDAH-#:  14025.5  K1ABC          CW    12 dB  22 WPM  CQ      1234Z
(the time is when the spot is made, UTC). A call is spotted when it is a valid call sign heard
twice, or once after DE or before K, AR or BK; the summary goes to standard error.

  --dial KHZ          the receiver's dial frequency, ${DIAL_KHZ.min} to ${DIAL_KHZ.max} kHz (required)
  --sideband SIDE     usb (default: a spot is the dial plus its pitch) or lsb (the dial minus it)
  --reporter CALL     the receiver's call, named in each line as CALL-# (default ${DEFAULT_REPORTER})
  --wpm N             read every signal at this speed, ${DECODE_WPM.min} to ${DECODE_WPM.max} wpm (default: found for each)
${HELP_LINES.heardAlphabet}
  --json              the spots as POST /api/v1/spots answers them
${HELP_LINES.help}
At most ${formatDuration(MAX_RECORDING_SECONDS)} of audio.`,
  options: {
    dial: { type: "string" },
    sideband: { type: "string" },
    reporter: { type: "string" },
    wpm: { type: "string" },
    json: { type: "boolean" },
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
    if (files.length !== 1) throw new UsageError("spots needs one recording");
    const alphabet = alphabetNamed(values.alphabet).name;
    const options = { dial, sideband: sideband as Sideband, alphabet, wpm: numberOption(values.wpm, "wpm") };
    const { samples, sampleRate } = await readRecording(await bytesOf(files[0]!));
    const seconds = samples.length / sampleRate;
    const { spots, signals, busted } = during(`reading ${formatSeconds(seconds)} of a band…`, showsProgress(seconds), () =>
      spotRecording(samples, sampleRate, options),
    );
    if (values.json) return print(JSON.stringify({ success: true, spots }));
    const now = new Date();
    for (const spot of spots) print(dxClusterLine(spot, reporter, now));
    const plural = (n: number, what: string) => `${n} ${what}${n === 1 ? "" : "s"}`;
    process.stderr.write(
      `${plural(spots.length, "spot")} from ${plural(signals, "signal")} in ${formatSeconds(seconds)} of audio${busted > 0 ? ` (${plural(busted, "busted call")} left out)` : ""}\n`,
    );
  },
});
