/**
 * Morse-aware keying: instead of thresholding the envelope sample by sample (where one
 * noise peak in a gap makes a dot), finds the whole sequence of marks and gaps that best
 * explains the evidence given what Morse timing allows. A semi-Markov Viterbi search
 * (semi-markov.ts): every segment scores the evidence of the blocks it covers
 * (evidence/likelihood.ts) plus the log-probability of its length, marks near 1 or 3
 * dots and gaps near 1, 3 or 7 dots (log-normal, wide enough for hand keying), gaps
 * beyond 7 dots as pauses.
 */
import type { Levels } from "../evidence/levels.js";
import { envelopeEvidence, evidenceOfRuns } from "../evidence/likelihood.js";
import { modelFromLevels, modelFromRuns, type SignalModel } from "../evidence/models.js";
import { keyedFromRuns, runsOf, type Keyed, type Run } from "../keyed.js";
import type { Tuning } from "../tuning.js";
import { perTuning } from "../tuning-overrides.js";
import { priorTable, searchStep } from "./lengths.js";
import { evenEdges, runningSums, SemiMarkov, type PauseRule, type SemiMarkovModel } from "./semi-markov.js";
import { withoutWeakCharacters } from "./weak-characters.js";

export interface SegmentOptions {
  blockMs: number;
  /** Blocks the envelope filter spans: its samples are that correlated. */
  filterBlocks: number;
  /** Independent noise samples averaged into each envelope value. */
  looks: number;
  /** The dot length at every block, in blocks (the speed may change along the recording). */
  dotBlocks: Float32Array;
  /** Spread of element lengths around their ideal, natural log (default 0.25). */
  spread?: number;
  /** Resolution of the search, steps per dot (default tuning.marks.STEPS_PER_DOT). */
  stepsPerDot?: number;
  /** Whether the tone fades fast: the coherent evidence allows for fade-outs (evidence/likelihood.ts). */
  fadesFast?: boolean;
  /** The decoder's configuration. */
  tuning: Tuning;
}

/** The mark and gap length priors for a spread (rounded to 0.01, so that few are ever built). */
const priorCaches = perTuning(() => new Map<number, { mark: Float64Array; gap: Float64Array }>());
function priors(tuning: Tuning, spread: number): { mark: Float64Array; gap: Float64Array } {
  const key = Math.round(spread * 100);
  const priorCache = priorCaches(tuning);
  let tables = priorCache.get(key);
  if (!tables) {
    const { MARK_WEIGHTS, GAP_WEIGHTS, PAUSE_WEIGHT } = tuning.marks;
    tables = { mark: priorTable(tuning, MARK_WEIGHTS, 0, key / 100), gap: priorTable(tuning, GAP_WEIGHTS, PAUSE_WEIGHT, key / 100) };
    priorCache.set(key, tables);
  }
  return tables;
}

/** The states of the search: after a mark, after a gap. */
const MARK = 0;
const GAP = 1;
/** What a segment was: a mark after a gap or chained to a mark; a gap after a mark or a pause going on. */
const enum Kind {
  AfterGap,
  Chained,
  Gap,
  Pause,
}

/**
 * The search as a configuration of semi-markov.ts: marks after a gap or chained to a
 * mark (a carrier), gaps after a mark or going on as a pause; silence before the first
 * mark and after the last is free of length priors.
 */
function marksModel(options: SegmentOptions, step: number, steps: number): SemiMarkovModel {
  const tuning = { ...options.tuning.marks, ...options.tuning.lengths };
  const { dotBlocks } = options;
  const rows = new LengthRows(priors(options.tuning, options.spread ?? tuning.DEFAULT_SPREAD), tuning);
  const bounds = new Bounds(steps, tuning.CHAIN);
  // A pause goes on from a gap of a word's length, or one going on already.
  const pause: PauseRule = { chained: Kind.Pause, after: Kind.Gap, minLength: 0 };
  return {
    width: 2,
    start(search) {
      search.offer(MARK, 0, 0, -1, Kind.AfterGap);
      search.offer(GAP, 0, 0, -1, Kind.AfterGap);
    },
    step(k, search) {
      bounds.add(k - 1, search);
      stepMarks(k, search, tuning, rows.at(dotBlocks[k * step - 1]! / step), bounds, k === steps, pause);
    },
  };
}

