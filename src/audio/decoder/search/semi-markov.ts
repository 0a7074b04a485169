/**
 * The one semi-Markov Viterbi search that the decoder's searches configure (marks.ts,
 * characters.ts, grid.ts). The evidence (a log-likelihood ratio per block) is cut into
 * steps; a path through the steps is a sequence of segments, each a whole number of steps
 * long and in one state. Every state of every step keeps the best score of a path ending
 * there, the cell that path came from and a label of the configuration's (what kind of
 * segment it was). A configuration says, step by step, which segments end there and how
 * they score (its states, their lengths, length priors and transitions: `step`, offering
 * candidates with `offer`); this search keeps the table, the running sums of the evidence,
 * the beams, the steps without length, the pauses' rule, and the way back.
 *
 * Non-finite evidence is made harmless once, where the running sums are built: a block
 * that is not a finite number says nothing either way (it used to send a traceback round
 * in circles until the heap ran out).
 */

/** A table cell: `step · width + state`. */
export type Cell = number;

/** One segment of a path: `state` over steps [from, to), with the label its configuration gave it. */
export interface Segment {
  state: number;
  from: number;
  to: number;
  label: number;
}

/**
 * Silence going on after a long gap, as a chain of segments labelled `chained`: one may
 * follow a segment labelled `chained` (a pause going on), or one labelled `after` at least
 * `minLength` steps long. A label no segment has (-1) rules either out.
 */
export interface PauseRule {
  chained: number;
  after: number;
  minLength: number;
}

/** A step without length: each state of `from` passes to `to` at the same step, adding weight[state]. */
export interface Instant {
  from: Int16Array;
  to: number;
  weight: Float64Array;
  label: number;
}

/**
 * States followed only where they score within `width` of the best of `states` at their
 * step (and `keep` is 1 for them): SemiMarkov.live and liveAt list them.
 */
export interface Beam {
  states: Int16Array;
  keep: Uint8Array;
  width: number;
}

export interface SemiMarkovModel {
  /** States per step. */
  readonly width: number;
  /** Steps without length, passed in order once a step's segments are in (to a later state of the step). */
  readonly instants?: readonly Instant[];
  readonly beams?: readonly Beam[];
  /** Scores of step 0, the states a path may start in (`offer` with length 0, before -1). */
  start(search: SemiMarkov): void;
  /** The segments ending at step k, offered (`offer`) from the cells of earlier steps. */
  step(k: number, search: SemiMarkov): void;
}

/**
 * Running totals of the evidence over the steps: `sums[k]` over steps [0, k), step j
 * spanning blocks [edges[j], edges[j + 1]).
 */
export function runningSums(evidence: Float32Array, edges: Int32Array): Float64Array {
  const steps = edges.length - 1;
  const sums = new Float64Array(steps + 1);
  for (let k = 0; k < steps; k++) {
    let sum = 0;
    for (let i = edges[k]!; i < edges[k + 1]!; i++) sum += evidence[i]!;
    if (!Number.isFinite(sum)) {
      // The guard: a block that is not a finite number counts as no evidence.
      sum = 0;
      for (let i = edges[k]!; i < edges[k + 1]!; i++) if (Number.isFinite(evidence[i]!)) sum += evidence[i]!;
    }
    sums[k + 1] = sums[k]! + sum;
  }
  return sums;
}

/** Step edges every `step` blocks from `from`: `steps` steps. */
export function evenEdges(from: number, step: number, steps: number): Int32Array {
  const edges = new Int32Array(steps + 1);
  for (let k = 0; k <= steps; k++) edges[k] = from + k * step;
  return edges;
}

