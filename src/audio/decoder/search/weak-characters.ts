/**
 * Characters taken for noise after a search, which keeps any stretch whose evidence is
 * positive, so that noise alone reads as marks here and there:
 *
 * - weak beside their neighbours (weakMarks): a character (marks apart by less than
 *   WEAK_LETTER_GAP_DOTS) whose marks hold on average less than WEAK_CHARACTER of the
 *   level of the marks either side of it (within NEIGHBOUR_DOTS; with none, the model's
 *   amplitude). In a word gap or the silence around a message a burst of noise reaches
 *   about half the amplitude, while a real character comes out near the level of its
 *   neighbours, which share its fading.
 * - the local squelch (squelchedMarks): SQUELCH_CHARACTERS or more characters in a row,
 *   none of which stands clear of the noise. A character's score is a matched filter's,
 *   its marks' in-phase sum over the noise's standard deviation over them. The likeliest
 *   marks a search finds in noise alone score about sqrt(2 ln(stretch / mark)), the peak
 *   of that many independent tries: 3 to 5 over seconds of noise; a station keying scores
 *   more, character after character, down to -10 dB. Where a station falls silent, or a
 *   neighbour's clicks are all there is, the level windows follow the noise down and the
 *   first test passes it: this one judges against the noise itself.
 */
import { WORD_GAP_DOTS } from "../../../core/units.js";
import type { Spacing } from "../characters/spacing.js";
import type { SignalModel } from "../evidence/models.js";
import type { Run } from "../keyed.js";
import type { Tuning } from "../tuning.js";

/** What the evidence was measured on: the tone's in-phase component, and the model of its amplitude and the noise's power there. */
export interface InPhaseSignal extends SignalModel {
  y: Float32Array;
}

/** A character's marks: indices first, first + 2, ..., last into the runs. */
interface CharacterMarks {
  first: number;
  last: number;
}

/** The dot length at a block, blocks (the profile's last beyond its end). */
function dotAt(dotBlocks: Float32Array, block: number): number {
  return dotBlocks[Math.min(dotBlocks.length - 1, block)]!;
}

/** The characters among `runs` (marks and gaps alternating, either first): marks apart by gaps under WEAK_LETTER_GAP_DOTS. */
function charactersOf(tuning: Tuning, runs: readonly Run[], dotBlocks: Float32Array): CharacterMarks[] {
  const { WEAK_LETTER_GAP_DOTS } = tuning.noise;
  const out: CharacterMarks[] = [];
  for (let i = 0; i < runs.length; ) {
    if (!runs[i]!.mark) {
      i++;
      continue;
    }
    let j = i;
    while (j + 2 < runs.length && runs[j + 2]!.mark && runs[j + 1]!.length < WEAK_LETTER_GAP_DOTS * dotAt(dotBlocks, runs[j + 1]!.start)) j += 2;
    out.push({ first: i, last: j });
    i = j + 1;
  }
  return out;
}

/** The sum of `of` over a run. */
function sumOver(r: Run, of: Float32Array): number {
  let total = 0;
  for (let b = r.start; b < r.start + r.length; b++) total += of[b]!;
  return total;
}

/** The sum of `of` over a character's marks. */
function sumOverMarks(runs: readonly Run[], c: CharacterMarks, of: Float32Array): number {
  let total = 0;
  for (let k = c.first; k <= c.last; k += 2) total += sumOver(runs[k]!, of);
  return total;
}

/**
 * Which marks belong to a weak character (see WEAK_CHARACTER), by index into `runs`
 * (marks and gaps alternating, either first).
 */
