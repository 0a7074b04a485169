/**
 * A recording read from a file of any format we read (sniff.ts): WAV by our own reader,
 * the compressed formats by WebAssembly decoders (compressed.ts).
 */
import { MorseError } from "../../core/errors.js";
import { MAX_RECORDING_SECONDS, READ_SAMPLE_RATE } from "../limits.js";
import type { Declared } from "./feed-plan.js";
import { AUDIO_FORMATS, MEDIA_TYPE_FORMATS, sniffFormat, type AudioFormat } from "./sniff.js";

/** Mono samples in [-1, 1] (channels averaged) and their rate. */
export interface Recording {
  samples: Float32Array;
  sampleRate: number;
}

/** The refusal of a recording longer than MAX_RECORDING_SECONDS, whatever its format. */
export function tooLong(seconds?: number): MorseError {
  const lasts = seconds === undefined ? "lasts longer than that" : `lasts ${Math.ceil(seconds)} s`;
  return new MorseError(
    "RECORDING_TOO_LONG",
    `At most ${MAX_RECORDING_SECONDS} s (${MAX_RECORDING_SECONDS / 60} minutes) of recording can be decoded; this one ${lasts}`,
  );
}

/** The names of the formats, for a message: "WAV, MP3, ..., FLAC". */
const FORMAT_NAMES = "WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC";

/**
 * The format of `bytes`, checked against the media type they were declared as (any, when
 * none is). A body whose bytes are none we read, or contradict its type, is refused with
 * what it is.
 */
export function formatOf(bytes: Uint8Array, mediaType?: string): AudioFormat {
  if (bytes.length === 0) throw new MorseError("INVALID_AUDIO", `The recording is empty (no bytes): it must be a ${FORMAT_NAMES} file`);
  const format = sniffFormat(bytes);
  const declared = mediaType === undefined ? undefined : MEDIA_TYPE_FORMATS[mediaType];
  if (!format) throw new MorseError("INVALID_AUDIO", `The recording is not a file we can read: its first bytes are none of ${FORMAT_NAMES}`);
  if (declared && !declared.includes(format)) {
    throw new MorseError("INVALID_AUDIO", `The body is declared ${mediaType} but its bytes are ${AUDIO_FORMATS[format]}`);
  }
  return format;
}

/** A sample rate, checked against what the decoder reads. */
function checkRate(sampleRate: number, format: AudioFormat): void {
  if (sampleRate < READ_SAMPLE_RATE.min || sampleRate > READ_SAMPLE_RATE.max) {
    const range = `${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} Hz`;
    throw new MorseError("INVALID_AUDIO", `The recording (${AUDIO_FORMATS[format]}) has a sample rate of ${sampleRate} Hz, outside ${range}`);
  }
}

/** A recording's sample rate, checked against what the decoder reads. */
export function checkReadRate(recording: Recording, format: AudioFormat): Recording {
  checkRate(recording.sampleRate, format);
  return recording;
}

/**
 * What a compressed file's headers declare, checked before any of it is decoded: mono or
 * stereo, a rate the decoder reads, and no longer than MAX_RECORDING_SECONDS.
 */
export function checkDeclared({ channels, sampleRate, seconds }: Declared, format: AudioFormat): void {
  if (channels !== undefined && (channels < 1 || channels > 2)) {
    throw new MorseError("INVALID_AUDIO", `The recording (${AUDIO_FORMATS[format]}) has ${channels} channels; only mono and stereo are read`);
  }
  if (sampleRate !== undefined) checkRate(sampleRate, format);
  if (seconds !== undefined && seconds > MAX_RECORDING_SECONDS) throw tooLong(seconds);
}

/** The refusal of a file a decoder failed inside: the file's fault, said without the decoder's words (its `cause`, for the log). */
export function damaged(format: AudioFormat, cause: unknown): MorseError {
  return new MorseError("INVALID_AUDIO", `The recording looks like ${AUDIO_FORMATS[format]} but cannot be decoded: the file is damaged`, { cause });
}