/** The search's table: a score, the cell it came from and a label for every state at every step. */
export class SemiMarkov {
  readonly steps: number;
  readonly width: number;
  /** Running totals of the evidence (runningSums). */
  readonly sums: Float64Array;
  readonly score: Float64Array;
  /** The best path to each cell: its last segment's length in steps, the state before it (-1: a start), its label. */
  readonly length: Int32Array;
  readonly before: Int16Array;
  readonly label: Uint8Array;
  private readonly model: SemiMarkovModel;
  private readonly instants: readonly Instant[];
  private readonly beams: readonly Beam[];
  /** Live states of each beam at each step: liveStates[b][k · size + i], i < liveCount[b][k]. */
  private readonly liveStates: Int16Array[];
  private readonly liveCount: Uint16Array[];
  /** The last step filled; -1 before the start. */
  private done = -1;

  constructor(model: SemiMarkovModel, sums: Float64Array) {
    this.model = model;
    this.sums = sums;
    this.steps = sums.length - 1;
    this.width = model.width;
    const size = (this.steps + 1) * this.width;
    this.score = new Float64Array(size).fill(-Infinity);
    this.length = new Int32Array(size);
    this.before = new Int16Array(size).fill(-1);
    this.label = new Uint8Array(size);
    this.instants = model.instants ?? [];
    this.beams = model.beams ?? [];
    this.liveStates = this.beams.map((b) => new Int16Array((this.steps + 1) * b.states.length));
    this.liveCount = this.beams.map(() => new Uint16Array(this.steps + 1));
  }

  /**
   * Keeps `score` for `cell` if it beats what the cell holds (ties: the first offered
   * stays): a segment `length` steps long after state `before` (-1: a start).
   */
  offer(cell: Cell, score: number, length: number, before: number, label: number): void {
    if (score > this.score[cell]!) {
      this.score[cell] = score;
      this.length[cell] = length;
      this.before[cell] = before;
      this.label[cell] = label;
    }
  }

  stepOf(cell: Cell): number {
    return Math.floor(cell / this.width);
  }
  stateOf(cell: Cell): number {
    return cell % this.width;
  }
  /** The cell the best path to `cell` came from; -1 for a start, or a cell no path reaches. */
  backOf(cell: Cell): Cell {
    const before = this.before[cell]!;
    return before < 0 ? -1 : (this.stepOf(cell) - this.length[cell]!) * this.width + before;
  }

  /** Whether a pause may follow the segment ending at `from` (see PauseRule). */
  goesOn(from: Cell, rule: PauseRule): boolean {
    const l = this.label[from]!;
    return l === rule.chained || (l === rule.after && this.length[from]! >= rule.minLength);
  }

  /** The states of beam b live at step p: live(b)[first, first + liveAt(b, p)), first = p · the beam's states. */
  live(b: number): Int16Array {
    return this.liveStates[b]!;
  }
  liveAt(b: number, p: number): number {
    return this.liveCount[b]![p]!;
  }

  /** Steps filled so far (-1: none, not even the start). */
  get filled(): number {
    return this.done;
  }

  /** Fills the table up to step `until` (all of it by default), going on from where it stopped. */
  run(until = this.steps): this {
    const { model } = this;
    if (this.done < 0) {
      model.start(this);
      this.keepLive(0);
      this.done = 0;
    }
    const last = Math.min(until, this.steps);
    const instants = this.instants.length > 0;
    const beams = this.beams.length > 0;
    for (let k = this.done + 1; k <= last; k++) {
      model.step(k, this);
      if (instants) this.pass(k);
      if (beams) this.keepLive(k);
    }
    this.done = Math.max(this.done, last);
    return this;
  }

  /** Steps without length at step k, in order. */
  private pass(k: number): void {
    const row = k * this.width;
    for (let n = 0; n < this.instants.length; n++) {
      const { from, to, weight, label } = this.instants[n]!;
      for (let i = 0; i < from.length; i++) this.offer(row + to, this.score[row + from[i]!]! + weight[from[i]!]!, 0, from[i]!, label);
    }
  }