/**
 * The length priors of marks and gaps by length in steps, less the segment's charge, at
 * one dot length: the dot changes only from mark to mark (it is measured per mark), so
 * the rows are built once for each stretch at one speed rather than at every step.
 */
class LengthRows {
  dot = Number.NaN;
  /** Segments under MIN_DOTS are too improbable to try. */
  shortest = 1;
  markMax = 0;
  gapMax = 0;
  mark = new Float64Array(0);
  gap = new Float64Array(0);
  /** The highest of each row. */
  markTop = -Infinity;
  gapTop = -Infinity;

  constructor(
    private readonly tables: { mark: Float64Array; gap: Float64Array },
    private readonly tuning: Tuning["marks"] & Tuning["lengths"],
  ) {}

  /** The rows at a dot `dot` steps long. */
  at(dot: number): this {
    if (dot === this.dot) return this;
    const { MARK_MAX_DOTS, GAP_MAX_DOTS, TABLE_STEP, SEGMENT_CHARGE, MIN_DOTS } = this.tuning;
    this.dot = dot;
    this.shortest = Math.max(1, Math.floor(MIN_DOTS * dot));
    this.markMax = Math.ceil(MARK_MAX_DOTS * dot);
    this.gapMax = Math.ceil(GAP_MAX_DOTS * dot);
    if (this.mark.length <= this.markMax) this.mark = new Float64Array(2 * this.markMax + 1);
    if (this.gap.length <= this.gapMax) this.gap = new Float64Array(2 * this.gapMax + 1);
    const lastIndex = this.tables.mark.length - 1;
    const toIndex = 1 / (dot * TABLE_STEP); // segment length in steps to prior-table index
    const charge = SEGMENT_CHARGE * Math.log(dot);
    this.markTop = this.gapTop = -Infinity;
    for (let d = this.shortest; d <= this.markMax; d++) {
      this.mark[d] = this.tables.mark[Math.min(lastIndex, Math.round(d * toIndex))]! - charge;
      this.markTop = Math.max(this.markTop, this.mark[d]!);
    }
    for (let d = this.shortest; d <= this.gapMax; d++) {
      this.gap[d] = this.tables.gap[Math.min(lastIndex, Math.round(d * toIndex))]! - charge;
      this.gapTop = Math.max(this.gapTop, this.gap[d]!);
    }
    return this;
  }
}

/** Steps of the table in each of Bounds' blocks (a power of 2). */
const BOUND_BLOCK_BITS = 3;
/** Less than any difference the sums' rounding could make between a bound and the score it bounds. */
const BOUND_SLACK = 1e-6;

/**
 * For every block of steps already filled, the most a segment starting at one of them
 * can add to the evidence it covers and its length prior: a block whose best start,
 * with the best prior of any length, cannot beat what step k already holds is passed over
 * whole. Exact: no segment that would have been offered is left out (offers only replace
 * a lower score), and the search reads as it did segment by segment.
 */
class Bounds {
  /** max over the block's steps p of what a mark from p adds beside its evidence and prior: after a gap, or chained. */
  readonly markFrom: Float64Array;
  /** ... of a gap after a mark from p, beside its prior; of a pause going on from p. */
  readonly gapFrom: Float64Array;
  readonly pauseFrom: Float64Array;

  constructor(
    steps: number,
    private readonly chain: number,
  ) {
    const blocks = (steps >> BOUND_BLOCK_BITS) + 1;
    this.markFrom = new Float64Array(blocks).fill(-Infinity);
    this.gapFrom = new Float64Array(blocks).fill(-Infinity);
    this.pauseFrom = new Float64Array(blocks).fill(-Infinity);
  }

