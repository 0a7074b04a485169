/**
 * Korean Morse code, whose letters written as the Latin letters of the same patterns are
 * SKATS (Standard Korean Alphabet Transliteration System): the 14 basic consonants and the
 * basic vowels, as Hangul compatibility jamo. Syllables are sent as their jamo, each compound
 * jamo as the basic jamo it is written with.
 *
 * Sources:
 * - Wikipedia, "SKATS": the table (its "SKATS v. 1.0"), each jamo with its code and Latin letter.
 * - Korean Wikipedia, "모스 부호", section 한글 모스 부호 (as of its 2007 static dump): the same
 *   14 consonants and 12 vowels, with ㅐ `--.-` and ㅔ `-.--`, and a gap of five dots between
 *   syllables (three between letters).
 * - morse-decoder 4.0.1 (src/characters.ts, priority 11, "Korean Alphabet => SKATS"): the same
 *   codes for the 14 consonants and the 10 vowels ㅏ..ㅣ.
 * - Encode::Korean::SKATS 0.09 (CPAN), after an earlier revision of the Wikipedia table:
 *   double consonants as the consonant twice (ㄲ LL), compound vowels as their parts.
 *
 * Where they differ, and what is here:
 * - ㅐ and ㅔ have signs of their own here (`--.-`, `-.--`, Korean Wikipedia and the current
 *   SKATS table). The earlier SKATS table and Encode::Korean::SKATS write them ㅏㅣ and ㅓㅣ, and
 *   morse-decoder has neither; compose reads ㅏㅣ and ㅓㅣ as ㅐ and ㅔ, so both ways decode.
 * - The current Wikipedia article also shows a "SKATS 2.0" said to be adopted in 2024 (consonants
 *   given the Latin letters they sound like). No standard or other source for it was found; it
 *   is not used here.
 * - morsee 1.0.10 has no Korean.
 */
import type { CharacterTable } from "../characters.js";
import type { Alphabet } from "./alphabet.js";

/** The consonants ㄱ..ㅎ, then the vowels ㅏ..ㅣ, ㅐ, ㅔ: the order of the sources' tables. */
const LETTERS: CharacterTable = {
  ㄱ: ".-..",
  ㄴ: "..-.",
  ㄷ: "-...",
  ㄹ: "...-",
  ㅁ: "--",
  ㅂ: ".--",
  ㅅ: "--.",
  ㅇ: "-.-",
  ㅈ: ".--.",
  ㅊ: "-.-.",
  ㅋ: "-..-",
  ㅌ: "--..",
  ㅍ: "---",
  ㅎ: ".---",
  ㅏ: ".",
  ㅑ: "..",
  ㅓ: "-",
  ㅕ: "...",
  ㅗ: ".-",
  ㅛ: "-.",
  ㅜ: "....",
  ㅠ: ".-.",
  ㅡ: "-..",
  ㅣ: "..-",
  ㅐ: "--.-",
  ㅔ: "-.--",
};

/** Unicode's order of the jamo in a syllable (U+AC00 + (initial × 21 + medial) × 28 + final). */
const INITIALS = ["ㄱ", "ㄲ", "ㄴ", "ㄷ", "ㄸ", "ㄹ", "ㅁ", "ㅂ", "ㅃ", "ㅅ", "ㅆ", "ㅇ", "ㅈ", "ㅉ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"];
const MEDIALS = ["ㅏ", "ㅐ", "ㅑ", "ㅒ", "ㅓ", "ㅔ", "ㅕ", "ㅖ", "ㅗ", "ㅘ", "ㅙ", "ㅚ", "ㅛ", "ㅜ", "ㅝ", "ㅞ", "ㅟ", "ㅠ", "ㅡ", "ㅢ", "ㅣ"];
const FINALS = [
  "",
  "ㄱ",
  "ㄲ",
  "ㄳ",
  "ㄴ",
  "ㄵ",
  "ㄶ",
  "ㄷ",
  "ㄹ",
  "ㄺ",
  "ㄻ",
  "ㄼ",
  "ㄽ",
  "ㄾ",
  "ㄿ",
  "ㅀ",
  "ㅁ",
  "ㅂ",
  "ㅄ",
  "ㅅ",
  "ㅆ",
  "ㅇ",
  "ㅈ",
  "ㅊ",
  "ㅋ",
  "ㅌ",
  "ㅍ",
  "ㅎ",
];
const SYLLABLE_FIRST = 0xac00;
const SYLLABLE_LAST = 0xd7a3;

