/**
 * Lookup tables derived once from the character tables, so that encoding and
 * decoding cost one array or map read per character.
 */
import { ACCENTED, DECODE_PRECEDENCE, DIGITS, LETTERS, PUNCTUATION } from "./characters.js";

/** Patterns by character (both cases) for everything that encodes one-to-one. */
const encodeMap = new Map<string, string>();
/** The same for ASCII, indexed by char code: the hot path. */
const encodeAscii: (string | undefined)[] = new Array(128).fill(undefined);

for (const table of [LETTERS, DIGITS, PUNCTUATION, ACCENTED]) {
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

/** Pattern of letter A to Z (either case) by char code, for prosigns. */
export function letterPattern(code: number): string | undefined {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) ? encodeAscii[code] : undefined;
}

/**
 * A sequence as a number: a leading 1 bit, then one bit per element (dash = 1),
 * so ".-" is 0b101 and every sequence of up to MAX_ELEMENTS elements has its own slot.
 */
export const MAX_ELEMENTS = 9;
const decodeSlots: (string | undefined)[] = new Array(1 << (MAX_ELEMENTS + 1)).fill(undefined);

export function sequenceKey(pattern: string): number {
  let key = 1;
  for (let i = 0; i < pattern.length; i++) key = (key << 1) | (pattern.charCodeAt(i) === 45 ? 1 : 0);
  return key;
}

for (const table of DECODE_PRECEDENCE) {
  for (const [ch, pattern] of Object.entries(table)) {
    const key = sequenceKey(pattern);
    decodeSlots[key] ??= ch;
  }
}

/** The text a sequence key decodes to, or undefined when it means nothing. */
export function textOfKey(key: number): string | undefined {
  return key < decodeSlots.length ? decodeSlots[key] : undefined;
}
