/** Reading a recording from a file of any format we read: the entry point. */
import { readWav } from "../wav/reader.js";
import { readCompressed } from "./compressed.js";
import { checkReadRate, formatOf, type Recording } from "./recording.js";

/**
 * Reads a recording (WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC, told apart by its bytes);
 * `mediaType`, where given, must agree with them. Every problem is a MorseError:
 * INVALID_AUDIO naming it, or RECORDING_TOO_LONG. A compressed recording comes at the rate
 * the decoder works at (limits.ts decodeFactor), high enough to hold `keepHz` if given (a
 * pitch hinted); a WAV at its own.
 */
export async function readRecording(bytes: Uint8Array, mediaType?: string, keepHz?: number): Promise<Recording> {
  const format = formatOf(bytes, mediaType);
  if (format === "wav") return readWav(bytes);
  return checkReadRate(await readCompressed(bytes, format, keepHz), format);
}