/** Each compound jamo as the two jamo it is written with. */
const PARTS: Readonly<Record<string, readonly [string, string]>> = {
  ㄲ: ["ㄱ", "ㄱ"],
  ㄸ: ["ㄷ", "ㄷ"],
  ㅃ: ["ㅂ", "ㅂ"],
  ㅆ: ["ㅅ", "ㅅ"],
  ㅉ: ["ㅈ", "ㅈ"],
  ㄳ: ["ㄱ", "ㅅ"],
  ㄵ: ["ㄴ", "ㅈ"],
  ㄶ: ["ㄴ", "ㅎ"],
  ㄺ: ["ㄹ", "ㄱ"],
  ㄻ: ["ㄹ", "ㅁ"],
  ㄼ: ["ㄹ", "ㅂ"],
  ㄽ: ["ㄹ", "ㅅ"],
  ㄾ: ["ㄹ", "ㅌ"],
  ㄿ: ["ㄹ", "ㅍ"],
  ㅀ: ["ㄹ", "ㅎ"],
  ㅄ: ["ㅂ", "ㅅ"],
  ㅒ: ["ㅑ", "ㅣ"],
  ㅖ: ["ㅕ", "ㅣ"],
  ㅘ: ["ㅗ", "ㅏ"],
  ㅙ: ["ㅗ", "ㅐ"],
  ㅚ: ["ㅗ", "ㅣ"],
  ㅝ: ["ㅜ", "ㅓ"],
  ㅞ: ["ㅜ", "ㅔ"],
  ㅟ: ["ㅜ", "ㅣ"],
  ㅢ: ["ㅡ", "ㅣ"],
};

/** Two jamo to the compound they write; also the earlier SKATS spellings of ㅐ and ㅔ (and so ㅙ, ㅞ). */
const JOINED: ReadonlyMap<string, string> = new Map([
  ...Object.entries(PARTS).map(([compound, [a, b]]) => [a + b, compound] as const),
  ["ㅏㅣ", "ㅐ"],
  ["ㅓㅣ", "ㅔ"],
  ["ㅘㅣ", "ㅙ"],
  ["ㅝㅣ", "ㅞ"],
]);

/** Conjoining jamo (U+1100 initials, U+1161 medials, U+11A8 finals) of modern Hangul. */
const CONJOINING_INITIAL = 0x1100;
const CONJOINING_MEDIAL = 0x1161;
const CONJOINING_FINAL = 0x11a7;

/** Each jamo's place in INITIALS, MEDIALS and FINALS, looked up as compose meets it. */
const placesOf = (jamo: readonly string[]): ReadonlyMap<string, number> => new Map(jamo.map((j, i) => [j, i]));
const INITIAL_AT = placesOf(INITIALS);
const MEDIAL_AT = placesOf(MEDIALS);
const FINAL_AT = placesOf(FINALS);

const isVowel = (ch: string | undefined): ch is string => ch !== undefined && MEDIAL_AT.has(ch);
const isConsonant = (ch: string | undefined): ch is string => ch !== undefined && (INITIAL_AT.has(ch) || FINAL_AT.has(ch)) && ch !== "";
const join = (a: string | undefined, b: string | undefined): string | undefined => (a === undefined || b === undefined ? undefined : JOINED.get(a + b));

/** A compatibility jamo as basic (table) jamo, or undefined. */
function basic(jamo: string): readonly string[] | undefined {
  if (Object.hasOwn(LETTERS, jamo)) return [jamo];
  const parts = PARTS[jamo];
  return parts === undefined ? undefined : parts;
}

/**
 * A character as table jamo: a Hangul syllable decomposed arithmetically into its initial,
 * medial and final, each compound written in basic jamo (까 is ㄱㄱㅏ, 왜 is ㅇㅗㅐ, 닭 is ㄷㅏㄹㄱ);
 * a compound compatibility jamo likewise; a conjoining jamo as its compatibility jamo.
 */
function spell(ch: string): readonly string[] | undefined {
  const cp = ch.codePointAt(0);
  if (cp === undefined || ch.length !== 1) return undefined;
  if (cp >= SYLLABLE_FIRST && cp <= SYLLABLE_LAST) {
    const index = cp - SYLLABLE_FIRST;
    const initial = INITIALS[Math.floor(index / (21 * 28))]!;
    const medial = MEDIALS[Math.floor(index / 28) % 21]!;
    const final = FINALS[index % 28]!;
    return [initial, medial, final].flatMap((jamo) => (jamo === "" ? [] : basic(jamo)!));
  }
  if (cp >= CONJOINING_INITIAL && cp < CONJOINING_INITIAL + INITIALS.length) return basic(INITIALS[cp - CONJOINING_INITIAL]!);
  if (cp >= CONJOINING_MEDIAL && cp < CONJOINING_MEDIAL + MEDIALS.length) return basic(MEDIALS[cp - CONJOINING_MEDIAL]!);
  if (cp > CONJOINING_FINAL && cp < CONJOINING_FINAL + FINALS.length) return basic(FINALS[cp - CONJOINING_FINAL]!);
  return basic(ch);
}

