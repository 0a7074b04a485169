/**
 * American Morse's own path (alphabets/american.ts): its encode, its decode and the units of
 * its characters, each by a map from character to pattern or back. Its patterns hold `⸺`,
 * `⸻` and `␣` as well as `.` and `-`, which the sequence keys and the fast paths of
 * tables.ts, encode.ts and decode.ts, one bit per element, cannot hold; they are left as
 * they are. American Morse is read and written only when asked for (`alphabet: "american"`).
 */
import { AMERICAN, AMERICAN_UNITS, FORMER_LONG_DASH, INNER_SPACE, LONG_DASH, VERY_LONG_DASH } from "./alphabets/american.js";
import type { CharacterTable } from "./characters.js";
import type { DecodeResult, PatternWords } from "./results.js";
import { MorseError } from "./errors.js";
import { cannotDecode, cannotEncode, glyphsClashWithAmerican, nothingTo } from "./messages.js";
import { DEFAULT_GLYPHS, type Glyphs } from "./options.js";
import { isDigitCode, sentAs } from "./tables.js";
import { codePointLength, describeCharacter, isWhiteSpace } from "./text.js";

/** Its tables in decode's order: letters, digits, punctuation (no two share a pattern). */
const TABLES: readonly CharacterTable[] = [AMERICAN.letters, AMERICAN.digits ?? {}, AMERICAN.signs ?? {}];

/** Pattern by character, both cases. */
const patternByCharacter = new Map<string, string>();
/** Character by pattern, the first table's winning. */
const characterByPattern = new Map<string, string>();
for (const table of TABLES) {
  for (const [ch, pattern] of Object.entries(table)) {
    for (const form of new Set([ch, ch.toLowerCase()])) patternByCharacter.set(form, pattern);
    if (!characterByPattern.has(pattern)) characterByPattern.set(pattern, ch);
  }
}

/** The marks only American Morse's patterns hold, which no glyph option may contain. */
const OWN_MARKS = [LONG_DASH, VERY_LONG_DASH, INNER_SPACE] as const;

/** `glyphs`, checked to draw over none of `⸺`, `⸻` and `␣`. */
function checkGlyphs(glyphs: Glyphs): Glyphs {
  if (glyphs === DEFAULT_GLYPHS) return glyphs;
  for (const glyph of [glyphs.dotChar, glyphs.dashChar, glyphs.separator]) {
    if (OWN_MARKS.some((mark) => glyph.includes(mark))) {
      throw new MorseError("INVALID_OPTION", glyphsClashWithAmerican(`${LONG_DASH}, ${VERY_LONG_DASH} or ${INNER_SPACE}`));
    }
  }
  return glyphs;
}

/**
 * A text's American patterns, word by word: white space runs separate words; a character
 * sent as others (`’` as `'`, `%` as `0/0`, `2%` as `2-0/0`) is, where American has them all. Throws a
 * MorseError listing every character it cannot send, at its 1-based code point position.
 */
export function americanPatterns(text: string): PatternWords {
  const words: PatternWords = [];
  const problems: string[] = [];
  let word: string[] = [];
  let position = 0;
  let previous = "";
  for (const ch of text) {
    position++;
    const afterDigit = isDigitCode(previous.charCodeAt(0));
    previous = ch;
    if (ch.length === 1 && isWhiteSpace(ch.charCodeAt(0))) {
      if (word.length > 0) words.push(word);
      word = [];
      continue;
    }
    const pattern = patternByCharacter.get(ch);
    if (pattern !== undefined) {
      word.push(pattern);
      continue;
    }
    const parts = [...(sentAs(ch, afterDigit) ?? "")].map((part) => patternByCharacter.get(part));
    if (parts.length > 0 && parts.every((part) => part !== undefined)) word.push(...(parts as string[]));
    else problems.push(`${describeCharacter(ch)} at position ${position}`);
  }
  if (word.length > 0) words.push(word);
  if (problems.length > 0) throw new MorseError("UNSUPPORTED_CHARACTER", cannotEncode(problems));
  if (words.length === 0) throw new MorseError("EMPTY_INPUT", nothingTo("text", "encode"));
  return words;
}

/** Text as American Morse: characters apart by a space, words by `separator`, dots and dashes drawn with the glyphs. */
export function encodeAmerican(text: string, glyphs: Glyphs): string {
  const { separator, dotChar, dashChar } = checkGlyphs(glyphs);
  const draw = (pattern: string) => (glyphs === DEFAULT_GLYPHS ? pattern : pattern.replace(/[.-]/g, (mark) => (mark === "." ? dotChar : dashChar)));
  return americanPatterns(text)
    .map((word) => word.map(draw).join(" "))
    .join(separator);
}

/** A pattern's length in units: its marks, and the gaps between them (a `␣` in place of one). */
export function americanUnits(pattern: string): number {
  let units = 0;
  let marks = 0;
  for (const ch of pattern) {
    if (ch === INNER_SPACE) units += AMERICAN_UNITS.innerSpace - AMERICAN_UNITS.elementGap;
    else {
      units += markUnits(ch) + (marks > 0 ? AMERICAN_UNITS.elementGap : 0);
      marks++;
    }
  }
  return units;
}

