/** Text to Morse. */
import { MorseError } from "./errors.js";
import { cannotEncode, nothingTo } from "./messages.js";
import { DEFAULT_SEPARATOR } from "./limits.js";
import { DEFAULT_GLYPHS, type GlyphOptions, resolveGlyphs } from "./options.js";
import { type Alphabet, ALPHABETS, AMERICAN, anyAlphabetNamed, LATIN } from "./alphabets/index.js";
import { encodeAmerican } from "./american-codec.js";
import { PROSIGNS } from "./characters.js";
import type { PatternWords } from "./results.js";
import {
  isDigitCode,
  isPersian,
  letterPattern,
  patternOfCharCode,
  type ScriptCharacter,
  type Sendable,
  scriptCharacter,
  sendableIn,
  sentAs,
} from "./tables.js";
import { describeCharacter, isWhiteSpace } from "./text.js";

export interface EncodeOptions extends GlyphOptions {
  /**
   * The alphabet the text is sent in, any of alphabets/index.ts DECODE_ALPHABET_NAMES. `latin`
   * (the default) sends each character in its own alphabet, Latin's first. Any other sends its
   * own characters by its own table (Persian's `خ` is `-..-` where Arabic's is `---`), with the
   * shared digits, ITU punctuation and prosigns; every other character is refused
   * (UNSUPPORTED_CHARACTER), as one no alphabet has is. `american` sends American (railroad)
   * Morse (alphabets/american.ts), which shares Latin's characters and so is sent only when
   * asked for. Any other name: MorseError INVALID_OPTION naming them all.
   */
  alphabet?: string;
}

export type { PatternWords };

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
  return new MorseError("UNSUPPORTED_CHARACTER", cannotEncode(problems));
}

const COMBINING_MARK = /^\p{M}/u;

/** Whether a combining mark starts at index i (which then belongs to the character before it). */
function markAt(s: string, i: number): boolean {
  return i < s.length && s.charCodeAt(i) >= 0x300 && COMBINING_MARK.test(s.slice(i, i + 2));
}

/** The alphabets that spell characters of their script out of table characters (kana, Hangul). */
const SPELLERS = ALPHABETS.filter((a) => a.spell !== undefined);

/**
 * Collects the patterns of a text, word by word, and what it cannot encode, sending each
 * character in `alphabet`: Latin (the default) sends each in its own alphabet, any other
 * sends its own characters and the shared digits, punctuation and prosigns, and nothing else.
 *
 * An alphabet with a shift (Wabun) is shifted into where its characters follow something
 * sent outside it, and out of before anything sent outside it (a Latin letter, a sign, a
 * prosign, another script's letter), so that a receiver reading in that alphabet reads each
 * as it was meant: ITU's `/` is Wabun's モ. Digits change nothing: none has a kana's pattern,
 * so they read the same either way (wabun.ts).
 */
class PatternCollector {
  readonly words: PatternWords = [];
  readonly problems: string[] = [];
  private word: string[] = [];
  /**
   * Where a receiver reading in an alphabet with a shift stands: in that alphabet, or outside
   * it (LATIN); undefined before anything has put it in either. Sending in such an alphabet
   * (alphabet=wabun), it starts in it, as its receiver does.
   */
  private reading: Alphabet | undefined;
  /** Whether Arabic-script letters are read as Persian's (the text holds a letter only Persian has): looked at once one is met. */
  private persian: boolean | undefined;
  /** What is sent in `alphabet`; in Latin, the default, characters of other scripts are found too. */
  private readonly sendable: Sendable;
  /** The alphabets whose spellings are sent: every one in Latin, the default; else `alphabet`'s alone. */
  private readonly spellers: readonly Alphabet[];

  /** `text`: what is being collected, for the Persian test; `alphabet`: what it is sent in. */
  constructor(
    private readonly text: string,
    private readonly alphabet: Alphabet,
  ) {
    this.sendable = sendableIn(alphabet);
    this.spellers = alphabet === LATIN ? SPELLERS : SPELLERS.filter((a) => a === alphabet);
    if (alphabet.shift) this.reading = alphabet;
  }

