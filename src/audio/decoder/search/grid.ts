/**
 * Machine-keyed Morse read on its timing grid. A keyer (or a program) sends every element
 * and gap a whole number of dot-long units, each edge on a grid that runs through the
 * whole recording. Once that grid is found from the marks and gaps keyed so far, the
 * likeliest characters are searched unit by unit: a burst of noise can no longer be fitted
 * in anywhere, only where a unit is, and every mark and gap has exactly its length. (The
 * character search, character-segment.ts, lets every length and edge float, as a hand
 * needs.)
 *
 * Keyed edges within MAX_GRID_MISFIT of a grid's lines (root mean square, in units) are
 * machine keying: edges anywhere would be 0.29 units off; a hand comes out at 0.17 or
 * more (the edges come from a search of a third of a dot's resolution, 0.1 units of
 * misfit alone). From LONG_GRID_EDGES edges on the limit is MAX_LONG_GRID_MISFIT: a hand's
 * edges wander further from any one grid the longer it sends, noise moves a machine's no
 * further.
 */
import { DASH_DOTS, DOT_DOTS, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "../../../core/units.js";
import { edgesOf, GapKind, type Edges, type Keyed, type Run } from "../keyed.js";
import { TUNING } from "../tuning.js";
import { characterTree } from "./character-tree.js";

/** A timing grid: unit k spans [startMs + k·unitMs, startMs + (k + 1)·unitMs). */
export interface Grid {
  startMs: number;
  unitMs: number;
  /** Root mean square distance of the keyed edges from the grid's lines, in units. */
  misfit: number;
}

/** Whether `keyed`, fitted by `grid` (fitGrid), is machine keying on it (see MAX_GRID_MISFIT). */
export function onGrid(grid: Grid, keyed: Keyed): boolean {
  const { LONG_GRID_EDGES, MAX_LONG_GRID_MISFIT, MAX_GRID_MISFIT } = TUNING.grid;
  const edges = keyed.length + 1;
  return grid.misfit < (edges >= LONG_GRID_EDGES ? MAX_LONG_GRID_MISFIT : MAX_GRID_MISFIT);
}

/** A grid with a mark's two edges off their lines by the same amount, outwards: t = start + k·unit ± widening / 2. */
interface Fit { startMs: number; unitMs: number; wideningMs: number }

/** Where edge t falls on the fit's grid, in units. */
function unitsAlong(fit: Fit, t: number, side: number): number {
  return (t - fit.startMs - side * fit.wideningMs) / fit.unitMs;
}

/**
 * Least squares of t = start + unit·k + widening·side over the edges before `until` that
 * lie within OUTLIER_UNITS of `fit`'s lines (k: the nearest line); undefined when they
 * cannot settle it.
 */
function refit(edges: Edges, fit: Fit, until: number): Fit | undefined {
  const { OUTLIER_UNITS, MIN_FIT_EDGES } = TUNING.grid;
  // Normal equations of the columns [1, k, side]: sums of their products, and with t.
  let n = 0, sk = 0, ss = 0, skk = 0, sks = 0, sss = 0, st = 0, skt = 0, sst = 0;
  for (let i = 0; i < edges.at.length && edges.at[i]! < until; i++) {
    const t = edges.at[i]!;
    const side = edges.side[i]!;
    const x = unitsAlong(fit, t, side);
    const k = Math.round(x);
    if (Math.abs(x - k) > OUTLIER_UNITS) continue;
    n++; sk += k; ss += side; skk += k * k; sks += k * side; sss += side * side;
    st += t; skt += k * t; sst += side * t;
  }
  if (n < MIN_FIT_EDGES) return undefined;
  const solved = solve3([n, sk, ss, sk, skk, sks, ss, sks, sss], [st, skt, sst]);
  return solved && solved[1]! > 0 ? { startMs: solved[0]!, unitMs: solved[1]!, wideningMs: solved[2]! } : undefined;
}

/** The solution of a 3×3 linear system (row-major `m`, Cramer's rule); undefined when singular. */
function solve3(m: readonly number[], v: readonly number[]): number[] | undefined {
  const det = (a: readonly number[]): number =>
    a[0]! * (a[4]! * a[8]! - a[5]! * a[7]!) - a[1]! * (a[3]! * a[8]! - a[5]! * a[6]!) + a[2]! * (a[3]! * a[7]! - a[4]! * a[6]!);
  const d = det(m);
  if (Math.abs(d) < 1e-12) return undefined;
  return [0, 1, 2].map((c) => det(m.map((x, i) => (i % 3 === c ? v[Math.floor(i / 3)]! : x))) / d);
}

/**
 * The grid the keyed edges lie on, from a unit of about `unitMs`: fitted over the first
 * FIRST_SPAN_UNITS units, then over twice the span, and so on to the last edge, so that
 * a unit a little off cannot misplace the lines far from the start. Undefined with too
 * few edges to fit.
 */
export function fitGrid(keyed: Keyed, unitMs: number): Grid | undefined {
  const { UNIT_TRIES, UNIT_TRY_STEP } = TUNING.grid;
  const edges = edgesOf(keyed);
  let best: Grid | undefined;
  for (let k = -UNIT_TRIES; k <= UNIT_TRIES; k++) {
    const grid = fitFrom(edges, unitMs * (1 + k * UNIT_TRY_STEP));
    if (grid && (!best || grid.misfit < best.misfit)) best = grid;
  }
  return best;
}

/**
 * The same lines with the widening within half a unit either way. A grid half a unit
 * later with marks a unit wider puts every edge where it was (a mark's start on the line
 * before, its end on the one after), so the least squares may settle on either; marks
 * are keyed at most a fraction of a unit wide, so the narrower is the grid.
 */
function narrowest(fit: Fit): Fit {
  const turns = Math.round(fit.wideningMs / fit.unitMs);
  return { startMs: fit.startMs - (turns * fit.unitMs) / 2, unitMs: fit.unitMs, wideningMs: fit.wideningMs - turns * fit.unitMs };
}

/** fitGrid from one guess of the unit. */
function fitFrom(edges: Edges, unitMs: number): Grid | undefined {
  const { FIRST_SPAN_UNITS, REFITS } = TUNING.grid;
  const last = edges.at[edges.at.length - 1]!;
  let fit: Fit | undefined = { startMs: edges.at[0]!, unitMs, wideningMs: 0 };
  for (let span = FIRST_SPAN_UNITS; fit; span *= 2) {
    const until: number = edges.at[0]! + span * fit.unitMs;
    const whole = until > last;
    // A span with too few edges keeps the fit so far; the span of every edge must settle it.
    for (let again = 0; again < REFITS && fit; again++) fit = refit(edges, fit, until) ?? (whole ? undefined : fit);
    if (whole) break;
  }
  if (!fit) return undefined;
  fit = narrowest(fit);
  let squares = 0;
  for (let i = 0; i < edges.at.length; i++) {
    const x = unitsAlong(fit, edges.at[i]!, edges.side[i]!);
    squares += (x - Math.round(x)) ** 2;
  }
  return { startMs: fit.startMs, unitMs: fit.unitMs, misfit: Math.sqrt(squares / edges.at.length) };
}

/**
 * The evidence of `evidence` (log-likelihood ratio per block) summed over each unit of the
 * grid that lies at least half within the recording (a file may start or end in the
 * middle of a mark); blocks count for the unit their centre falls in. Returns the running
 * totals and the first unit's index.
 */
function unitTotals(evidence: Float32Array, grid: Grid, blockMs: number): { totals: Float64Array; first: number } {
  const first = Math.ceil(-grid.startMs / grid.unitMs - 0.5);
  const last = Math.floor((evidence.length * blockMs - grid.startMs) / grid.unitMs - 0.5);
  const units = Math.max(0, last - first + 1);
  const totals = new Float64Array(units + 1);
  for (let b = 0; b < evidence.length; b++) {
    const u = Math.floor(((b + 0.5) * blockMs - grid.startMs) / grid.unitMs) - first;
    if (u >= 0 && u < units) totals[u + 1]! += evidence[b]!;
  }
  for (let u = 0; u < units; u++) totals[u + 1]! += totals[u]!;
  return { totals, first };
}

/**
 * The likeliest marks and gaps on the grid, read as whole characters (the tree and priors
 * of the character search), as runs of blocks; silence at either end is free. Empty when
 * the recording holds no unit.
 */
export function segmentOnGrid(evidence: Float32Array, grid: Grid, blockMs: number): Run[] {
  const { LETTER_GAP_SHARE, WORD_GAP_SHARE, PAUSE_SHARE } = TUNING.characters;
  const LOG_LETTER_GAP = Math.log(LETTER_GAP_SHARE);
  const LOG_WORD_GAP = Math.log(WORD_GAP_SHARE);
  const LOG_PAUSE = Math.log(PAUSE_SHARE);
  const { LOG_PAUSE_UNIT } = TUNING.grid;
  const TREE = characterTree();
  const silence: Run[] = [{ start: 0, length: evidence.length, mark: false, dash: false, kind: GapKind.Edge }];
  const { totals, first } = unitTotals(evidence, grid, blockMs);
  const units = totals.length - 1;
  if (units <= 0) return silence;
  const N = TREE.size;
  const size = (units + 1) * N;
  // mark[u·N + s]: best score of units [0, u) ending with a mark that reaches node s;
  // gap[u·N + s]: ending with a gap inside the letter at node s; boundary[u]: ending with
  // silence after a character, or silence since the start (from -1 - u: a start at u).
  const mark = new Float64Array(size).fill(-Infinity);
  const gap = new Float64Array(size).fill(-Infinity);
  const markFrom = new Int32Array(size);
  const boundary = new Float64Array(units + 1).fill(0);
  const boundaryFrom = new Int32Array(units + 1).fill(-1);
  const boundaryKind = new Uint8Array(units + 1).fill(GapKind.Edge);
  // 1 where the silence is a pause going on past a word gap.
  const boundaryChained = new Uint8Array(units + 1);
  const extend = (score: number, s: number, u: number, from: number): void => {
    for (const [length, child] of [[DOT_DOTS, TREE.dot[s]!], [DASH_DOTS, TREE.dash[s]!]] as const) {
      const v = u + length;
      if (child < 0 || v > units) continue;
      const candidate = score + totals[v]! - totals[u]!;
      if (candidate > mark[v * N + child]!) { mark[v * N + child] = candidate; markFrom[v * N + child] = from; }
    }
  };
  const endCharacter = (score: number, u: number, length: number, kind: GapKind, from: number, chained = 0): void => {
    const v = u + length;
    if (v <= units && score > boundary[v]!) { boundary[v] = score; boundaryFrom[v] = from; boundaryKind[v] = kind; boundaryChained[v] = chained; }
  };
  let best = 0;
  let bestEnd = -1;
  for (let u = 0; u <= units; u++) {
    // A pause goes on, unit by unit, after a word gap (whose share it takes over).
    if (u > 0 && boundaryKind[u - 1] === GapKind.Word) {
      const going = boundary[u - 1]! + LOG_PAUSE_UNIT + (boundaryChained[u - 1] ? 0 : LOG_PAUSE - LOG_WORD_GAP);
      endCharacter(going, u - 1, 1, GapKind.Word, boundaryFrom[u - 1]!, 1);
    }
    extend(boundary[u]!, 0, u, -1 - u);
    for (let s = 0; s < N; s++) {
      const g = gap[u * N + s]!;
      if (g > -Infinity) extend(g, s, u, u * N + s);
      const k = mark[u * N + s]!;
      if (k === -Infinity) continue;
      if (TREE.inner[s] === 1 && u < units && k > gap[(u + 1) * N + s]!) gap[(u + 1) * N + s] = k;
      const ended = k + TREE.logPrior[s]!;
      if (ended === -Infinity) continue;
      // The end of the message: silence to the end costs nothing.
      if (ended > best) { best = ended; bestEnd = u * N + s; }
      endCharacter(ended + LOG_LETTER_GAP, u, LETTER_GAP_DOTS, GapKind.Letter, u * N + s);
      endCharacter(ended + LOG_WORD_GAP, u, WORD_GAP_DOTS, GapKind.Word, u * N + s);
    }
  }
  if (bestEnd < 0) return silence;
  const unitBlock = (u: number): number => Math.min(evidence.length, Math.max(0, Math.round((grid.startMs + (first + u) * grid.unitMs) / blockMs)));
  return runsOfMarks(marksBack(bestEnd, markFrom, boundaryFrom, boundaryKind), unitBlock, evidence.length);
}

/** A mark on the grid, in units, and what the gap before it ends (for a character's first mark). */
interface GridMark { from: number; to: number; dash: boolean; kindBefore: GapKind }

/** The marks of the best path ending at mark state `end`, in order. */
function marksBack(end: number, markFrom: Int32Array, boundaryFrom: Int32Array, boundaryKind: Uint8Array): GridMark[] {
  const TREE = characterTree();
  const N = TREE.size;
  const marks: GridMark[] = [];
  for (let at = end; at >= 0;) {
    // Back through the character ending at state `at`, mark by mark, to its start.
    let state = at;
    let start = 0;
    for (;;) {
      const u = Math.floor(state / N);
      const dash = TREE.byDash[state % N] === 1;
      marks.push({ from: u - (dash ? DASH_DOTS : DOT_DOTS), to: u, dash, kindBefore: GapKind.Element });
      const from = markFrom[state]!;
      if (from < 0) { start = -1 - from; break; }
      // A gap state (u'·N + s) came from the mark at node s one unit earlier.
      state = from - N;
    }
    marks[marks.length - 1]!.kindBefore = boundaryKind[start]! as GapKind;
    at = boundaryFrom[start]!;
  }
  return marks.reverse();
}

/** Marks on the grid as alternating runs of blocks over `blocks`, silence at either end labelled Edge. */
function runsOfMarks(marks: readonly GridMark[], unitBlock: (u: number) => number, blocks: number): Run[] {
  const runs: Run[] = [];
  let at = 0;
  marks.forEach((m, i) => {
    const from = unitBlock(m.from);
    const to = unitBlock(m.to);
    if (from > at) runs.push({ start: at, length: from - at, mark: false, dash: false, kind: i === 0 ? GapKind.Edge : m.kindBefore });
    runs.push({ start: from, length: to - from, mark: true, dash: m.dash, kind: GapKind.Element });
    at = to;
  });
  if (blocks > at) runs.push({ start: at, length: blocks - at, mark: false, dash: false, kind: GapKind.Edge });
  return runs;
}
