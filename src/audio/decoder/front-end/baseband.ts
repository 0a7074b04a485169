/**
 * The tone mixed down to complex baseband and integrated into ~1 ms blocks, so that every
 * later stage runs at ~1 kHz whatever the sample rate.
 *
 * A block filters little of the tone's image at twice its pitch: at 2000 samples/s it is
 * 2 samples, and a 900 Hz tone's image, folded to 200 Hz from the tone, passes at 0.95 of
 * its level (a 200 Hz tone's, 400 Hz away, passes at 0.76 to 0.81 at any rate). The pitch
 * search stays below 0.45 of the sample rate (DECODE_FREQUENCY_MAX_OF_RATE), so the image
 * lies 0.1 of the rate or more from the tone, a ripple the dot-length filters after average
 * away: at 2000 samples/s the decoder reads as well as at 8000 (CER at -9 dB, 20 wpm, and
 * -5 dB, 45 wpm, 30 recordings each at 200, 600 and 900 Hz: 0.1 to 0.5 %; at 8000, 0.1 to 0.9 %).
 */
import type { Tuning } from "../tuning.js";
import { bridgeCrashes } from "./crash-bridge.js";

/** Complex baseband, one value per block of samples (~1 ms), integrated coherently. */
export interface Baseband {
  re: Float32Array;
  im: Float32Array;
  /** Length of one block in ms. */
  blockMs: number;
}

/**
 * How a mixer integrates its samples into blocks. `sum`: each block the mean of its own
 * samples (integrate and dump). It lets a tone 1 kHz from the pitch through at -26 dB,
 * folded to within a few Hz of it, where the decoder's filters after cannot tell it from
 * the tone; a recording's own stages are fitted to its blocks' noise, which is white.
 * `triangle`: a window two blocks long, rising over the block before and falling over its
 * own (half a block earlier than the sum), the sum's response squared: a tone 950 to 1050
 * Hz away is held to -50 dB and under, 850 Hz away to -30 dB. A band's channels take it,
 * since a strong station 1 kHz away was read in a quiet channel (`5WTK K` for another's
 * `PY5WTK K`), and their low-pass after colours the blocks' noise anyway. Its first block,
 * with no block before it, is its own half of the window.
 */
export type BlockWindow = "sum" | "triangle";

/**
 * Mixes samples down by `frequency` and integrates them into blocks (`window`) as the
 * samples arrive, so that everything after runs at ~1 kHz whatever the sample rate.
 * The oscillator restarts at every block from the block's phasor, which is turned block
 * by block from the last and set to its exact value every EXACT_BLOCKS blocks: it cannot
 * drift in amplitude or phase (the turns' rounding adds up to under 1e-13 between exact
 * values), and a block's cosine and sine, dearer than its eight samples' mixing, are worked
 * out once in EXACT_BLOCKS. The phase and a partly filled block carry from one push to the
 * next, so the blocks are the same however the samples are cut.
 */
/** What a mixer carries from one push to the next (BasebandMixer's `carried`). */
type Carried = [number, number, number, number, number, number, number, number, number, number, number];

/** Blocks between two phasors worked out exactly (see BasebandMixer). */
const EXACT_BLOCKS = 256;

export class BasebandMixer {
  /** Samples per block. */
  readonly block: number;
  /** Length of one block in ms. */
  readonly blockMs: number;
  private readonly omega: number;
  private readonly stepCos: number;
  private readonly stepSin: number;
  private readonly blockCos: number;
  private readonly blockSin: number;
  /**
   * What carries from one push to the next, as doubles: the samples mixed so far (the
   * oscillator's phase is omega times this), the partial block's sums and its sums weighted
   * by each sample's place in the block, the oscillator where the last push left it, where
   * it stood at the block's start, and the rising half of the window the last block
   * completed gave the next. (Fields that start as small integers and become doubles change
   * the object's shape, and the optimised push was thrown away at every new mixer.)
   */
  private readonly carried = Float64Array.of(0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0);

  constructor(
    tuning: Tuning,
    sampleRate: number,
    frequency: number,
    readonly window: BlockWindow = "sum",
  ) {
    this.block = Math.max(1, Math.round((tuning.baseband.BLOCK_MS * sampleRate) / 1000));
    this.blockMs = (1000 * this.block) / sampleRate;
    this.omega = (2 * Math.PI * frequency) / sampleRate;
    this.stepCos = Math.cos(this.omega);
    this.stepSin = Math.sin(this.omega);
    this.blockCos = Math.cos(this.omega * this.block);
    this.blockSin = Math.sin(this.omega * this.block);
  }

