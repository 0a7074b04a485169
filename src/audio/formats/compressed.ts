/**
 * Compressed recordings (MP3, Ogg Vorbis, Ogg Opus, FLAC) read through the WebAssembly
 * decoders of the wasm-audio-decoders family. What the file's headers declare is checked
 * before anything is decoded (channels, rate, length), and the file is fed in slices cut
 * where its frames or pages would decode to more than a call may (feed-plan.ts): a file
 * that expands beyond the longest recording its caller reads (`maxSeconds`) is refused as
 * soon as it has, never holding more than that. Channels are averaged to mono, as in a
 * WAV, and the rate is brought down to the one the decoder works at as the samples arrive
 * (limits.ts decodeFactor).
 *
 * An MP3 that starts with an Info frame saying LAME's delay and padding (LAME's own files,
 * and ours: mp3/info-frame.ts) reads as long as what was encoded, as gapless players read it:
 * mpg123-decoder takes both away itself, reading the tag as mpg123 does (its gapless mode, on
 * by default). An MP3 without one reads as its frames decode, LAME's delay and padding left
 * in: nothing says how long they are. Each Ogg Opus stream is cut here at the length its
 * headers declare (ogg.ts says why).
 */
import { MorseError } from "../../core/errors.js";
import { Decimator } from "../dsp/decimator.js";
import { decodeFactor } from "../limits.js";
import type { FeedPlan } from "./feed-plan.js";
import { formatsPackage } from "./formats-package.js";
import { planFlac } from "./flac.js";
import { planMpeg } from "./mpeg.js";
import { planOgg } from "./ogg.js";
import { checkDeclared, damaged, type ReadOptions, type Recording, tooLong } from "./recording.js";
import { AUDIO_FORMATS, type AudioFormat } from "./sniff.js";

export type CompressedFormat = Exclude<AudioFormat, "wav">;

/** What every decoder of the family answers for a slice. */
interface DecodedSlice {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: { message: string }[];
}

interface SliceDecoder {
  ready: Promise<void>;
  decode(bytes: Uint8Array): DecodedSlice | Promise<DecodedSlice>;
  flush?(): Promise<DecodedSlice>;
  free(): void;
}

/** What the FLAC decoder answers for frames it is given whole. */
interface FrameDecoder {
  ready: Promise<void>;
  decodeFrames(frames: Uint8Array[]): Promise<DecodedSlice & { bitDepth: number }>;
  free(): void;
}

/** The bit depths the FLAC decoder gives samples of: it divides by 2^(bits - 1) - 1 for these, by 0 for any other. */
const FLAC_BIT_DEPTHS = [8, 16, 24, 32];

/** Added and taken away, rounds a number under 2^51 to the nearest whole one: ten times as fast as Math.round here. */
const ROUNDER = 1.5 * 2 ** 52;

/**
 * A FLAC frame's samples as a WAV's are read (wav/reader.ts), value / 2^(bits - 1), where
 * the decoder gives value / (2^(bits - 1) - 1): a float holds that closely enough to give
 * the value back.
 */
function wavScaled(slice: DecodedSlice & { bitDepth: number }): DecodedSlice {
  if (slice.samplesDecoded === 0) return slice;
  if (!FLAC_BIT_DEPTHS.includes(slice.bitDepth)) {
    throw new MorseError("INVALID_AUDIO", `The recording (a FLAC file) has ${slice.bitDepth}-bit samples; only 8, 16, 24 and 32-bit are read`);
  }
  const full = 2 ** (slice.bitDepth - 1);
  for (const channel of slice.channelData) {
    for (let i = 0; i < channel.length; i++) channel[i] = (channel[i]! * (full - 1) + ROUNDER - ROUNDER) / full;
  }
  return slice;
}

/**
 * The FLAC decoder fed a frame a call (flac.ts finds them), not through its own `decode`:
 * that finds each frame's end by the header after it, and at `flush` takes a last frame
 * shorter than the 14 bytes it reads of a header (a block of silence takes 12 or 13) for
 * the tail of the frame before, so that the last frame's samples are never decoded.
 */
