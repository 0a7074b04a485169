/**
 * The Latin alphabet as an `Alphabet`: ITU-R M.1677-1's letters and the accented letters of
 * common practice, whose tables (with their sources) are characters.ts. Its decode order is
 * API.md section 7's: letters, digits, punctuation, prosigns, then accented letters.
 */
import { ACCENTED, LETTERS, SIGNS } from "../characters.js";
import type { Alphabet } from "./alphabet.js";

export const LATIN: Alphabet = {
  name: "latin",
  title: "Latin: ITU-R M.1677-1's letters, with the accented letters of common practice",
  source: "ITU-R M.1677-1 (10/2009), Part I, 1.1; accented letters beyond É as collected at ham.stackexchange.com/q/1379 and by LA3ZA (2013)",
  letters: { ...LETTERS, ...ACCENTED },
  signs: SIGNS,
};
