/**
 * What an alphabet is to ditdah: its own letters (and signs) with their Morse, where the
 * table comes from, and, for scripts whose characters are built from smaller ones (kana with
 * voicing marks, Hangul syllables), how a character is spelled in table characters and how
 * decoded table characters are put back together. Digits, ITU punctuation and prosigns are
 * shared by every alphabet but American Morse, a code of its own (characters.ts); each
 * alphabet's own table comes first in decode.
 */
import type { CharacterTable } from "../characters.js";

export interface Alphabet {
  /** The name the API and the CLI take (`alphabet=cyrillic`): lower case ASCII. */
  readonly name: string;
  /** What it covers, in English: "Cyrillic: Russian, with the Ukrainian, Belarusian and Bulgarian letters". */
  readonly title: string;
  /** Where the table comes from: the standard or the publication, with its section or page. */
  readonly source: string;
  /**
   * Its letters in the alphabet's order, each (upper case where the script has case) with
   * its Morse in `.` and `-` (American Morse's also in `⸺`, `⸻` and `␣`: american.ts). Where
   * two letters share a pattern, the first listed is the one that pattern decodes to; every
   * one of them encodes.
   */
  readonly letters: CharacterTable;
  /** Digits of its own, where it does not share ITU's (American Morse). */
  readonly digits?: CharacterTable;
  /** Signs of its own where they differ from ITU's punctuation (Wabun's `、` `。`), decoded before ITU's. */
  readonly signs?: CharacterTable;
  /**
   * A character not in the tables spelled as table characters, or undefined: `ガ` is `カ` and
   * `゛`, `가` is `ㄱ` and `ㅏ`. Encode only.
   */
  readonly spell?: (character: string) => readonly string[] | undefined;
  /** Decoded text with its table characters put back together (jamo into Hangul syllables). */
  readonly compose?: (text: string) => string;
  /**
   * The prosigns that switch into this alphabet from Latin and back where the two are mixed
   * (Wabun's `<DO>` and `<SN>`): encode sends them around a run of this alphabet's letters
   * that follows Latin; decode switches its output's script on them and writes neither.
   */
  readonly shift?: { readonly into: string; readonly out: string };
}
