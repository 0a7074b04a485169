/**
 * Every signal in a band: the tones a short-time spectrum shows keyed well above the noise.
 *
 * The spectrum of frames half a frame apart is measured against the noise: the noise's
 * level at each pitch (the median over time, smoothed across NOISE_NEIGHBOURHOOD_HZ, so that a
 * receiver's passband shape is followed) times its level in each frame within
 * NOISE_NEIGHBOURHOOD_HZ (the median there, so that a receiver's gain control, and noise that
 * comes and goes in one part of the band, are followed). Over windows of DETECT_WINDOW_MS, a
 * pitch whose power stands DETECT_RATIO times above the noise's, and highest within
 * PEAK_HALF_HZ, holds a signal; within the windows it shows in, it is heard from the first
 * frame where it is keyed (KEYED_RATIO) to the last.
 * Noise alone, averaged over a window's frames, stays far below that ratio; a keyed tone
 * at 0 dB in 3 kHz stands about a hundred times above the noise in one bin.
 */
import { framePowers } from "../../dsp/spectrum.js";
import { selectInPlace } from "../../dsp/stats.js";
import { highestPitch } from "../../limits.js";
import { pitchRange } from "./pitch.js";
import type { Tuning } from "../tuning.js";

export interface FoundSignal {
  /** Pitch, Hz: the power-weighted centre of its peak (finer than a bin). */
  frequency: number;
  /** Where it is heard, ms: from the start of the first frame it is keyed in to the end of the last, within the windows it shows in. */
  fromMs: number;
  toMs: number;
  /** Its power while keyed against the noise in 3 kHz, dB (estimated from the spectrum). */
  snrDb: number;
  /** Its power while keyed, dB against a full-scale sine (estimated from the spectrum): what it leaks into other signals goes by this, not by how far it stands over its own noise. */
  powerDb: number;
}

/** Power of frames × bins (frame-major), as multiples of the noise's mean there. */
interface Spectrogram {
  ratio: Float32Array;
  /** The noise's mean power in each frame at each bin (frame-major), |X|². */
  noise: Float32Array;
  /** The noise's mean power at each bin over the whole recording, |X|²: the level estimate's reference, which no signal nearby raises. */
  floor: Float32Array;
  frames: number;
  bins: number;
  /** Frequency of bin 0, and the spacing, Hz. */
  loHz: number;
  binHz: number;
  /** Frame length and spacing, samples. */
  size: number;
  hop: number;
}

/** Median of exponentially distributed noise power over its mean. */
const MEDIAN_OF_MEAN = Math.LN2;

function spectrogram(tuning: Tuning, samples: Float32Array, sampleRate: number, range: { min: number; max: number }): Spectrogram | undefined {
  const { BAND_RESOLUTION_HZ } = tuning.band;
  let size = 256;
  while (size < sampleRate / BAND_RESOLUTION_HZ) size <<= 1;
  const hop = size / 2;
  const binHz = sampleRate / size;
  const lo = Math.max(1, Math.ceil(range.min / binHz));
  const hi = Math.min(size / 2 - 1, Math.floor(Math.min(range.max, highestPitch(sampleRate)) / binHz));
  if (hi - lo < 4 || samples.length < size) return undefined;
  const frames = Math.floor((samples.length - size) / hop) + 1;
  const bins = hi - lo + 1;
  const power = new Float32Array(frames * bins);
  framePowers(
    samples,
    Array.from({ length: frames }, (_, f) => f * hop),
    size,
    (f, p) => power.set(p.subarray(lo, hi + 1), f * bins),
  );
  const { noise, floor } = noiseOf(tuning, power, frames, bins, binHz);
  withinRange(tuning, power, noise, frames, bins);
  const ratio = new Float32Array(frames * bins);
  for (let i = 0; i < ratio.length; i++) ratio[i] = noise[i]! > 0 ? power[i]! / noise[i]! : 0;
  return { ratio, noise, floor, frames, bins, loHz: lo * binHz, binHz, size, hop };
}

/**
 * The noise's mean power at every frame and bin: its shape across the band times its level
 * in each frame near the bin; and at every bin over the recording: its shape times its
 * typical level across the band.
 */
