/**
 * What the evidence assumes of the recording at every block: the tone's amplitude while
 * keyed and the noise's power. A first model comes from the envelope's quantile levels;
 * better ones are measured where a segmentation put marks and gaps.
 */
import type { Levels } from "./levels.js";
import type { Run } from "../keyed.js";
import { Reused } from "../../dsp/reused.js";
import { sumWithError } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** What the envelope holds at every block: the tone's amplitude while keyed, and the noise power. */
export interface SignalModel {
  amplitude: Float32Array;
  noise: Float32Array;
}

/** A first model from the envelope's quantile levels (levels.ts). */
export function modelFromLevels(tuning: Tuning, lv: Levels, looks: number): SignalModel {
  const n = lv.mid.length;
  const { OFF_TO_SIGMA, MIN_NOISE, ON_NOISE_SIGMAS } = tuning.evidence;
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const on = lv.mid[i]! + lv.span[i]! / 2;
    // A clean recording has no noise to measure: assume some, so that evidence stays finite.
    const sigma = Math.max(OFF_TO_SIGMA * lv.off[i]!, MIN_NOISE * on, 1e-12);
    // The on level is the envelope's 90th percentile: tone plus about ON_NOISE_SIGMAS of noise.
    amplitude[i] = Math.max(on - (ON_NOISE_SIGMAS * sigma) / Math.sqrt(looks), 0.5 * sigma);
    noise[i] = sigma * sigma;
  }
  return { amplitude, noise };
}

/**
 * Running totals over the samples that a segmentation puts inside marks and inside gaps
 * (`inset` samples away from their edges): counts, the sum of the values (or of their
 * squares, with `squareMarks`) over mark samples and of the squares over gap samples, so
 * that the means over any window cost O(1).
 */
interface RunTotals {
  markCount: Float64Array;
  markSum: Float64Array;
  gapCount: Float64Array;
  gapSquares: Float64Array;
}

/** runTotals' arrays (its callers keep no totals past their own call). */
const totalsArrays = new Reused((length) => new Float64Array(length), 4);

function runTotals(x: Float32Array, runs: readonly Run[], inset: number, squareMarks: boolean): RunTotals {
  const n = x.length;
  const [markCount, markSum, gapCount, gapSquares] = totalsArrays.arrays(n + 1) as [Float64Array, Float64Array, Float64Array, Float64Array];
  // The arrays hold what the call before left: every value is written, the first here.
  markCount[0] = markSum[0] = gapCount[0] = gapSquares[0] = 0;
  const label = new Int8Array(n).fill(-1);
  for (const r of runs) label.fill(r.mark ? 1 : 0, Math.min(n, r.start + inset), Math.max(0, Math.min(n, r.start + r.length - inset)));
  // Kept in locals, each added to only where its label holds: a total that starts at +0
  // is never -0, and adding +0 leaves it as it is.
  let marks = 0;
  let sum = 0;
  let gaps = 0;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const v = x[i]!;
    if (label[i] === 1) {
      marks++;
      sum += squareMarks ? v * v : v;
    } else if (label[i] === 0) {
      gaps++;
      squares += v * v;
    }
    markCount[i + 1] = marks;
    markSum[i + 1] = sum;
    gapCount[i + 1] = gaps;
    gapSquares[i + 1] = squares;
  }
  return { markCount, markSum, gapCount, gapSquares };
}

/**
 * The mean over blocks [a, b) from running totals; `otherwise` where fewer than `enough`
 * blocks count. (A number either way: a number or undefined is a tagged value, and every
 * block's mean was a heap number to collect, half the garbage of a band's decode.)
 */
function windowMean(count: Float64Array, sum: Float64Array, a: number, b: number, enough: number, otherwise: number): number {
  const blocks = count[b]! - count[a]!;
  return blocks >= enough ? (sum[b]! - sum[a]!) / blocks : otherwise;
}

/**
 * A better model from a segmentation: the noise power is the mean square of the
 * envelope inside the gaps nearby, the tone's power what the marks nearby hold beyond
 * it. Inside means away from the edges, where the filter is still ramping. Where a
 * window holds too few of either, the whole recording's figure stands in.
 */
