/**
 * PARIS timing: the tones and silences that sound a text, with Farnsworth spacing. American
 * Morse (`alphabet: "american"`) is timed by its own units (alphabets/american.ts): its dashes
 * of 2, 4 and 5 units are each a `dash` segment of that length, and the space inside a
 * character (`␣`, 1.5 units) a `silence`; its unit is set so that PARIS, 37.5 of its units
 * with the word gap, is sent `wpm` times a minute, as International's 50 are.
 */
import { AMERICAN_UNITS, INNER_SPACE } from "./alphabets/american.js";
import { AMERICAN, anyAlphabetNamed } from "./alphabets/index.js";
import { americanPatterns, americanUnits, markUnits } from "./american-codec.js";
import { type PatternWords, textToPatterns } from "./encode.js";
import { MorseError } from "./errors.js";
import { WPM } from "./limits.js";
import { numberOutOfRange } from "./messages.js";
import { DASH_DOTS, dotMs, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "./units.js";

export interface TimingOptions {
  /** Character speed, words per minute (5 to 50, default 20). */
  wpm?: number;
  /** Farnsworth overall speed (5 up to `wpm`, default `wpm`). */
  fwpm?: number;
  /** The alphabet the text is sent in, as encode's (`latin`, the default: each character in its own); `american` is timed by its own units. */
  alphabet?: string;
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
  /** One dot: 1200 / wpm (American Morse: 1600 / wpm, its PARIS being 37.5 units). */
  unitMs: number;
  /** The whole sequence, an exact float (the JSON answers give their times to the microsecond: src/http/microseconds.ts). */
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

/** American Morse's PARIS in units: its characters (marks and the gaps inside them), and its gaps between characters and after the word. */
const AMERICAN_PARIS = (() => {
  const paris = americanPatterns("PARIS")[0]!;
  const marks = paris.reduce((units, pattern) => units + americanUnits(pattern), 0);
  return { marks, gaps: (paris.length - 1) * AMERICAN_UNITS.letterGap + AMERICAN_UNITS.wordGap };
})();

/** American Morse's unit in ms at `wpm`, and the Farnsworth unit of its gaps between characters and words at `fwpm` (as gapUnitMs). */
export function americanUnitMs(wpm: number, fwpm: number): { unitMs: number; gapMs: number } {
  const { marks, gaps } = AMERICAN_PARIS;
  const unitMs = 60_000 / ((marks + gaps) * wpm);
  return { unitMs, gapMs: fwpm === wpm ? unitMs : (60_000 / fwpm - marks * unitMs) / gaps };
}

/** Appends a segment of `type` lasting `durationMs`. */
type AddSegment = (type: SegmentType, durationMs: number) => void;

/**
 * The contiguous segments of `words`: letter and word gaps of the given lengths between
 * characters, each character's own segments (marks and the silences inside it) from `character`.
 */
function sequenceOf(words: PatternWords, letterGapMs: number, wordGapMs: number, character: (pattern: string, add: AddSegment) => void) {
  const sequence: Segment[] = [];
  let at = 0;
  const add: AddSegment = (type, durationMs) => {
    sequence.push({ type, startMs: at, durationMs });
    at = at + durationMs;
  };
  for (let w = 0; w < words.length; w++) {
    if (w > 0) add("silence", wordGapMs);
    const word = words[w]!;
    for (let c = 0; c < word.length; c++) {
      if (c > 0) add("silence", letterGapMs);
      character(word[c]!, add);
    }
  }
  return { sequence, durationMs: at, morse: words.map((word) => word.join(" ")).join(" / ") };
}

/** The timeline of a text: contiguous segments, no leading or trailing silence. */
export function timeline(text: string, options: TimingOptions = {}): Timeline {
  const wpm = checkSpeed("wpm", options.wpm ?? WPM.default, WPM.min, WPM.max);
  const fwpm = checkSpeed("fwpm", options.fwpm ?? wpm, WPM.min, wpm);
  const alphabet = anyAlphabetNamed(options.alphabet);
  if (alphabet === AMERICAN) return americanTimeline(text, wpm, fwpm);
  const unitMs = dotMs(wpm);
  const gapMs = gapUnitMs(wpm, fwpm);
  const laid = sequenceOf(textToPatterns(text, alphabet), LETTER_GAP_DOTS * gapMs, WORD_GAP_DOTS * gapMs, (pattern, add) => {
    for (let e = 0; e < pattern.length; e++) {
      if (e > 0) add("silence", unitMs);
      if (pattern.charCodeAt(e) === 46) add("dot", unitMs);
      else add("dash", DASH_DOTS * unitMs);
    }
  });
  return { morse: laid.morse, wpm, fwpm, unitMs, durationMs: laid.durationMs, sequence: laid.sequence };
}

/** timeline() for American Morse: each mark its own length, a `␣` a silence of its own in place of the gap between marks. */
function americanTimeline(text: string, wpm: number, fwpm: number): Timeline {
  const { unitMs, gapMs } = americanUnitMs(wpm, fwpm);
  const laid = sequenceOf(americanPatterns(text), AMERICAN_UNITS.letterGap * gapMs, AMERICAN_UNITS.wordGap * gapMs, (pattern, add) => {
    let gap = 0;
    for (const mark of pattern) {
      if (mark === INNER_SPACE) {
        gap = AMERICAN_UNITS.innerSpace;
        continue;
      }
      if (gap > 0) add("silence", gap * unitMs);
      add(mark === "." ? "dot" : "dash", markUnits(mark) * unitMs);
      gap = AMERICAN_UNITS.elementGap;
    }
  });
  return { morse: laid.morse, wpm, fwpm, unitMs, durationMs: laid.durationMs, sequence: laid.sequence };
}