  /** The blocks that `samples` complete, in order. */
  push(samples: Float32Array): { re: Float32Array; im: Float32Array } {
    const { block, omega, stepCos, stepSin, blockCos, blockSin, carried } = this;
    const triangle = this.window === "triangle";
    let [n, sumRe, sumIm, placedRe, placedIm, c, s, blockC, blockS, risenRe, risenIm] = [...carried] as Carried;
    const count = Math.floor(((n % block) + samples.length) / block);
    const re = new Float32Array(count);
    const im = new Float32Array(count);
    // The window's weights: a sample at place p of its block gives (block - p - 1/2) to its own block, p + 1/2 to the next.
    const scale = 1 / (block * block);
    let b = 0;
    for (let i = 0; i < samples.length; ) {
      // The samples up to the end of the current block, or of this push.
      const end = Math.min(samples.length, i + block - (n % block));
      let place = n % block;
      n += end - i;
      for (; i < end; i++, place++) {
        const x = samples[i]!;
        const xRe = x * c;
        const xIm = x * s;
        sumRe += xRe;
        sumIm -= xIm;
        placedRe += place * xRe;
        placedIm -= place * xIm;
        const next = c * stepCos - s * stepSin;
        s = s * stepCos + c * stepSin;
        c = next;
      }
      if (n % block !== 0) break;
      if (triangle) {
        const fallingRe = (block - 0.5) * sumRe - placedRe;
        const fallingIm = (block - 0.5) * sumIm - placedIm;
        // The first block has no rising half before it: its falling half alone, weighted as a whole window.
        const first = n === block;
        re[b] = first ? 2 * fallingRe * scale : (risenRe + fallingRe) * scale;
        im[b++] = first ? 2 * fallingIm * scale : (risenIm + fallingIm) * scale;
      } else {
        re[b] = sumRe / block;
        im[b++] = sumIm / block;
      }
      risenRe = placedRe + 0.5 * sumRe;
      risenIm = placedIm + 0.5 * sumIm;
      sumRe = 0;
      sumIm = 0;
      placedRe = 0;
      placedIm = 0;
      // Back to the exact phase every EXACT_BLOCKS blocks; between, the block's phasor turned from the last block's start.
      const k = n / block;
      if (k % EXACT_BLOCKS === 0) {
        c = Math.cos(omega * n);
        s = Math.sin(omega * n);
      } else {
        c = blockC * blockCos - blockS * blockSin;
        s = blockS * blockCos + blockC * blockSin;
      }
      blockC = c;
      blockS = s;
    }
    carried.set([n, sumRe, sumIm, placedRe, placedIm, c, s, blockC, blockS, risenRe, risenIm]);
    return { re, im };
  }
}

/** The baseband of a whole recording: the mixer fed in one go (a partial last block is left out), static crashes bridged (crash-bridge.ts). */
export function toBaseband(tuning: Tuning, samples: Float32Array, sampleRate: number, frequency: number, window: BlockWindow = "sum"): Baseband {
  const mixer = new BasebandMixer(tuning, sampleRate, frequency, window);
  const bb = { ...mixer.push(samples), blockMs: mixer.blockMs };
  bridgeCrashes(tuning, bb, frequency, sampleRate, (hz) => new BasebandMixer(tuning, sampleRate, hz, window).push(samples));
  return bb;
}

/** The baseband divided by `gain` (a fade, around 1) block by block, kept within MAX_FADE_GAIN either way. */
export function withoutFade(tuning: Tuning, bb: Baseband, gain: Float32Array): Baseband {
  const { MAX_FADE_GAIN } = tuning.baseband;
  const re = new Float32Array(bb.re.length);
  const im = new Float32Array(bb.im.length);
  for (let i = 0; i < re.length; i++) {
    const g = Math.min(MAX_FADE_GAIN, Math.max(1 / MAX_FADE_GAIN, gain[i] ?? 1));
    re[i] = bb.re[i]! / g;
    im[i] = bb.im[i]! / g;
  }
  return { re, im, blockMs: bb.blockMs };
}