  /** Takes in step p, once it is filled. */
  add(p: number, search: SemiMarkov): void {
    const { score, sums } = search;
    const b = p >> BOUND_BLOCK_BITS;
    const afterMark = score[2 * p + MARK]!;
    const afterGap = score[2 * p + GAP]!;
    // A chained mark and a pause go on from a segment: never from the start.
    const fromMark = p > 0 ? Math.max(afterGap, afterMark + this.chain) : afterGap;
    this.markFrom[b] = Math.max(this.markFrom[b]!, fromMark - sums[p]!);
    this.gapFrom[b] = Math.max(this.gapFrom[b]!, afterMark + sums[p]!);
    if (p > 0) this.pauseFrom[b] = Math.max(this.pauseFrom[b]!, afterGap + sums[p]!);
  }
}

/** The segments of the mark-by-mark search ending at step k, with the length priors `rows` of the dot there. */
function stepMarks(k: number, search: SemiMarkov, tuning: Tuning["marks"], rows: LengthRows, bounds: Bounds, edge: boolean, pause: PauseRule): void {
  const { CHAIN, PAUSE_FROM_DOTS, PAUSE_LINK } = tuning;
  const { sums, score } = search;
  const { shortest, mark: markRow, gap: gapRow } = rows;
  const ek = sums[k]!;
  const mark = 2 * k + MARK;
  const gap = 2 * k + GAP;
  const markMax = Math.min(k, rows.markMax);
  for (let d = shortest; d <= markMax; ) {
    // The lengths whose start lies in one block of Bounds: [d, blockEnd].
    const b = (k - d) >> BOUND_BLOCK_BITS;
    const blockEnd = Math.min(markMax, k - (b << BOUND_BLOCK_BITS));
    if (bounds.markFrom[b]! + ek + rows.markTop + BOUND_SLACK <= score[mark]!) {
      d = blockEnd + 1;
      continue;
    }
    for (; d <= blockEnd; d++) {
      const p = k - d;
      const segment = ek - sums[p]! + markRow[d]!;
      const afterGap = score[2 * p + GAP]! + segment;
      const chained = p > 0 ? score[2 * p + MARK]! + segment + CHAIN : -Infinity;
      // The better of the two (on a tie, after the gap), offered only if it beats the best so far.
      if (chained > afterGap) {
        if (chained > score[mark]!) search.offer(mark, chained, d, MARK, Kind.Chained);
      } else if (afterGap > score[mark]!) search.offer(mark, afterGap, d, GAP, Kind.AfterGap);
    }
  }
  const gapMax = Math.min(k, rows.gapMax);
  pause.minLength = PAUSE_FROM_DOTS * rows.dot;
  for (let d = shortest; d <= gapMax; ) {
    const b = (k - d) >> BOUND_BLOCK_BITS;
    const blockEnd = Math.min(gapMax, k - (b << BOUND_BLOCK_BITS));
    // Silence from the start, or to the end, has no length prior (0).
    const bestPrior = edge || b === 0 ? Math.max(0, rows.gapTop) : rows.gapTop;
    if (Math.max(bounds.gapFrom[b]! + bestPrior, bounds.pauseFrom[b]! + PAUSE_LINK) - ek + BOUND_SLACK <= score[gap]!) {
      d = blockEnd + 1;
      continue;
    }
    for (; d <= blockEnd; d++) {
      const p = k - d;
      const silence = sums[p]! - ek;
      // Silence before the first mark and after the last has any length: no length prior.
      const prior = p === 0 || edge ? 0 : gapRow[d]!;
      const afterMark = score[2 * p + MARK]! + silence + prior;
      const pausing = p > 0 ? score[2 * p + GAP]! + silence + PAUSE_LINK : -Infinity;
      // The pause's rule is asked only where the pause would win.
      if (pausing > afterMark && search.goesOn(2 * p + GAP, pause)) {
        if (pausing > score[gap]!) search.offer(gap, pausing, d, GAP, Kind.Pause);
      } else if (afterMark > score[gap]!) search.offer(gap, afterMark, d, MARK, Kind.Gap);
    }
  }
}

