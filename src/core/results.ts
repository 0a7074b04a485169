/** What encoding and decoding give: shapes shared by every alphabet's encoder and decoder. */

/** A text's Morse characters grouped in words, each a pattern of `.` and `-` (American Morse's also of `⸺`, `⸻` and `␣`). */
export type PatternWords = string[][];

export interface DecodeResult {
  /** Upper-case text, words joined by one space. */
  output: string;
  /** Decoded Morse characters, not counting the spaces between words; a prosign is one, Wabun's shifts none, a Korean jamo one (not a syllable). */
  characters: number;
}
