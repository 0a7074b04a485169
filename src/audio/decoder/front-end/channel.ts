/**
 * One signal's channel out of a band: the samples mixed down at its pitch into blocks of a
 * triangular window (baseband.ts: it holds out a station about 1 kHz away, which a block's
 * sum folds to near the pitch), then low-passed to `halfWidthHz` so that the neighbours beyond are shut out before the
 * decoder's own filters, which are as wide as the keying, see them. The filter is a
 * Blackman-windowed sinc spanning CHANNEL_FILTER_PERIODS periods of the half-width,
 * applied centred, so the keying is delayed by nothing.
 */
import type { Tuning } from "../tuning.js";
import { toBaseband, type Baseband } from "./baseband.js";

/** The taps of a low-pass at `cutoff` cycles per block, summing to 1. */
function lowPassTaps(tuning: Tuning, cutoff: number): Float64Array {
  const half = Math.max(1, Math.round(tuning.band.CHANNEL_FILTER_PERIODS / cutoff / 2));
  const taps = new Float64Array(2 * half + 1);
  let sum = 0;
  for (let i = -half; i <= half; i++) {
    const x = 2 * Math.PI * cutoff * i;
    const sinc = i === 0 ? 1 : Math.sin(x) / x;
    const t = (i + half) / (2 * half);
    const blackman = 0.42 - 0.5 * Math.cos(2 * Math.PI * t) + 0.08 * Math.cos(4 * Math.PI * t);
    taps[i + half] = sinc * blackman;
    sum += taps[i + half]!;
  }
  for (let i = 0; i < taps.length; i++) taps[i] = taps[i]! / sum;
  return taps;
}

function filtered(x: Float32Array, taps: Float64Array): Float32Array {
  const half = (taps.length - 1) >> 1;
  const n = x.length;
  const y = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let sum = 0;
    const from = Math.max(0, i - half);
    const to = Math.min(n - 1, i + half);
    for (let j = from; j <= to; j++) sum += taps[j - i + half]! * x[j]!;
    y[i] = sum;
  }
  return y;
}

/** The baseband of the signal at `frequency`, low-passed to ±`halfWidthHz`. */
export function channelOf(tuning: Tuning, samples: Float32Array, sampleRate: number, frequency: number, halfWidthHz: number): Baseband {
  const bb = toBaseband(tuning, samples, sampleRate, frequency, "triangle");
  const taps = lowPassTaps(tuning, (halfWidthHz * bb.blockMs) / 1000);
  return { re: filtered(bb.re, taps), im: filtered(bb.im, taps), blockMs: bb.blockMs };
}
