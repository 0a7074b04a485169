/** Reading a recording from a file of any format we read: the entry point. */
import { readWav } from "../wav/reader.js";
import { readCompressed } from "./compressed.js";
import { checkReadRate, formatOf, type ReadOptions, type Recording } from "./recording.js";

/**
 * Reads a recording (WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC, told apart by its bytes);
 * `mediaType`, where given, must agree with them. Every problem is a MorseError:
 * INVALID_AUDIO naming it, or RECORDING_TOO_LONG where it lasts longer than `maxSeconds`
 * (when given). A compressed recording comes at the rate the decoder works at (limits.ts
 * decodeFactor), high enough to hold `keepHz` if given (a pitch hinted); a WAV at its own.
 */
export async function readRecording(bytes: Uint8Array, { mediaType, keepHz, maxSeconds }: ReadOptions = {}): Promise<Recording> {
  const format = formatOf(bytes, mediaType);
  if (format === "wav") return readWav(bytes, { maxSeconds });
  return checkReadRate(await readCompressed(bytes, format, { keepHz, maxSeconds }), format);
}
