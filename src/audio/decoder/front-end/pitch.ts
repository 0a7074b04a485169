/**
 * Finds the tone: the narrowest, strongest peak of the recording's average power
 * spectrum between DECODE_FREQUENCY's bounds, and below DECODE_FREQUENCY_MAX_OF_RATE of
 * the sample rate (900 Hz at 2000 samples/s). "Narrow" means measured against the
 * spectrum's median in the surrounding 120 Hz, so coloured noise and hum do not win.
 */
import { framePowers } from "../../dsp/spectrum.js";
import { DECODE_FREQUENCY, DECODE_FREQUENCY_MAX_OF_RATE } from "../../limits.js";
import { slidingMedians } from "../../dsp/stats.js";
import { TUNING } from "../tuning.js";

/** Average power spectrum of Hann-windowed frames spread over the recording, bins of sampleRate / size Hz (summed, not divided: only its shape matters). */
function averageSpectrum(samples: Float32Array, size: number): Float64Array {
  const { MAX_FRAMES } = TUNING.pitch;
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
 * `range` cut at DECODE_FREQUENCY_MAX_OF_RATE of the sample rate, where a tone still fits
 * under Nyquist. A range wholly above that (a hint beyond what the recording can hold)
 * slides down to end there, keeping its width.
 */
export function belowNyquist(range: { min: number; max: number }, sampleRate: number): { min: number; max: number } {
  const top = DECODE_FREQUENCY_MAX_OF_RATE * sampleRate;
  if (range.max <= top) return range;
  return { min: range.min < top ? range.min : Math.max(0, top - (range.max - range.min)), max: top };
}

/** The averaged spectrum and each searched bin's peak score (its band's power over the neighbourhood's median). */
interface Spectrum {
  power: Float64Array;
  binHz: number;
  /** The bins searched, [lo, hi]. */
  lo: number;
  hi: number;
  halfPeak: number;
  /** score[k - lo]: 0 where the band holds no power. */
  score: Float64Array;
}

function spectrumOf(samples: Float32Array, sampleRate: number, searched: { min: number; max: number }): Spectrum {
  const { RESOLUTION_HZ, PEAK_HALF_WIDTH_HZ, NEIGHBOURHOOD_HZ } = TUNING.pitch;
  const range = belowNyquist(searched, sampleRate);
  let size = 256;
  while (size < sampleRate / RESOLUTION_HZ) size <<= 1;
  const power = averageSpectrum(samples, size);
  const binHz = sampleRate / size;
  const last = power.length - 1;
  const lo = Math.max(1, Math.floor(range.min / binHz));
  const hi = Math.min(last, Math.ceil(range.max / binHz));
  const halfPeak = Math.max(1, Math.round(PEAK_HALF_WIDTH_HZ / binHz));
  const halfHood = Math.max(halfPeak + 2, Math.round(NEIGHBOURHOOD_HZ / binHz));
  const score = new Float64Array(Math.max(0, hi - lo + 1));
  const floors = slidingMedians(power, lo, hi, halfHood);
  for (let k = lo; k <= hi; k++) {
    let peak = 0;
    for (let j = Math.max(0, k - halfPeak); j <= Math.min(last, k + halfPeak); j++) peak += power[j]!;
    const floor = floors[k - lo]!;
    score[k - lo] = peak > 0 ? peak / (2 * halfPeak + 1) / (floor || Number.MIN_VALUE) : 0;
  }
  return { power, binHz, lo, hi, halfPeak, score };
}

/**
 * The best-scoring peak's power-weighted centre (finer than one bin), Hz, at least `apartHz`
 * from `away` if given; undefined where none scores over `minScore`.
 */
function strongestPeak({ power, binHz, lo, hi, halfPeak, score }: Spectrum, minScore: number, away?: { from: number; apartHz: number }): number | undefined {
  let best = -1;
  let bestScore = minScore;
  for (let k = lo; k <= hi; k++) {
    if (away && Math.abs(k * binHz - away.from) < away.apartHz) continue;
    if (score[k - lo]! > bestScore) {
      bestScore = score[k - lo]!;
      best = k;
    }
  }
  if (best < 0) return undefined;
  const last = power.length - 1;
  let weight = 0;
  let moment = 0;
  for (let j = Math.max(0, best - halfPeak); j <= Math.min(last, best + halfPeak); j++) {
    weight += power[j]!;
    moment += power[j]! * j;
  }
  return (moment / weight) * binHz;
}

/**
 * The tone's frequency in Hz, searched within `searched` (default DECODE_FREQUENCY) below
 * DECODE_FREQUENCY_MAX_OF_RATE of the sample rate (belowNyquist); undefined when no peak
 * stands out of the noise there (MIN_PEAK_SCORE: silence, or noise alone, even noise muted
 * on and off).
 */
export function findPitch(samples: Float32Array, sampleRate: number, searched: { min: number; max: number } = DECODE_FREQUENCY): number | undefined {
  return strongestPeak(spectrumOf(samples, sampleRate, searched), TUNING.pitch.MIN_PEAK_SCORE);
}

/** The strongest tone, Hz, and the next at least some way from it (another station, or noise: front-end/turns.ts tells). */
export interface Pitches {
  first: number;
  second?: number;
}

/** As findPitch, and the next tone at least `apartHz` from it, from the one spectrum. */
export function findPitches(samples: Float32Array, sampleRate: number, searched: { min: number; max: number }, apartHz: number): Pitches | undefined {
  const spectrum = spectrumOf(samples, sampleRate, searched);
  const first = strongestPeak(spectrum, TUNING.pitch.MIN_PEAK_SCORE);
  return first === undefined ? undefined : { first, second: strongestPeak(spectrum, 0, { from: first, apartHz }) };
}

/**
 * Where to look for the tone: DECODE_FREQUENCY, or ±HINT_SEARCH_HZ around a hinted pitch
 * (clamped to DECODE_FREQUENCY; a hint that is not finite is ignored). findPitch cuts it
 * below Nyquist for the recording's sample rate.
 */
export function pitchRange(hint: number | undefined): { min: number; max: number } {
  if (hint === undefined || !Number.isFinite(hint)) return DECODE_FREQUENCY;
  const { HINT_SEARCH_HZ } = TUNING.pitch;
  const hinted = Math.min(DECODE_FREQUENCY.max, Math.max(DECODE_FREQUENCY.min, hint));
  return {
    min: Math.max(DECODE_FREQUENCY.min, hinted - HINT_SEARCH_HZ),
    max: Math.min(DECODE_FREQUENCY.max, hinted + HINT_SEARCH_HZ),
  };
}
