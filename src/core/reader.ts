/**
 * Sequence keys (tables.ts) read as text in one alphabet, following its shift where it has
 * one: Wabun's `<DO>` switches to kana and `<SN>` back to Latin, each written as nothing.
 * A message read whole starts in the alphabet, unless its first shift is `<DO>`: what came
 * before that was Latin (encode sends `<DO>` only where kana follow Latin), so it is read
 * again from Latin (`readWhole`).
 */
import type { Alphabet } from "./alphabets/index.js";
import { LATIN } from "./alphabets/index.js";
import { PROSIGNS } from "./characters.js";
import { decodeSlotsOf, MAX_ELEMENTS, sequenceKey } from "./tables.js";

export class AlphabetReader {
  #slots: readonly (string | undefined)[];
  readonly #own: readonly (string | undefined)[];
  readonly #into: number;
  readonly #out: number;

  /** The first shift read, if any. */
  firstShift: "into" | "out" | undefined;

  constructor(
    readonly alphabet: Alphabet,
    startInLatin = false,
  ) {
    this.#own = decodeSlotsOf(alphabet);
    this.#slots = startInLatin ? decodeSlotsOf(LATIN) : this.#own;
    const { shift } = alphabet;
    this.#into = shift ? sequenceKey(PROSIGNS[shift.into]!) : -1;
    this.#out = shift ? sequenceKey(PROSIGNS[shift.out]!) : -1;
  }

  /** The text of a sequence key: "" for a shift, undefined for a sequence that is no character. */
  text(key: number): string | undefined {
    if (key === this.#into) {
      this.#slots = this.#own;
      this.firstShift ??= "into";
      return "";
    }
    if (key === this.#out) {
      this.#slots = decodeSlotsOf(LATIN);
      this.firstShift ??= "out";
      return "";
    }
    return key < this.#slots.length ? this.#slots[key] : undefined;
  }

  /** The text of a pattern of dots and dashes, as `text` of its key; undefined for one too long to be a character. */
  read(pattern: string): string | undefined {
    return pattern.length <= MAX_ELEMENTS ? this.text(sequenceKey(pattern)) : undefined;
  }

  /** The decoded text with the alphabet's characters put back together (Hangul syllables). */
  compose(text: string): string {
    return this.alphabet.compose ? this.alphabet.compose(text) : text;
  }
}

/** Reads a whole message with `read`, once more from Latin where its first shift says it began in Latin. */
export function readWhole<T>(alphabet: Alphabet, read: (reader: AlphabetReader) => T): T {
  const reader = new AlphabetReader(alphabet);
  let first: T;
  try {
    first = read(reader);
  } catch (error) {
    // The reading from the alphabet failed; it may have begun in Latin.
    if (reader.firstShift !== "into") throw error;
  }
  return reader.firstShift === "into" ? read(new AlphabetReader(alphabet, true)) : first!;
}
