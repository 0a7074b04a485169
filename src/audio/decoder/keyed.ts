/**
 * What was keyed: the one representation of marks and gaps that the decoder's stages
 * hand each other, in ms from the start of the recording, and the only code that walks
 * it. The searches work in blocks of the baseband (`Run`); they turn their runs into
 * `Keyed` here and back.
 */

/** Lengths and times in milliseconds. */
export type Ms = number;
/** Lengths and positions in blocks of the baseband (front-end/baseband.ts: about 1 ms each). */
export type Blocks = number;

/** What a gap ends: an element inside a character, a character, a word; or silence whose length tells. */
export enum GapKind {
  Element,
  Letter,
  Word,
  Edge,
}

/** One mark or gap, in ms from the start of the recording. */
export interface Element {
  mark: boolean;
  startMs: Ms;
  durationMs: Ms;
  /** A mark read as a dash (the character searches say). */
  dash?: boolean;
  /** What a gap ends (the character searches say). */
  ends?: GapKind;
  /** The dot length at a gap, ms (the character searches say). */
  dotMs?: Ms;
}

/** Marks and gaps alternating, from the first mark to the last; empty when nothing was keyed. */
export type Keyed = readonly Element[];

/** A run of key down or key up in a search's resolution, blocks; the character searches label it. */
export interface Run {
  mark: boolean;
  start: Blocks;
  length: Blocks;
  dash?: boolean;
  kind?: GapKind;
}

/** Keyed from the first mark's start and the alternating durations (marks at even indices), ms. */
export function keyedFromDurations(startMs: Ms, durations: readonly Ms[]): Element[] {
  const keyed: Element[] = [];
  let t = startMs;
  for (let i = 0; i < durations.length; i++) {
    keyed.push({ mark: i % 2 === 0, startMs: t, durationMs: durations[i]! });
    t += durations[i]!;
  }
  return keyed;
}

/** The gaps a character search put between characters (letter and word gaps, silence), in dots. */
export function gapsBetweenCharacters(keyed: Keyed): number[] {
  return keyed.flatMap((e) => (!e.mark && e.ends !== GapKind.Element && e.dotMs ? [e.durationMs / e.dotMs] : []));
}

/** The durations, ms, alternating from the first mark. */
export function durationsOf(keyed: Keyed): number[] {
  return keyed.map((e) => e.durationMs);
}

/** Keyed from runs of blocks: leading and trailing gaps dropped, labels kept. */
export function keyedFromRuns(runs: readonly Run[], blockMs: Ms): Element[] {
  let from = 0;
  let to = runs.length;
  while (from < to && !runs[from]!.mark) from++;
  while (to > from && !runs[to - 1]!.mark) to--;
  const keyed = keyedFromDurations(
    from < to ? runs[from]!.start * blockMs : 0,
    runs.slice(from, to).map((r) => r.length * blockMs),
  );
  keyed.forEach((e, i) => {
    const r = runs[from + i]!;
    if (r.mark && r.dash !== undefined) e.dash = r.dash;
    if (!r.mark && r.kind !== undefined) e.ends = r.kind;
  });
  return keyed;
}

/** Block of a time, ms, clamped to the `n` blocks of the recording. */
function blockAt(ms: Ms, blockMs: Ms, n: Blocks): Blocks {
  return Math.min(n, Math.round(ms / blockMs));
}

/** Keyed as runs of blocks covering all `n` blocks: gaps before, between and after. */
export function runsOf(keyed: Keyed, blockMs: Ms, n: Blocks): Run[] {
  const runs: Run[] = [];
  let at = 0;
  for (const e of keyed) {
    const end = blockAt(e.startMs + e.durationMs, blockMs, n);
    const start = blockAt(e.startMs, blockMs, n);
    if (start > at) runs.push({ mark: false, start: at, length: start - at });
    if (end > start) runs.push({ mark: e.mark, start, length: end - start });
    at = Math.max(at, end);
  }
  if (n > at) runs.push({ mark: false, start: at, length: n - at });
  return runs;
}

/** 1 at the blocks of the `n` that lie in marks. */
export function markMask(keyed: Keyed, blockMs: Ms, n: Blocks): Uint8Array {
  const marks = new Uint8Array(n);
  for (const e of keyed) if (e.mark) marks.fill(1, blockAt(e.startMs, blockMs, n), blockAt(e.startMs + e.durationMs, blockMs, n));
  return marks;
}

/**
 * A value per block from one per mark (`perMark[i]` for the i-th mark): each holds from
 * its mark's start to the next mark's, the first also before it.
 */
export function alongMarks(keyed: Keyed, perMark: ArrayLike<number>, blockMs: Ms, n: Blocks): Float32Array {
  const along = new Float32Array(n).fill(perMark[0]!);
  let i = 0;
  for (let e = 0; e < keyed.length && i < perMark.length; e += 2, i++) {
    const next = keyed[e + 2];
    // Up to the next mark only: filling to the end each time made long recordings quadratic.
    along.fill(perMark[i]!, blockAt(keyed[e]!.startMs, blockMs, n), next && i + 1 < perMark.length ? blockAt(next.startMs, blockMs, n) : n);
  }
  return along;
}

/** Whether two keyings hold the same marks and gaps. */
export function sameKeyed(a: Keyed, b: Keyed): boolean {
  return a.length === b.length && a.every((e, i) => e.startMs === b[i]!.startMs && e.durationMs === b[i]!.durationMs && e.mark === b[i]!.mark);
}

/** Edges of what was keyed: when, ms, and +1/2 for a mark's end, -1/2 for its start. */
export interface Edges {
  at: Float64Array;
  side: Float64Array;
}

export function edgesOf(keyed: Keyed): Edges {
  const count = keyed.length + 1;
  const at = new Float64Array(count);
  const side = new Float64Array(count);
  keyed.forEach((e, i) => {
    at[i] = e.startMs;
    side[i] = e.mark ? -0.5 : 0.5;
  });
  const last = keyed[keyed.length - 1];
  at[count - 1] = last ? last.startMs + last.durationMs : 0;
  side[count - 1] = 0.5;
  return { at, side };
}
