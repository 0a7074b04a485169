/** Text to Morse. */
import { MorseError } from "./errors.js";
import { nothingTo } from "./messages.js";
import { type GlyphOptions, resolveGlyphs } from "./options.js";
import { letterPattern, patternOf, patternOfCharCode } from "./tables.js";
import { describeCharacter, isWhiteSpace, listInWords } from "./text.js";

export type EncodeOptions = GlyphOptions;

/** A text's Morse characters grouped in words, each a pattern of `.` and `-`. */
export type PatternWords = string[][];

const LESS_THAN = 60;
const GREATER_THAN = 62;

/** Index of the `>` closing a prosign opened at `start`, or -1 when `<` opens no prosign. */
function prosignEnd(s: string, start: number): number {
  let i = start + 1;
  while (i < s.length && letterPattern(s.charCodeAt(i)) !== undefined) i++;
  return i > start + 1 && s.charCodeAt(i) === GREATER_THAN ? i : -1;
}

function prosignPattern(s: string, start: number, end: number): string {
  let pattern = "";
  for (let i = start + 1; i < end; i++) pattern += letterPattern(s.charCodeAt(i));
  return pattern;
}

function unsupported(problems: string[]): MorseError {
  const noun = problems.length === 1 ? "character" : "characters";
  return new MorseError("UNSUPPORTED_CHARACTER", `Cannot encode ${noun} ${listInWords(problems)}`);
}

/**
 * Splits text (NFC-normalized, any case) into words of patterns. White space runs
 * separate words; `<SK>`-style prosigns are one character. Throws a MorseError that
 * lists every character it cannot encode, with its 1-based code point position.
 */
export function textToPatterns(text: string): PatternWords {
  const s = text.normalize("NFC");
  const words: PatternWords = [];
  const problems: string[] = [];
  let word: string[] = [];
  let position = 0;
  for (let i = 0; i < s.length; i++) {
    position++;
    const code = s.charCodeAt(i);
    let pattern = code < 128 ? patternOfCharCode(code) : undefined;
    if (pattern !== undefined) { word.push(pattern); continue; }
    if (isWhiteSpace(code)) {
      if (word.length > 0) { words.push(word); word = []; }
      continue;
    }
    if (code === LESS_THAN) {
      const end = prosignEnd(s, i);
      if (end > 0) {
        word.push(prosignPattern(s, i, end));
        position += end - i;
        i = end;
        continue;
      }
    }
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    i += ch.length - 1;
    pattern = code < 128 ? undefined : patternOf(ch);
    if (pattern !== undefined) word.push(pattern);
    else problems.push(`${describeCharacter(ch)} at position ${position}`);
  }
  if (word.length > 0) words.push(word);
  if (problems.length > 0) throw unsupported(problems);
  if (words.length === 0) throw new MorseError("EMPTY_INPUT", nothingTo("text", "encode"));
  return words;
}

/** Redraws a `.`/`-` pattern with other glyphs, remembering what it drew. */
function glyphDrawer(dotChar: string, dashChar: string): (pattern: string) => string {
  if (dotChar === "." && dashChar === "-") return (pattern) => pattern;
  const drawn = new Map<string, string>();
  return (pattern) => {
    let out = drawn.get(pattern);
    if (out === undefined) {
      out = "";
      for (let i = 0; i < pattern.length; i++) out += pattern.charCodeAt(i) === 46 ? dotChar : dashChar;
      drawn.set(pattern, out);
    }
    return out;
  };
}

/** Encodes text to Morse: letters joined by one space, words by `separator`. */
export function encode(text: string, options?: EncodeOptions): string {
  const { separator, dotChar, dashChar } = resolveGlyphs(options);
  const words = textToPatterns(text);
  const draw = glyphDrawer(dotChar, dashChar);
  let out = "";
  for (let w = 0; w < words.length; w++) {
    if (w > 0) out += separator;
    const word = words[w]!;
    for (let c = 0; c < word.length; c++) {
      if (c > 0) out += " ";
      out += draw(word[c]!);
    }
  }
  return out;
}
