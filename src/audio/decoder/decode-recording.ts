/**
 * A recording's Morse as every caller asks for it (the library, POST /api/v1/decode-audio,
 * `ditdah listen`): the strongest signal's decode, narrowed by the hints; with `signals`
 * "all", every signal of the passband decoded apart too (searched as with no `frequency`: a
 * hint names the signal the main decode follows, not which signals there are); all of it
 * written in `alphabet`.
 */
import { type AudioDecode, type AudioHints, decodeAudio } from "./decode-audio.js";
import { decodeSignals, type SignalDecode } from "./decode-signals.js";
import { writtenIn } from "./written-in.js";

/** How a recording or a stream is decoded: the hints, the alphabet and which signals (a live listener's options add its own). */
export interface AudioDecodeOptions extends AudioHints {
  /** The alphabet the text is written in (core/alphabets: `latin` by default, `cyrillic`, `wabun`, …). */
  alphabet?: string;
  /** `all`: every signal of the band decoded apart too. */
  signals?: "all";
}

/** The strongest signal's decode, and with `signals` "all" every signal's. */
export type RecordingDecode = AudioDecode & { signals?: SignalDecode[] };

export function decodeRecording(samples: Float32Array, sampleRate: number, options: AudioDecodeOptions = {}): RecordingDecode {
  const { alphabet, signals, ...hints } = options;
  const decoded: RecordingDecode = decodeAudio(samples, sampleRate, hints);
  if (signals === "all") decoded.signals = decodeSignals(samples, sampleRate, { wpm: hints.wpm, tuning: hints.tuning }).signals;
  return writtenIn(decoded, alphabet);
}
