/**
 * Lookup tables derived once from the character tables, so that encoding and
 * decoding cost one array or map read per character.
 */
import { ALPHABETS, LATIN, type Alphabet } from "./alphabets/index.js";
import { ARABIC } from "./alphabets/arabic.js";
import { PERSIAN } from "./alphabets/persian.js";
import { ACCENTED, type CharacterTable, DECODE_PRECEDENCE, DIGITS, JOINED_TO_A_NUMBER, LETTERS, PROSIGNS, PUNCTUATION, SENT_AS, SIGNS } from "./characters.js";

/** Patterns by character (both cases) for everything that encodes one-to-one. */
const encodeMap = new Map<string, string>();
/** The same for ASCII, indexed by char code: the hot path. */
const encodeAscii: (string | undefined)[] = new Array(128).fill(undefined);

for (const table of [LETTERS, DIGITS, PUNCTUATION, ACCENTED, SIGNS]) {
  for (const [ch, pattern] of Object.entries(table)) {
    for (const form of new Set([ch, ch.toLowerCase()])) {
      encodeMap.set(form, pattern);
      if (form.length === 1 && form.charCodeAt(0) < 128) encodeAscii[form.charCodeAt(0)] = pattern;
    }
  }
}

export function patternOfCharCode(code: number): string | undefined {
  return encodeAscii[code];
}

export function patternOf(ch: string): string | undefined {
  return ch.length === 1 && ch.charCodeAt(0) < 128 ? encodeAscii[ch.charCodeAt(0)] : encodeMap.get(ch);
}

/** Whether a char code is one of the digits 0 to 9 (NaN, before the start of a text, is none). */
export function isDigitCode(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * What `ch`, in no table, is sent as (`%` as `0/0`, `’` as `'`), or undefined: after a digit
 * (`afterDigit`), a sign ITU 3.3.2 joins to a number comes after a hyphen (`2%` is `2-0/0`).
 */
export function sentAs(ch: string, afterDigit: boolean): string | undefined {
  const sent = SENT_AS[ch];
  return sent !== undefined && afterDigit && JOINED_TO_A_NUMBER.has(ch) ? `-${sent}` : sent;
}

/** Pattern of letter A to Z (either case) by char code, for prosigns. */
export function letterPattern(code: number): string | undefined {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? encodeAscii[code] : undefined;
}

/**
 * A sequence as a number: a leading 1 bit, then one bit per element (dash = 1),
 * so ".-" is 0b101 and every sequence of up to MAX_ELEMENTS elements has its own slot.
 */
export const MAX_ELEMENTS = 9;

export function sequenceKey(pattern: string): number {
  let key = 1;
  for (let i = 0; i < pattern.length; i++) key = (key << 1) | (pattern.charCodeAt(i) === 45 ? 1 : 0);
  return key;
}

const decodeSlots = slotsOf(DECODE_PRECEDENCE);

/** The text a pattern of dots and dashes decodes to in Latin, or undefined when it means nothing (or is too long to mean anything). */
export function textOfPattern(pattern: string): string | undefined {
  return pattern.length <= MAX_ELEMENTS ? textOfKey(sequenceKey(pattern)) : undefined;
}

/** The text a sequence key decodes to, or undefined when it means nothing. */
export function textOfKey(key: number): string | undefined {
  return key < decodeSlots.length ? decodeSlots[key] : undefined;
}

/** The sequence slots of every table of `tables`, the first table holding a sequence winning it. */
function slotsOf(tables: readonly CharacterTable[]): (string | undefined)[] {
  const slots: (string | undefined)[] = new Array(1 << (MAX_ELEMENTS + 1)).fill(undefined);
  for (const table of tables) {
    for (const [ch, pattern] of Object.entries(table)) slots[sequenceKey(pattern)] ??= ch;
  }
  return slots;
}

const alphabetSlots = new Map<Alphabet, readonly (string | undefined)[]>();

/**
 * What each sequence means in `alphabet`: its own letters, then the digits, its own signs,
 * ITU's punctuation and the prosigns. Latin's are decode's own (API.md section 7's order), its
 * accented letters after the prosigns: `.-.-` is `<AA>`, not Ä. Built once per alphabet.
 */
export function decodeSlotsOf(alphabet: Alphabet): readonly (string | undefined)[] {
  let slots = alphabetSlots.get(alphabet);
  if (!slots) {
    slots = alphabet === LATIN ? decodeSlots : slotsOf([alphabet.letters, DIGITS, alphabet.signs ?? {}, PUNCTUATION, PROSIGNS]);
    alphabetSlots.set(alphabet, slots);
  }
  return slots;
}

/** A character of another script than Latin, with its pattern and its alphabet. */
export interface ScriptCharacter {
  pattern: string;
  alphabet: Alphabet;
}

/** The characters of every other alphabet (both cases where the script has case), the first alphabet listing one winning it. */
const scriptMap = new Map<string, ScriptCharacter>();
/** Persian's letters, which win over Arabic's for a text holding a letter only Persian has. */
const persianMap = new Map<string, ScriptCharacter>();

for (const alphabet of ALPHABETS) {
  if (alphabet === LATIN) continue;
  for (const table of [alphabet.letters, alphabet.signs ?? {}]) {
    for (const [ch, pattern] of Object.entries(table)) {
      for (const form of new Set([ch, ch.toLowerCase()])) {
        if (!scriptMap.has(form)) scriptMap.set(form, { pattern, alphabet });
        if (alphabet === PERSIAN) persianMap.set(form, { pattern, alphabet });
      }
    }
  }
}

/** Letters Persian has and Arabic has not (پ چ ژ گ, and Persian's own ک and ی). */
const PERSIAN_ONLY = new Set([...persianMap.keys()].filter((ch) => !(ch in ARABIC.letters)));

/** Whether a text is Persian rather than Arabic: it holds a letter only Persian has. */
export function isPersian(text: string): boolean {
  for (const ch of text) if (PERSIAN_ONLY.has(ch)) return true;
  return false;
}

/** `ch` of a script other than Latin (Persian's reading of Arabic letters where `persian`), or undefined. */
export function scriptCharacter(ch: string, persian: boolean): ScriptCharacter | undefined {
  return (persian ? persianMap.get(ch) : undefined) ?? scriptMap.get(ch);
}