function noiseOf(tuning: Tuning, power: Float32Array, frames: number, bins: number, binHz: number): { noise: Float32Array; floor: Float32Array } {
  const column = new Float32Array(frames);
  const overTime = new Float32Array(bins);
  for (let k = 0; k < bins; k++) {
    for (let f = 0; f < frames; f++) column[f] = power[f * bins + k]!;
    overTime[k] = selectInPlace(column, frames >> 1);
  }
  const half = Math.max(1, Math.round(tuning.band.NOISE_NEIGHBOURHOOD_HZ / binHz));
  const shape = new Float32Array(bins);
  // One scratch array for every median taken across the band (no array made per bin or frame).
  const scratch = new Float32Array(Math.max(bins, 2 * half + 1));
  const medianNear = (values: Float32Array, k: number) => {
    const from = Math.max(0, k - half);
    const to = Math.min(bins, k + half + 1);
    for (let j = from; j < to; j++) scratch[j - from] = values[j]!;
    return selectInPlace(scratch, (to - from) >> 1, to - from);
  };
  for (let k = 0; k < bins; k++) shape[k] = medianNear(overTime, k);
  const row = new Float32Array(bins);
  const step = Math.max(1, Math.ceil(half / 4));
  const noise = new Float32Array(frames * bins);
  const bandLevel = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    for (let k = 0; k < bins; k++) row[k] = shape[k]! > 0 ? power[f * bins + k]! / shape[k]! : 0;
    scratch.set(row);
    bandLevel[f] = selectInPlace(scratch, bins >> 1, bins) / MEDIAN_OF_MEAN;
    // The level at every `step`-th bin, linear between: it changes slowly across the band.
    let la = medianNear(row, 0) / MEDIAN_OF_MEAN;
    for (let a = 0; a < bins; a += step) {
      const b = Math.min(bins - 1, a + step);
      // The level at `b` is the next stretch's at its start.
      const lb = medianNear(row, b) / MEDIAN_OF_MEAN;
      for (let k = a; k <= b; k++) noise[f * bins + k] = shape[k]! * (la + ((k - a) / Math.max(1, b - a)) * (lb - la));
      la = lb;
    }
  }
  const level = selectInPlace(bandLevel, frames >> 1);
  return { noise, floor: shape.map((x) => x * level) };
}

/**
 * The noise raised, in each frame, to DYNAMIC_RANGE_DB under the strongest bin of that
 * frame and the frames either side: what lies further below a signal than that is its
 * own distortion (a recording's quantisation, a codec's images), never another station.
 */
function withinRange(tuning: Tuning, power: Float32Array, noise: Float32Array, frames: number, bins: number): void {
  const below = 10 ** (-tuning.pitch.DYNAMIC_RANGE_DB / 10);
  const strongest = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    let top = 0;
    for (let k = 0; k < bins; k++) top = Math.max(top, power[f * bins + k]!);
    strongest[f] = top;
  }
  for (let f = 0; f < frames; f++) {
    const level = below * Math.max(strongest[f]!, strongest[Math.max(0, f - 1)]!, strongest[Math.min(frames - 1, f + 1)]!);
    for (let k = 0; k < bins; k++) noise[f * bins + k] = Math.max(noise[f * bins + k]!, level);
  }
}

/** Each window's mean ratio at every bin (window-major), windows of `length` frames every `length / 2`. */
function windowMeans(s: Spectrogram, length: number): { means: Float32Array; windows: number; step: number } {
  const step = Math.max(1, length >> 1);
  const windows = Math.max(1, Math.ceil((s.frames - length) / step) + 1);
  const means = new Float32Array(windows * s.bins);
  for (let w = 0; w < windows; w++) {
    const from = w * step;
    const to = Math.min(s.frames, from + length);
    for (let f = from; f < to; f++) for (let k = 0; k < s.bins; k++) means[w * s.bins + k]! += s.ratio[f * s.bins + k]! / (to - from);
  }
  return { means, windows, step };
}

/**
 * The signals in `samples` between `range`'s pitches (the whole passband by default, and
 * below highestPitch of the sample rate), strongest first.
 */
export function findSignals(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  range: { min: number; max: number } = pitchRange(tuning, undefined, sampleRate),
): FoundSignal[] {
  const s = spectrogram(tuning, samples, sampleRate, range);
  if (!s) return [];
  const { DETECT_WINDOW_MS, DETECT_RATIO, PEAK_HALF_HZ } = tuning.band;
  const frameMs = (1000 * s.hop) / sampleRate;
  const { means, windows, step } = windowMeans(s, Math.max(2, Math.round(DETECT_WINDOW_MS / frameMs)));
  const best = new Float32Array(s.bins);
  for (let w = 0; w < windows; w++) for (let k = 0; k < s.bins; k++) best[k] = Math.max(best[k]!, means[w * s.bins + k]!);
  const half = Math.max(1, Math.round(PEAK_HALF_HZ / s.binHz));
  const peaks: number[] = [];
  for (let k = 0; k < s.bins; k++) {
    if (best[k]! < DETECT_RATIO) continue;
    let highest = true;
    for (let j = Math.max(0, k - half); j <= Math.min(s.bins - 1, k + half) && highest; j++) highest = best[j]! < best[k]! || (best[j] === best[k] && j >= k);
    if (highest) peaks.push(k);
  }
  return peaks.map((k) => signalAt(tuning, s, k, means, windows, step, sampleRate)).sort((a, b) => b.powerDb - a.powerDb);
}

