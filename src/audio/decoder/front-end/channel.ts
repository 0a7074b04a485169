/**
 * One signal's channel out of a band: the samples mixed down at its pitch (baseband.ts),
 * then low-passed to `halfWidthHz` so that the neighbours beyond are shut out before the
 * decoder's own filters, which are as wide as the keying, see them. The filter is a
 * Blackman-windowed sinc spanning CHANNEL_FILTER_PERIODS periods of the half-width,
 * applied centred, so the keying is delayed by nothing.
 */
import { TUNING } from "../tuning.js";
import { BasebandMixer, toBaseband, type Baseband } from "./baseband.js";

/** The taps of a low-pass at `cutoff` cycles per block, summing to 1. */
function lowPassTaps(cutoff: number): Float64Array {
  const half = Math.max(1, Math.round(TUNING.band.CHANNEL_FILTER_PERIODS / cutoff / 2));
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
export function channelOf(samples: Float32Array, sampleRate: number, frequency: number, halfWidthHz: number): Baseband {
  const bb = toBaseband(samples, sampleRate, frequency);
  const taps = lowPassTaps((halfWidthHz * bb.blockMs) / 1000);
  return { re: filtered(bb.re, taps), im: filtered(bb.im, taps), blockMs: bb.blockMs };
}

/**
 * A channel as the stream arrives, put back on a tone at `pitch` at a low rate for a
 * listener: mixed down and low-passed as channelOf does (the filter waits for its
 * look-ahead, `delayMs`), each block spread over `up` samples (linear between blocks) and
 * mixed up again.
 */
export class ChannelTuner {
  /** Samples per second put out. */
  readonly sampleRate: number;
  /** Audio the filter waits for before a block is put out, ms. */
  readonly delayMs: number;
  private readonly mixer: BasebandMixer;
  private readonly taps: Float64Array;
  private readonly up: number;
  private readonly step: number;
  /** Blocks received and not yet needed by the filter, and the stream index of the first. */
  private re: Float32Array = new Float32Array(0);
  private im: Float32Array = new Float32Array(0);
  private first = 0;
  /** Next block to put out. */
  private next = 0;
  private lastRe = 0;
  private lastIm = 0;
  private phase = 0;

  constructor(sampleRate: number, frequency: number, halfWidthHz: number, pitch: number, lowestRate: number) {
    this.mixer = new BasebandMixer(sampleRate, frequency);
    const blockRate = 1000 / this.mixer.blockMs;
    this.taps = lowPassTaps(halfWidthHz / blockRate);
    this.delayMs = ((this.taps.length - 1) / 2) * this.mixer.blockMs;
    this.up = Math.ceil(lowestRate / blockRate);
    this.sampleRate = blockRate * this.up;
    this.step = (2 * Math.PI * pitch) / this.sampleRate;
  }

  /** The channel's samples that `samples` complete. */
  push(samples: Float32Array): Float32Array {
    const blocks = this.mixer.push(samples);
    this.re = joined(this.re, blocks.re);
    this.im = joined(this.im, blocks.im);
    const half = (this.taps.length - 1) >> 1;
    const received = this.first + this.re.length;
    const ready = Math.max(0, received - half - this.next);
    const out = new Float32Array(ready * this.up);
    for (let b = 0; b < ready; b++, this.next++) {
      let re = 0;
      let im = 0;
      for (let j = 0; j < this.taps.length; j++) {
        const at = this.next + j - half - this.first;
        if (at < 0) continue;
        re += this.taps[j]! * this.re[at]!;
        im += this.taps[j]! * this.im[at]!;
      }
      for (let u = 1; u <= this.up; u++, this.phase += this.step) {
        const t = u / this.up;
        const zr = this.lastRe + t * (re - this.lastRe);
        const zi = this.lastIm + t * (im - this.lastIm);
        out[b * this.up + u - 1] = 2 * (zr * Math.cos(this.phase) - zi * Math.sin(this.phase));
      }
      this.lastRe = re;
      this.lastIm = im;
    }
    this.phase %= 2 * Math.PI;
    // Keep the blocks the next outputs still reach back to.
    const keepFrom = Math.max(this.first, this.next - half);
    this.re = this.re.slice(keepFrom - this.first);
    this.im = this.im.slice(keepFrom - this.first);
    this.first = keepFrom;
    return out;
  }
}

function joined(a: Float32Array, b: Float32Array): Float32Array {
  if (a.length === 0) return b;
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
