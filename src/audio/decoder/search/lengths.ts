/**
 * What the searches know of lengths: log-normal priors around Morse's ideal lengths, in
 * tables over the ratio of length to dot, and the step the searches move in.
 */
import { WORD_GAP_DOTS } from "../../../core/units.js";
import { selectInPlace } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

function lognormal(x: number, centre: number, spread: number): number {
  const z = (x - Math.log(centre)) / spread;
  return Math.exp(-0.5 * z * z) / (spread * Math.sqrt(2 * Math.PI));
}

/** Log-probability of a segment `ratio` dots long, for ratios on the table's grid. */
export function priorTable(tuning: Tuning, weights: readonly (readonly [number, number])[], pause: number, spread: number): Float64Array {
  const { TABLE_MAX, TABLE_STEP } = tuning.lengths;
  const table = new Float64Array(Math.round(TABLE_MAX / TABLE_STEP) + 1);
  for (let i = 0; i < table.length; i++) {
    const ratio = Math.max(i * TABLE_STEP, TABLE_STEP / 2);
    const x = Math.log(ratio);
    let density = 0;
    for (const [centre, weight] of weights) density += weight * lognormal(x, centre, spread);
    // Pauses: flat in log length from a word gap up to the table's end.
    if (ratio > WORD_GAP_DOTS) density += pause / Math.log(TABLE_MAX / WORD_GAP_DOTS);
    // Density in log length, to probability per step: d(log length) = 1 / (length in
    // steps) = 1 / (ratio × dot in steps); the dot's part is charged per segment (SEGMENT_CHARGE).
    table[i] = Math.log(density + 1e-12) - Math.log(ratio);
  }
  return table;
}

/**
 * The search's step in blocks over dotBlocks[from, to): `stepsPerDot` steps to the
 * shortest dot there, outliers aside.
 */
export function searchStep(tuning: Tuning, dotBlocks: Float32Array, from: number, to: number, stepsPerDot: number): number {
  const { MEDIAN_POINTS, OUTLIER_DOT_SHARE } = tuning.lengths;
  let minDot = Infinity;
  for (let i = from; i < to; i++) minDot = Math.min(minDot, dotBlocks[i]!);
  const stride = Math.max(1, Math.floor((to - from) / MEDIAN_POINTS));
  const sample = new Float32Array(Math.ceil((to - from) / stride));
  for (let i = 0, j = from; j < to; i++, j += stride) sample[i] = dotBlocks[j]!;
  const typical = sample.length > 0 ? selectInPlace(sample, sample.length >> 1) : minDot;
  return Math.max(1, Math.floor(Math.max(minDot, OUTLIER_DOT_SHARE * typical) / stepsPerDot));
}