/** The signal peaking at bin `k`: where it is active, its centre and its level. */
function signalAt(tuning: Tuning, s: Spectrogram, k: number, means: Float32Array, windows: number, step: number, sampleRate: number): FoundSignal {
  const { DETECT_RATIO, DETECT_WINDOW_MS } = tuning.band;
  const near = (w: number) => Math.max(means[w * s.bins + k]!, means[w * s.bins + Math.max(0, k - 1)]!, means[w * s.bins + Math.min(s.bins - 1, k + 1)]!);
  const active: number[] = [];
  for (let w = 0; w < windows; w++) if (near(w) >= DETECT_RATIO) active.push(w);
  const frameMs = (1000 * s.hop) / sampleRate;
  const frames = keyedFrames(tuning, s, k, active[0]! * step, Math.min(s.frames, active[active.length - 1]! * step + Math.round(DETECT_WINDOW_MS / frameMs)));
  const fromMs = frames.first * frameMs;
  const toMs = (frames.last * s.hop + s.size) * (1000 / sampleRate);
  let weight = 0;
  let moment = 0;
  for (let j = Math.max(0, k - 2); j <= Math.min(s.bins - 1, k + 2); j++) {
    let above = 0;
    for (const w of active) above += Math.max(0, means[w * s.bins + j]! - 1);
    weight += above;
    moment += above * j;
  }
  const frequency = s.loHz + (weight > 0 ? moment / weight : k) * s.binHz;
  return { frequency, fromMs, toMs, ...levelOf(tuning, s, k, Math.floor((fromMs / frameMs) | 0), Math.min(s.frames, Math.ceil(toMs / frameMs)), sampleRate) };
}

/** The first and last frame in [from, to) where the tone at bin `k` is keyed: its power KEYED_RATIO times the noise's or more (else the span's ends). */
function keyedFrames(tuning: Tuning, s: Spectrogram, k: number, from: number, to: number): { first: number; last: number } {
  const { KEYED_RATIO } = tuning.band;
  const keyed = (f: number) => {
    for (let j = Math.max(0, k - 1); j <= Math.min(s.bins - 1, k + 1); j++) if (s.ratio[f * s.bins + j]! >= KEYED_RATIO) return true;
    return false;
  };
  let first = from;
  while (first < to - 1 && !keyed(first)) first++;
  let last = to - 1;
  while (last > first && !keyed(last)) last--;
  return { first, last };
}

/**
 * The tone's power while keyed, and its SNR in 3 kHz, dB: its power in the five bins about its peak
 * over the frames where it is keyed longest (KEYED_QUANTILE of the frames where it is
 * heard), against the noise's. With a Hann window, a tone of amplitude A gives
 * 1.5 A² size² / 16 over the five bins wherever it falls between two, and noise of
 * variance σ² a mean of 0.375 σ² size in each; the noise in 3 kHz is σ² 3000 / (rate / 2).
 */
function levelOf(tuning: Tuning, s: Spectrogram, k: number, from: number, to: number, sampleRate: number): { snrDb: number; powerDb: number } {
  const excess = new Float32Array(Math.max(1, to - from));
  for (let f = from; f < to; f++) {
    let sum = 0;
    for (let j = Math.max(0, k - 2); j <= Math.min(s.bins - 1, k + 2); j++) sum += s.ratio[f * s.bins + j]! * s.noise[f * s.bins + j]! - s.floor[j]!;
    excess[f - from] = sum;
  }
  const tone = selectInPlace(excess, Math.min(excess.length - 1, Math.floor(tuning.band.KEYED_QUANTILE * excess.length)));
  const perBin = s.floor[k]!;
  const tonePower = (tone * 16) / (3 * s.size * s.size);
  const noisePower = (perBin / (0.375 * s.size)) * (6000 / sampleRate);
  const dB = (ratio: number) => (ratio > 0 && Number.isFinite(ratio) ? 10 * Math.log10(ratio) : Number.NEGATIVE_INFINITY);
  // A full-scale sine's power is 1/2.
  return { snrDb: dB(tonePower / noisePower), powerDb: dB(2 * tonePower) };
}
