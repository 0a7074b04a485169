/** The pure core: character tables, encode, decode, timing. No I/O. */
export { ACCENTED, DIGITS, LETTERS, PROSIGNS, PUNCTUATION, SENT_AS, SIGNS, type CharacterTable } from "./characters.js";
export {
  ALPHABET_NAMES,
  ALPHABETS,
  alphabetNamed,
  AMERICAN,
  anyAlphabetNamed,
  DECODE_ALPHABET_NAMES,
  decodeAlphabetNamed,
  DEFAULT_ALPHABET,
  ENCODE_ALPHABET_NAMES,
  EVERY_ALPHABET,
  type Alphabet,
} from "./alphabets/index.js";
export { ALPHABET_SUMMARIES, CHART, chartOf, type AlphabetSummary, type Chart } from "./chart.js";
export { decode, decodeToResult, readHeardMorse, type DecodeOptions, type DecodeResult } from "./decode.js";
export { encode, textToPatterns, type EncodeOptions, type PatternWords } from "./encode.js";
export { MorseError, type MorseErrorCode } from "./errors.js";
export * as limits from "./limits.js";
export { DEFAULT_GLYPHS, resolveGlyphs, type GlyphOptions, type Glyphs } from "./options.js";
export { codePointLength } from "./text.js";
export { gapUnitMs, SEGMENT_TYPES, timeline, type Segment, type SegmentType, type Timeline, type TimingOptions } from "./timing.js";
export * from "./spots/index.js";