export function weakMarks(
  tuning: Tuning,
  runs: readonly Run[],
  signal: InPhaseSignal,
  dotBlocks: Float32Array,
  characters = charactersOf(tuning, runs, dotBlocks),
): Uint8Array {
  const { WEAK_CHARACTER, NEIGHBOUR_DOTS } = tuning.noise;
  const weak = new Uint8Array(runs.length);
  for (const c of characters) {
    const own = sumOverMarks(runs, c, signal.y);
    let ownLength = 0;
    for (let k = c.first; k <= c.last; k += 2) ownLength += runs[k]!.length;
    // The level to compare with: the marks either side within NEIGHBOUR_DOTS (the fading
    // there is much the same), else the model's.
    const dot = dotAt(dotBlocks, runs[c.first]!.start);
    let ny = 0;
    let nl = 0;
    for (const [mark, gap] of [
      [c.first - 2, c.first - 1],
      [c.last + 2, c.last + 1],
    ] as const) {
      if (!runs[mark] || runs[gap]!.length >= NEIGHBOUR_DOTS * dot) continue;
      ny += sumOver(runs[mark]!, signal.y);
      nl += runs[mark]!.length;
    }
    const reference = nl > 0 ? (ny / nl) * ownLength : sumOverMarks(runs, c, signal.amplitude);
    if (own < WEAK_CHARACTER * reference) weak.fill(1, c.first, c.last + 1);
  }
  return weak;
}

/**
 * Which marks the local squelch drops, by index into `runs`: those of every run of
 * characters none of which scores CLEAR_SCORE, when it holds SQUELCH_CHARACTERS or more
 * or stands alone, a pause (PAUSE_WORD_GAPS word gaps at `spacing`) or the recording's
 * end either side.
 */
export function squelchedMarks(
  tuning: Tuning,
  runs: readonly Run[],
  signal: InPhaseSignal,
  dotBlocks: Float32Array,
  spacing: Spacing,
  characters = charactersOf(tuning, runs, dotBlocks),
): Uint8Array {
  const { CLEAR_SCORE, SQUELCH_CHARACTERS, PAUSE_WORD_GAPS } = tuning.noise;
  const dropped = new Uint8Array(runs.length);
  const clear = characters.map((c) => sumOverMarks(runs, c, signal.y) >= CLEAR_SCORE * Math.sqrt(sumOverMarks(runs, c, signal.noise)));
  const pause = (gap: Run | undefined): boolean =>
    gap === undefined || gap.length >= PAUSE_WORD_GAPS * WORD_GAP_DOTS * spacing.word * dotAt(dotBlocks, gap.start);
  for (let i = 0; i < characters.length; ) {
    let j = i;
    while (j < characters.length && !clear[j]) j++;
    if (j > i) {
      const first = characters[i]!.first;
      const last = characters[j - 1]!.last;
      if (j - i >= SQUELCH_CHARACTERS || (pause(runs[first - 1]) && pause(runs[last + 1]))) dropped.fill(1, first, last + 1);
    }
    i = j + 1;
  }
  return dropped;
}

/** Which marks either test drops (weak beside their neighbours, or squelched), the characters found once. */
export function noiseMarks(tuning: Tuning, runs: readonly Run[], signal: InPhaseSignal, dotBlocks: Float32Array, spacing: Spacing): Uint8Array {
  const characters = charactersOf(tuning, runs, dotBlocks);
  const noise = weakMarks(tuning, runs, signal, dotBlocks, characters);
  const squelched = squelchedMarks(tuning, runs, signal, dotBlocks, spacing, characters);
  for (let i = 0; i < noise.length; i++) noise[i]! |= squelched[i]!;
  return noise;
}

/** The runs with every weak character (see WEAK_CHARACTER) turned into gap. */
export function withoutWeakCharacters(tuning: Tuning, runs: Run[], signal: InPhaseSignal, dotBlocks: Float32Array): Run[] {
  const weak = weakMarks(tuning, runs, signal, dotBlocks);
  const out: Run[] = [];
  runs.forEach((r, i) => {
    const mark = r.mark && weak[i] === 0;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.length += r.length;
    else out.push({ mark, start: r.start, length: r.length });
  });
  return out;
}
