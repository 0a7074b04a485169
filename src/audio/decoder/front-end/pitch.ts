/**
 * Finds the tone: the strongest of the narrow peaks of the recording's average power
 * spectrum in the whole passband, from DECODE_FREQUENCY's `min` up to highestPitch of the
 * sample rate (3600 Hz at 8000 samples/s, 900 Hz at 2000). "Narrow" means standing
 * MIN_PEAK_SCORE over the spectrum's median on either side of it (sideFloors), so coloured
 * noise and the edge of a passband are no tone; nothing DYNAMIC_RANGE_DB under the strongest
 * peak counts.
 */
import { framePowers } from "../../dsp/spectrum.js";
import { DECODE_FREQUENCY, highestPitch } from "../../limits.js";
import { slidingMedians } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** Average power spectrum of Hann-windowed frames spread over `samples`, bins of sampleRate / size Hz (summed, not divided: only its shape matters). */
function averageSpectrum(tuning: Tuning, samples: Float32Array, size: number): Float64Array {
  const { MAX_FRAMES } = tuning.pitch;
  const frames = Math.max(1, Math.floor(samples.length / size));
  const used = Math.min(frames, MAX_FRAMES);
  const starts = Array.from({ length: used }, (_, f) => Math.floor((f * frames) / used) * size);
  const power = new Float64Array(size / 2);
  framePowers(samples, starts, size, (_, frame) => {
    for (let k = 0; k < power.length; k++) power[k] = power[k]! + frame[k]!;
  });
  return power;
}

/**
 * The recording cut into stretches of at most SEGMENT_S, each averaged apart: a tone that
 * drifts (a few tens of Hz over a minute) stays narrow within a stretch, where over the
 * whole recording it would spread into a plateau that stands out of nothing. A recording
 * no longer than one stretch is one.
 */
function stretches(tuning: Tuning, samples: Float32Array, sampleRate: number): Float32Array[] {
  const length = Math.round(tuning.pitch.SEGMENT_S * sampleRate);
  const count = Math.max(1, Math.round(samples.length / length));
  const step = Math.ceil(samples.length / count);
  return Array.from({ length: count }, (_, k) => samples.subarray(k * step, Math.min(samples.length, (k + 1) * step)));
}

/** The averaged spectrum, and each searched bin's band power and peak score (its band's power over the noise beside it: sideFloors). */
interface Spectrum {
  power: Float64Array;
  binHz: number;
  /** The bins searched, [lo, hi]. */
  lo: number;
  hi: number;
  halfPeak: number;
  /** peaks[k - lo]: the power of the band of bins about k. */
  peaks: Float64Array;
  /** score[k - lo]: 0 where the band holds no power. */
  score: Float64Array;
  /** The stretches' own spectra, where there are several (spectrumOf). */
  stretches?: Spectrum[];
}

/**
 * The floor a peak at each bin is measured against: the higher of the medians on either
 * side of it, each over a neighbourhood's width beyond its band. A tone stands above the
 * noise on both sides; the edge of a receiver's passband, or of a low-pass, above one only.
 */
function sideFloors(power: Float64Array, halfPeak: number, halfHood: number): (k: number) => number {
  const last = power.length - 1;
  const side = Math.max(1, Math.floor(halfHood / 2));
  const offset = halfPeak + side + 1;
  const medians = slidingMedians(power, 0, last, side);
  return (k) => Math.max(medians[Math.max(0, k - offset)]!, medians[Math.min(last, k + offset)]!);
}