function frameByFrame(flac: FrameDecoder): SliceDecoder {
  return {
    ready: flac.ready,
    decode: async (frame) => wavScaled(await flac.decodeFrames([frame])),
    free: () => flac.free(),
  };
}

/** A decoder for the format, its module loaded on first use (most recordings are WAV). */
async function openDecoder(format: CompressedFormat): Promise<SliceDecoder> {
  const formats = await formatsPackage(`Reading ${AUDIO_FORMATS[format]}`);
  if (format === "flac") return frameByFrame(await formats.openDecoder("flac"));
  return (await formats.openDecoder(format)) as unknown as SliceDecoder;
}

/** Where each format's headers say its audio is and what it declares. */
function planFeed(bytes: Uint8Array, format: CompressedFormat): FeedPlan {
  switch (format) {
    case "mp3":
      return planMpeg(bytes);
    case "flac":
      return planFlac(bytes);
    default:
      return planOgg(bytes, format);
  }
}

/**
 * How far what a file decodes to may run past the length its headers declare: decoders
 * trim Opus's last packet and MP3's padding only after decoding them, and a decoder that
 * lost its place may find a frame the header walk did not (share of the length, and s).
 */
const LENGTH_SLACK = { share: 0.1, seconds: 2 };

/**
 * Refuses a file that holds `heldSeconds` where its headers declare `declared`, if it holds
 * clearly more: it was forged to (a bomb that hides its length costs a decoder's time for
 * all it holds).
 */
function checkHeld(heldSeconds: number, declared: number | undefined, format: CompressedFormat): void {
  if (declared === undefined || heldSeconds <= declared * (1 + LENGTH_SLACK.share) + LENGTH_SLACK.seconds) return;
  throw new MorseError(
    "INVALID_AUDIO",
    `The recording (${AUDIO_FORMATS[format]}) holds more audio than its headers say (${Math.round(declared)} s): the file is damaged`,
  );
}

/**
 * Decoded slices gathered as mono samples at the rate the decoder works at, up to
 * `maxSeconds` where given: a 15-minute Opus file (always 48 kHz) then takes 29 MB of
 * samples instead of 173, and decodes several times faster.
 */
class MonoSamples {
  private readonly pieces: Float32Array[] = [];
  private length = 0;
  /** Samples per channel decoded. */
  private decoded = 0;
  /** The stream being decoded (of the file's chain), and its samples per channel so far. */
  private stream = 0;
  private streamDecoded = 0;
  private decimator?: Decimator;
  /** The file's own rate. */
  fileRate = 0;
  firstError?: string;

  /**
   * `declaredSeconds`: the length the file's headers say, if they do; `streamLengths`: the
   * samples per channel of each of its streams in order, where it says them (FeedPlan
   * streamEnds), at which each stream is cut; `keepHz`, `maxSeconds`: the caller's (ReadOptions).
   */
  constructor(
    private readonly format: CompressedFormat,
    private readonly declaredSeconds: number | undefined,
    private readonly streamLengths: readonly number[],
    private readonly options: Pick<ReadOptions, "keepHz" | "maxSeconds">,
  ) {}

  /** The stream being decoded has ended: what comes next is the next one's. */
  endStream(): void {
    this.stream++;
    this.streamDecoded = 0;
  }

  add(slice: DecodedSlice): void {
    this.firstError ??= slice.errors[0]?.message;
    const channels = slice.channelData.length;
    if (slice.samplesDecoded === 0 || channels === 0) return;
    this.check(slice);
    // What runs past its stream's end is dropped here, after the checks: a bomb is counted whole.
    const n = Math.min(slice.samplesDecoded, (this.streamLengths[this.stream] ?? Number.POSITIVE_INFINITY) - this.streamDecoded);
    if (n <= 0) return;
    this.streamDecoded += n;
    this.decimator ??= new Decimator(decodeFactor(this.fileRate, this.options.keepHz));
    const mono = new Float32Array(n);
    for (const channel of slice.channelData) for (let i = 0; i < n; i++) mono[i]! += channel[i]! / channels;
    const kept = this.decimator.factor === 1 ? mono : this.decimator.push(mono);
    this.pieces.push(kept);
    this.length += kept.length;
  }

