/**
 * Decodes a recording in a worker thread, so that a long one never blocks the thread that
 * answers requests. Errors come back as values: classes do not cross threads.
 */
import { MorseError, type MorseErrorCode } from "../core/errors.js";
// From their own modules, not the library's index: a thread starts within a decode's deadline, and
// loads what decoding needs, not the renderers and encoders.
import { type AudioDecodeOptions, decodeRecording, type RecordingDecode } from "../audio/decoder/decode-recording.js";
import { readRecording } from "../audio/formats/read.js";
import { type RecordingSpotOptions, spotRecording } from "../audio/spots.js";
import type { Spot } from "../core/index.js";
import { MAX_RECORDING_SECONDS } from "./limits.js";

export interface DecodeTask {
  /** The file, of any format we read. */
  bytes: Uint8Array;
  /** The media type it was sent as, which its bytes must agree with. */
  mediaType: string;
  options: AudioDecodeOptions;
  /** Where given, the recording's spots (API.md section 9) instead of its text. */
  spots?: RecordingSpotOptions;
}

export type { RecordingDecode };

/** A recording's spots, how many calls the busted-call rule kept out, and its length. */
export interface RecordingSpots {
  spots: Spot[];
  busted: number;
  durationMs: number;
}

/** A refusal's `cause`, where it has one, is what failed inside (a decoder's own words): for the log, not the client. */
export type DecodeOutcome =
  | { ok: true; result: RecordingDecode }
  | { ok: true; spots: RecordingSpots }
  | { ok: false; code: MorseErrorCode; message: string; cause?: string };

export default async function decodeTask({ bytes, mediaType, options, spots }: DecodeTask): Promise<DecodeOutcome> {
  try {
    const { samples, sampleRate } = await readRecording(bytes, { mediaType, keepHz: options.frequency, maxSeconds: MAX_RECORDING_SECONDS });
    if (spots) {
      const { spots: found, busted, durationMs } = spotRecording(samples, sampleRate, spots);
      return { ok: true, spots: { spots: found, busted, durationMs } };
    }
    return { ok: true, result: decodeRecording(samples, sampleRate, options) };
  } catch (error) {
    if (error instanceof MorseError) {
      const cause = error.cause === undefined ? {} : { cause: String(error.cause) };
      return { ok: false, code: error.code, message: error.message, ...cause };
    }
    throw error;
  }
}
