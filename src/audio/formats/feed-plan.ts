/**
 * How a compressed file is fed to its decoder. A few bytes can decode to minutes of audio (a
 * FLAC frame of 65,535 samples of silence takes a dozen bytes, an Opus packet of 120 ms two),
 * and a decoder allocates all that a call decodes at once: so the bytes are cut where the
 * frames or pages that the format's own headers describe would decode to more than
 * CALL_VALUES values, read from those headers before anything is decoded (FLAC is fed a
 * frame a call: flac.ts).
 */

/**
 * Values (samples × channels) that one decoder call may make, at the most: 16 MB of 32-bit
 * floats. A call may go over by the largest unit one header describes (an Ogg page of 255
 * Opus packets of 120 ms in stereo, 2.9 million values), as the decoders keep a unit back
 * until the first byte after it arrives.
 */
export const CALL_VALUES = 4 * 1024 * 1024;

/** Bytes fed to a decoder at a time, at the most (the most a normal file gets). */
export const SLICE_BYTES = 64 * 1024;

/** What a compressed file's headers declare, each where they declare it. */
export interface Declared {
  channels?: number;
  /** Of the audio decoded (Opus is always decoded at 48 kHz). */
  sampleRate?: number;
  seconds?: number;
  /** The length is only the header walk's estimate (MP3: the decoder finds frames by rules of its own), not a bound on what decodes. */
  estimated?: boolean;
  /**
   * What the audio packets hold by their own headers (Ogg Opus), where that may run past
   * `seconds`: the decoder decodes all of it before it trims each stream's end to its
   * declared length, and a file whose packets hold far more than that was forged to.
   */
  heldSeconds?: number;
}

/** Bytes [from, to) of a file, fed to its decoder in one call. */
export type Slice = [from: number, to: number];

/**
 * Where one of a file's streams ends (an Ogg Opus chain's link): once slice `slice` is fed,
 * its decoder has had the whole stream, whose audio is `samples` long (per channel, at the
 * rate decoded), as its own headers say.
 */
export interface StreamEnd {
  slice: number;
  samples: number;
}

/** What a file declares, the slices its decoder is fed, in order, and where its streams end if it says so. */
export interface FeedPlan extends Declared {
  slices: Slice[];
  streamEnds?: StreamEnd[];
}

/**
 * Cut points from the units of a stream (frames or pages), each with the most values it
 * decodes to once its last byte is fed, in the order they start. A call ends before a unit
 * that would take it over CALL_VALUES, and after `maxBytes` at the most.
 */
export class Cutter {
  private readonly slices: Slice[] = [];
  private last: number;
  private values = 0;

  constructor(
    start: number,
    private readonly maxBytes = SLICE_BYTES,
  ) {
    this.last = start;
  }

  /** A unit from `start` to `end` that decodes to at most `values` values. */
  add(start: number, end: number, values: number): void {
    // A unit that starts inside the last call (units overlap only in damaged files) stays in it.
    if (this.values > 0 && this.values + values > CALL_VALUES && start > this.last) this.cut(start);
    this.cutBefore(end);
    this.values += values;
  }

  /** Ends a call at `end`, the end of a unit already added; returns the index of the slice that ends there. */
  cutAt(end: number): number {
    this.cutBefore(end);
    if (end > this.last) this.cut(end);
    return this.slices.length - 1;
  }

  /** The slices, the last ending at `end`. */
  finish(end: number): Slice[] {
    this.cutAt(end);
    return this.slices;
  }

  private cutBefore(end: number): void {
    while (end - this.last > this.maxBytes) this.cut(this.last + this.maxBytes);
  }

  private cut(at: number): void {
    this.slices.push([this.last, at]);
    this.last = at;
    this.values = 0;
  }
}