  /** A slice's channels and rate, and all decoded so far, checked against what the file may hold. */
  private check(slice: DecodedSlice): void {
    // What the frames hold, checked as what the headers declared was: headers may lie.
    checkDeclared({ channels: slice.channelData.length, sampleRate: slice.sampleRate }, this.format);
    this.fileRate ||= slice.sampleRate;
    if (slice.sampleRate !== this.fileRate)
      throw new MorseError("INVALID_AUDIO", `The recording (${AUDIO_FORMATS[this.format]}) changes its sample rate part of the way through`);
    this.decoded += slice.samplesDecoded;
    const { maxSeconds } = this.options;
    if (maxSeconds !== undefined && this.decoded > maxSeconds * this.fileRate) throw tooLong(maxSeconds);
    // Headers may lie about the length too: refused once the decoding is clearly over.
    checkHeld(this.decoded / this.fileRate, this.declaredSeconds, this.format);
  }

  recording(): Recording {
    const tail = this.decimator?.flush();
    if (tail?.length) {
      this.pieces.push(tail);
      this.length += tail.length;
    }
    const samples = new Float32Array(this.length);
    let at = 0;
    for (const piece of this.pieces) {
      samples.set(piece, at);
      at += piece.length;
    }
    return { samples, sampleRate: this.fileRate / (this.decimator?.factor ?? 1) };
  }
}

/**
 * Feeds the plan's slices to the decoder, in order. Where a stream ends (FeedPlan
 * streamEnds), the decoder is flushed of the page it keeps back, so that the stream's last
 * samples come before the next stream's first, and cut at its length.
 */
async function feed(decoder: SliceDecoder, bytes: Uint8Array, plan: FeedPlan, samples: MonoSamples): Promise<void> {
  const ends = new Set(plan.streamEnds?.map((end) => end.slice));
  for (const [i, [from, to]] of plan.slices.entries()) {
    samples.add(await decoder.decode(bytes.subarray(from, to)));
    if (decoder.flush && ends.has(i)) {
      samples.add(await decoder.flush());
      samples.endStream();
    }
  }
  if (decoder.flush) samples.add(await decoder.flush());
}

/**
 * Reads a compressed recording, at a rate that holds `keepHz` if given, refused once it runs
 * past `maxSeconds` if given; every problem is a MorseError that names it.
 */
export async function readCompressed(
  bytes: Uint8Array,
  format: CompressedFormat,
  options: Pick<ReadOptions, "keepHz" | "maxSeconds"> = {},
): Promise<Recording> {
  const plan = planFeed(bytes, format);
  checkDeclared(plan, format, options.maxSeconds);
  if (plan.heldSeconds !== undefined) checkHeld(plan.heldSeconds, plan.seconds, format);
  const decoder = await openDecoder(format);
  await decoder.ready;
  const streamLengths = plan.streamEnds?.map((end) => end.samples) ?? [];
  const samples = new MonoSamples(format, plan.estimated ? undefined : plan.seconds, streamLengths, options);
  try {
    await feed(decoder, bytes, plan, samples);
  } catch (error) {
    if (error instanceof MorseError) throw error;
    // A damaged file can make a decoder trap or throw (its own TypeErrors too): it is the file's fault, not ours.
    throw damaged(format, error);
  } finally {
    decoder.free();
  }
  if (samples.fileRate === 0) {
    // The decoder's own words are for the log (`cause`), not the client.
    const cause = samples.firstError === undefined ? undefined : { cause: samples.firstError };
    throw new MorseError("INVALID_AUDIO", `The recording looks like ${AUDIO_FORMATS[format]} but holds no audio that can be decoded`, cause);
  }
  return samples.recording();
}