  /** The pattern of an ASCII character by its char code (the hot path), or undefined when it has none in a table. */
  asciiPattern(code: number): string | undefined {
    return this.sendable.ascii[code];
  }

  private add(pattern: string): void {
    this.word.push(pattern);
  }

  /** A character sent outside any shift, which first ends one in force; a digit (`digit`) is sent as it stands. */
  addOutside(pattern: string, digit = false): void {
    if (!digit) {
      const out = this.reading?.shift?.out;
      if (out !== undefined) this.add(PROSIGNS[out]!);
      this.reading = LATIN;
    }
    this.add(pattern);
  }

  /** `ch`, found in the tables: in an alphabet with a shift, shifted into where something was sent outside it. */
  private send(ch: string, { pattern, alphabet }: ScriptCharacter): void {
    const into = alphabet.shift?.into;
    if (into === undefined) this.addOutside(pattern, isDigitCode(ch.charCodeAt(0)));
    else {
      if (this.reading !== undefined && this.reading !== alphabet) this.add(PROSIGNS[into]!);
      this.reading = alphabet;
      this.add(pattern);
    }
  }

  endWord(): void {
    if (this.word.length > 0) {
      this.words.push(this.word);
      this.word = [];
    }
  }

  /** `ch` in the tables it is sent from: `alphabet`'s; in Latin, then every other script's (Persian's reading of Arabic letters in Persian text). */
  private find(ch: string): ScriptCharacter | undefined {
    const found = this.sendable.characters.get(ch);
    if (found !== undefined || this.alphabet !== LATIN) return found;
    this.persian ??= isPersian(this.text);
    return scriptCharacter(ch, this.persian);
  }

  /** One character (one code point, NFC), at its 1-based position in the text as sent; `afterDigit`: whether a digit comes right before it there. */
  character(ch: string, position: number, afterDigit = false): void {
    const found = this.find(ch);
    if (found !== undefined) this.send(ch, found);
    else if (ch.length === 1 && isWhiteSpace(ch.charCodeAt(0))) this.endWord();
    else this.spelled(ch, position, afterDigit);
  }

  /** A character sent as others (`%` as `0/0`, `ガ` as `カ゛`), each of which is sent; or a problem, named as it was written. */
  private spelled(ch: string, position: number, afterDigit: boolean): void {
    const parts = this.spellingOf(ch, afterDigit) ?? [];
    const found = parts.map((part) => this.find(part));
    if (parts.length === 0 || found.includes(undefined)) this.problems.push(`${describeCharacter(ch)} at position ${position}`);
    else for (let k = 0; k < parts.length; k++) this.send(parts[k]!, found[k]!);
  }

  /** The table characters `ch` is sent as, when it is not in a table itself: `%` as `0/0` (`-0/0` `afterDigit`), `ガ` as `カ゛`. */
  private spellingOf(ch: string, afterDigit: boolean): readonly string[] | undefined {
    const sent = sentAs(ch, afterDigit);
    if (sent !== undefined) return [...sent];
    for (const alphabet of this.spellers) {
      const spelled = alphabet.spell!(ch);
      if (spelled !== undefined) return spelled;
    }
    return undefined;
  }

  /**
   * A base character and the combining marks after it, composed (NFC) so that `E` +
   * U+0301 encodes as `É`. Marks that compose with nothing are reported at their own
   * positions. Returns the index just past the cluster, and its length in code points.
   */
  cluster(s: string, start: number, position: number): [end: number, codePoints: number] {
    let end = start + (s.codePointAt(start)! > 0xffff ? 2 : 1);
    while (markAt(s, end)) end += s.codePointAt(end)! > 0xffff ? 2 : 1;
    const original = [...s.slice(start, end)];
    const whole = s.slice(start, end).normalize("NFC");
    // A letter whose lower case has no precomposed form (Turkish i̇, of İ) is in the tables whole.
    if (original.length > 1 && this.find(whole) !== undefined) {
      this.character(whole, position);
      return [end, original.length];
    }
    const composed = [...whole];
    this.character(composed[0]!, position, isDigitCode(s.charCodeAt(start - 1)));
    const leftover = composed.length - 1;
    for (let k = 0; k < leftover; k++) this.character(composed[1 + k]!, position + original.length - leftover + k);
    return [end, original.length];
  }