  /** Lists each beam's states live at step k. */
  private keepLive(k: number): void {
    const row = k * this.width;
    for (let b = 0; b < this.beams.length; b++) {
      const { states, keep, width } = this.beams[b]!;
      const live = this.liveStates[b]!;
      let top = -Infinity;
      for (let i = 0; i < states.length; i++) if (this.score[row + states[i]!]! > top) top = this.score[row + states[i]!]!;
      let count = 0;
      if (top !== -Infinity) {
        const at = k * states.length;
        for (let i = 0; i < states.length; i++) {
          const s = states[i]!;
          if (keep[s] === 1 && this.score[row + s]! >= top - width) live[at + count++] = s;
        }
      }
      this.liveCount[b]![k] = count;
    }
  }

  /**
   * The segments of the best path to `cell`, first to last; steps without length are left
   * out, and so is the start. Empty for a cell no path reaches.
   */
  path(cell: Cell): Segment[] {
    const segments: Segment[] = [];
    if (!(this.score[cell]! > -Infinity)) return segments;
    // Every arc moves to an earlier cell (a later step, or an instant to a later state):
    // the walk back ends.
    for (let at = cell, from = this.backOf(at); from >= 0 && from < at; at = from, from = this.backOf(at)) {
      const to = this.stepOf(at);
      const start = this.stepOf(from);
      if (to > start) segments.push({ state: this.stateOf(at), from: start, to, label: this.label[at]! });
    }
    return segments.reverse();
  }

  /** The best cell of step k (the first of equals). */
  bestAt(k: number): Cell {
    let best = k * this.width;
    for (let c = best + 1; c < (k + 1) * this.width; c++) if (this.score[c]! > this.score[best]!) best = c;
    return best;
  }

  /**
   * Fixed-lag output for a live decoder, once the table is filled to step k (run(k)): the
   * segments of the best path to step k (its best cell) that end at or before step
   * k - lag. They are the best path's as far as the search has seen, not a promise: a
   * later step may yet prefer a path through another cell. Over a lag of a few of the
   * longest segments they seldom do; `settled` says what can no longer change.
   */
  fixedLag(k: number, lag: number): Segment[] {
    const best = this.path(this.bestAt(k));
    let n = 0;
    while (n < best.length && best[n]!.to <= k - lag) n++;
    return best.slice(0, n);
  }

  /**
   * What no later step can change, once the table is filled to step k: the path to the
   * last cell that the best paths to every cell of steps (k - reach, k] all go through.
   * `reach` is the longest segment a later step may add, so that every later path goes
   * through one of those cells. A configuration whose later segments may also start at
   * the start itself (the silence since the start of characters.ts and grid.ts) is not
   * bound by this; there only the paths through those cells are. Empty until they meet
   * past the start.
   */
  settled(k: number, reach: number): Segment[] {
    // Walk every path back, latest cell first, merging where two meet, until one is left.
    const active = new Set<Cell>();
    const heap = new MaxHeap();
    for (let c = Math.max(0, k - reach + 1) * this.width; c < (k + 1) * this.width; c++) {
      if (this.score[c]! > -Infinity) {
        active.add(c);
        heap.push(c);
      }
    }
    while (heap.size > 0) {
      const c = heap.pop();
      if (active.size === 1) return this.path(c);
      active.delete(c);
      const from = this.backOf(c);
      if (from < 0) return [];
      if (!active.has(from)) {
        active.add(from);
        heap.push(from);
      }
    }
    return [];
  }
}

/** A binary max-heap of cells. */
class MaxHeap {
  private readonly cells: number[] = [];
  get size(): number {
    return this.cells.length;
  }
  push(cell: number): void {
    const { cells } = this;
    let i = cells.push(cell) - 1;
    while (i > 0 && cells[(i - 1) >> 1]! < cell) {
      cells[i] = cells[(i - 1) >> 1]!;
      i = (i - 1) >> 1;
    }
    cells[i] = cell;
  }
  pop(): number {
    const { cells } = this;
    const top = cells[0]!;
    const last = cells.pop()!;
    if (cells.length === 0) return top;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= cells.length) break;
      if (child + 1 < cells.length && cells[child + 1]! > cells[child]!) child++;
      if (cells[child]! <= last) break;
      cells[i] = cells[child]!;
      i = child;
    }
    cells[i] = last;
    return top;
  }
}
