/**
 * Morse-aware keying: instead of thresholding the envelope sample by sample (where one
 * noise peak in a gap makes a dot), finds the whole sequence of marks and gaps that best
 * explains the evidence given what Morse timing allows. A semi-Markov Viterbi search:
 * every segment scores the evidence of the blocks it covers (evidence/likelihood.ts)
 * plus the log-probability of its length, marks near 1 or 3 dots and gaps near 1, 3 or
 * 7 dots (log-normal, wide enough for hand keying), gaps beyond 7 dots as pauses.
 */
import type { Levels } from "../evidence/levels.js";
import { envelopeEvidence, evidenceOfRuns } from "../evidence/likelihood.js";
import { modelFromLevels, modelFromRuns } from "../evidence/models.js";
import { keyedFromRuns, runsOf, type Keyed, type Run } from "../keyed.js";
import { TUNING, tuningCache } from "../tuning.js";
import { priorTable, searchStep } from "./lengths.js";
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
  /** Resolution of the search, steps per dot (default TUNING.marks.STEPS_PER_DOT). */
  stepsPerDot?: number;
}

/** The mark and gap length priors for a spread (rounded to 0.01, so that few are ever built). */
const priorCache = tuningCache<number, { mark: Float64Array; gap: Float64Array }>();
function priors(spread: number): { mark: Float64Array; gap: Float64Array } {
  const key = Math.round(spread * 100);
  let tables = priorCache.get(key);
  if (!tables) {
    const { MARK_WEIGHTS, GAP_WEIGHTS, PAUSE_WEIGHT } = TUNING.marks;
    tables = { mark: priorTable(MARK_WEIGHTS, 0, key / 100), gap: priorTable(GAP_WEIGHTS, PAUSE_WEIGHT, key / 100) };
    priorCache.set(key, tables);
  }
  return tables;
}

/** The most likely runs of key down and key up, covering the envelope from its start. */
function viterbi(evidence: Float32Array, options: SegmentOptions): Run[] {
  const { STEPS_PER_DOT, DEFAULT_SPREAD, MARK_MAX_DOTS, GAP_MAX_DOTS, CHAIN, PAUSE_FROM_DOTS, PAUSE_LINK } = TUNING.marks;
  const { TABLE_STEP, SEGMENT_CHARGE, MIN_DOTS } = TUNING.lengths;
  const { dotBlocks } = options;
  const n = evidence.length;
  const step = searchStep(dotBlocks, 0, n, options.stepsPerDot ?? STEPS_PER_DOT);
  const steps = Math.floor(n / step);
  if (steps === 0) return [];

  const cumulative = new Float64Array(steps + 1);
  for (let k = 0; k < steps; k++) {
    let sum = 0;
    for (let i = k * step; i < (k + 1) * step; i++) sum += evidence[i]!;
    cumulative[k + 1] = cumulative[k]! + sum;
  }

  // best*[k]: best score of steps [0, k) ending with that kind of segment; length*[k] and
  // chain*[k]: that segment's length in steps, and whether it continues one of its kind.
  const bestMark = new Float64Array(steps + 1).fill(-Infinity);
  const bestGap = new Float64Array(steps + 1).fill(-Infinity);
  const lengthMark = new Int32Array(steps + 1);
  const lengthGap = new Int32Array(steps + 1);
  const chainMark = new Uint8Array(steps + 1);
  const chainGap = new Uint8Array(steps + 1);
  bestMark[0] = 0;
  bestGap[0] = 0;
  const { mark: MARK_PRIOR, gap: GAP_PRIOR } = priors(options.spread ?? DEFAULT_SPREAD);
  const lastIndex = MARK_PRIOR.length - 1;
  for (let k = 1; k <= steps; k++) {
    const dot = dotBlocks[k * step - 1]! / step;
    const toIndex = 1 / (dot * TABLE_STEP); // segment length in steps to prior-table index
    const charge = SEGMENT_CHARGE * Math.log(dot);
    const edge = k === steps;
    const ek = cumulative[k]!;
    // Segments under MIN_DOTS are too improbable to try.
    const shortest = Math.max(1, Math.floor(MIN_DOTS * dot));
    const markMax = Math.min(k, Math.ceil(MARK_MAX_DOTS * dot));
    for (let d = shortest; d <= markMax; d++) {
      const p = k - d;
      const score = ek - cumulative[p]! + MARK_PRIOR[Math.min(lastIndex, Math.round(d * toIndex))]! - charge;
      const afterGap = bestGap[p]! + score;
      const afterMark = p > 0 ? bestMark[p]! + score + CHAIN : -Infinity;
      const best = afterGap > afterMark ? afterGap : afterMark;
      if (best > bestMark[k]!) { bestMark[k] = best; lengthMark[k] = d; chainMark[k] = afterMark > afterGap ? 1 : 0; }
    }
    const gapMax = Math.min(k, Math.ceil(GAP_MAX_DOTS * dot));
    for (let d = shortest; d <= gapMax; d++) {
      const p = k - d;
      const score = cumulative[p]! - ek;
      // Silence before the first mark and after the last has any length: no length prior.
      const afterMark = bestMark[p]! + score + (p === 0 || edge ? 0 : GAP_PRIOR[Math.min(lastIndex, Math.round(d * toIndex))]! - charge);
      // A pause longer than a word gap goes on as a chain of gaps, costing little more.
      const afterGap = p > 0 && (chainGap[p] === 1 || lengthGap[p]! >= PAUSE_FROM_DOTS * dot) ? bestGap[p]! + score + PAUSE_LINK : -Infinity;
      const best = afterGap > afterMark ? afterGap : afterMark;
      if (best > bestGap[k]!) { bestGap[k] = best; lengthGap[k] = d; chainGap[k] = afterGap > afterMark ? 1 : 0; }
    }
  }

  // Back from the end: runs of one kind (chains merged).
  const runs: Run[] = [];
  let mark = bestMark[steps]! > bestGap[steps]!;
  for (let k = steps; k > 0;) {
    const d = mark ? lengthMark[k]! : lengthGap[k]!;
    // A step no segment reached: only evidence that is not finite leaves one.
    if (d === 0) break;
    const chained = (mark ? chainMark[k] : chainGap[k]) === 1;
    const last = runs[runs.length - 1];
    if (last && last.mark === mark) { last.start -= d * step; last.length += d * step; }
    else runs.push({ mark, start: (k - d) * step, length: d * step });
    k -= d;
    if (!chained) mark = !mark;
  }
  return runs.reverse();
}

