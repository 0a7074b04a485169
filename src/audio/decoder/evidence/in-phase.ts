/** The coherent evidence's input: the baseband turned onto the tone's own phase. */
import { Reused } from "../../dsp/reused.js";
import { sumWithError } from "../../dsp/stats.js";
import type { Baseband } from "../front-end/baseband.js";
import type { Keyed } from "../keyed.js";

/** How far the tone's phase holds: over the whole recording (a keyed oscillator), or within each mark only. */
export type PhaseScope = "recording" | "mark";

/** The phase reference of a decode: how far the phase holds, and the half-width of its window, blocks. */
export interface PhaseReference {
  scope: PhaseScope;
  halfWindow: number;
  /** Whether the tone fades fast (evidence/fading.ts): the window is chosen for it, and its evidence allows for fade-outs (likelihood.ts). */
  fadesFast: boolean;
}

/**
 * The baseband turned onto the tone's own phase: its in-phase component, one real value
 * per block. The phase at each block is that of the baseband summed over the marks
 * (`marks`: 1 where a first segmentation keyed, else 0) within `halfWindow` blocks
 * either side, leaving out the `exclude` blocks either side of it, so that the block's
 * own noise does not pull the reference towards itself. A keyed oscillator keeps its
 * phase from one element to the next, and the drift follower has taken out its slow
 * wander, so the marks nearby share it. Where no mark is that near (the silence around
 * a message, or a letter the segmentation missed), the marks around the nearest one set
 * the phase: a zero there would claim silence, and a slow letter lost in a fade's trough
 * could never be found again. (Not the blocks around it: a window centred on the block
 * turns with any tone in it, a neighbouring station's too, and would make it ours.)
 *
 * Where the tone does not keep its phase from one element to the next (`scope` "mark":
 * generators that start every element's sine afresh), the window stops at the edges of
 * the mark itself, or of the nearest mark for a block between marks.
 */
export function inPhase(bb: Baseband, marks: Uint8Array, halfWindow: number, exclude: number, scope: PhaseScope = "recording"): Float32Array {
  return inPhaseBy(bb, referenceSums(bb, marks, scope), halfWindow, exclude);
}

/** What every window of the phase reference is summed from: the baseband's running sums over the marks, each block's nearest mark, and (scope "mark") each mark's run. */
interface ReferenceSums {
  re: Float64Array;
  im: Float64Array;
  count: Uint32Array;
  nearest: Int32Array;
  run: { start: Int32Array; end: Int32Array } | undefined;
}

function referenceSums(bb: Baseband, marks: Uint8Array, scope: PhaseScope): ReferenceSums {
  return { ...markSums(bb, marks), nearest: nearestMarks(marks), run: scope === "mark" ? markRuns(marks) : undefined };
}

/** inPhase from its sums, at the blocks `at` marks (0 elsewhere), or at every block. */
function inPhaseBy(bb: Baseband, { re, im, count, nearest, run }: ReferenceSums, halfWindow: number, exclude: number, at?: Uint8Array): Float32Array {
  const n = bb.re.length;
  const y = new Float32Array(n);
  // The window around block i: [from(i), to(i)).
  const from = (i: number): number => {
    const k = nearest[i]!;
    return run && k >= 0 ? Math.max(i - halfWindow, run.start[k]!) : Math.max(0, i - halfWindow);
  };
  const to = (i: number): number => {
    const k = nearest[i]!;
    return run && k >= 0 ? Math.min(n, i + halfWindow + 1, run.end[k]!) : Math.min(n, i + halfWindow + 1);
  };
  for (let i = 0; i < n; i++) {
    if (at && at[i] !== 1) continue;
    let a = from(i);
    let b = to(i);
    let c = Math.min(b, Math.max(a, i - exclude));
    let d = Math.min(b, Math.max(a, i + exclude + 1));
    if ((a >= b || count[b] === count[a]) && nearest[i]! >= 0) {
      // The window around the nearest mark; the block is far from it, nothing to leave out.
      a = from(nearest[i]!);
      b = to(nearest[i]!);
      c = d = a;
    }
    const refRe = re[b]! - re[a]! - (re[d]! - re[c]!);
    const refIm = im[b]! - im[a]! - (im[d]! - im[c]!);
    const norm = Math.sqrt(refRe * refRe + refIm * refIm);
    y[i] = norm > 0 ? (bb.re[i]! * refRe + bb.im[i]! * refIm) / norm : 0;
  }
  return y;
}

/** markSums' arrays of sums (kept by no call past its own: inPhase, phaseWindow). */
const sumsArrays = new Reused((length) => new Float64Array(length), 2);

/** Running sums of the baseband over the marks, and of the marks. */
function markSums(bb: Baseband, marks: Uint8Array): { re: Float64Array; im: Float64Array; count: Uint32Array } {
  const n = bb.re.length;
  // The arrays hold what the call before left: every value is written, the first here.
  const [re, im] = sumsArrays.arrays(n + 1) as [Float64Array, Float64Array];
  re[0] = im[0] = 0;
  const count = new Uint32Array(n + 1);
  for (let i = 0; i < n; i++) {
    const w = marks[i]!;
    re[i + 1] = re[i]! + w * bb.re[i]!;
    im[i + 1] = im[i]! + w * bb.im[i]!;
    count[i + 1] = count[i]! + w;
  }
  return { re, im, count };
}

