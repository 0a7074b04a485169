/** Power spectra of Hann-windowed frames, two real frames per complex FFT. */
import { fft } from "./fft.js";

const windows = new Map<number, Float64Array>();

/** The Hann window of `size` points (cached). */
export function hann(size: number): Float64Array {
  let w = windows.get(size);
  if (!w) {
    w = new Float64Array(size);
    for (let i = 0; i < size; i++) w[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size);
    windows.set(size, w);
  }
  return w;
}

/**
 * Calls `each(frame, power)` with the power spectrum (bins 0 to size / 2 - 1, |X|² of the
 * windowed frame) of the frames of `size` samples starting at `starts`, in order; samples
 * past the end count as silence. Two real frames share one complex FFT, one as the real
 * part and one as the imaginary: their powers at bin k are |X[k] ± conj X[size - k]|² / 4.
 */
export function framePowers(samples: Float32Array, starts: ArrayLike<number>, size: number, each: (frame: number, power: Float64Array) => void): void {
  const window = hann(size);
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  const first = new Float64Array(size / 2);
  const second = new Float64Array(size / 2);
  for (let f = 0; f < starts.length; f += 2) {
    const a = starts[f]!;
    const b = f + 1 < starts.length ? starts[f + 1]! : -1;
    windowed(samples, a, window, re);
    if (b < 0) im.fill(0);
    else windowed(samples, b, window, im);
    fft(re, im);
    for (let k = 0; k < size / 2; k++) {
      const m = k === 0 ? 0 : size - k;
      const aRe = re[k]! + re[m]!;
      const aIm = im[k]! - im[m]!;
      const bRe = im[k]! + im[m]!;
      const bIm = re[m]! - re[k]!;
      first[k] = (aRe * aRe + aIm * aIm) / 4;
      second[k] = (bRe * bRe + bIm * bIm) / 4;
    }
    each(f, first);
    if (b >= 0) each(f + 1, second);
  }
}

/**
 * The frame of samples from `start` times the window, into `into`; 0 where the frame lies
 * past either end (as a sample of silence times the window). The frame is cut to the
 * samples first, as a read past a typed array's end is slow.
 */
function windowed(samples: Float32Array, start: number, window: Float64Array, into: Float64Array): void {
  const from = Math.max(0, -start);
  const to = Math.max(from, Math.min(window.length, samples.length - start));
  into.fill(0, 0, from);
  for (let i = from; i < to; i++) into[i] = samples[start + i]! * window[i]!;
  into.fill(0, to);
}
