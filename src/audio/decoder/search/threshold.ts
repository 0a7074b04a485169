/**
 * Keying by threshold: key down where the envelope stands above the midpoint of its
 * levels (evidence/levels.ts), with hysteresis; runs shorter than a third of a dot are
 * dropped. The speed search's quick keying, and the first estimate of the speed along
 * the recording.
 */
import { levels, type LevelOptions, type Levels } from "../evidence/levels.js";
import { keyedFromDurations, type Keyed } from "../keyed.js";
import type { Tuning } from "../tuning.js";

/** Run lengths in blocks, alternating key down and key up, starting and ending with key down; `first` is where. */
function runs(tuning: Tuning, env: Float32Array, { mid, span }: Levels): { first: number; lengths: number[] } {
  const { HYSTERESIS } = tuning.levels;
  const lengths: number[] = [];
  let on = false;
  let start = -1;
  let first = 0;
  for (let i = 0; i < env.length; i++) {
    const margin = HYSTERESIS * span[i]!;
    if (on ? env[i]! >= mid[i]! - margin : env[i]! <= mid[i]! + margin) continue;
    if (start >= 0) lengths.push(i - start);
    else first = i;
    start = i;
    on = !on;
  }
  if (on) lengths.push(env.length - start);
  return { first, lengths };
}

/**
 * Drops runs shorter than `min` blocks: first gaps (dropouts inside a mark), then marks
 * (noise blips inside a gap), merging each into its neighbours. Returns the remaining
 * runs and how many blocks were dropped from the front.
 */
function debounce(lengths: number[], min: number): { lead: number; lengths: number[] } {
  let lead = 0;
  for (const parity of [1, 0]) {
    const out: number[] = [];
    for (let i = 0; i < lengths.length; i++) {
      const len = lengths[i]!;
      if (i % 2 !== parity || len >= min) {
        out.push(len);
      } else if (parity === 1) {
        out[out.length - 1]! += len + lengths[++i]!; // the gap and the next mark join the mark before
      } else if (out.length === 0) {
        lead += len + (lengths[++i] ?? 0); // a leading blip goes with the gap after it
      } else if (i + 1 < lengths.length) {
        out[out.length - 1]! += len + lengths[++i]!; // a blip and the next gap join the gap before
      } else {
        out.pop(); // a trailing blip goes with the gap before it
      }
    }
    lengths = out;
  }
  return { lead, lengths };
}

/** Keys the envelope by threshold with hysteresis, then drops runs too short to be Morse. */
export function keyByThreshold(env: Float32Array, options: LevelOptions, known?: Levels): Keyed {
  const found = known ?? levels(env, options);
  if (!found) return [];
  const { tuning } = options;
  const { first, lengths } = runs(tuning, env, found);
  const kept = debounce(lengths, (tuning.levels.DEBOUNCE_DOTS * options.dotMs) / options.blockMs);
  return keyedFromDurations(
    (first + kept.lead) * options.blockMs,
    kept.lengths.map((len) => len * options.blockMs),
  );
}
