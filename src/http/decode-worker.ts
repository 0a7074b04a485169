/**
 * Decodes a recording in a worker thread, so that a long one never blocks the thread that
 * answers requests. Errors come back as values: classes do not cross threads.
 */
import { MorseError, type MorseErrorCode } from "../core/errors.js";
import { decodeAudio, readRecording, type AudioDecode, type AudioHints } from "../audio/index.js";

export interface DecodeTask {
  /** The file, of any format we read. */
  bytes: Uint8Array;
  /** The media type it was sent as, which its bytes must agree with. */
  mediaType: string;
  hints: AudioHints;
}

export type DecodeOutcome = { ok: true; result: AudioDecode } | { ok: false; code: MorseErrorCode; message: string };

export default async function decodeRecording({ bytes, mediaType, hints }: DecodeTask): Promise<DecodeOutcome> {
  try {
    const { samples, sampleRate } = await readRecording(bytes, mediaType);
    return { ok: true, result: decodeAudio(samples, sampleRate, hints) };
  } catch (error) {
    if (error instanceof MorseError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