/** The most likely runs of key down and key up, covering the envelope from its start. */
function viterbi(evidence: Float32Array, options: SegmentOptions): Run[] {
  const { tuning } = options;
  const step = searchStep(tuning, options.dotBlocks, 0, evidence.length, options.stepsPerDot ?? tuning.marks.STEPS_PER_DOT);
  const steps = Math.floor(evidence.length / step);
  if (steps === 0) return [];
  const search = new SemiMarkov(marksModel(options, step, steps), runningSums(evidence, evenEdges(0, step, steps))).run();
  // The end in a gap unless a mark ends it better; runs of one kind (chains) merged.
  const end = search.score[steps * 2 + MARK]! > search.score[steps * 2 + GAP]! ? MARK : GAP;
  const runs: Run[] = [];
  for (const segment of search.path(steps * 2 + end)) {
    const mark = segment.state === MARK;
    const last = runs[runs.length - 1];
    if (last && last.mark === mark) last.length += (segment.to - segment.from) * step;
    else runs.push({ mark, start: segment.from * step, length: (segment.to - segment.from) * step });
  }
  return runs;
}

/**
 * Segments again on the tone's in-phase component (`y`: one value per block, the
 * baseband turned onto the tone's own phase), where a tone of amplitude A in real
 * Gaussian noise of variance v against noise alone has log-likelihood ratio
 * (A y - A² / 2) / v: linear in y, so a segment's evidence is exactly a matched filter
 * over it. The model (A and v along the recording) is measured where `keyed` put marks and
 * gaps; it is returned beside what was keyed (none where too few marks or gaps to measure by).
 */
export function segmentCoherent(y: Float32Array, keyed: Keyed, options: SegmentOptions): { keyed: Keyed; model?: SignalModel } {
  const { tuning } = options;
  const { COHERENT_REFINEMENTS, COHERENT_NOISE_WEIGHT } = tuning.evidence;
  let runs = runsOf(keyed, options.blockMs, y.length);
  let model: SignalModel | undefined;
  for (let pass = 0; pass < COHERENT_REFINEMENTS; pass++) {
    const measured = evidenceOfRuns(tuning, y, runs, options.blockMs, COHERENT_NOISE_WEIGHT, options.fadesFast);
    if (!measured) break;
    model = measured.model;
    const signal = { y, amplitude: measured.model.amplitude, noise: measured.model.noise };
    runs = withoutWeakCharacters(tuning, viterbi(measured.evidence, options), signal, options.dotBlocks);
  }
  return { keyed: keyedFromRuns(runs, options.blockMs), model };
}

/**
 * The marks and gaps of the envelope, in ms, alternating and starting and ending with a
 * mark (none when there is no mark). The first segmentation trusts the quantile levels;
 * each refinement measures the tone and the noise where that segmentation put marks and
 * gaps, which follows fading more closely, and segments again.
 */
export function segment(env: Float32Array, lv: Levels, options: SegmentOptions): Keyed {
  const { tuning } = options;
  const { REFINE_DOTS, REFINE_MIN_MS, REFINE_MAX_MS, REFINEMENTS } = tuning.evidence;
  let model = modelFromLevels(tuning, lv, options.looks);
  let runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  let meanDot = 0;
  for (const d of options.dotBlocks) meanDot += d / options.dotBlocks.length;
  const halfWindow = Math.round(Math.min(Math.max(REFINE_DOTS * meanDot, REFINE_MIN_MS / options.blockMs), REFINE_MAX_MS / options.blockMs));
  for (let pass = 0; pass < REFINEMENTS; pass++) {
    const refined = modelFromRuns(tuning, env, runs, options.filterBlocks, halfWindow);
    if (!refined) break;
    model = refined;
    runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  }
  return keyedFromRuns(runs, options.blockMs);
}