  result(): PatternWords {
    this.endWord();
    if (this.problems.length > 0) throw unsupported(this.problems);
    if (this.words.length === 0) throw new MorseError("EMPTY_INPUT", nothingTo("text", "encode"));
    return this.words;
  }
}

/**
 * Splits text (any case) into words of patterns, each character in `alphabet` (Latin, the
 * default: each in its own). White space runs separate words; `<SK>`-style prosigns are one
 * character; a character and its combining marks are composed (NFC) first. Throws a
 * MorseError that lists every character it cannot encode, with its 1-based code point
 * position in the text as sent.
 */
export function textToPatterns(text: string, alphabet: Alphabet = LATIN): PatternWords {
  const out = new PatternCollector(text, alphabet);
  let position = 0;
  for (let i = 0; i < text.length; i++) {
    position++;
    const code = text.charCodeAt(i);
    if (code < 128 && !markAt(text, i + 1)) {
      // The hot path: plain ASCII, one table read. No alphabet has ASCII characters of its own:
      // they are Latin's or shared, and sent outside any shift.
      const pattern = out.asciiPattern(code);
      if (pattern !== undefined) {
        out.addOutside(pattern, isDigitCode(code));
        continue;
      }
      if (code === LESS_THAN) {
        const end = prosignEnd(text, i);
        if (end > 0) {
          out.addOutside(prosignPattern(text, i, end));
          position += end - i;
          i = end;
          continue;
        }
      }
      out.character(text[i]!, position, isDigitCode(text.charCodeAt(i - 1)));
      continue;
    }
    const [end, codePoints] = out.cluster(text, i, position);
    i = end - 1;
    position += codePoints - 1;
  }
  return out.result();
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

/** Each ASCII pattern after a letter gap and after a word gap, so that the fast path concatenates once per character. */
const AFTER_LETTER: (string | undefined)[] = [];
const AFTER_WORD: (string | undefined)[] = [];
for (let code = 0; code < 128; code++) {
  const pattern = patternOfCharCode(code);
  AFTER_LETTER.push(pattern === undefined ? undefined : ` ${pattern}`);
  AFTER_WORD.push(pattern === undefined ? undefined : DEFAULT_SEPARATOR + pattern);
}

const enum Gap {
  None,
  Letter,
  Word,
}

/**
 * Default glyphs, plain ASCII text, every character encodable: the common case, in one
 * pass with no intermediate arrays. Anything else returns undefined for the general path.
 */
function encodeAscii(text: string): string | undefined {
  let out = "";
  let gap = Gap.None;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 128) return undefined;
    let pattern = gap === Gap.Letter ? AFTER_LETTER[code] : gap === Gap.Word ? AFTER_WORD[code] : patternOfCharCode(code);
    if (pattern === undefined) {
      if (isWhiteSpace(code)) {
        if (gap === Gap.Letter) gap = Gap.Word;
        continue;
      }
      const end = code === LESS_THAN ? prosignEnd(text, i) : -1;
      if (end < 0) return undefined;
      pattern = (gap === Gap.Letter ? " " : gap === Gap.Word ? DEFAULT_SEPARATOR : "") + prosignPattern(text, i, end);
      i = end;
    }
    out += pattern;
    gap = Gap.Letter;
  }
  return out === "" ? undefined : out;
}

/** Encodes text to Morse in `alphabet` (each character in its own by default): letters joined by one space, words by `separator`. */
export function encode(text: string, options?: EncodeOptions): string {
  const glyphs = resolveGlyphs(options);
  const alphabet = anyAlphabetNamed(options?.alphabet);
  if (alphabet === AMERICAN) return encodeAmerican(text, glyphs);
  if (glyphs === DEFAULT_GLYPHS && alphabet === LATIN) {
    const fast = encodeAscii(text);
    if (fast !== undefined) return fast;
  }
  const { separator, dotChar, dashChar } = glyphs;
  const words = textToPatterns(text, alphabet);
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
