/**
 * Lowers a sample rate by an integer factor as the samples arrive: a linear-phase low-pass
 * (a Kaiser-windowed sinc) then every `factor`-th sample. It passes everything below
 * PASSBAND of the new rate and stops, STOPBAND_DB down, everything from 1 - PASSBAND of it
 * up, which is what would fold onto the passband: a receiver's whole audio band is kept and
 * nothing above it (noise, a tone's harmonics, a codec's images) lands in it as a signal.
 * Output j is centred on input j × factor (the filter looks half its length ahead), so
 * times are the same before and after; state carries from one push to the next, so the
 * output is the same however the input is cut.
 */

/** Share of the new rate passed: the decoder looks for tones up to 0.45 of its rate (limits.ts DECODE_FREQUENCY_MAX_OF_RATE). */
const PASSBAND = 0.45;
/** Attenuation of what would fold into the passband, dB: a full-scale tone above the band folds to under a 16-bit recording's noise. */
const STOPBAND_DB = 80;

/** The modified Bessel function of the first kind, order 0 (its series; Kaiser's window). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; term > 1e-12 * sum; k++) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
  }
  return sum;
}

/** The low-pass's taps for `factor` (odd in number, summing to 1), by Kaiser's design formulas. */
function lowPassTaps(factor: number): Float32Array {
  const transition = (2 * Math.PI * (1 - 2 * PASSBAND)) / factor;
  const half = Math.ceil((STOPBAND_DB - 8) / (2.285 * transition) / 2);
  const beta = 0.1102 * (STOPBAND_DB - 8.7);
  const cutoff = 0.5 / factor;
  const taps = new Float64Array(2 * half + 1);
  let sum = 0;
  for (let n = -half; n <= half; n++) {
    const sinc = n === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * n) / (Math.PI * n);
    const window = besselI0(beta * Math.sqrt(1 - (n / half) ** 2)) / besselI0(beta);
    taps[n + half] = sinc * window;
    sum += sinc * window;
  }
  return Float32Array.from(taps, (t) => t / sum);
}

/**
 * The filter's output centred on `input[centre]`: the centre tap, then each pair of taps
 * folded (the filter is symmetric), summed in that order. Four pairs a turn: the loop's
 * own overhead halves, the sum's order and so its value stay the same.
 */
function tapSum(taps: Float32Array, half: number, input: Float32Array, centre: number): number {
  let sum = taps[0]! * input[centre]!;
  let i = 1;
  for (; i + 3 <= half; i += 4) {
    sum += taps[i]! * (input[centre - i]! + input[centre + i]!);
    sum += taps[i + 1]! * (input[centre - i - 1]! + input[centre + i + 1]!);
    sum += taps[i + 2]! * (input[centre - i - 2]! + input[centre + i + 2]!);
    sum += taps[i + 3]! * (input[centre - i - 3]! + input[centre + i + 3]!);
  }
  for (; i <= half; i++) sum += taps[i]! * (input[centre - i]! + input[centre + i]!);
  return sum;
}

export class Decimator {
  /** The filter's taps, symmetric: half + 1 of them stored, the centre first. */
  private readonly taps: Float32Array;
  private readonly half: number;
  /** Input not yet wholly used, from index `base` of the stream (negative indices are silence). */
  private pending: Float32Array;
  private base: number;
  /** Input received, and the next output's index. */
  private received = 0;
  private next = 0;

  constructor(readonly factor: number) {
    if (!Number.isInteger(factor) || factor < 1) throw new RangeError("factor must be a positive integer");
    const all = factor === 1 ? Float32Array.of(1) : lowPassTaps(factor);
    this.half = (all.length - 1) / 2;
    this.taps = all.slice(this.half);
    this.pending = new Float32Array(this.half);
    this.base = -this.half;
  }

  /** The decimated samples that `samples` complete (about samples.length / factor). */
  push(samples: Float32Array): Float32Array {
    if (this.factor === 1) {
      this.received += samples.length;
      return samples;
    }
    this.received += samples.length;
    const joined = new Float32Array(this.pending.length + samples.length);
    joined.set(this.pending);
    // A stream may hold NaN or infinities, which would spread over the filter's length: they count as silence.
    for (let i = 0, at = this.pending.length; i < samples.length; i++) {
      const x = samples[i]!;
      joined[at + i] = x - x === 0 ? x : 0;
    }
    return this.emit(joined, this.received - 1);
  }

  /** The samples still owed at the end of the stream, the input after it taken as silence. */
  flush(): Float32Array {
    if (this.factor === 1) return new Float32Array(0);
    const joined = new Float32Array(this.pending.length + 2 * this.half);
    joined.set(this.pending);
    return this.emit(joined, this.received - 1 + this.half);
  }

  /** Outputs whose window ends by input index `last` (and centre within the stream), from `input` (which starts at `base`). */
  private emit(input: Float32Array, last: number): Float32Array {
    const { factor, half, taps } = this;
    const count = Math.max(0, Math.min(Math.floor((last - half) / factor), Math.ceil(this.received / factor) - 1) - this.next + 1);
    const out = new Float32Array(count);
    for (let o = 0; o < count; o++) out[o] = tapSum(taps, half, input, (this.next + o) * factor - this.base);
    this.next += count;
    const keepFrom = this.next * factor - half;
    this.pending = input.slice(Math.min(input.length, keepFrom - this.base));
    this.base = keepFrom;
    return out;
  }
}

/** The whole of `samples` brought down by `factor` (the batch form of Decimator). */
export function decimate(samples: Float32Array, factor: number): Float32Array {
  if (factor === 1) return samples;
  const decimator = new Decimator(factor);
  const head = decimator.push(samples);
  const tail = decimator.flush();
  const out = new Float32Array(head.length + tail.length);
  out.set(head);
  out.set(tail, head.length);
  return out;
}
