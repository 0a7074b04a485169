/**
 * An element sequence that is no character split into several characters. Deep in noise
 * a letter gap can come out short enough to pass for a gap inside a letter, which runs
 * two letters into one sequence that usually means nothing. The likeliest split is then
 * the one that cuts it where its gaps are longest, into characters that exist.
 */
import { MAX_ELEMENTS, sequenceKey, textOfKey } from "../../../core/tables.js";
import type { Tuning } from "../tuning.js";

/**
 * `pattern` (dots and dashes) cut into characters that exist, at the gaps (`gapDots[i]`:
 * the gap after element i, in dots) that make the best split: the largest sum of the
 * cut gaps' lengths beyond CUT_FROM_DOTS. Every part is a character of one letter, digit
 * or sign: a prosign read from noise costs several characters of output where a wrong
 * letter costs one. Undefined when no such split exists.
 */
export function splitIntoCharacters(tuning: Tuning, pattern: string, gapDots: readonly number[]): string[] | undefined {
  const { CUT_FROM_DOTS, MIN_CUT_DOTS } = tuning.timings;
  const n = pattern.length;
  // best[j]: the best split of elements [0, j), the last part starting at from[j].
  const best = new Float64Array(n + 1).fill(-Infinity);
  const from = new Int32Array(n + 1);
  best[0] = 0;
  for (let j = 1; j <= n; j++) {
    for (let i = Math.max(0, j - MAX_ELEMENTS); i < j; i++) {
      if (best[i] === -Infinity || (i > 0 && gapDots[i - 1]! < MIN_CUT_DOTS)) continue;
      const text = textOfKey(sequenceKey(pattern.slice(i, j)));
      if (text === undefined || text.length > 1) continue;
      const score = best[i]! + (i > 0 ? gapDots[i - 1]! - CUT_FROM_DOTS : 0);
      if (score > best[j]!) {
        best[j] = score;
        from[j] = i;
      }
    }
  }
  if (best[n] === -Infinity) return undefined;
  const parts: string[] = [];
  for (let j = n; j > 0; j = from[j]!) parts.push(pattern.slice(from[j]!, j));
  return parts.reverse();
}
