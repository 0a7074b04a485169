/** The Morse chart, as the API serves it: Latin's by default, or another alphabet's. */
import { type Alphabet, EVERY_ALPHABET, LATIN } from "./alphabets/index.js";
import { ACCENTED, type CharacterTable, DIGITS, LETTERS, PROSIGNS, PUNCTUATION, SIGNS } from "./characters.js";

export interface Chart {
  /** The alphabet's letters (Latin: A to Z). */
  alphabet: CharacterTable;
  numbers: CharacterTable;
  /** ITU's punctuation and the common extensions, after the alphabet's own signs where it has some. */
  punctuation: CharacterTable;
  prosigns: CharacterTable;
  /** Latin only: the accented letters. */
  accented?: CharacterTable;
  /** Latin only: signs of common practice beyond API.md's punctuation (¿ ¡). */
  signs?: CharacterTable;
}

export const CHART: Readonly<Chart> = Object.freeze({
  alphabet: LETTERS,
  numbers: DIGITS,
  punctuation: PUNCTUATION,
  prosigns: PROSIGNS,
  accented: ACCENTED,
  signs: SIGNS,
});

/**
 * The chart of `alphabet`: its letters, the digits, its signs and ITU's punctuation, the
 * prosigns; for a code of its own (American Morse, with digits of its own), its digits and
 * signs alone, and no prosigns.
 */
export function chartOf(alphabet: Alphabet): Readonly<Chart> {
  if (alphabet === LATIN) return CHART;
  if (alphabet.digits) return { alphabet: alphabet.letters, numbers: alphabet.digits, punctuation: alphabet.signs ?? {}, prosigns: {} };
  return { alphabet: alphabet.letters, numbers: DIGITS, punctuation: { ...alphabet.signs, ...PUNCTUATION }, prosigns: PROSIGNS };
}

/** What `GET /api/v1/alphabets` lists of each alphabet. */
export interface AlphabetSummary {
  name: string;
  title: string;
  source: string;
  /** How many letters, and digits and signs of its own, its table holds. */
  characters: number;
}

/** Every alphabet, and American Morse (which encode sends only when asked for). */
export const ALPHABET_SUMMARIES: readonly AlphabetSummary[] = EVERY_ALPHABET.map((a) => ({
  name: a.name,
  title: a.title,
  source: a.source,
  characters: Object.keys(a.letters).length + Object.keys(a.digits ?? {}).length + Object.keys(a.signs ?? {}).length,
}));
