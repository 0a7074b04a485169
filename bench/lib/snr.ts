/**
 * A recording's signal-to-noise ratio as the Kaggle set's generator states it: the tone's
 * power over the whole file (key-up time included) against the noise's power over the
 * whole band, measured from an averaged spectrum (Welch, Hann windows): the noise's
 * density is the median bin away from the tone, the tone's power what the bins around
 * its peak hold beyond it.
 */
import { fft } from "../../src/audio/dsp/fft.js";
import { median } from "../../src/audio/dsp/stats.js";

const SEGMENT = 4096;
/** The tone's bins: its keying's sidebands lie within this of its peak, Hz. */
const TONE_HALF_WIDTH_HZ = 100;
/** Bins this far from the peak, Hz, measure the noise. */
const NOISE_FROM_HZ = 150;

function spectrum(samples: Float32Array): Float64Array {
  const power = new Float64Array(SEGMENT / 2);
  const re = new Float64Array(SEGMENT);
  const im = new Float64Array(SEGMENT);
  let segments = 0;
  for (let start = 0; start + SEGMENT <= samples.length; start += SEGMENT / 2, segments++) {
    for (let i = 0; i < SEGMENT; i++) re[i] = samples[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / SEGMENT));
    im.fill(0);
    fft(re, im);
    for (let k = 0; k < SEGMENT / 2; k++) power[k] = power[k]! + re[k]! * re[k]! + im[k]! * im[k]!;
  }
  return segments > 0 ? power : new Float64Array(0);
}

/** The SNR in dB of the strongest tone from 200 Hz up; NaN for a recording shorter than one segment. */
export function measuredSnrDb(samples: Float32Array, sampleRate: number): number {
  const power = spectrum(samples);
  if (power.length === 0) return Number.NaN;
  const hz = sampleRate / SEGMENT;
  let peak = Math.ceil(200 / hz);
  for (let k = peak; k < power.length; k++) if (power[k]! > power[peak]!) peak = k;
  const noise: number[] = [];
  for (let k = 1; k < power.length; k++) if (Math.abs(k - peak) * hz >= NOISE_FROM_HZ) noise.push(power[k]!);
  const density = median(noise);
  let tone = 0;
  for (let k = Math.max(1, peak - Math.round(TONE_HALF_WIDTH_HZ / hz)); k <= Math.min(power.length - 1, peak + Math.round(TONE_HALF_WIDTH_HZ / hz)); k++) {
    tone += power[k]! - density;
  }
  return 10 * Math.log10(Math.max(tone, 1e-30) / (density * power.length));
}
