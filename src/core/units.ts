/**
 * PARIS timing's units, the one place they are written. A dot is the unit: at `wpm` words
 * per minute it lasts 1200 / wpm ms (the word PARIS, with its word gap, is 50 dots).
 * Marks are 1 dot (dot) or 3 (dash); gaps 1 (inside a character), 3 (between characters)
 * or 7 (between words).
 */

/** Milliseconds of one dot at 1 wpm: 60,000 ms over the 50 dots of PARIS. */
const DOT_MS_AT_ONE_WPM = 1200;

/** The dot length in ms at `wpm`. */
export function dotMs(wpm: number): number {
  return DOT_MS_AT_ONE_WPM / wpm;
}

/** The speed in wpm whose dot lasts `dotMs` ms. */
export function wpmOfDot(dotMs: number): number {
  return DOT_MS_AT_ONE_WPM / dotMs;
}

/** Lengths in dots, as the standard sets them. */
export const DOT_DOTS = 1;
export const DASH_DOTS = 3;
export const ELEMENT_GAP_DOTS = 1;
export const LETTER_GAP_DOTS = 3;
export const WORD_GAP_DOTS = 7;
