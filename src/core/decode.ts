/** Morse to text. */
import { MorseError } from "./errors.js";
import { cannotDecode, nothingTo } from "./messages.js";
import { DEFAULT_SEPARATOR, UNKNOWN_CHARACTER } from "./limits.js";
import { DEFAULT_GLYPHS, type Glyphs, type GlyphOptions, resolveGlyphs } from "./options.js";
import { alphabetNamed, AMERICAN, anyAlphabetNamed, LATIN } from "./alphabets/index.js";
import { decodeAmerican } from "./american-codec.js";
import { AlphabetReader, readWhole } from "./reader.js";
import { MAX_ELEMENTS, textOfKey } from "./tables.js";
import type { DecodeResult } from "./results.js";
import { codePointLength, describeCharacter, isWhiteSpace } from "./text.js";

export interface DecodeOptions extends GlyphOptions {
  /** The alphabet the Morse is read in (alphabets/index.ts DECODE_ALPHABET_NAMES: ALPHABET_NAMES and `american`): `latin` by default. */
  alphabet?: string;
}

export type { DecodeResult };

/**
 * Builds the text as a scanner reports elements, letter ends and word ends. A sequence
 * is kept as a number (leading 1, then one bit per element) so it costs no string.
 */
class Assembler {
  output = "";
  characters = 0;
  readonly problems: string[] = [];
  private key = 1;
  private elements = 0;
  private start = 0;
  private startPosition = 0;
  private wordBreak = false;

  constructor(
    private readonly morse: string,
    private readonly reader: AlphabetReader,
  ) {}

  element(isDash: boolean, index: number, position: number): void {
    if (this.elements === 0) {
      this.start = index;
      this.startPosition = position;
    }
    this.elements++;
    this.key = this.elements > MAX_ELEMENTS ? 0 : (this.key << 1) | (isDash ? 1 : 0);
  }

  /** Ends the sequence in progress, if any; `end` is the index just past it. */
  endLetter(end: number): void {
    if (this.elements === 0) return;
    const text = this.reader.text(this.key);
    if (text === undefined) {
      this.problems.push(`sequence "${this.morse.slice(this.start, end)}" at position ${this.startPosition}`);
    } else if (text !== "") {
      if (this.wordBreak && this.output.length > 0) this.output += " ";
      this.output += text;
      this.characters++;
      this.wordBreak = false;
    }
    this.key = 1;
    this.elements = 0;
  }

  endWord(end: number): void {
    this.endLetter(end);
    this.wordBreak = true;
  }

  badCharacter(index: number, position: number): number {
    this.endLetter(index);
    const ch = String.fromCodePoint(this.morse.codePointAt(index)!);
    this.problems.push(`character ${describeCharacter(ch)} at position ${position}`);
    return ch.length;
  }

  result(): DecodeResult {
    this.endLetter(this.morse.length);
    if (this.problems.length > 0) {
      throw new MorseError("INVALID_MORSE", cannotDecode(this.problems));
    }
    if (this.characters === 0) throw new MorseError("EMPTY_INPUT", nothingTo("morse", "decode"));
    return { output: this.reader.compose(this.output), characters: this.characters };
  }
}

const enum Glyph {
  Dot,
  Dash,
  WordBreak,
  LetterBreak,
  Other,
}

/** What pasted Morse may hold with default options: several dot and dash glyphs, `/`, `|` and line breaks. */
function forgivingGlyph(code: number): Glyph {
  switch (code) {
    case 0x2e:
    case 0xb7:
    case 0x2022:
    case 0x2219:
      return Glyph.Dot; // . · • ∙
    case 0x2d:
    case 0x5f:
    case 0x2212:
    case 0x2013:
    case 0x2014:
      return Glyph.Dash; // - _ − – —
    case 0x2f:
    case 0x7c:
    case 0x0a:
    case 0x0d:
    case 0x2028:
    case 0x2029:
      return Glyph.WordBreak; // / | line breaks
    default:
      return isWhiteSpace(code) ? Glyph.LetterBreak : Glyph.Other;
  }
}

function scanForgiving(morse: string, out: Assembler): void {
  let position = 0;
  for (let i = 0; i < morse.length; i++) {
    position++;
    const code = morse.charCodeAt(i);
    switch (forgivingGlyph(code)) {
      case Glyph.Dot:
        out.element(false, i, position);
        break;
      case Glyph.Dash:
        out.element(true, i, position);
        break;
      case Glyph.WordBreak:
        out.endWord(i);
        break;
      case Glyph.LetterBreak:
        out.endLetter(i);
        break;
      default:
        i += out.badCharacter(i, position) - 1;
    }
  }
}

/** With options of its own, Morse must be drawn exactly as encode draws it with them. */
function scanExact(morse: string, glyphs: Glyphs, out: Assembler): void {
  const { separator, dotChar, dashChar } = glyphs;
  const widths = [codePointLength(separator), codePointLength(dotChar), codePointLength(dashChar)] as const;
  let position = 1;
  let i = 0;
  while (i < morse.length) {
    if (morse.startsWith(separator, i)) {
      out.endWord(i);
      i += separator.length;
      position += widths[0];
    } else if (morse.startsWith(dotChar, i)) {
      out.element(false, i, position);
      i += dotChar.length;
      position += widths[1];
    } else if (morse.startsWith(dashChar, i)) {
      out.element(true, i, position);
      i += dashChar.length;
      position += widths[2];
    } else if (isWhiteSpace(morse.charCodeAt(i))) {
      out.endLetter(i);
      i++;
      position++;
    } else {
      i += out.badCharacter(i, position);
      position++;
    }
  }
}

