import type { FLACDecoder } from "@wasm-audio-decoders/flac";
import type { OggVorbisDecoder } from "@wasm-audio-decoders/ogg-vorbis";
import type { MPEGDecoder } from "mpg123-decoder";
import type { OggOpusDecoder } from "ogg-opus-decoder";
import type { WasmMediaEncoder } from "wasm-media-encoders";

/** The compressed formats a decoder is opened for. */
export type CompressedFormat = "mp3" | "ogg-opus" | "ogg-vorbis" | "flac";

/** A decoder for one compressed format, ready once its `ready` promise resolves. */
export function openDecoder(format: "mp3"): Promise<MPEGDecoder>;
export function openDecoder(format: "ogg-opus"): Promise<OggOpusDecoder>;
export function openDecoder(format: "ogg-vorbis"): Promise<OggVorbisDecoder>;
export function openDecoder(format: "flac"): Promise<FLACDecoder>;
export function openDecoder(format: CompressedFormat): Promise<MPEGDecoder | OggOpusDecoder | OggVorbisDecoder | FLACDecoder>;

/** A LAME MP3 encoder, to be configured before each file. */
export function createMp3Encoder(): Promise<WasmMediaEncoder<"audio/mpeg">>;
