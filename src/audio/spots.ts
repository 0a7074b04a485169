/**
 * Spots from a recording (API.md section 9): every signal of the band read apart
 * (decodeSignals, each word timed), then the core's rules (src/core/spots) make spots of the
 * calls heard on them.
 */
import { checkSpotOptions, spotsFromSignals, type SpotOptions, type SpotsResult } from "../core/spots/index.js";
import { decodeSignalWords } from "./decoder/decode-signals.js";
import type { Tuning } from "./decoder/tuning.js";

export interface RecordingSpotOptions extends SpotOptions {
  /** The speed every signal is read at, wpm; found for each when absent. */
  wpm?: number;
  /** The decoder's configuration (tuningWith); DEFAULT_TUNING if absent. */
  tuning?: Tuning;
}

/** The spots of a recording, its length (ms) and how many signals it held. Throws as decodeSignals does, and MorseError INVALID_OPTION for a bad dial, sideband or alphabet. */
export function spotRecording(samples: Float32Array, sampleRate: number, options: RecordingSpotOptions): SpotsResult & { durationMs: number; signals: number } {
  checkSpotOptions(options);
  const { signals, durationMs } = decodeSignalWords(samples, sampleRate, { wpm: options.wpm, tuning: options.tuning });
  return { ...spotsFromSignals(signals, options), durationMs, signals: signals.length };
}
