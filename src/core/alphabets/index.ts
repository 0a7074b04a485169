/**
 * Every alphabet ditdah sends and reads, by the name the API takes. Encode finds each
 * character's alphabet from the character itself; decode, the chart, decode-audio and the
 * live listener are told which one (Latin by default).
 */
import { MorseError } from "../errors.js";
import { notOneOf } from "../messages.js";
import type { Alphabet } from "./alphabet.js";
import { AMERICAN } from "./american.js";
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
export { AMERICAN, LATIN };

/** Every alphabet, Latin first; where two scripts share a character (Arabic and Persian), the first listed encodes it unless the text says otherwise. */
export const ALPHABETS: readonly Alphabet[] = [LATIN, CYRILLIC, GREEK, HEBREW, ARABIC, PERSIAN, WABUN, KOREAN, THAI];

/** The names the API takes, in ALPHABETS' order. */
export const ALPHABET_NAMES: readonly string[] = ALPHABETS.map((a) => a.name);

/**
 * What encode and the timeline take as `alphabet`: Latin (the default: each character in its
 * own alphabet) or American Morse, which shares Latin's characters and so is sent only when
 * asked for. American is not in ALPHABETS: encode never picks it by itself, and the audio
 * decoder does not read its timing.
 */
export const ENCODE_ALPHABET_NAMES: readonly string[] = [LATIN.name, AMERICAN.name];

/** What decode takes as `alphabet`: every alphabet of ALPHABETS, and American Morse. */
export const DECODE_ALPHABET_NAMES: readonly string[] = [...ALPHABET_NAMES, AMERICAN.name];

/** The default alphabet's name. */
export const DEFAULT_ALPHABET = LATIN.name;

/** The alphabet called `name` (default Latin), or MorseError INVALID_OPTION listing the names. */
export function alphabetNamed(name: string | undefined): Alphabet {
  if (name === undefined) return LATIN;
  const found = ALPHABETS.find((a) => a.name === name);
  if (!found) throw new MorseError("INVALID_OPTION", notOneOf("alphabet", ALPHABET_NAMES));
  return found;
}

/** The alphabet decode reads in: the one of ALPHABETS called `name` (default Latin), or American; else MorseError INVALID_OPTION listing DECODE_ALPHABET_NAMES. */
export function decodeAlphabetNamed(name: string | undefined): Alphabet {
  if (name === AMERICAN.name) return AMERICAN;
  if (name !== undefined && !ALPHABET_NAMES.includes(name)) throw new MorseError("INVALID_OPTION", notOneOf("alphabet", DECODE_ALPHABET_NAMES));
  return alphabetNamed(name);
}
