/**
 * A recording read from a file of any format we read (sniff.ts): WAV by our own reader,
 * the compressed formats by WebAssembly decoders (compressed.ts).
 */
import { MorseError } from "../../core/errors.js";
import { formatDuration } from "../../core/messages.js";
import { READ_SAMPLE_RATE } from "../limits.js";
import type { Declared } from "./feed-plan.js";
import { AUDIO_FORMATS, MEDIA_TYPE_FORMATS, sniffFormat, type AudioFormat } from "./sniff.js";

/** Mono samples in [-1, 1] (channels averaged) and their rate. */
export interface Recording {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * How a recording is read: the caller's choices. There is no longest recording by default: a
 * caller reading files from anyone gives one (`maxSeconds`), which also bounds the memory and
 * time a compressed file that expands to hours can take.
 */
export interface ReadOptions {
  /** The media type the bytes were sent as, which they must agree with. */
  mediaType?: string;
  /** A pitch hinted, Hz, that the rate a compressed recording is brought down to must hold. */
  keepHz?: number;
  /** The longest recording read, seconds; a longer one is refused (RECORDING_TOO_LONG). No limit when not given. */
  maxSeconds?: number;
}

/** The refusal of a recording longer than `maxSeconds`, whatever its format; `seconds`, how long it is where that is known. */
export function tooLong(maxSeconds: number, seconds?: number): MorseError {
  const lasts = seconds === undefined ? "lasts longer than that" : `lasts ${Math.ceil(seconds)} s`;
  const inMinutes = maxSeconds % 60 === 0 ? ` (${formatDuration(maxSeconds)})` : "";
  return new MorseError("RECORDING_TOO_LONG", `At most ${maxSeconds} s${inMinutes} of recording can be decoded; this one ${lasts}`);
}

/** A recording of `seconds`, refused where it lasts longer than `maxSeconds` (when given). */
export function checkLength(seconds: number, maxSeconds: number | undefined): void {
  if (maxSeconds !== undefined && seconds > maxSeconds) throw tooLong(maxSeconds, seconds);
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
 * stereo, a rate the decoder reads, and no longer than `maxSeconds` (when given).
 */
export function checkDeclared({ channels, sampleRate, seconds }: Declared, format: AudioFormat, maxSeconds?: number): void {
  if (channels !== undefined && (channels < 1 || channels > 2)) {
    throw new MorseError("INVALID_AUDIO", `The recording (${AUDIO_FORMATS[format]}) has ${channels} channels; only mono and stereo are read`);
  }
  if (sampleRate !== undefined) checkRate(sampleRate, format);
  if (seconds !== undefined) checkLength(seconds, maxSeconds);
}

/** The refusal of a file a decoder failed inside: the file's fault, said without the decoder's words (its `cause`, for the log). */
export function damaged(format: AudioFormat, cause: unknown): MorseError {
  return new MorseError("INVALID_AUDIO", `The recording looks like ${AUDIO_FORMATS[format]} but cannot be decoded: the file is damaged`, { cause });
}
