/**
 * Static crashes limited: lightning's impulses and bursts (1 to 50 ms, 20 to 40 dB over the
 * noise) carry more energy into the tone's band in a few milliseconds than a mark does in
 * its whole length, and read as marks. Every sample is limited to CRASH_LIMIT times the
 * recording's usual loud level (the CRASH_QUANTILE of its CRASH_BLOCK_MS blocks' RMS: key
 * down, noise included, as crashes take only a few per cent of the time), which a tone
 * never reaches and a crash always does, so that crashes do not pull the pitch search. In
 * the tone's baseband, what is left of a crash is bridged (crash-bridge.ts).
 */
import { selectInPlace } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** `samples` itself where no sample passes the limit, else a limited copy. */
export function withoutCrashes(tuning: Tuning, samples: Float32Array, sampleRate: number): Float32Array {
  const { CRASH_BLOCK_MS, CRASH_QUANTILE, CRASH_LIMIT } = tuning.sanitise;
  const block = Math.max(1, Math.round((CRASH_BLOCK_MS * sampleRate) / 1000));
  const blocks = Math.floor(samples.length / block);
  if (blocks === 0) return samples;
  const rms = new Float32Array(blocks);
  for (let b = 0; b < blocks; b++) {
    let sum = 0;
    for (let i = b * block; i < (b + 1) * block; i++) sum += samples[i]! * samples[i]!;
    rms[b] = Math.sqrt(sum / block);
  }
  const limit = CRASH_LIMIT * selectInPlace(rms, Math.floor(CRASH_QUANTILE * (blocks - 1)));
  if (!(limit > 0) || !samples.some((x) => Math.abs(x) > limit)) return samples;
  return samples.map((x) => (x > limit ? limit : x < -limit ? -limit : x));
}
