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
import { TUNING } from "../tuning.js";
import { bridgeCrashes } from "./crash-bridge.js";

/** Complex baseband, one value per block of samples (~1 ms), integrated coherently. */
export interface Baseband {
  re: Float32Array;
  im: Float32Array;
  /** Length of one block in ms. */
  blockMs: number;
}

/**
 * Mixes samples down by `frequency` and sums each block as the samples arrive: an
 * integrate-and-dump filter, so everything after runs at ~1 kHz whatever the sample rate.
 * The oscillator restarts at every block from the block's phasor, which is turned block
 * by block from the last and set to its exact value every EXACT_BLOCKS blocks: it cannot
 * drift in amplitude or phase (the turns' rounding adds up to under 1e-13 between exact
 * values), and a block's cosine and sine, dearer than its eight samples' mixing, are worked
 * out once in EXACT_BLOCKS. The phase and a partly filled block carry from one push to the
 * next, so the blocks are the same however the samples are cut.
 */
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
   * oscillator's phase is omega times this), the partial block's sums, the oscillator
   * where the last push left it, and where it stood at the block's start. (Fields that
   * start as small integers and become doubles change the object's shape, and the
   * optimised push was thrown away at every new mixer.)
   */
  private readonly carried = Float64Array.of(0, 0, 0, 1, 0, 1, 0);

  constructor(sampleRate: number, frequency: number) {
    this.block = Math.max(1, Math.round((TUNING.baseband.BLOCK_MS * sampleRate) / 1000));
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
    let [n, sumRe, sumIm, c, s, blockC, blockS] = [carried[0]!, carried[1]!, carried[2]!, carried[3]!, carried[4]!, carried[5]!, carried[6]!];
    const count = Math.floor(((n % block) + samples.length) / block);
    const re = new Float32Array(count);
    const im = new Float32Array(count);
    let b = 0;
    for (let i = 0; i < samples.length; ) {
      // The samples up to the end of the current block, or of this push.
      const end = Math.min(samples.length, i + block - (n % block));
      n += end - i;
      for (; i < end; i++) {
        const x = samples[i]!;
        sumRe += x * c;
        sumIm -= x * s;
        const next = c * stepCos - s * stepSin;
        s = s * stepCos + c * stepSin;
        c = next;
      }
      if (n % block !== 0) break;
      re[b] = sumRe / block;
      im[b++] = sumIm / block;
      sumRe = 0;
      sumIm = 0;
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
    carried.set([n, sumRe, sumIm, c, s, blockC, blockS]);
    return { re, im };
  }
}

/** The baseband of a whole recording: the mixer fed in one go (a partial last block is left out), static crashes bridged (crash-bridge.ts). */
export function toBaseband(samples: Float32Array, sampleRate: number, frequency: number): Baseband {
  const mixer = new BasebandMixer(sampleRate, frequency);
  const bb = { ...mixer.push(samples), blockMs: mixer.blockMs };
  bridgeCrashes(bb, frequency, sampleRate, (hz) => new BasebandMixer(sampleRate, hz).push(samples));
  return bb;
}

/** The baseband divided by `gain` (a fade, around 1) block by block, kept within MAX_FADE_GAIN either way. */
export function withoutFade(bb: Baseband, gain: Float32Array): Baseband {
  const { MAX_FADE_GAIN } = TUNING.baseband;
  const re = new Float32Array(bb.re.length);
  const im = new Float32Array(bb.im.length);
  for (let i = 0; i < re.length; i++) {
    const g = Math.min(MAX_FADE_GAIN, Math.max(1 / MAX_FADE_GAIN, gain[i] ?? 1));
    re[i] = bb.re[i]! / g;
    im[i] = bb.im[i]! / g;
  }
  return { re, im, blockMs: bb.blockMs };
}