export function modelFromRuns(tuning: Tuning, env: Float32Array, runs: readonly Run[], filterBlocks: number, halfWindow: number): SignalModel | undefined {
  const { NOISE_WEIGHT, MIN_NOISE } = tuning.evidence;
  const n = env.length;
  const { markCount, markSum: markSquares, gapCount, gapSquares } = runTotals(env, runs, Math.ceil(filterBlocks / 2), true);
  if (markCount[n]! < filterBlocks || gapCount[n]! < filterBlocks) return undefined;
  const globalNoise = gapSquares[n]! / gapCount[n]!;
  const globalPower = Math.max(markSquares[n]! / markCount[n]! - globalNoise, 0);
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  const enough = 2 * filterBlocks;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - halfWindow);
    const b = Math.min(n, i + halfWindow);
    const localNoise = windowMean(gapCount, gapSquares, a, b, enough, globalNoise);
    const markPower = windowMean(markCount, markSquares, a, b, enough, Number.NaN);
    const localPower = Number.isNaN(markPower) ? globalPower : Math.max(markPower - localNoise, 0);
    const amp = Math.max(Math.sqrt(localPower), 0.5 * Math.sqrt(localNoise));
    amplitude[i] = amp;
    noise[i] = Math.max(NOISE_WEIGHT * localNoise, (MIN_NOISE * amp) ** 2, 1e-24);
  }
  return { amplitude, noise };
}

/**
 * How much the marks' mean level varies between stretches `bin` blocks long, beyond what
 * the noise in each stretch's mean explains, as a share of the level.
 */
function levelSpread(tuning: Tuning, y: Float32Array, totals: RunTotals, bin: number): number {
  const { LEVEL_BIN_MARKS } = tuning.evidence;
  const { markCount, markSum } = totals;
  const n = y.length;
  const means: number[] = [];
  // The variance of each stretch's mean, from the spread of its marks.
  const variances: number[] = [];
  let marks = 0;
  let sum = 0;
  for (let a = 0; a < n; a += bin) {
    const b = Math.min(n, a + bin);
    const count = markCount[b]! - markCount[a]!;
    if (count < LEVEL_BIN_MARKS) continue;
    const mean = (markSum[b]! - markSum[a]!) / count;
    let squares = 0;
    for (let i = a; i < b; i++) if (markCount[i + 1]! > markCount[i]!) squares += (y[i]! - mean) ** 2;
    means.push(mean);
    variances.push(squares / (count - 1) / count);
    marks += count;
    sum += mean * count;
  }
  if (means.length < 2) return 0;
  const level = sum / marks;
  let spread = 0;
  let noise = 0;
  for (let k = 0; k < means.length; k++) {
    spread += (means[k]! - level) ** 2;
    noise += variances[k]!;
  }
  return level > 0 ? Math.sqrt(Math.max(0, spread - noise) / means.length) / level : Infinity;
}

/** Each mark's centre, blocks counted and sum of the values inside it (`inset` away from its edges). */
interface MarkSums {
  centre: Float64Array;
  count: Float64Array;
  sum: Float64Array;
}

function markSums(y: Float32Array, runs: readonly Run[], inset: number): MarkSums {
  const marks = runs.filter((r) => r.mark && r.length > 2 * inset);
  const sums: MarkSums = { centre: new Float64Array(marks.length), count: new Float64Array(marks.length), sum: new Float64Array(marks.length) };
  marks.forEach((r, k) => {
    const from = Math.min(y.length, r.start + inset);
    const to = Math.min(y.length, r.start + r.length - inset);
    let sum = 0;
    for (let i = from; i < to; i++) sum += y[i]!;
    sums.centre[k] = r.start + r.length / 2;
    sums.count[k] = Math.max(0, to - from);
    sums.sum[k] = sum;
  });
  return sums;
}

/**
 * How well the marks within `halfWindow` blocks of each mark predict its level: for each
 * mark, the squared error of its mean, weighed by its blocks, the mark itself left out;
 * where they hold fewer than `enough` blocks, the other marks of the whole recording
 * predict it.
 */
