/**
 * Sounds a core Timeline as an MP3: the WAV renderer's PCM, a chunk at a time, through LAME
 * (wasm-media-encoders: LAME compiled to WebAssembly, no native code), mono, at a constant
 * bitrate and at the rate it was rendered at. Neither the PCM nor the MP3 is ever held whole.
 *
 * The samples are the WAV's own (WavRenderer.samples): same tone, same ramps, same padding.
 * The file starts with an Info frame (info-frame.ts) that says how many samples of LAME's
 * frames are its delay and padding, written first though LAME only finishes at the end: the
 * number of samples, all it depends on, is known before the first. A gapless decoder gives
 * the samples back exactly, no more, from the first; one that knows no tag gives a frame of
 * silence, then LAME's delay (576 samples and its own), then the samples, then up to two
 * frames of silence.
 *
 * A LAME instance takes about 1 MiB of memory and a few ms to instantiate: instances are
 * kept for reuse (up to MAX_IDLE).
 */
import type { WasmMediaEncoder } from "wasm-media-encoders";
import { MorseError } from "../../core/errors.js";
import { notOneOf } from "../../core/messages.js";
import type { Timeline } from "../../core/timing.js";
import { formatsPackage } from "../formats/formats-package.js";
import { MP3_BITRATE, MP3_SAMPLE_RATES } from "../limits.js";
import { DEFAULT_CHUNK_SAMPLES, type RenderOptions, WavRenderer } from "../render/render.js";
import { infoFrame } from "./info-frame.js";

export interface Mp3Options extends RenderOptions {
  /** Samples per second: one of MP3_SAMPLE_RATES. */
  sampleRate: number;
  /** Constant bitrate in kbit/s: one of MP3_BITRATE.values (default MP3_BITRATE.default). */
  bitrate?: number;
}

type Lame = WasmMediaEncoder<"audio/mpeg">;
type Bitrate = NonNullable<Parameters<Lame["configure"]>[0]["bitrate"]>;
type OutputRate = NonNullable<Parameters<Lame["configure"]>[0]["outputSampleRate"]>;

/** Idle encoders kept for the next MP3 (configure() starts each afresh). */
const MAX_IDLE = 4;
const idle: Lame[] = [];

const isMp3Rate = (rate: number): rate is OutputRate => (MP3_SAMPLE_RATES as readonly number[]).includes(rate);
const isMp3Bitrate = (bitrate: number): bitrate is Bitrate => (MP3_BITRATE.values as readonly number[]).includes(bitrate);

/**
 * The MP3 of one timeline, encoded in order, a stretch of samples at a time. Made by
 * `Mp3Renderer.create`, which checks the options (MorseError INVALID_OPTION) and readies an
 * encoder; `chunks()` streams the file, or `encodeNext` and `finish` by hand. The encoder
 * goes back to the pool when the file is finished or `close` is called.
 */
export class Mp3Renderer {
  /** Samples in the whole rendering (the WAV's, padding included). */
  readonly sampleCount: number;
  readonly sampleRate: number;
  readonly bitrate: number;
  private lame: Lame | undefined;
  /** The Info frame, until it is given out ahead of LAME's first bytes. */
  private info: Uint8Array | undefined;
  private next = 0;
  private pcm = new Int16Array(0);
  private floats = new Float32Array(0);

  private constructor(
    private readonly renderer: WavRenderer,
    lame: Lame,
    options: { sampleRate: OutputRate; bitrate: Bitrate },
  ) {
    this.sampleCount = renderer.sampleCount;
    this.sampleRate = options.sampleRate;
    this.bitrate = options.bitrate;
    this.lame = lame;
    this.info = infoFrame({ sampleRate: options.sampleRate, bitrate: options.bitrate, samples: this.sampleCount });
    lame.configure({ sampleRate: options.sampleRate, outputSampleRate: options.sampleRate, channels: 1, bitrate: options.bitrate });
  }