/** The length in units of a mark: `.`, `-`, `⸺` or `⸻`. */
export function markUnits(mark: string): number {
  switch (mark) {
    case ".":
      return AMERICAN_UNITS.dot;
    case "-":
      return AMERICAN_UNITS.dash;
    case LONG_DASH:
      return AMERICAN_UNITS.longDash;
    default:
      return AMERICAN_UNITS.veryLongDash;
  }
}

/** What a character of American Morse as written is: a mark of a pattern, or a break. */
const WORD_BREAK = 1;
const LETTER_BREAK = 2;
type Token = string | typeof WORD_BREAK | typeof LETTER_BREAK | undefined;

/**
 * What pasted Morse may hold with default glyphs: encode's marks, the dots and dashes Latin's
 * decode forgives (`·` `•` `∙`, `_` `−` `–`; not `—`, which ditdah once wrote for L and which
 * is read as L), `/`, `|` and line breaks between words, other white space between characters.
 */
function forgivingToken(ch: string): Token {
  switch (ch) {
    case ".":
    case "·":
    case "•":
    case "∙":
      return ".";
    case "-":
    case "_":
    case "−":
    case "–":
      return "-";
    case LONG_DASH:
    case VERY_LONG_DASH:
    case INNER_SPACE:
      return ch;
    case FORMER_LONG_DASH:
      return LONG_DASH;
    case "/":
    case "|":
    case "\n":
    case "\r":
    case "\u2028":
    case "\u2029":
      return WORD_BREAK;
    default:
      return ch.length === 1 && isWhiteSpace(ch.charCodeAt(0)) ? LETTER_BREAK : undefined;
  }
}

/** Builds the text as the scanner reports marks, letter ends and word ends. */
class AmericanAssembler {
  output = "";
  characters = 0;
  readonly problems: string[] = [];
  private pattern = "";
  private start = 0;
  private startPosition = 0;
  private wordBreak = false;

  constructor(private readonly morse: string) {}

  mark(mark: string, index: number, position: number): void {
    if (this.pattern === "") {
      this.start = index;
      this.startPosition = position;
    }
    this.pattern += mark;
  }

  endLetter(end: number): void {
    if (this.pattern === "") return;
    const text = characterByPattern.get(this.pattern);
    if (text === undefined) this.problems.push(`sequence "${this.morse.slice(this.start, end)}" at position ${this.startPosition}`);
    else {
      if (this.wordBreak && this.output.length > 0) this.output += " ";
      this.output += text;
      this.characters++;
      this.wordBreak = false;
    }
    this.pattern = "";
  }

  endWord(end: number): void {
    this.endLetter(end);
    this.wordBreak = true;
  }

  bad(ch: string, index: number, position: number): void {
    this.endLetter(index);
    this.problems.push(`character ${describeCharacter(ch)} at position ${position}`);
  }

  result(): DecodeResult {
    this.endLetter(this.morse.length);
    if (this.problems.length > 0) throw new MorseError("INVALID_MORSE", cannotDecode(this.problems));
    if (this.characters === 0) throw new MorseError("EMPTY_INPUT", nothingTo("morse", "decode"));
    return { output: this.output, characters: this.characters };
  }
}

/** American Morse to text: with default glyphs as forgiving as Latin's decode, with glyphs of its own exactly as encode draws them. */
export function decodeAmerican(morse: string, glyphs: Glyphs): DecodeResult {
  const out = new AmericanAssembler(morse);
  if (checkGlyphs(glyphs) === DEFAULT_GLYPHS) {
    let position = 0;
    let i = 0;
    for (const ch of morse) {
      position++;
      const token = forgivingToken(ch);
      if (token === WORD_BREAK) out.endWord(i);
      else if (token === LETTER_BREAK) out.endLetter(i);
      else if (token === undefined) out.bad(ch, i, position);
      else out.mark(token, i, position);
      i += ch.length;
    }
    return out.result();
  }
  const { separator, dotChar, dashChar } = glyphs;
  const drawn: readonly (readonly [glyph: string, mark: string])[] = [[dotChar, "."], [dashChar, "-"], ...OWN_MARKS.map((mark) => [mark, mark] as const)];
  let position = 1;
  let i = 0;
  scan: while (i < morse.length) {
    if (morse.startsWith(separator, i)) {
      out.endWord(i);
      i += separator.length;
      position += codePointLength(separator);
      continue;
    }
    for (const [glyph, mark] of drawn) {
      if (morse.startsWith(glyph, i)) {
        out.mark(mark, i, position);
        i += glyph.length;
        position += codePointLength(glyph);
        continue scan;
      }
    }
    const ch = String.fromCodePoint(morse.codePointAt(i)!);
    if (isWhiteSpace(ch.charCodeAt(0))) out.endLetter(i);
    else out.bad(ch, i, position);
    i += ch.length;
    position++;
  }
  return out.result();
}