function predictionErrors({ centre, count, sum }: MarkSums, halfWindow: number, enough: number): number[] {
  const m = centre.length;
  let totalCount = 0;
  let totalSum = 0;
  for (let k = 0; k < m; k++) {
    totalCount += count[k]!;
    totalSum += sum[k]!;
  }
  const errors: number[] = [];
  let lo = 0;
  let hi = 0;
  let windowCount = 0;
  let windowSum = 0;
  for (let k = 0; k < m; k++) {
    for (; hi < m && centre[hi]! <= centre[k]! + halfWindow; hi++) {
      windowCount += count[hi]!;
      windowSum += sum[hi]!;
    }
    for (; centre[lo]! < centre[k]! - halfWindow; lo++) {
      windowCount -= count[lo]!;
      windowSum -= sum[lo]!;
    }
    const local = windowCount - count[k]! >= enough;
    const othersCount = local ? windowCount - count[k]! : totalCount - count[k]!;
    const othersSum = local ? windowSum - sum[k]! : totalSum - sum[k]!;
    if (count[k]! > 0 && othersCount > 0) errors.push(count[k]! * (sum[k]! / count[k]! - othersSum / othersCount) ** 2);
  }
  return errors;
}

/**
 * The window over which a fading tone's level is measured: of `halfWindows` (blocks), the
 * longest whose marks predict each other's level (leave-one-mark-out cross-validation)
 * within one standard error of the best, so that a shorter window must earn its noise.
 * The marks of a slow fade differ by noise more than by the fade, so a long window
 * predicts best; those of a fast one by the fade, so a window short enough to follow it.
 */
function levelWindow(sums: MarkSums, halfWindows: readonly number[], enough: number): number {
  const windows = [...halfWindows].sort((a, b) => a - b);
  const scores = windows.map((w) => sumWithError(predictionErrors(sums, w, enough)));
  let best = 0;
  for (let k = 1; k < scores.length; k++) if (scores[k]!.sum < scores[best]!.sum) best = k;
  const bound = scores[best]!.sum + scores[best]!.standardError;
  let chosen = best;
  while (chosen + 1 < windows.length && scores[chosen + 1]!.sum <= bound) chosen++;
  return windows[chosen]!;
}

/** The windows the coherent model is measured over, blocks. */
export interface ModelWindows {
  /** Half-width for the noise. */
  noise: number;
  /** Half-widths tried for the tone's level where it fades (levelWindow); at least one. */
  level: readonly number[];
  /** Stretches whose levels are compared to tell fading from a steady tone (levelSpread). */
  levelBin: number;
}

/**
 * As modelFromRuns, on the in-phase component: A the marks' mean, over all of them for a
 * steady tone, else over the window that follows the fading best (levelWindow); v the
 * gaps' mean square.
 */
export function modelFromRunsCoherent(tuning: Tuning, y: Float32Array, runs: readonly Run[], windows: ModelWindows): SignalModel | undefined {
  const { COHERENT_MIN_BLOCKS: enough, STEADY_LEVEL_SPREAD, MIN_NOISE } = tuning.evidence;
  const n = y.length;
  const totals = runTotals(y, runs, 2, false);
  const { markCount, markSum, gapCount, gapSquares } = totals;
  if (markCount[n]! < enough || gapCount[n]! < enough) return undefined;
  const globalNoise = gapSquares[n]! / gapCount[n]!;
  const globalAmp = markSum[n]! / markCount[n]!;
  if (!(globalAmp > 0)) return undefined;
  const steady = levelSpread(tuning, y, totals, windows.levelBin) < STEADY_LEVEL_SPREAD;
  const levelHalfWindow = steady ? Infinity : levelWindow(markSums(y, runs, 2), windows.level, enough);
  const noiseHalfWindow = windows.noise;
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const localNoise = windowMean(gapCount, gapSquares, Math.max(0, i - noiseHalfWindow), Math.min(n, i + noiseHalfWindow), enough, globalNoise);
    const localAmp =
      levelHalfWindow === Infinity
        ? globalAmp
        : windowMean(markCount, markSum, Math.max(0, i - levelHalfWindow), Math.min(n, i + levelHalfWindow), enough, globalAmp);
    const amp = Math.max(localAmp, 0.3 * Math.sqrt(localNoise));
    amplitude[i] = amp;
    noise[i] = Math.max(localNoise, (MIN_NOISE * amp) ** 2, 1e-24);
  }
  return { amplitude, noise };
}
