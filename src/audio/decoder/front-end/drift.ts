/**
 * Following the tone's pitch as it drifts: first over everything (followDrift), then,
 * once marks are known, over the marks alone (followMarks), so that long coherent
 * integration is safe afterwards.
 */
import { movingAverage } from "../../dsp/moving-average.js";
import { Reused } from "../../dsp/reused.js";
import type { Tuning } from "../tuning.js";
import type { Baseband } from "./baseband.js";

/** followDrift's averages of the baseband over the lag (no call keeps them). */
const averages = new Reused((length) => new Float32Array(length), 2);

/**
 * Follows a slowly drifting pitch: measures the tone's frequency offset in each second
 * (pulse-pair: the phase turned over a 10 ms lag, weighted by the tone's own power, so
 * key-up noise hardly counts), smooths it over neighbouring seconds and turns the
 * baseband back by the accumulated phase, in place. Long coherent integration is safe
 * afterwards.
 */
export function followDrift(tuning: Tuning, bb: Baseband): void {
  const { DRIFT_LAG_MS, DRIFT_SEGMENT_MS, DRIFT_SMOOTHING_SEGMENTS } = tuning.baseband;
  const n = bb.re.length;
  const lag = Math.max(1, Math.round(DRIFT_LAG_MS / bb.blockMs));
  const [re, im] = averages.arrays(n) as [Float32Array, Float32Array];
  movingAverage(bb.re, lag, re);
  movingAverage(bb.im, lag, im);
  const segment = Math.max(lag * 4, Math.round(DRIFT_SEGMENT_MS / bb.blockMs));
  const count = Math.ceil(n / segment);
  const sumRe = new Float64Array(count);
  const sumIm = new Float64Array(count);
  for (let i = 0; i + lag < n; i++) {
    const k = Math.floor(i / segment);
    // z[i + lag] * conj(z[i])
    sumRe[k] = sumRe[k]! + re[i + lag]! * re[i]! + im[i + lag]! * im[i]!;
    sumIm[k] = sumIm[k]! + im[i + lag]! * re[i]! - re[i + lag]! * im[i]!;
  }
  const radiansPerBlock = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    let r = 0;
    let m = 0;
    for (let j = Math.max(0, k - DRIFT_SMOOTHING_SEGMENTS); j <= Math.min(count - 1, k + DRIFT_SMOOTHING_SEGMENTS); j++) {
      r += sumRe[j]!;
      m += sumIm[j]!;
    }
    radiansPerBlock[k] = r === 0 && m === 0 ? 0 : Math.atan2(m, r) / lag;
  }
  let phase = 0;
  for (let i = 0; i < n; i++) {
    // Linear between segment centres.
    const x = Math.min(count - 1, Math.max(0, (i + 0.5) / segment - 0.5));
    const k = Math.floor(x);
    const step = radiansPerBlock[k]! + (x - k) * (radiansPerBlock[Math.min(count - 1, k + 1)]! - radiansPerBlock[k]!);
    phase += step;
    const c = Math.cos(phase);
    const s = Math.sin(phase);
    const a = bb.re[i]!;
    const b = bb.im[i]!;
    bb.re[i] = a * c + b * s;
    bb.im[i] = b * c - a * s;
  }
}

/** The baseband summed over chunks of the marks: each chunk's sum and its centre, in blocks. */
function markChunks(tuning: Tuning, bb: Baseband, marks: Uint8Array): { re: number[]; im: number[]; at: number[] } {
  const { CHUNK_MS } = tuning.baseband;
  const n = bb.re.length;
  const chunk = Math.max(1, Math.round(CHUNK_MS / bb.blockMs));
  const chunks = { re: [] as number[], im: [] as number[], at: [] as number[] };
  for (let i = 0; i < n; ) {
    if (marks[i] !== 1) {
      i++;
      continue;
    }
    let j = i;
    let re = 0;
    let im = 0;
    for (; j < n && marks[j] === 1 && j - i < chunk; j++) {
      re += bb.re[j]!;
      im += bb.im[j]!;
    }
    chunks.re.push(re);
    chunks.im.push(im);
    chunks.at.push((i + j) / 2);
    i = j;
  }
  return chunks;
}

/**
 * A copy of the baseband turned back by the pitch offset that followDrift leaves (up to
 * 2 or 3 Hz near the ends of a drifting recording), measured on the marks alone (`marks`:
 * 1 where keyed): the phase turned between neighbouring chunks of the marks gives the
 * offset there (radians per block), weighted by the chunks' strength and the lag's square,
 * free of the noise of the gaps that followDrift's pulse-pair over everything takes in.
 * The in-phase reference (inPhase) assumes one phase over its window: an offset left over
 * turns it by the time the marks in the window stand off-centre.
 */
export function followMarks(tuning: Tuning, bb: Baseband, marks: Uint8Array): Baseband {
  const { PAIR_MS, FOLLOW_HALF_MS, FOLLOW_STEP_MS } = tuning.baseband;
  const chunks = markChunks(tuning, bb, marks);
  const pairs = { at: [] as number[], weight: [] as number[], omega: [] as number[] };
  const maxLag = PAIR_MS / bb.blockMs;
  for (let p = 0; p + 1 < chunks.at.length; p++) {
    const lag = chunks.at[p + 1]! - chunks.at[p]!;
    if (lag > maxLag) continue;
    // The later chunk times the conjugate of the earlier: its angle is the phase turned over the lag.
    const re = chunks.re[p + 1]! * chunks.re[p]! + chunks.im[p + 1]! * chunks.im[p]!;
    const im = chunks.im[p + 1]! * chunks.re[p]! - chunks.re[p + 1]! * chunks.im[p]!;
    pairs.at.push((chunks.at[p]! + chunks.at[p + 1]!) / 2);
    pairs.omega.push(Math.atan2(im, re) / lag);
    pairs.weight.push(Math.hypot(re, im) * lag * lag);
  }
  const n = bb.re.length;
  const out: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: bb.blockMs };
  const half = FOLLOW_HALF_MS / bb.blockMs;
  const step = Math.max(1, Math.round(FOLLOW_STEP_MS / bb.blockMs));
  // A window sliding over the pairs (they come in time order).
  let lo = 0;
  let hi = 0;
  let weights = 0;
  let weighted = 0;
  let omega = 0;
  let phase = 0;
  for (let i = 0; i < n; i++) {
    if (i % step === 0) {
      for (; hi < pairs.at.length && pairs.at[hi]! <= i + half; hi++) {
        weights += pairs.weight[hi]!;
        weighted += pairs.weight[hi]! * pairs.omega[hi]!;
      }
      for (; lo < hi && pairs.at[lo]! < i - half; lo++) {
        weights -= pairs.weight[lo]!;
        weighted -= pairs.weight[lo]! * pairs.omega[lo]!;
      }
      omega = weights > 0 ? weighted / weights : 0;
    }
    phase += omega;
    const c = Math.cos(phase);
    const s = Math.sin(phase);
    out.re[i] = bb.re[i]! * c + bb.im[i]! * s;
    out.im[i] = bb.im[i]! * c - bb.re[i]! * s;
  }
  return out;
}
