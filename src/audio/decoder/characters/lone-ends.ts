/**
 * Noise at the ends of a recording: in the silence before and after a message, a group
 * of one or two marks standing a word gap or more apart is far more often a burst of
 * noise than an E, a T or an I. Such groups are dropped where noise can pass for a mark.
 */
import type { Levels } from "../evidence/levels.js";
import type { Keyed } from "../keyed.js";
import { selectInPlace } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** How far the tone stands above the noise floor: the median of the on-off span over the off level. */
export function clarity({ span, off }: Levels): number {
  const ratios = new Float32Array(span.length);
  for (let i = 0; i < span.length; i++) ratios[i] = span[i]! / Math.max(Number.MIN_VALUE, off[i]!);
  return ratios.length === 0 ? Infinity : selectInPlace(ratios, ratios.length >> 1);
}

/** Whether lone groups at the ends may be noise: the tone stands under NOISY_CLARITY above the floor (`clarity`). */
export function noisy(tuning: Tuning, clarityOfTone: number): boolean {
  return clarityOfTone < tuning.noise.NOISY_CLARITY;
}

/**
 * The elements [from, to) left after dropping lone groups of marks at either end (at most
 * LONE_MARKS marks, APART_DOTS or more away from the rest), one after another.
 */
export function loneEnds(tuning: Tuning, keyed: Keyed, gapUnitMs: number): [number, number] {
  const { APART_DOTS, LONE_MARKS } = tuning.noise;
  const apart = APART_DOTS * gapUnitMs;
  let from = 0;
  let to = keyed.length;
  for (let trimmed = true; trimmed; ) {
    trimmed = false;
    // The group at the front ends at the first gap that sets it apart.
    for (let i = from + 1; i < Math.min(to - 1, from + 2 * LONE_MARKS); i += 2) {
      if (keyed[i]!.durationMs >= apart) {
        from = i + 1;
        trimmed = true;
        break;
      }
    }
    for (let i = to - 2; i > Math.max(from, to - 1 - 2 * LONE_MARKS); i -= 2) {
      if (keyed[i]!.durationMs >= apart) {
        to = i;
        trimmed = true;
        break;
      }
    }
  }
  return [from, to];
}
