/** The Morse chart, as the API serves it. */
import { ACCENTED, DIGITS, LETTERS, PROSIGNS, PUNCTUATION, type CharacterTable } from "./characters.js";

export interface Chart {
  alphabet: CharacterTable;
  numbers: CharacterTable;
  punctuation: CharacterTable;
  prosigns: CharacterTable;
  accented: CharacterTable;
}

export const CHART: Readonly<Chart> = Object.freeze({
  alphabet: LETTERS,
  numbers: DIGITS,
  punctuation: PUNCTUATION,
  prosigns: PROSIGNS,
  accented: ACCENTED,
});
