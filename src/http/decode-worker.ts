/**
 * Decodes a WAV file in a worker thread, so that a long recording never blocks the
 * thread that answers requests. Errors come back as values: classes do not cross threads.
 */
import { MorseError, type MorseErrorCode } from "../core/errors.js";
import { decodeAudio, readWav, type AudioDecode, type AudioHints } from "../audio/index.js";

export interface DecodeTask {
  wav: Uint8Array;
  hints: AudioHints;
}

export type DecodeOutcome = { ok: true; result: AudioDecode } | { ok: false; code: MorseErrorCode; message: string };

export default function decodeWav({ wav, hints }: DecodeTask): DecodeOutcome {
  try {
    const { samples, sampleRate } = readWav(wav);
    return { ok: true, result: decodeAudio(samples, sampleRate, hints) };
  } catch (error) {
    if (error instanceof MorseError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}
