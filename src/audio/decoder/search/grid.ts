/**
 * Machine-keyed Morse read on its timing grid. A keyer (or a program) sends every element
 * and gap a whole number of dot-long units, each edge on a grid that runs through the
 * whole recording. Once that grid is found from the marks and gaps keyed so far, the
 * likeliest characters are searched unit by unit: a burst of noise can no longer be fitted
 * in anywhere, only where a unit is, and every mark and gap has exactly its length. (The
 * character search, characters.ts, lets every length and edge float, as a hand
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
import type { Tuning } from "../tuning.js";
import { characterTree, type CharacterTree } from "./character-tree.js";
import { runningSums, SemiMarkov, type Segment, type SemiMarkovModel } from "./semi-markov.js";

/** A timing grid: unit k spans [startMs + k·unitMs, startMs + (k + 1)·unitMs). */
export interface Grid {
  startMs: number;
  unitMs: number;
  /** Root mean square distance of the keyed edges from the grid's lines, in units. */
  misfit: number;
}

/** Whether `keyed`, fitted by `grid` (fitGrid), is machine keying on it (see MAX_GRID_MISFIT). */
export function onGrid(tuning: Tuning, grid: Grid, keyed: Keyed): boolean {
  const { LONG_GRID_EDGES, MAX_LONG_GRID_MISFIT, MAX_GRID_MISFIT } = tuning.grid;
  const edges = keyed.length + 1;
  return grid.misfit < (edges >= LONG_GRID_EDGES ? MAX_LONG_GRID_MISFIT : MAX_GRID_MISFIT);
}

/** A grid with a mark's two edges off their lines by the same amount, outwards: t = start + k·unit ± widening / 2. */
interface Fit {
  startMs: number;
  unitMs: number;
  wideningMs: number;
}

/** Where edge t falls on the fit's grid, in units. */
function unitsAlong(fit: Fit, t: number, side: number): number {
  return (t - fit.startMs - side * fit.wideningMs) / fit.unitMs;
}

/**
 * Least squares of t = start + unit·k + widening·side over the edges before `until` that
 * lie within OUTLIER_UNITS of `fit`'s lines (k: the nearest line); undefined when they
 * cannot settle it.
 */
