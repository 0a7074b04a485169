/** PARIS timing: the tones and silences that sound a text, with Farnsworth spacing. */
import { textToPatterns } from "./encode.js";
import { MorseError } from "./errors.js";
import { WPM } from "./limits.js";
import { numberOutOfRange } from "./messages.js";
import { DASH_DOTS, dotMs, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "./units.js";

export interface TimingOptions {
  /** Character speed, words per minute (5 to 50, default 20). */
  wpm?: number;
  /** Farnsworth overall speed (5 up to `wpm`, default `wpm`). */
  fwpm?: number;
}

export const SEGMENT_TYPES = ["dot", "dash", "silence"] as const;
export type SegmentType = (typeof SEGMENT_TYPES)[number];

export interface Segment {
  type: SegmentType;
  startMs: number;
  durationMs: number;
}

export interface Timeline {
  /** The text's Morse with default glyphs. */
  morse: string;
  wpm: number;
  fwpm: number;
  /** One dot: 1200 / wpm. */
  unitMs: number;
  /** The whole sequence. */
  durationMs: number;
  sequence: Segment[];
}

function checkSpeed(name: string, value: unknown, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    throw new MorseError("INVALID_OPTION", numberOutOfRange(name, min, max));
  }
  return value;
}

/** Farnsworth's stretched unit for the gaps between letters and words (ARRL; Bloom 1990), in ms. */
export function gapUnitMs(wpm: number, fwpm: number): number {
  if (fwpm === wpm) return dotMs(wpm);
  return (1000 * (60 * wpm - 37.2 * fwpm)) / (19 * wpm * fwpm);
}

/** The timeline of a text: contiguous segments, no leading or trailing silence. */
export function timeline(text: string, options: TimingOptions = {}): Timeline {
  const wpm = checkSpeed("wpm", options.wpm ?? WPM.default, WPM.min, WPM.max);
  const fwpm = checkSpeed("fwpm", options.fwpm ?? wpm, WPM.min, wpm);
  const words = textToPatterns(text);
  const unitMs = dotMs(wpm);
  const gapMs = gapUnitMs(wpm, fwpm);
  const sequence: Segment[] = [];
  let at = 0;
  const add = (type: SegmentType, durationMs: number) => {
    sequence.push({ type, startMs: at, durationMs });
    at = at + durationMs;
  };
  for (let w = 0; w < words.length; w++) {
    if (w > 0) add("silence", WORD_GAP_DOTS * gapMs);
    const word = words[w]!;
    for (let c = 0; c < word.length; c++) {
      if (c > 0) add("silence", LETTER_GAP_DOTS * gapMs);
      const pattern = word[c]!;
      for (let e = 0; e < pattern.length; e++) {
        if (e > 0) add("silence", unitMs);
        if (pattern.charCodeAt(e) === 46) add("dot", unitMs);
        else add("dash", DASH_DOTS * unitMs);
      }
    }
  }
  const morse = words.map((word) => word.join(" ")).join(" / ");
  return { morse, wpm, fwpm, unitMs, durationMs: at, sequence };
}
