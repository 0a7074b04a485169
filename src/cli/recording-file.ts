/** A recording the CLI reads from a file, held to the service's longest (so `ditdah listen` refuses what the API refuses). */
import { readRecording, type Recording } from "../audio/index.js";
import { MAX_RECORDING_SECONDS } from "../http/limits.js";
import { bytesOf } from "./input.js";

/** The recording in `file` (standard input for `-`), brought down to a rate that holds `keepHz` if given; over MAX_RECORDING_SECONDS, RECORDING_TOO_LONG. */
export async function recordingOf(file: string, keepHz?: number): Promise<Recording> {
  return readRecording(await bytesOf(file), { keepHz, maxSeconds: MAX_RECORDING_SECONDS });
}
