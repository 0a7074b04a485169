/**
 * The tone mixed down to complex baseband and integrated into ~1 ms blocks, so that every
 * later stage runs at ~1 kHz whatever the sample rate.
 */
import { TUNING } from "../tuning.js";

/** Complex baseband, one value per block of samples (~1 ms), integrated coherently. */
export interface Baseband {
  re: Float32Array;
  im: Float32Array;
  /** Length of one block in ms. */
  blockMs: number;
}

/**
 * Mixes `samples` down by `frequency` and sums each block: an integrate-and-dump filter,
 * so everything after runs at ~1 kHz whatever the sample rate. The oscillator restarts
 * from its exact phase at every block, so it cannot drift in amplitude or phase.
 */
export function toBaseband(samples: Float32Array, sampleRate: number, frequency: number): Baseband {
  const { BLOCK_MS } = TUNING.baseband;
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