  /** Checks the options (MorseError INVALID_OPTION, before any encoder is made) and readies an encoder. */
  static async create(timeline: Timeline, options: Mp3Options): Promise<Mp3Renderer> {
    const { sampleRate, bitrate = MP3_BITRATE.default } = options;
    if (!isMp3Rate(sampleRate)) throw new MorseError("INVALID_OPTION", notOneOf("sampleRate", MP3_SAMPLE_RATES));
    if (!isMp3Bitrate(bitrate)) throw new MorseError("INVALID_OPTION", notOneOf("bitrate", MP3_BITRATE.values));
    const renderer = new WavRenderer(timeline, { frequency: options.frequency, sampleRate });
    // A LAME that cannot be configured throws here, and is not put back.
    return new Mp3Renderer(renderer, idle.pop() ?? (await (await formatsPackage("Writing an MP3 file")).createMp3Encoder()), { sampleRate, bitrate });
  }

  /** Samples encoded so far. */
  get position(): number {
    return this.next;
  }

  private encoder(): Lame {
    if (!this.lame) throw new Error("This MP3 is finished or closed");
    return this.lame;
  }

  /**
   * Encodes the next `length` samples (fewer at the end of the rendering). Returns the MP3
   * bytes ready, freshly allocated: the Info frame the first time, then what the encoder has
   * ready, often none, as LAME holds a frame or two back.
   */
  encodeNext(length: number): Uint8Array {
    const lame = this.encoder();
    const count = Math.min(length, this.sampleCount - this.next);
    if (count <= 0) return new Uint8Array(0);
    if (this.floats.length < count) {
      this.pcm = new Int16Array(count);
      this.floats = new Float32Array(count);
    }
    const samples = this.renderer.samples(this.next, count, this.pcm);
    const floats = this.floats.subarray(0, count);
    for (let i = 0; i < count; i++) floats[i] = samples[i]! / 32768;
    this.next += count;
    return this.take(() => lame.encode([floats]));
  }

  /** The last frames, once every sample is encoded; the encoder goes back to the pool. */
  finish(): Uint8Array {
    const lame = this.encoder();
    if (this.next < this.sampleCount) throw new Error(`finish() before the end: ${this.next} of ${this.sampleCount} samples encoded`);
    const tail = this.take(() => lame.finalize());
    this.close();
    return tail;
  }

  /**
   * Copies out what the encoder wrote into its own memory, after the Info frame the first
   * time; an encoder that failed is dropped, not reused.
   */
  private take(write: () => Uint8Array): Uint8Array {
    let bytes: Uint8Array;
    try {
      bytes = write();
    } catch (error) {
      this.lame = undefined;
      throw error;
    }
    const info = this.info ?? new Uint8Array(0);
    this.info = undefined;
    const out = new Uint8Array(info.length + bytes.length);
    out.set(info);
    out.set(bytes, info.length);
    return out;
  }

  /** Gives the encoder back (to the pool) without finishing, e.g. when a client went away. Safe to call twice. */
  close(): void {
    const lame = this.lame;
    this.lame = undefined;
    if (lame && idle.length < MAX_IDLE) idle.push(lame);
  }

  /**
   * The MP3, as chunks of bytes each freshly allocated: one for every `chunkSamples`
   * samples that gave any, then the last frames. Leaving the loop early (return, break,
   * an exception) gives the encoder back.
   */
  *chunks(chunkSamples: number = DEFAULT_CHUNK_SAMPLES): Generator<Uint8Array, void, undefined> {
    if (!Number.isInteger(chunkSamples) || chunkSamples < 1) throw new RangeError("chunkSamples must be a positive integer");
    try {
      while (this.next < this.sampleCount) {
        const bytes = this.encodeNext(chunkSamples);
        if (bytes.length > 0) yield bytes;
      }
      yield this.finish();
    } finally {
      this.close();
    }
  }
}

/**
 * Streams the MP3 of a timeline (see Mp3Renderer): checks the options (MorseError
 * INVALID_OPTION) and readies the encoder before it resolves, so that nothing has been
 * produced when it refuses. Finish the generator, or call its `return()`, to free the encoder.
 */
export async function renderMp3Chunks(
  timeline: Timeline,
  options: Mp3Options,
  chunkSamples: number = DEFAULT_CHUNK_SAMPLES,
): Promise<Generator<Uint8Array, void, undefined>> {
  if (!Number.isInteger(chunkSamples) || chunkSamples < 1) throw new RangeError("chunkSamples must be a positive integer");
  return (await Mp3Renderer.create(timeline, options)).chunks(chunkSamples);
}
