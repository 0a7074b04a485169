/**
 * Sounds a core Timeline as a keyed sine: mono 16-bit PCM WAV, streamed in chunks so
 * that a long text never sits in memory whole.
 *
 * Each tone edge is a raised-cosine ramp of RAMP_MS centred on the element's nominal
 * edge: the envelope is exactly 0.5 there, so a tone measured between its 50 %-amplitude
 * points lasts what the timeline says. The file is the timeline with PAD_MS of silence
 * before and after it (its times offset by the lead PAD_MS), so that the first rise and
 * the last fall are whole and the file starts and ends with samples of exactly 0: no
 * click at either end.
 */
import { MorseError } from "../../core/errors.js";
import { FREQUENCY } from "../../core/limits.js";
import { integerOutOfRange, numberOutOfRange } from "../../core/messages.js";
import type { Timeline } from "../../core/timing.js";
import { PAD_MS, PEAK, RAMP_MS, SAMPLE_RATE } from "../limits.js";
import { PCM16, wavHeader, wavHeaderLength } from "../wav/writer.js";

export interface RenderOptions {
  /** Tone pitch in Hz (200 to 1000). */
  frequency: number;
  /** Samples per second, an integer from 8000 to 48000. */
  sampleRate: number;
}

/** Samples per chunk that `renderWavChunks` yields by default: 16 KiB of 16-bit PCM. */
export const DEFAULT_CHUNK_SAMPLES = 8192;

function checkSampleRate(sampleRate: number): void {
  if (!Number.isInteger(sampleRate) || sampleRate < SAMPLE_RATE.min || sampleRate > SAMPLE_RATE.max) {
    throw new MorseError("INVALID_OPTION", integerOutOfRange("sampleRate", SAMPLE_RATE.min, SAMPLE_RATE.max));
  }
}

function checkFrequency(frequency: number): void {
  if (!Number.isFinite(frequency) || frequency < FREQUENCY.min || frequency > FREQUENCY.max) {
    throw new MorseError("INVALID_OPTION", numberOutOfRange("frequency", FREQUENCY.min, FREQUENCY.max));
  }
}

/** Samples in `timeline` with `padMs` of silence at each end, rounded to the nearest sample. */
function paddedSamples(timeline: Timeline, sampleRate: number, padMs: number): number {
  return Math.round(((timeline.durationMs + 2 * padMs) * sampleRate) / 1000);
}

/** Samples in the rendering of a timeline: its duration plus PAD_MS at each end, rounded to the nearest sample. */
export function sampleCount(timeline: Timeline, sampleRate: number): number {
  return paddedSamples(timeline, sampleRate, PAD_MS);
}

/** Exact size in bytes of `renderWavChunks`' output (for Content-Length), without rendering. */
export function wavByteLength(timeline: Timeline, sampleRate: number): number {
  checkSampleRate(sampleRate);
  return wavHeaderLength(PCM16) + 2 * sampleCount(timeline, sampleRate);
}

/** One tone within a stretch of samples (KeyingEnvelope.forEachTone). */
export interface ToneSpan {
  /** First and last sample of the stretch where the tone sounds, ramps included. */
  first: number;
  last: number;
  /** Samples [flat, flatEnd) are at full amplitude (empty for a tone shorter than its ramps). */
  flat: number;
  flatEnd: number;
  /** Where the rising and the falling ramp are centred, in fractional samples. */
  rise: number;
  fall: number;
}

/**
 * The keying envelope of a timeline (0 key up, 1 key down, raised-cosine edges), filled
 * a chunk at a time, with `padMs` of silence at each end (the WAV's PAD_MS by default; 0
 * gives the timeline alone, its first rise and last fall cut in half). Tone edges are kept
 * in fractional samples so that each ramp's midpoint falls exactly on the nominal edge
 * (offset by `padMs`), whatever the sample rate.
 */
export class KeyingEnvelope {
  /** Tone starts and ends in samples, ascending: [start0, end0, start1, end1, ...]. */
  private readonly edges: Float64Array;
  /** Half a ramp, in samples. */
  private readonly halfRamp: number;
  readonly length: number;

