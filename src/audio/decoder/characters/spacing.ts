/**
 * How a sender spaces letters and words: the decoder's one model of the gaps beyond a
 * letter's own. The standard sets them at 3 and 7 dots; Farnsworth spacing stretches both
 * by one factor; a tight fist compresses the letter gaps toward one dot and its word gaps
 * by another factor, often further.
 */
import { LETTER_GAP_DOTS, WORD_GAP_DOTS } from "../../../core/units.js";

export interface Spacing {
  /** The letter gaps' length over 3 dots. */
  letter: number;
  /** The word gaps' length over 7 dots. */
  word: number;
}

export const STANDARD: Spacing = Object.freeze({ letter: 1, word: 1 });

/** Spacing that stretches letter and word gaps alike by `stretch`. */
export function stretched(stretch: number): Spacing {
  return { letter: stretch, word: stretch };
}

/**
 * The factor for lengths that lie between a letter gap and a word gap (where one ends and
 * the other begins, where a pause starts): the mean of the two stretches weighted by their
 * standard lengths, so that the midpoint of 3 and 7 dots lands at the midpoint of the two.
 */
export function betweenGaps(spacing: Spacing): number {
  return (LETTER_GAP_DOTS * spacing.letter + WORD_GAP_DOTS * spacing.word) / (LETTER_GAP_DOTS + WORD_GAP_DOTS);
}

/** Whether the spacing is the standard's, within `tolerance` of it (a share). */
export function isStandard(spacing: Spacing, tolerance: number): boolean {
  return Math.abs(spacing.letter - 1) <= tolerance && Math.abs(spacing.word - 1) <= tolerance;
}

/** Whether two spacings put the letter gaps within `tolerance` (a factor) of each other. */
export function sameLetterGaps(a: Spacing, b: Spacing, tolerance: number): boolean {
  return Math.abs(Math.log(a.letter / b.letter)) <= Math.log(tolerance);
}
