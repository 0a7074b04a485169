/**
 * From samples to the tone's amplitude over time: mix the tone to complex baseband,
 * integrate into ~1 ms blocks, follow the pitch's drift, filter to the speed.
 */

/** Complex baseband, one value per block of samples (~1 ms), integrated coherently. */
export interface Baseband {
  re: Float32Array;
  im: Float32Array;
  /** Length of one block in ms. */
  blockMs: number;
}

/** Target block length, ms: fine enough for edges of 50 wpm dots (24 ms). */
const BLOCK_MS = 1;

/**
 * Mixes `samples` down by `frequency` and sums each block: an integrate-and-dump filter,
 * so everything after runs at ~1 kHz whatever the sample rate. The oscillator restarts
 * from its exact phase at every block, so it cannot drift in amplitude or phase.
 */
export function toBaseband(samples: Float32Array, sampleRate: number, frequency: number): Baseband {
  const block = Math.max(1, Math.round((BLOCK_MS * sampleRate) / 1000));
  const blocks = Math.floor(samples.length / block);
  const re = new Float32Array(blocks);
  const im = new Float32Array(blocks);
  const omega = (2 * Math.PI * frequency) / sampleRate;
  const stepCos = Math.cos(omega);
  const stepSin = Math.sin(omega);
  for (let b = 0, n = 0; b < blocks; b++) {
    let c = Math.cos(omega * n);
    let s = Math.sin(omega * n);
    let sumRe = 0;
    let sumIm = 0;
    for (let end = n + block; n < end; n++) {
      const x = samples[n]!;
      sumRe += x * c;
      sumIm -= x * s;
      const next = c * stepCos - s * stepSin;
      s = s * stepCos + c * stepSin;
      c = next;
    }
    re[b] = sumRe / block;
    im[b] = sumIm / block;
  }
  return { re, im, blockMs: (1000 * block) / sampleRate };
}

/** Segment over which the pitch offset is measured, ms, and segments averaged either side. */
const DRIFT_SEGMENT_MS = 1000;
const DRIFT_SMOOTHING_SEGMENTS = 2;
/** Lag of the pulse-pair frequency estimate, ms: offsets up to ±1/(2 lag) = ±50 Hz are told apart. */
const DRIFT_LAG_MS = 10;

/**
 * Follows a slowly drifting pitch: measures the tone's frequency offset in each second
 * (pulse-pair: the phase turned over a 10 ms lag, weighted by the tone's own power, so
 * key-up noise hardly counts), smooths it over neighbouring seconds and turns the
 * baseband back by the accumulated phase, in place. Long coherent integration is safe
 * afterwards.
 */
export function followDrift(bb: Baseband): void {
  const n = bb.re.length;
  const lag = Math.max(1, Math.round(DRIFT_LAG_MS / bb.blockMs));
  const re = movingAverage(bb.re, lag);
  const im = movingAverage(bb.im, lag);
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
    const step = radiansPerBlock[k]! + (x - k) * ((radiansPerBlock[Math.min(count - 1, k + 1)]!) - radiansPerBlock[k]!);
    phase += step;
    const c = Math.cos(phase);
    const s = Math.sin(phase);
    const a = bb.re[i]!;
    const b = bb.im[i]!;
    bb.re[i] = a * c + b * s;
    bb.im[i] = b * c - a * s;
  }
}

/** Centred moving average of `length` values, same length as the input (edges averaged over fewer). */
function movingAverage(x: Float32Array, length: number): Float32Array {
  const n = x.length;
  const out = new Float32Array(n);
  if (length <= 1) { out.set(x); return out; }
  const before = length >> 1;
  let sum = 0;
  let count = 0;
  // The window for i is [i - before, i - before + length).
  for (let j = 0; j < Math.min(n, length - before); j++) { sum += x[j]!; count++; }
  for (let i = 0; i < n; i++) {
    out[i] = sum / count;
    const enter = i - before + length;
    const leave = i - before;
    if (enter < n) { sum += x[enter]!; count++; }
    if (leave >= 0) { sum -= x[leave]!; count--; }
  }
  return out;
}

/**
 * The tone's amplitude over time. Integrates coherently (on I and Q) for up to
 * `coherentMs`, beyond which a drifting pitch would cancel itself, then averages power
 * over the rest of `filterMs`: together about a matched filter for a dot. Returns the
 * amplitude and the number of roughly independent noise samples averaged into each value.
 */
