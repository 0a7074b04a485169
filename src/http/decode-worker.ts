/**
 * Decodes a recording in a worker thread, so that a long one never blocks the thread that
 * answers requests. Errors come back as values: classes do not cross threads.
 */
import { MorseError, type MorseErrorCode } from "../core/errors.js";
import { decodeAudio, decodeSignals, readRecording, type AudioDecode, type AudioHints, type SignalDecode } from "../audio/index.js";

export interface DecodeTask {
  /** The file, of any format we read. */
  bytes: Uint8Array;
  /** The media type it was sent as, which its bytes must agree with. */
  mediaType: string;
  hints: AudioHints;
  /** `all`: every signal of the band read apart too. */
  signals?: "all";
}

/** decodeAudio's reading, and with signals=all every signal's. */
export type RecordingDecode = AudioDecode & { signals?: SignalDecode[] };

/** A refusal's `cause`, where it has one, is what failed inside (a decoder's own words): for the log, not the client. */
export type DecodeOutcome = { ok: true; result: RecordingDecode } | { ok: false; code: MorseErrorCode; message: string; cause?: string };

export default async function decodeRecording({ bytes, mediaType, hints, signals }: DecodeTask): Promise<DecodeOutcome> {
  try {
    const { samples, sampleRate } = await readRecording(bytes, mediaType, hints.frequency);
    const result: RecordingDecode = decodeAudio(samples, sampleRate, hints);
    if (signals === "all") result.signals = decodeSignals(samples, sampleRate, { wpm: hints.wpm }).signals;
    return { ok: true, result };
  } catch (error) {
    if (error instanceof MorseError) {
      const cause = error.cause === undefined ? {} : { cause: String(error.cause) };
      return { ok: false, code: error.code, message: error.message, ...cause };
    }
    throw error;
  }
}