/** The searched bins' peaks and scores in one averaged spectrum (see Spectrum). */
function scored(tuning: Tuning, power: Float64Array, binHz: number, range: { min: number; max: number }): Spectrum {
  const { PEAK_HALF_WIDTH_HZ, PEAK_NEIGHBOURHOOD_HZ } = tuning.pitch;
  const last = power.length - 1;
  const lo = Math.max(1, Math.floor(range.min / binHz));
  const hi = Math.min(last, Math.ceil(range.max / binHz));
  const halfPeak = Math.max(1, Math.round(PEAK_HALF_WIDTH_HZ / binHz));
  const halfHood = Math.max(halfPeak + 2, Math.round(PEAK_NEIGHBOURHOOD_HZ / binHz));
  const peaks = new Float64Array(Math.max(0, hi - lo + 1));
  for (let k = lo; k <= hi; k++) {
    for (let j = Math.max(0, k - halfPeak); j <= Math.min(last, k + halfPeak); j++) peaks[k - lo]! += power[j]!;
  }
  // What lies DYNAMIC_RANGE_DB under the strongest is distortion, a codec's or a resampler's: no tone.
  const weakest = peaks.reduce((a, b) => Math.max(a, b), 0) * 10 ** (-tuning.pitch.DYNAMIC_RANGE_DB / 10);
  const floors = sideFloors(power, halfPeak, halfHood);
  const score = peaks.map((peak, i) => (peak > weakest ? peak / (2 * halfPeak + 1) / (floors(lo + i) || Number.MIN_VALUE) : 0));
  return { power, binHz, lo, hi, halfPeak, peaks, score };
}

/**
 * The stretches' spectra (stretches), each bin scored in each: the spectrum of the stretch
 * where the best-scoring peak stands highest, with every bin's best score over all of them
 * (a peak counts where it stands out in any stretch) and its power in the sum of them all.
 */
function spectrumOf(tuning: Tuning, samples: Float32Array, sampleRate: number, searched: { min: number; max: number }): Spectrum {
  const range = { min: searched.min, max: Math.min(searched.max, highestPitch(sampleRate)) };
  let size = 256;
  while (size < sampleRate / tuning.pitch.PITCH_RESOLUTION_HZ) size <<= 1;
  const binHz = sampleRate / size;
  const spectra = stretches(tuning, samples, sampleRate).map((stretch) => scored(tuning, averageSpectrum(tuning, stretch, size), binHz, range));
  if (spectra.length === 1) return spectra[0]!;
  const total = new Float64Array(size / 2);
  for (const { power } of spectra) for (let k = 0; k < total.length; k++) total[k] = total[k]! + power[k]!;
  const whole = scored(tuning, total, binHz, range);
  for (const { score, peaks } of spectra) {
    for (let i = 0; i < whole.score.length; i++) {
      // Each stretch's peak weighed as the whole's: its share of the whole's power in that band.
      if (score[i]! > whole.score[i]!) whole.score[i] = score[i]!;
      if (peaks[i]! * spectra.length > whole.peaks[i]!) whole.peaks[i] = peaks[i]! * spectra.length;
    }
  }
  return { ...whole, stretches: spectra };
}

/**
 * The strongest peak's power-weighted centre (finer than one bin), Hz, of those that score
 * over `minScore`, at least `apartHz` from `away` if given; undefined where none does. The
 * strongest, not the best-scoring: where the noise is shaped (a receiver's passband, a
 * codec's), a faint copy of the station in a quiet part of the band stands further above
 * its own noise than the station does.
 */
function strongestPeak(
  { power, binHz, lo, hi, halfPeak, peaks, score }: Spectrum,
  minScore: number,
  away?: { from: number; apartHz: number },
  within?: { min: number; max: number },
): number | undefined {
  let best = -1;
  for (let k = lo; k <= hi; k++) {
    if (away && Math.abs(k * binHz - away.from) < away.apartHz) continue;
    if (within && (k * binHz < within.min || k * binHz > within.max)) continue;
    if (score[k - lo]! > minScore && (best < 0 || peaks[k - lo]! > peaks[best - lo]!)) best = k;
  }
  if (best < 0) return undefined;
  const last = power.length - 1;
  // Centred on the highest bin of the strongest band, so that the band leans to neither side of the tone.
  let top = best;
  for (let j = Math.max(0, best - halfPeak); j <= Math.min(last, best + halfPeak); j++) if (power[j]! > power[top]!) top = j;
  let weight = 0;
  let moment = 0;
  for (let j = Math.max(0, top - halfPeak); j <= Math.min(last, top + halfPeak); j++) {
    weight += power[j]!;
    moment += power[j]! * j;
  }
  return (moment / weight) * binHz;
}

