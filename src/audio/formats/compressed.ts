/**
 * Compressed recordings (MP3, Ogg Vorbis, Ogg Opus, FLAC) read through the WebAssembly
 * decoders of the wasm-audio-decoders family, fed a slice at a time: a file that expands
 * beyond the longest recording we decode is refused as soon as it has, not after decoding
 * all of it. Channels are averaged to mono, as in a WAV, and the rate is brought down to
 * the one the decoder works at as the samples arrive (limits.ts decodeFactor).
 */
import { MorseError } from "../../core/errors.js";
import { Decimator } from "../dsp/decimator.js";
import { decodeFactor, MAX_RECORDING_SECONDS } from "../limits.js";
import { AUDIO_FORMATS, type AudioFormat } from "./sniff.js";
import { type Recording, tooLong } from "./recording.js";

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

/** Bytes fed to a decoder at a time. */
const SLICE_BYTES = 64 * 1024;

/** A decoder for the format, its module loaded on first use (most recordings are WAV). */
async function openDecoder(format: CompressedFormat): Promise<SliceDecoder> {
  switch (format) {
    case "mp3":
      return new (await import("mpg123-decoder")).MPEGDecoder();
    case "ogg-opus":
      return new (await import("ogg-opus-decoder")).OggOpusDecoder() as unknown as SliceDecoder;
    case "ogg-vorbis":
      return new (await import("@wasm-audio-decoders/ogg-vorbis")).OggVorbisDecoder();
    case "flac":
      return new (await import("@wasm-audio-decoders/flac")).FLACDecoder();
  }
}

/**
 * Decoded slices gathered as mono samples at the rate the decoder works at, up to
 * MAX_RECORDING_SECONDS: a 15-minute Opus file (always 48 kHz) then takes 29 MB of samples
 * instead of 173, and decodes several times faster.
 */
class MonoSamples {
  private readonly pieces: Float32Array[] = [];
  private length = 0;
  private decoded = 0;
  private decimator?: Decimator;
  /** The file's own rate. */
  fileRate = 0;
  firstError?: string;

  /** `keepHz`: a pitch hinted, which the rate kept must hold. */
  constructor(private readonly keepHz?: number) {}

  add(slice: DecodedSlice): void {
    this.firstError ??= slice.errors[0]?.message;
    const n = slice.samplesDecoded;
    const channels = slice.channelData.length;
    if (n === 0 || channels === 0) return;
    this.fileRate ||= slice.sampleRate;
    this.decimator ??= new Decimator(decodeFactor(this.fileRate, this.keepHz));
    const mono = new Float32Array(n);
    for (const channel of slice.channelData) for (let i = 0; i < n; i++) mono[i]! += channel[i]! / channels;
    const kept = this.decimator.factor === 1 ? mono : this.decimator.push(mono);
    this.pieces.push(kept);
    this.length += kept.length;
    this.decoded += n;
    if (this.decoded > MAX_RECORDING_SECONDS * this.fileRate) throw tooLong();
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

/** Reads a compressed recording, at a rate that holds `keepHz` if given; every problem is a MorseError that names it. */
export async function readCompressed(bytes: Uint8Array, format: CompressedFormat, keepHz?: number): Promise<Recording> {
  const decoder = await openDecoder(format);
  await decoder.ready;
  const samples = new MonoSamples(keepHz);
  const name = AUDIO_FORMATS[format];
  try {
    for (let at = 0; at < bytes.length; at += SLICE_BYTES) samples.add(await decoder.decode(bytes.subarray(at, at + SLICE_BYTES)));
    if (decoder.flush) samples.add(await decoder.flush());
  } catch (error) {
    if (error instanceof MorseError) throw error;
    // A damaged file can make a decoder trap or throw: it is the file's fault, not ours.
    throw new MorseError("INVALID_AUDIO", `The recording looks like ${name} but cannot be decoded: ${(error as Error)?.message ?? error}`);
  } finally {
    decoder.free();
  }
  if (samples.fileRate === 0) {
    const why = samples.firstError ? `: ${samples.firstError}` : "";
    throw new MorseError("INVALID_AUDIO", `The recording looks like ${name} but holds no audio that can be decoded${why}`);
  }
  return samples.recording();
}
