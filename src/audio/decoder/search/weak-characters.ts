/**
 * A character (marks apart by less than WEAK_LETTER_GAP_DOTS) whose marks hold on
 * average less than WEAK_CHARACTER of the level of the marks either side of it (within
 * NEIGHBOUR_DOTS; with none, the model's amplitude) is taken for noise: a search keeps
 * any stretch whose evidence is positive, which in a word gap or the silence around a
 * message a burst of noise reaches at about half the amplitude, while a real character
 * comes out near the level of its neighbours, which share its fading.
 */
import type { Run } from "../keyed.js";
import { TUNING } from "../tuning.js";

/**
 * Which marks belong to a weak character (see WEAK_CHARACTER), by index into `runs`
 * (marks and gaps alternating, either first).
 */
export function weakMarks(runs: readonly Run[], y: Float32Array, amplitude: Float32Array, dotBlocks: Float32Array): Uint8Array {
  const { WEAK_CHARACTER, WEAK_LETTER_GAP_DOTS, NEIGHBOUR_DOTS } = TUNING.noise;
  const weak = new Uint8Array(runs.length);
  const dotAt = (block: number): number => dotBlocks[Math.min(dotBlocks.length - 1, block)]!;
  const sum = (r: Run, of: Float32Array): number => {
    let total = 0;
    for (let b = r.start; b < r.start + r.length; b++) total += of[b]!;
    return total;
  };
  for (let i = 0; i < runs.length; ) {
    if (!runs[i]!.mark) {
      i++;
      continue;
    }
    // The character: marks i, i + 2, ..., j, apart by gaps under WEAK_LETTER_GAP_DOTS.
    let j = i;
    while (j + 2 < runs.length && runs[j + 2]!.mark && runs[j + 1]!.length < WEAK_LETTER_GAP_DOTS * dotAt(runs[j + 1]!.start)) j += 2;
    let sy = 0;
    let sa = 0;
    let ownLength = 0;
    for (let k = i; k <= j; k += 2) {
      sy += sum(runs[k]!, y);
      sa += sum(runs[k]!, amplitude);
      ownLength += runs[k]!.length;
    }
    // The level to compare with: the marks either side within NEIGHBOUR_DOTS (the fading
    // there is much the same), else the model's.
    const dot = dotAt(runs[i]!.start);
    let ny = 0;
    let nl = 0;
    const before = runs[i - 2];
    if (before && runs[i - 1]!.length < NEIGHBOUR_DOTS * dot) {
      ny += sum(before, y);
      nl += before.length;
    }
    const after = runs[j + 2];
    if (after && runs[j + 1]!.length < NEIGHBOUR_DOTS * dot) {
      ny += sum(after, y);
      nl += after.length;
    }
    const reference = nl > 0 ? (ny / nl) * ownLength : sa;
    if (sy < WEAK_CHARACTER * reference) for (let k = i; k <= j; k += 2) weak[k] = 1;
    i = j + 1;
  }
  return weak;
}

/** The runs with every weak character (see WEAK_CHARACTER) turned into gap. */
export function withoutWeakCharacters(runs: Run[], y: Float32Array, amplitude: Float32Array, dotBlocks: Float32Array): Run[] {
  const weak = weakMarks(runs, y, amplitude, dotBlocks);
  const out: Run[] = [];
  runs.forEach((r, i) => {
    const mark = r.mark && weak[i] === 0;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.length += r.length;
    else out.push({ mark, start: r.start, length: r.length });
  });
  return out;
}