export function amplitude(bb: Baseband, filterMs: number, coherentMs: number): { env: Float32Array; looks: number } {
  const coherent = Math.max(1, Math.round(Math.min(filterMs, coherentMs) / bb.blockMs));
  const total = Math.max(coherent, Math.round(filterMs / bb.blockMs));
  const re = movingAverage(bb.re, coherent);
  const im = movingAverage(bb.im, coherent);
  const power = new Float32Array(re.length);
  for (let i = 0; i < power.length; i++) power[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  const smoothed = movingAverage(power, total - coherent + 1);
  // A running sum can end a hair below zero where the power is zero.
  for (let i = 0; i < smoothed.length; i++) smoothed[i] = Math.sqrt(Math.max(0, smoothed[i]!));
  return { env: smoothed, looks: total / coherent };
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
 */
export function inPhase(bb: Baseband, marks: Uint8Array, halfWindow: number, exclude: number): Float32Array {
  const n = bb.re.length;
  const { re, im, count } = markSums(bb, marks);
  const nearest = nearestMarks(marks);
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = Math.max(0, i - halfWindow);
    let b = Math.min(n, i + halfWindow + 1);
    let c = Math.max(0, i - exclude);
    let d = Math.min(n, i + exclude + 1);
    if (count[b] === count[a] && nearest[i]! >= 0) {
      // The window around the nearest mark; the block is far from it, nothing to leave out.
      a = Math.max(0, nearest[i]! - halfWindow);
      b = Math.min(n, nearest[i]! + halfWindow + 1);
      c = d = a;
    }
    const refRe = re[b]! - re[a]! - (re[d]! - re[c]!);
    const refIm = im[b]! - im[a]! - (im[d]! - im[c]!);
    const norm = Math.sqrt(refRe * refRe + refIm * refIm);
    y[i] = norm > 0 ? (bb.re[i]! * refRe + bb.im[i]! * refIm) / norm : 0;
  }
  return y;
}

/** Running sums of the baseband over the marks, and of the marks. */
function markSums(bb: Baseband, marks: Uint8Array): { re: Float64Array; im: Float64Array; count: Uint32Array } {
  const n = bb.re.length;
  const re = new Float64Array(n + 1);
  const im = new Float64Array(n + 1);
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

/** Marks are cut into chunks of at most this many ms for followMarks. */
const CHUNK_MS = 40;
/**
 * Chunks are paired when their centres are at most this far apart, ms: an offset up to
 * ±1 / (2 × this), about ±4 Hz, is told apart, well over what followDrift leaves.
 */
const PAIR_MS = 120;
/**
 * The offset at each point is the mean over the pairs within this many ms either side
 * (800 to 3000 decode alike on the benchmark corpus).
 */
const FOLLOW_HALF_MS = 1500;
/** The offset is recomputed every this many ms. */
const FOLLOW_STEP_MS = 100;

/** The baseband summed over chunks of the marks: each chunk's sum and its centre, in blocks. */
function markChunks(bb: Baseband, marks: Uint8Array): { re: number[]; im: number[]; at: number[] } {
  const n = bb.re.length;
  const chunk = Math.max(1, Math.round(CHUNK_MS / bb.blockMs));
  const chunks = { re: [] as number[], im: [] as number[], at: [] as number[] };
  for (let i = 0; i < n;) {
    if (marks[i] !== 1) { i++; continue; }
    let j = i;
    let re = 0;
    let im = 0;
    for (; j < n && marks[j] === 1 && j - i < chunk; j++) { re += bb.re[j]!; im += bb.im[j]!; }
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
export function followMarks(bb: Baseband, marks: Uint8Array): Baseband {
  const chunks = markChunks(bb, marks);
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
      for (; hi < pairs.at.length && pairs.at[hi]! <= i + half; hi++) { weights += pairs.weight[hi]!; weighted += pairs.weight[hi]! * pairs.omega[hi]!; }
      for (; lo < hi && pairs.at[lo]! < i - half; lo++) { weights -= pairs.weight[lo]!; weighted -= pairs.weight[lo]! * pairs.omega[lo]!; }
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
