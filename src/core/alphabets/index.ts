/**
 * Every alphabet ditdah sends and reads, by the name the API takes. Encode finds each
 * character's alphabet from the character itself; decode, the chart, decode-audio and the
 * live listener are told which one (Latin by default).
 */
import { MorseError } from "../errors.js";
import { notOneOf } from "../messages.js";
import type { Alphabet } from "./alphabet.js";
import { ARABIC } from "./arabic.js";
import { CYRILLIC } from "./cyrillic.js";
import { GREEK } from "./greek.js";
import { HEBREW } from "./hebrew.js";
import { KOREAN } from "./korean.js";
import { LATIN } from "./latin.js";
import { PERSIAN } from "./persian.js";
import { THAI } from "./thai.js";
import { WABUN } from "./wabun.js";

export type { Alphabet } from "./alphabet.js";
export { LATIN };

/** Every alphabet, Latin first; where two scripts share a character (Arabic and Persian), the first listed encodes it unless the text says otherwise. */
export const ALPHABETS: readonly Alphabet[] = [LATIN, CYRILLIC, GREEK, HEBREW, ARABIC, PERSIAN, WABUN, KOREAN, THAI];

/** The names the API takes, in ALPHABETS' order. */
export const ALPHABET_NAMES: readonly string[] = ALPHABETS.map((a) => a.name);

/** The default alphabet's name. */
export const DEFAULT_ALPHABET = LATIN.name;

/** The alphabet called `name` (default Latin), or MorseError INVALID_OPTION listing the names. */
export function alphabetNamed(name: string | undefined): Alphabet {
  if (name === undefined) return LATIN;
  const found = ALPHABETS.find((a) => a.name === name);
  if (!found) throw new MorseError("INVALID_OPTION", notOneOf("alphabet", ALPHABET_NAMES));
  return found;
}
