/**
 * A timeline's whole WAV or MP3 file as one Uint8Array, for those who want the file and not
 * a stream of it: the chunk renderers' bytes, joined.
 */
import type { Timeline } from "../../core/timing.js";
import { type Mp3Options, renderMp3Chunks } from "../mp3/encoder.js";
import { type RenderOptions, renderWavChunks } from "./render.js";

/** The chunks in one array. */
function joined(chunks: Iterable<Uint8Array>): Uint8Array {
  const parts = [...chunks];
  const whole = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/** The timeline's WAV file (renderWavChunks's bytes): MorseError INVALID_OPTION for a bad pitch or rate. */
export function renderWav(timeline: Timeline, options: RenderOptions): Uint8Array {
  return joined(renderWavChunks(timeline, options));
}

/**
 * The timeline's MP3 file (renderMp3Chunks's bytes): MorseError INVALID_OPTION for a bad pitch,
 * rate or bitrate; an Error naming the package if ditdah-formats is not installed.
 */
export async function renderMp3(timeline: Timeline, options: Mp3Options): Promise<Uint8Array> {
  return joined(await renderMp3Chunks(timeline, options));
}