  constructor(timeline: Timeline, sampleRate: number, padMs: number = PAD_MS) {
    const perMs = sampleRate / 1000;
    const tones = timeline.sequence.filter((s) => s.type !== "silence");
    this.edges = new Float64Array(tones.length * 2);
    tones.forEach((s, i) => {
      this.edges[2 * i] = (s.startMs + padMs) * perMs;
      this.edges[2 * i + 1] = (s.startMs + s.durationMs + padMs) * perMs;
    });
    this.halfRamp = (RAMP_MS / 2) * perMs;
    this.length = paddedSamples(timeline, sampleRate, padMs);
  }

  /** Index of the first tone whose fall ends after sample `n`. */
  private firstToneEndingAfter(n: number): number {
    let lo = 0;
    let hi = this.edges.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.edges[2 * mid + 1]! + this.halfRamp <= n) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Calls `visit` for every tone sounding within samples [start, end): its first and last
   * sample there, the samples [flat, flatEnd) between them where it is at full amplitude,
   * and where its two ramps are centred (fractional samples).
   */
  forEachTone(start: number, end: number, visit: (tone: ToneSpan) => void): void {
    const h = this.halfRamp;
    for (let t = this.firstToneEndingAfter(start); 2 * t < this.edges.length; t++) {
      const rise = this.edges[2 * t]!;
      const fall = this.edges[2 * t + 1]!;
      if (rise - h >= end) break;
      const first = Math.max(start, Math.ceil(rise - h));
      const last = Math.min(end - 1, Math.floor(fall + h));
      const flat = Math.min(last + 1, Math.max(first, Math.ceil(rise + h)));
      const flatEnd = Math.max(flat, Math.min(last + 1, Math.floor(fall - h) + 1));
      visit({ first, last, flat, flatEnd, rise, fall });
    }
  }

  /** The envelope at sample `n` of the tone whose ramps are centred on `rise` and `fall`. */
  gain(n: number, rise: number, fall: number): number {
    return this.ramp(n - rise) * this.ramp(fall - n);
  }

  /** The raised cosine 0.5 - 0.5 cos(pi (x + h) / 2h), written as a sine centred on the edge. */
  private ramp(x: number): number {
    const h = this.halfRamp;
    return x <= -h ? 0 : x >= h ? 1 : 0.5 + 0.5 * Math.sin((Math.PI / (2 * h)) * x);
  }

  /** Writes the envelope of samples `start` to `start + out.length - 1` into `out`. */
  fill(start: number, out: Float32Array): void {
    out.fill(0);
    this.forEachTone(start, start + out.length, ({ first, last, flat, flatEnd, rise, fall }) => {
      for (let n = first; n < flat; n++) out[n - start] = this.gain(n, rise, fall);
      out.fill(1, flat - start, flatEnd - start);
      for (let n = flatEnd; n <= last; n++) out[n - start] = this.gain(n, rise, fall);
    });
  }
}

const bigEndianHost = new Uint8Array(Uint16Array.of(1).buffer)[0] === 0;

/** Swaps each pair of bytes in place: the host's 16-bit order to the file's little-endian one. */
function swapPairs(bytes: Uint8Array): void {
  for (let i = 0; i + 1 < bytes.length; i += 2) {
    const first = bytes[i]!;
    bytes[i] = bytes[i + 1]!;
    bytes[i + 1] = first;
  }
}

/**
 * Renders a timeline's WAV piece by piece into buffers the caller owns, so that a
 * streaming server can reuse a few buffers instead of allocating one per chunk.
 * Validates the options (MorseError INVALID_OPTION) when constructed.
 */
export class WavRenderer {
  /** Samples in the whole file: the timeline and its padding (`sampleCount`). */
  readonly sampleCount: number;
  /** Bytes in the whole file, header included. */
  readonly byteLength: number;
  private readonly keying: KeyingEnvelope;
  private readonly omega: number;
  private readonly stepCos: number;
  private readonly stepSin: number;

  constructor(
    timeline: Timeline,
    private readonly options: RenderOptions,
  ) {
    checkFrequency(options.frequency);
    checkSampleRate(options.sampleRate);
    this.keying = new KeyingEnvelope(timeline, options.sampleRate);
    this.sampleCount = this.keying.length;
    this.byteLength = wavByteLength(timeline, options.sampleRate);
    this.omega = (2 * Math.PI * options.frequency) / options.sampleRate;
    // Each of the two streams of `sine` steps two samples at a time.
    this.stepCos = Math.cos(2 * this.omega);
    this.stepSin = Math.sin(2 * this.omega);
  }