/** Each sequence's text as single-byte (windows-1252) codes, when it has such codes: the fast path's output table. */
const KEY_COUNT = 1 << (MAX_ELEMENTS + 1);
const SINGLE_BYTE = /^[\x20-\x7e\xa0-\xff]+$/;
const TEXT_BYTES: (Uint8Array | undefined)[] = Array.from({ length: KEY_COUNT }, (_, key) => {
  const text = textOfKey(key);
  return text !== undefined && SINGLE_BYTE.test(text) ? Uint8Array.from(text, (ch) => ch.charCodeAt(0)) : undefined;
});

const utf8 = new TextEncoder();
const singleByte = new TextDecoder("windows-1252");
/** Scratch buffers of the fast path, grown as needed: decoding allocates only its result. */
let inputBytes = new Uint8Array(4096);
let outputBytes = new Uint8Array(4096);

/**
 * Default glyphs, Morse written with `.`, `-`, spaces and `/`, every sequence known: the
 * common case, as bytes in one tight loop. Anything else returns undefined for the
 * general path, which gives the same result or the detailed error.
 */
export function decodeAscii(morse: string): DecodeResult | undefined {
  if (inputBytes.length < morse.length) inputBytes = new Uint8Array(2 * morse.length);
  const { read, written } = utf8.encodeInto(morse, inputBytes);
  if (read !== morse.length || written !== morse.length) return undefined; // not ASCII
  if (outputBytes.length < 2 * morse.length) outputBytes = new Uint8Array(2 * morse.length);
  const input = inputBytes;
  const output = outputBytes;
  let length = 0;
  let characters = 0;
  let key = 1;
  let wordBreak = false;
  for (let i = 0; i <= written; i++) {
    const code = i < written ? input[i]! : 32;
    if (code === 46 || code === 45) {
      // . or -
      key = (key << 1) | (code & 1); // "-" (45) is odd, "." (46) even
      if (key >= KEY_COUNT) return undefined; // longer than any sequence (and before 32-bit shifts wrap)
      continue;
    }
    if (code !== 32 && code !== 47) return undefined; // only spaces and / end letters here
    if (key !== 1) {
      const bytes = key < KEY_COUNT ? TEXT_BYTES[key] : undefined;
      if (bytes === undefined) return undefined;
      if (wordBreak) output[length++] = 32;
      for (let k = 0; k < bytes.length; k++) output[length++] = bytes[k]!;
      characters++;
      key = 1;
      wordBreak = false;
    }
    if (code === 47 && characters > 0) wordBreak = true;
  }
  return characters > 0 ? { output: singleByte.decode(output.subarray(0, length)), characters } : undefined;
}

/** Decodes Morse, counting the characters decoded. */
export function decodeToResult(morse: string, options?: DecodeOptions): DecodeResult {
  const glyphs = resolveGlyphs(options);
  const alphabet = anyAlphabetNamed(options?.alphabet);
  if (alphabet === AMERICAN) return decodeAmerican(morse, glyphs);
  if (alphabet !== LATIN) return readWhole(alphabet, (reader) => decodeGeneral(morse, glyphs, reader));
  if (glyphs === DEFAULT_GLYPHS) return decodeAscii(morse) ?? decodeGeneral(morse, glyphs);
  return decodeGeneral(morse, glyphs);
}

/** Any glyphs, any input, in any alphabet (Latin by default): the result, or an error that names every problem. */
export function decodeGeneral(morse: string, glyphs: Glyphs, reader = new AlphabetReader(LATIN)): DecodeResult {
  const out = new Assembler(morse, reader);
  if (glyphs === DEFAULT_GLYPHS) scanForgiving(morse, out);
  else scanExact(morse, glyphs, out);
  return out.result();
}

/** Decodes Morse to upper-case text; sequences that are only prosigns come back as `<SK>` and the like. */
export function decode(morse: string, options?: DecodeOptions): string {
  return decodeToResult(morse, options).output;
}

/**
 * Morse as the audio decoder writes what it heard (default glyphs, letters apart by a space,
 * words by ` / `) read in `alphabet`: a sequence that is no character there is `*`.
 */
export function readHeardMorse(morse: string, alphabet: string): string {
  return readWhole(alphabetNamed(alphabet), (reader) => readWords(morse, reader));
}

function readWords(morse: string, reader: AlphabetReader): string {
  return reader.compose(readHeardWords(morse, reader).join(" "));
}

/** The words of Morse as the audio decoder writes it, each read by `reader` as it stands (nothing composed). */
export function readHeardWords(morse: string, reader: AlphabetReader): string[] {
  const words = morse.split(DEFAULT_SEPARATOR).map((word) =>
    word
      .split(" ")
      .filter((pattern) => pattern !== "")
      .map((pattern) => reader.read(pattern) ?? UNKNOWN_CHARACTER)
      .join(""),
  );
  return words.filter((word) => word !== "");
}