function refit(tuning: Tuning, edges: Edges, fit: Fit, until: number): Fit | undefined {
  const { OUTLIER_UNITS, MIN_FIT_EDGES } = tuning.grid;
  // Normal equations of the columns [1, k, side]: sums of their products, and with t.
  let n = 0,
    sk = 0,
    ss = 0,
    skk = 0,
    sks = 0,
    sss = 0,
    st = 0,
    skt = 0,
    sst = 0;
  for (let i = 0; i < edges.at.length && edges.at[i]! < until; i++) {
    const t = edges.at[i]!;
    const side = edges.side[i]!;
    const x = unitsAlong(fit, t, side);
    const k = Math.round(x);
    if (Math.abs(x - k) > OUTLIER_UNITS) continue;
    n++;
    sk += k;
    ss += side;
    skk += k * k;
    sks += k * side;
    sss += side * side;
    st += t;
    skt += k * t;
    sst += side * t;
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
export function fitGrid(tuning: Tuning, keyed: Keyed, unitMs: number): Grid | undefined {
  const { UNIT_TRIES, UNIT_TRY_STEP } = tuning.grid;
  const edges = edgesOf(keyed);
  let best: Grid | undefined;
  for (let k = -UNIT_TRIES; k <= UNIT_TRIES; k++) {
    const grid = fitFrom(tuning, edges, unitMs * (1 + k * UNIT_TRY_STEP));
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
function fitFrom(tuning: Tuning, edges: Edges, unitMs: number): Grid | undefined {
  const { FIRST_SPAN_UNITS, REFITS } = tuning.grid;
  const last = edges.at[edges.at.length - 1]!;
  let fit: Fit | undefined = { startMs: edges.at[0]!, unitMs, wideningMs: 0 };
  for (let span = FIRST_SPAN_UNITS; fit; span *= 2) {
    const until: number = edges.at[0]! + span * fit.unitMs;
    const whole = until > last;
    // A span with too few edges keeps the fit so far; the span of every edge must settle it.
    for (let again = 0; again < REFITS && fit; again++) fit = refit(tuning, edges, fit, until) ?? (whole ? undefined : fit);
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
 * The units of the grid that lie at least half within the recording (a file may start or
 * end in the middle of a mark), as the blocks each spans (a block counts for the unit its
 * centre falls in): unit u spans blocks [edges[u], edges[u + 1]). Returns the edges and
 * the first unit's index.
 */
function unitEdges(blocks: number, grid: Grid, blockMs: number): { edges: Int32Array; first: number } {
  const first = Math.ceil(-grid.startMs / grid.unitMs - 0.5);
  const last = Math.floor((blocks * blockMs - grid.startMs) / grid.unitMs - 0.5);
  const units = Math.max(0, last - first + 1);
  const edges = new Int32Array(units + 1);
  let u = 0;
  for (let b = 0; b < blocks && u <= units; b++) {
    const of = Math.floor(((b + 0.5) * blockMs - grid.startMs) / grid.unitMs) - first;
    while (u <= units && of >= u) edges[u++] = b;
  }
  while (u <= units) edges[u++] = blocks;
  return { edges, first };
}

/** What a segment on the grid was: a mark or a gap inside a letter, or what a boundary ends (a pause going on: PAUSE). */
const PAUSE = 4;

/**
 * The grid's search as a configuration of semi-markov.ts, unit by unit: its states the
 * nodes of the character tree after a mark ([0, N)) and after a gap inside a letter
 * ([N, 2N)), and a boundary (2N: silence after a character, or since the start); marks
 * exactly 1 or 3 units, gaps 1 (inside a letter), 3 or 7 units, and a pause going on unit
 * by unit after a word gap. The grid's evidence scores marks; gaps score nothing.
 */
function gridModel(tuning: Tuning): SemiMarkovModel {
  const { LETTER_GAP_SHARE, WORD_GAP_SHARE, PAUSE_SHARE } = tuning.characters;
  const LOG_LETTER_GAP = Math.log(LETTER_GAP_SHARE);
  const LOG_WORD_GAP = Math.log(WORD_GAP_SHARE);
  const LOG_PAUSE = Math.log(PAUSE_SHARE);
  const { LOG_PAUSE_UNIT } = tuning.grid;
  const TREE = characterTree(tuning);
  const N = TREE.size;
  const BOUNDARY = 2 * N;
  const W = 2 * N + 1;
  // A mark `length` units long ending at u: from the root after a boundary, or from a node after a gap inside the letter.
  const marks = (search: SemiMarkov, u: number, length: number, child: Int16Array): void => {
    const p = u - length;
    if (p < 0) return;
    const { score, sums } = search;
    const root = child[0]!;
    if (root >= 0) search.offer(u * W + root, score[p * W + BOUNDARY]! + sums[u]! - sums[p]!, length, BOUNDARY, GapKind.Element);
    for (let s = 1; s < N; s++) {
      const c = child[s]!;
      if (c >= 0) search.offer(u * W + c, score[p * W + N + s]! + sums[u]! - sums[p]!, length, N + s, GapKind.Element);
    }
  };
  // Characters ending at u - length, then a gap of `length` units.
  const endings = (search: SemiMarkov, u: number, length: number, share: number, kind: GapKind): void => {
    const p = u - length;
    if (p < 0) return;
    for (const s of TREE.characters) search.offer(u * W + BOUNDARY, search.score[p * W + s]! + TREE.logPrior[s]! + share, length, s, kind);
  };
  return {
    width: W,
    start(search) {
      search.offer(BOUNDARY, 0, 0, -1, GapKind.Edge);
    },
    step(u, search) {
      const { score } = search;
      // Silence since the start costs nothing.
      search.offer(u * W + BOUNDARY, 0, u, BOUNDARY, GapKind.Edge);
      endings(search, u, WORD_GAP_DOTS, LOG_WORD_GAP, GapKind.Word);
      endings(search, u, LETTER_GAP_DOTS, LOG_LETTER_GAP, GapKind.Letter);
      // A pause goes on, unit by unit, after a word gap (whose share it takes over).
      const before = (u - 1) * W + BOUNDARY;
      const kind = search.label[before];
      if (kind === GapKind.Word || kind === PAUSE) {
        search.offer(u * W + BOUNDARY, score[before]! + LOG_PAUSE_UNIT + (kind === PAUSE ? 0 : LOG_PAUSE - LOG_WORD_GAP), 1, BOUNDARY, PAUSE);
      }
      marks(search, u, DOT_DOTS, TREE.dot);
      marks(search, u, DASH_DOTS, TREE.dash);
      // Gaps inside a letter, after a node that more elements may follow.
      for (let s = 1; s < N; s++) if (TREE.inner[s] === 1) search.offer(u * W + N + s, score[(u - 1) * W + s]!, 1, s, GapKind.Element);
    },
  };
}

/**
 * The likeliest marks and gaps on the grid, read as whole characters (the tree and priors
 * of the character search), as runs of blocks; silence at either end is free. Empty when
 * the recording holds no unit.
 */
export function segmentOnGrid(tuning: Tuning, evidence: Float32Array, grid: Grid, blockMs: number): Run[] {
  const TREE = characterTree(tuning);
  const silence: Run[] = [{ start: 0, length: evidence.length, mark: false, dash: false, kind: GapKind.Edge }];
  const { edges, first } = unitEdges(evidence.length, grid, blockMs);
  const units = edges.length - 1;
  if (units <= 0) return silence;
  const search = new SemiMarkov(gridModel(tuning), runningSums(evidence, edges)).run();
  // The end of the message: silence to the end costs nothing.
  let best = 0;
  let bestEnd = -1;
  for (let u = 0; u <= units; u++) {
    for (const s of TREE.characters) {
      const ended = search.score[u * search.width + s]! + TREE.logPrior[s]!;
      if (ended > best) {
        best = ended;
        bestEnd = u * search.width + s;
      }
    }
  }
  if (bestEnd < 0) return silence;
  const unitBlock = (u: number): number => Math.min(evidence.length, Math.max(0, Math.round((grid.startMs + (first + u) * grid.unitMs) / blockMs)));
  return runsOfMarks(marksOf(search.path(bestEnd), TREE), unitBlock, evidence.length);
}

/** A mark on the grid, in units, and what the gap before it ends (for a character's first mark). */
interface GridMark {
  from: number;
  to: number;
  dash: boolean;
  kindBefore: GapKind;
}

/** The marks of a path on the grid, in order, each with what the gap before it ended. */
function marksOf(path: readonly Segment[], TREE: CharacterTree): GridMark[] {
  const N = TREE.size;
  const marks: GridMark[] = [];
  let before = GapKind.Edge;
  for (const segment of path) {
    if (segment.state === 2 * N) before = segment.label === PAUSE ? GapKind.Word : (segment.label as GapKind);
    else if (segment.state < N) {
      marks.push({ from: segment.from, to: segment.to, dash: TREE.byDash[segment.state] === 1, kindBefore: before });
      before = GapKind.Element;
    }
  }
  return marks;
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
