/**
 * Every alphabet ditdah sends and reads, by the name the API takes. Encode finds each
 * character's alphabet from the character itself, unless told one; decode, the chart,
 * decode-audio and the live listener are told which one (Latin by default).
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
 * Every alphabet of ALPHABETS, and American Morse: what encode and the timeline send in, decode
 * reads, the chart shows and GET /api/v1/alphabets lists. American is not in ALPHABETS: it
 * shares Latin's characters, so encode never picks it by itself, and the audio decoder does not
 * read its timing.
 */
export const EVERY_ALPHABET: readonly Alphabet[] = [...ALPHABETS, AMERICAN];

/** What decode takes as `alphabet`, in EVERY_ALPHABET's order. */
export const DECODE_ALPHABET_NAMES: readonly string[] = EVERY_ALPHABET.map((a) => a.name);

/**
 * What encode and the timeline take as `alphabet`: every name decode takes. `latin`, the default,
 * sends each character in its own alphabet; any other, that alphabet's characters alone.
 */
export const ENCODE_ALPHABET_NAMES: readonly string[] = DECODE_ALPHABET_NAMES;

/** The default alphabet's name. */
export const DEFAULT_ALPHABET = LATIN.name;

/** The one of `alphabets` called `name` (default Latin, for no name or null), or MorseError INVALID_OPTION listing their names. */
function named(alphabets: readonly Alphabet[], name: unknown): Alphabet {
  if (name === undefined || name === null) return LATIN;
  const found = alphabets.find((a) => a.name === name);
  if (!found)
    throw new MorseError(
      "INVALID_OPTION",
      notOneOf(
        "alphabet",
        alphabets.map((a) => a.name),
      ),
    );
  return found;
}

/** The alphabet of ALPHABETS called `name` (what decode-audio and the live listener read in). */
export function alphabetNamed(name: string | undefined): Alphabet {
  return named(ALPHABETS, name);
}

/** The alphabet of EVERY_ALPHABET called `name`: what encode and the timeline send in, decode reads in and the chart shows. */
export function anyAlphabetNamed(name: unknown): Alphabet {
  return named(EVERY_ALPHABET, name);
}

/** anyAlphabetNamed, by the library's name from when encode took only Latin and American Morse. */
export const decodeAlphabetNamed = anyAlphabetNamed;