/** For every block, the nearest block in a mark; -1 everywhere when there is none. */
function nearestMarks(marks: Uint8Array): Int32Array {
  const n = marks.length;
  const nearest = new Int32Array(n).fill(-1);
  for (let i = 0, last = -1; i < n; i++) {
    if (marks[i] === 1) last = i;
    nearest[i] = last;
  }
  for (let i = n - 1, next = -1; i >= 0; i--) {
    if (marks[i] === 1) next = i;
    if (next >= 0 && (nearest[i]! < 0 || next - i < i - nearest[i]!)) nearest[i] = next;
  }
  return nearest;
}

/** For every block in a mark, where its mark starts and ends (exclusive), in blocks. */
function markRuns(marks: Uint8Array): { start: Int32Array; end: Int32Array } {
  const n = marks.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  for (let i = 0; i < n; ) {
    let j = i;
    while (j < n && marks[j] === marks[i]) j++;
    start.fill(i, i, j);
    end.fill(j, i, j);
    i = j;
  }
  return { start, end };
}

/**
 * How well the tone's phase holds from mark to mark, as the in-phase reference over a
 * window assumes: the mean cosine of the phase turned between every two marks whose
 * middles lie within `windowMs`, weighted by their strength. Near 1 for a keyed
 * oscillator; near 0, or below, for a tone started afresh at every element. NaN without
 * two such marks.
 */
export function phaseCarry(bb: Baseband, keyed: Keyed, windowMs: number): number {
  const marks = markPhasors(bb, keyed);
  let along = 0;
  let total = 0;
  for (let k = 0; k < marks.length; k++) {
    const p = marks[k]!;
    for (let j = k - 1; j >= 0 && p.middleMs - marks[j]!.middleMs <= windowMs; j--) {
      const q = marks[j]!;
      along += p.re * q.re + p.im * q.im;
      total += Math.hypot(p.re, p.im) * Math.hypot(q.re, q.im);
    }
  }
  return total > 0 ? along / total : Number.NaN;
}

/** Each mark's baseband summed over its middle half (clear of the edges' filter ringing), and its middle, ms. */
function markPhasors(bb: Baseband, keyed: Keyed): { re: number; im: number; middleMs: number }[] {
  const out: { re: number; im: number; middleMs: number }[] = [];
  for (const el of keyed) {
    if (!el.mark) continue;
    const a = Math.ceil(el.startMs / bb.blockMs);
    const b = Math.floor((el.startMs + el.durationMs) / bb.blockMs);
    const edge = Math.floor((b - a) / 4);
    let re = 0;
    let im = 0;
    for (let i = a + edge; i < b - edge; i++) {
      re += bb.re[i]!;
      im += bb.im[i]!;
    }
    out.push({ re, im, middleMs: el.startMs + el.durationMs / 2 });
  }
  return out;
}

/** What phaseWindow chooses among and how. */
export interface PhaseWindowOptions {
  /** Half-widths to choose among, blocks. */
  halfWindows: readonly number[];
  /** Blocks either side of its own that a block's reference leaves out. */
  exclude: number;
  scope: PhaseScope;
  /** Standard errors a shorter window must beat the longest within. */
  errors: number;
  /** Fewest marks a shorter window is chosen on: with fewer, their standard error says too little. */
  fewestMarks: number;
}

/**
 * Of `halfWindows` (blocks), the half-width of the phase reference under which the marks
 * best predict each other's phase: the in-phase component summed over the marks. A block's
 * own noise is left out of its reference, so it averages out of the sum, and a longer window
 * scores higher only by a steadier reference; a window longer than a fading tone's phase
 * holds scores lower. The longest window within `errors` standard errors of the best is
 * taken (the error of their difference, mark by mark), so that a shorter window must earn
 * its noise.
 */
export function phaseWindow(bb: Baseband, marks: Uint8Array, { halfWindows, exclude, scope, errors, fewestMarks }: PhaseWindowOptions): number {
  const windows = [...halfWindows].sort((a, b) => b - a);
  // Every window from the same sums, each read at the marks alone: only their sums are compared.
  const sums = referenceSums(bb, marks, scope);
  const perMark = windows.map((w) => sumsByMark(inPhaseBy(bb, sums, w, exclude, marks), marks));
  if (perMark[0]!.length < fewestMarks) return windows[0]!;
  const total = (sums: number[]) => sums.reduce((a, b) => a + b, 0);
  let best = 0;
  for (let k = 1; k < windows.length; k++) if (total(perMark[k]!) > total(perMark[best]!)) best = k;
  for (let k = 0; k < best; k++) {
    const differences = perMark[best]!.map((v, m) => v - perMark[k]![m]!);
    const { sum, standardError } = sumWithError(differences);
    if (sum <= errors * standardError) return windows[k]!;
  }
  return windows[best]!;
}

/** The sum of `y` over each run of marks. */
function sumsByMark(y: Float32Array, marks: Uint8Array): number[] {
  const sums: number[] = [];
  for (let i = 0; i < y.length; ) {
    if (marks[i] !== 1) {
      i++;
      continue;
    }
    let sum = 0;
    for (; i < y.length && marks[i] === 1; i++) sum += y[i]!;
    sums.push(sum);
  }
  return sums;
}
