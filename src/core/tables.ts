/**
 * Lookup tables derived once from the character tables, so that encoding and
 * decoding cost one array or map read per character.
 */
import { ALPHABETS, LATIN, type Alphabet } from "./alphabets/index.js";
import { ARABIC } from "./alphabets/arabic.js";
import { PERSIAN } from "./alphabets/persian.js";
import { type CharacterTable, DECODE_PRECEDENCE, DIGITS, JOINED_TO_A_NUMBER, PROSIGNS, PUNCTUATION, SENT_AS } from "./characters.js";

/** A character as encode sends it: its pattern, and the alphabet whose reading it is sent in (Latin's for the shared digits and punctuation). */
export interface ScriptCharacter {
  pattern: string;
  alphabet: Alphabet;
}

/** Adds the characters of `tables` (both cases where the script has case), sent in `alphabet`; one already there keeps its entry. */
function addCharacters(map: Map<string, ScriptCharacter>, tables: readonly CharacterTable[], alphabet: Alphabet): void {
  for (const table of tables) {
    for (const [ch, pattern] of Object.entries(table)) {
      for (const form of new Set([ch, ch.toLowerCase()])) if (!map.has(form)) map.set(form, { pattern, alphabet });
    }
  }
}

/** What encode sends in one alphabet: each character, and the patterns of the ASCII ones by char code (the hot path). */
export interface Sendable {
  readonly characters: ReadonlyMap<string, ScriptCharacter>;
  readonly ascii: readonly (string | undefined)[];
}

const sendables = new Map<Alphabet, Sendable>();

/**
 * The characters encode sends in `alphabet`: its letters and signs (both cases) by its own
 * table, then the shared digits and ITU punctuation, in Latin's reading. Latin's are its letters
 * with the accented ones, its signs, the digits and the punctuation. Built once per alphabet.
 */
export function sendableIn(alphabet: Alphabet): Sendable {
  let sendable = sendables.get(alphabet);
  if (!sendable) {
    const characters = new Map<string, ScriptCharacter>();
    addCharacters(characters, [alphabet.letters, alphabet.signs ?? {}], alphabet);
    addCharacters(characters, [DIGITS, PUNCTUATION], LATIN);
    const ascii = Array.from({ length: 128 }, (_, code) => characters.get(String.fromCharCode(code))?.pattern);
    sendable = { characters, ascii };
    sendables.set(alphabet, sendable);
  }
  return sendable;
}

/** What Latin sends: encode's default, each character in its own alphabet, starts there. */
const latin = sendableIn(LATIN);
/** Latin's ASCII patterns by char code: the hot path. */
const latinAscii = latin.ascii;

export function patternOfCharCode(code: number): string | undefined {
  return latinAscii[code];
}

/** The pattern of a character Latin sends (either case), or undefined. */
export function patternOf(ch: string): string | undefined {
  return latin.characters.get(ch)?.pattern;
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
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? latinAscii[code] : undefined;
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

/** The characters of every other alphabet than Latin (both cases where the script has case), the first alphabet listing one winning it. */
const scriptMap = new Map<string, ScriptCharacter>();
for (const alphabet of ALPHABETS) if (alphabet !== LATIN) addCharacters(scriptMap, [alphabet.letters, alphabet.signs ?? {}], alphabet);

/** Persian's letters, which win over Arabic's for a text holding a letter only Persian has. */
const persianMap = new Map<string, ScriptCharacter>();
addCharacters(persianMap, [PERSIAN.letters], PERSIAN);

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