/**
 * Segments again on the tone's in-phase component (`y`: one value per block, the
 * baseband turned onto the tone's own phase), where a tone of amplitude A in real
 * Gaussian noise of variance v against noise alone has log-likelihood ratio
 * (A y - A² / 2) / v: linear in y, so a segment's evidence is exactly a matched filter
 * over it. The model (A and v along the recording) is measured where `keyed` put marks and gaps.
 */
export function segmentCoherent(y: Float32Array, keyed: Keyed, options: SegmentOptions): Keyed {
  const { COHERENT_REFINEMENTS, COHERENT_NOISE_WEIGHT } = TUNING.evidence;
  let runs = runsOf(keyed, options.blockMs, y.length);
  for (let pass = 0; pass < COHERENT_REFINEMENTS; pass++) {
    const measured = evidenceOfRuns(y, runs, options.blockMs, COHERENT_NOISE_WEIGHT);
    if (!measured) break;
    runs = withoutWeakCharacters(viterbi(measured.evidence, options), y, measured.model.amplitude, options.dotBlocks);
  }
  return keyedFromRuns(runs, options.blockMs);
}

/**
 * The marks and gaps of the envelope, in ms, alternating and starting and ending with a
 * mark (none when there is no mark). The first segmentation trusts the quantile levels;
 * each refinement measures the tone and the noise where that segmentation put marks and
 * gaps, which follows fading more closely, and segments again.
 */
export function segment(env: Float32Array, lv: Levels, options: SegmentOptions): Keyed {
  const { REFINE_DOTS, REFINE_MIN_MS, REFINE_MAX_MS, REFINEMENTS } = TUNING.evidence;
  let model = modelFromLevels(lv, options.looks);
  let runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  let meanDot = 0;
  for (const d of options.dotBlocks) meanDot += d / options.dotBlocks.length;
  const halfWindow = Math.round(Math.min(Math.max(REFINE_DOTS * meanDot, REFINE_MIN_MS / options.blockMs), REFINE_MAX_MS / options.blockMs));
  for (let pass = 0; pass < REFINEMENTS; pass++) {
    const refined = modelFromRuns(env, runs, options.filterBlocks, halfWindow);
    if (!refined) break;
    model = refined;
    runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  }
  return keyedFromRuns(runs, options.blockMs);
}