/**
 * The tone's frequency in Hz, searched within `searched` (by default the whole passband,
 * pitchRange) and below highestPitch of the sample rate; undefined when no peak stands out
 * of the noise there (MIN_PEAK_SCORE: silence, or noise alone, even noise muted on and off).
 */
export function findPitch(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  searched: { min: number; max: number } = pitchRange(tuning, undefined, sampleRate),
): number | undefined {
  return findPitches(tuning, samples, sampleRate, searched)?.first;
}

/**
 * A tone found at `pitch`, moved to the middle of where it is in each stretch (the peak
 * nearest it there, within DRIFT_HZ, inside the searched range or not): the drift follower
 * after mixing down (front-end/drift.ts) tells offsets apart only within ±50 Hz of the
 * pitch mixed at, and a tone that drifts 100 Hz over a recording stays within that of its
 * middle.
 */
function centred(tuning: Tuning, spectrum: Spectrum, pitch: number): number {
  const { MIN_PEAK_SCORE, DRIFT_HZ } = tuning.pitch;
  let centre = pitch;
  // Again from the middle found: a stretch at the far end of a drift may lie beyond DRIFT_HZ of where it was found.
  for (let pass = 0; pass < 2 && spectrum.stretches; pass++) {
    let low = Number.POSITIVE_INFINITY;
    let high = Number.NEGATIVE_INFINITY;
    for (const stretch of spectrum.stretches) {
      const there = strongestPeak(stretch, MIN_PEAK_SCORE, undefined, { min: centre - DRIFT_HZ, max: centre + DRIFT_HZ });
      if (there === undefined) continue;
      low = Math.min(low, there);
      high = Math.max(high, there);
    }
    if (low <= high) centre = (low + high) / 2;
  }
  return centre;
}

/** The strongest tone, Hz, and the next at least some way from it (another station, or a tone that keys with the first: front-end/turns.ts tells). */
export interface Pitches {
  first: number;
  second?: number;
}

/** As findPitch, and the next tone at least `apartHz` from it that stands out of the noise as the first must (the strongest bin of noise is no station), from the one spectrum. */
export function findPitches(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  searched: { min: number; max: number },
  apartHz = 0,
): Pitches | undefined {
  const { MIN_PEAK_SCORE, DRIFT_HZ } = tuning.pitch;
  // Drawn DRIFT_HZ wider than searched, so that a tone found at the range's edge is centred on where it drifts beyond it.
  const spectrum = spectrumOf(tuning, samples, sampleRate, { min: Math.max(DECODE_FREQUENCY.min, searched.min - DRIFT_HZ), max: searched.max + DRIFT_HZ });
  const found = strongestPeak(spectrum, MIN_PEAK_SCORE, undefined, searched);
  if (found === undefined) return undefined;
  const first = centred(tuning, spectrum, found);
  return { first, second: strongestPeak(spectrum, MIN_PEAK_SCORE, { from: first, apartHz }, searched) };
}

/**
 * Where to look for the tone in samples at `sampleRate`: the whole passband, from
 * DECODE_FREQUENCY's `min` to highestPitch, or ±HINT_SEARCH_HZ around a hinted pitch within
 * it (checkHints has checked the hint).
 */
export function pitchRange(tuning: Tuning, hint: number | undefined, sampleRate: number): { min: number; max: number } {
  const whole = { min: DECODE_FREQUENCY.min, max: highestPitch(sampleRate) };
  if (hint === undefined) return whole;
  const { HINT_SEARCH_HZ } = tuning.pitch;
  return { min: Math.max(whole.min, hint - HINT_SEARCH_HZ), max: Math.min(whole.max, hint + HINT_SEARCH_HZ) };
}
