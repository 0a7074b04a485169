/**
 * Characters found by a search over whole characters (search/characters.ts, or the
 * grid's in search/grid.ts) turned into what was keyed, each gap labelled.
 */
import { GapKind, keyedFromRuns, type Keyed, type Run } from "../keyed.js";
import { noiseMarks, type InPhaseSignal } from "../search/weak-characters.js";
import type { Tuning } from "../tuning.js";
import { betweenGaps, type Spacing } from "./spacing.js";

/** Appends a run; a gap after a gap joins it, as silence to be told apart by its length. */
export function joinRun(runs: Run[], r: Run): void {
  const previous = runs[runs.length - 1];
  if (previous && !previous.mark && !r.mark) {
    previous.length += r.length;
    previous.kind = GapKind.Edge;
  } else runs.push({ ...r });
}

/**
 * What was keyed, from runs that a search over whole characters found (search/characters.ts,
 * or the grid's in search/grid.ts): characters far weaker than their neighbours dropped as noise, as in
 * the mark-by-mark search, and those the local squelch finds no clearer than noise
 * (search/weak-characters.ts); the silence at either end trimmed; undefined where no mark
 * is left.
 */
export function keyedCharacters(
  runs: readonly Run[],
  blockMs: number,
  signal: InPhaseSignal,
  options: { dotBlocks: Float32Array; spacing: Spacing; tuning: Tuning },
): Keyed | undefined {
  const { tuning } = options;
  const { WORD_GAP_FROM_DOTS } = tuning.characters;
  const noise = noiseMarks(tuning, runs, signal, options.dotBlocks, options.spacing);
  const kept: Run[] = [];
  for (let i = 0; i < runs.length; i++) joinRun(kept, noise[i] === 1 ? { ...runs[i]!, mark: false, kind: GapKind.Edge } : runs[i]!);
  while (kept.length > 0 && !kept[0]!.mark) kept.shift();
  while (kept.length > 0 && !kept[kept.length - 1]!.mark) kept.pop();
  if (kept.length === 0) return undefined;
  const keyed = keyedFromRuns(kept, blockMs);
  kept.forEach((r, i) => {
    if (r.mark) return;
    const dot = options.dotBlocks[r.start]!;
    // Joined gaps end a word or a letter by their length.
    keyed[i]!.ends = r.kind !== GapKind.Edge ? r.kind : r.length >= WORD_GAP_FROM_DOTS * betweenGaps(options.spacing) * dot ? GapKind.Word : GapKind.Letter;
    keyed[i]!.dotMs = dot * blockMs;
  });
  return keyed;
}