  header(): Uint8Array {
    return wavHeader({ sampleRate: this.options.sampleRate, channels: 1, encoding: PCM16, dataBytes: 2 * this.sampleCount });
  }

  /**
   * Writes `count` samples of the sine at `amplitude` from sample `n` on into `pcm` at
   * `at`. By rotation (multiply-adds instead of a Math.sin a sample), in two interleaved
   * streams, even and odd samples, so that neither waits on the other's last step; each
   * call starts from the exact phase, so rounding errors cannot build up.
   */
  private sine(pcm: Int16Array, at: number, n: number, count: number, amplitude: number): void {
    const { omega, stepCos, stepSin } = this;
    let c0 = Math.cos(omega * n),
      s0 = Math.sin(omega * n);
    let c1 = Math.cos(omega * (n + 1)),
      s1 = Math.sin(omega * (n + 1));
    const end = at + count;
    let i = at;
    for (; i + 1 < end; i += 2) {
      pcm[i] = Math.round(amplitude * s0);
      pcm[i + 1] = Math.round(amplitude * s1);
      const next0 = c0 * stepCos - s0 * stepSin;
      s0 = s0 * stepCos + c0 * stepSin;
      c0 = next0;
      const next1 = c1 * stepCos - s1 * stepSin;
      s1 = s1 * stepCos + c1 * stepSin;
      c1 = next1;
    }
    if (i < end) pcm[i] = Math.round(amplitude * s0);
  }

  /**
   * Writes samples `start` to `start + length - 1` as 16-bit integers in the host's byte
   * order into the start of `pcm`, which must hold `length` values. Returns those values.
   */
  samples(start: number, length: number, pcm: Int16Array): Int16Array {
    const out = pcm.subarray(0, length);
    out.fill(0);
    const { keying, omega } = this;
    const scale = PEAK * 32767;
    keying.forEachTone(start, start + length, ({ first, last, flat, flatEnd, rise, fall }) => {
      for (let n = first; n < flat; n++) out[n - start] = Math.round(scale * keying.gain(n, rise, fall) * Math.sin(omega * n));
      this.sine(out, flat - start, flat, flatEnd - flat, scale);
      for (let n = flatEnd; n <= last; n++) out[n - start] = Math.round(scale * keying.gain(n, rise, fall) * Math.sin(omega * n));
    });
    return out;
  }

  /**
   * Writes samples `start` to `start + length - 1` (little-endian 16-bit, as the file holds
   * them) into the start of `out`, which must hold `2 * length` bytes. Returns those bytes.
   */
  fill<Bytes extends Uint8Array>(start: number, length: number, out: Bytes): Bytes {
    this.samples(start, length, new Int16Array(out.buffer, out.byteOffset, length));
    const bytes = out.subarray(0, 2 * length) as Bytes;
    if (bigEndianHost) swapPairs(bytes);
    return bytes;
  }
}

/**
 * Streams the WAV of a timeline: the 44-byte header first, then PCM chunks of
 * `chunkSamples` samples (the last one shorter). Every yielded chunk is freshly
 * allocated, so a consumer may hold on to it until it is written. Validates the options
 * (MorseError INVALID_OPTION) before yielding anything.
 */
export function renderWavChunks(
  timeline: Timeline,
  options: RenderOptions,
  chunkSamples: number = DEFAULT_CHUNK_SAMPLES,
): Generator<Uint8Array, void, undefined> {
  if (!Number.isInteger(chunkSamples) || chunkSamples < 1) throw new RangeError("chunkSamples must be a positive integer");
  return chunks(new WavRenderer(timeline, options), chunkSamples);
}

function* chunks(renderer: WavRenderer, chunkSamples: number): Generator<Uint8Array, void, undefined> {
  yield renderer.header();
  for (let start = 0; start < renderer.sampleCount; start += chunkSamples) {
    const length = Math.min(chunkSamples, renderer.sampleCount - start);
    yield renderer.fill(start, length, new Uint8Array(2 * length));
  }
}
