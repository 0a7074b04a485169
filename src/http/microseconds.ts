/**
 * Times in the JSON answers (the API's and the command's), in ms to the microsecond: at most
 * three decimals. The core and the decoder compute in floats, and a speed of 19 wpm, a
 * Farnsworth gap or 44,100 samples a second give lengths of 17 digits (3074.5263157894733)
 * that say nothing a microsecond does not. The library keeps its exact values (the WAV
 * renderer times its samples by them); the answers are rounded here, where they are written.
 * `unitMs` is left exact: API.md defines it as 1200 / wpm exactly.
 */
import type { Segment, Timeline } from "../core/index.js";

const MICROSECONDS_PER_MS = 1000;

/** `ms` rounded to the microsecond. */
const toMicroseconds = (ms: number): number => Math.round(ms * MICROSECONDS_PER_MS) / MICROSECONDS_PER_MS;

/**
 * A segment to the microsecond: its start rounded, and its length up to its end rounded,
 * which is the next segment's start. So the segments stay contiguous (each startMs is the
 * previous startMs + durationMs, in decimal), every time stays within half a microsecond of
 * the exact one, and no rounding adds up over a long text.
 */
function segmentInMicroseconds({ type, startMs, durationMs }: Segment): Segment {
  const start = Math.round(startMs * MICROSECONDS_PER_MS);
  const end = Math.round((startMs + durationMs) * MICROSECONDS_PER_MS);
  return { type, startMs: start / MICROSECONDS_PER_MS, durationMs: (end - start) / MICROSECONDS_PER_MS };
}

/** A timeline with its times to the microsecond (its unitMs exact). */
export function timelineInMicroseconds<T extends Timeline>(timeline: T): T {
  return { ...timeline, durationMs: toMicroseconds(timeline.durationMs), sequence: timeline.sequence.map(segmentInMicroseconds) };
}

/** A reading (of a recording, or a live stream's summary) with its durationMs to the microsecond; its other times are whole ms already. */
export function durationInMicroseconds<T extends { durationMs: number }>(reading: T): T {
  return { ...reading, durationMs: toMicroseconds(reading.durationMs) };
}