/** The syllable of these jamo (final "" for none). */
function syllable(initial: string, medial: string, final: string): string {
  return String.fromCodePoint(SYLLABLE_FIRST + (INITIAL_AT.get(initial)! * 21 + MEDIAL_AT.get(medial)!) * 28 + FINAL_AT.get(final)!);
}

/** The final written by these consonants (none, one, or two that join), or undefined. */
function finalOf(consonants: readonly string[]): string | undefined {
  if (consonants.length === 0) return "";
  const jamo = consonants.length === 1 ? consonants[0] : consonants.length === 2 ? join(consonants[0], consonants[1]) : undefined;
  return jamo !== undefined && FINAL_AT.has(jamo) ? jamo : undefined;
}

/**
 * Jamo put back into syllables, the rest left as it is. A syllable is an initial (a consonant,
 * or two that write a double one: ㄱㄱ is ㄲ) followed by a vowel, the vowels after it that
 * join it (ㅗㅏ is ㅘ, ㅗㅏㅣ and ㅗㅐ are ㅙ), then the consonants up to the next initial as its
 * final. Between two vowels the last consonant starts the next syllable and those before it
 * are the final (ㄱㅏㄱㄱㅏ is 각가, ㅇㅣㅅㅅㅅㅡㅂ is 있습); only when they cannot be one do the
 * last two start it as a double consonant (ㄱㅏㄴㄱㄱㅏ is 간까). Without the longer gap Korean
 * operators leave between syllables, 가까 and 각가 are sent alike, and come back as 각가.
 */
function compose(text: string): string {
  const chars = [...text];
  let out = "";
  let i = 0;
  while (i < chars.length) {
    // The initial: one consonant before a vowel, or two that join into a double one.
    let initial: string | undefined;
    let j = i;
    if (chars[i] !== undefined && INITIAL_AT.has(chars[i]!) && isVowel(chars[i + 1])) {
      initial = chars[i]!;
      j = i + 1;
    } else {
      const double = join(chars[i], chars[i + 1]);
      if (double !== undefined && INITIAL_AT.has(double) && isVowel(chars[i + 2])) {
        initial = double;
        j = i + 2;
      }
    }
    if (initial === undefined) {
      out += chars[i];
      i++;
      continue;
    }
    // The vowel, with those that join it.
    let medial = chars[j]!;
    j++;
    for (let joined = join(medial, chars[j]); joined !== undefined && isVowel(joined); joined = join(medial, chars[j])) {
      medial = joined;
      j++;
    }
    // The final: the consonants up to the next syllable's initial.
    let end = j;
    while (isConsonant(chars[end])) end++;
    const run = chars.slice(j, end);
    let final: string | undefined;
    let taken = 0;
    if (isVowel(chars[end]) && run.length > 0) {
      final = finalOf(run.slice(0, -1));
      taken = run.length - 1;
      if (final === undefined && run.length >= 2 && INITIAL_AT.has(join(run.at(-2), run.at(-1)) ?? "")) {
        final = finalOf(run.slice(0, -2));
        taken = run.length - 2;
      }
    }
    if (final === undefined) {
      // No next syllable, or no initial and final to split these into: the longest final
      // there is, leaving a consonant before a vowel to start the next syllable.
      taken = Math.max(0, Math.min(2, isVowel(chars[end]) ? run.length - 1 : run.length));
      while (finalOf(run.slice(0, taken)) === undefined) taken--;
      final = finalOf(run.slice(0, taken))!;
    }
    out += syllable(initial, medial, final);
    i = j + taken;
  }
  return out;
}

export const KOREAN: Alphabet = {
  name: "skats",
  title: "Korean: SKATS, the Korean Morse code of Hangul jamo (syllables spelled in jamo and put back together)",
  source: "Korean Morse code as tabled in Wikipedia's “SKATS” (v. 1.0) and Korean Wikipedia's “모스 부호” (한글 모스 부호), which gives ㅐ and ㅔ",
  letters: LETTERS,
  spell,
  compose,
};
