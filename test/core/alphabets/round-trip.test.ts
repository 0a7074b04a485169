/**
 * Every alphabet both ways, through the public encode and decode: each table entry encodes
 * to its pattern and its pattern decodes to the entry that wins it; text of an alphabet's
 * characters comes back from decode as it was sent (the round-trip law, per alphabet).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { ALPHABETS, type Alphabet, decode, DIGITS, encode, MorseError, PROSIGNS, PUNCTUATION } from "../../../src/core/index.js";

/** The tables an alphabet other than Latin decodes with, in order. */
function decodeOrder(alphabet: Alphabet): Record<string, string>[] {
  return [alphabet.letters, DIGITS, alphabet.signs ?? {}, PUNCTUATION, PROSIGNS];
}

/** The character each pattern decodes to in `alphabet`: the first table's first entry with it. */
function winners(alphabet: Alphabet): Map<string, string> {
  const won = new Map<string, string>();
  for (const table of decodeOrder(alphabet)) for (const [ch, pattern] of Object.entries(table)) if (!won.has(pattern)) won.set(pattern, ch);
  return won;
}

const NON_LATIN = ALPHABETS.filter((a) => a.name !== "latin");

/**
 * A text is read as Persian, not Arabic, when it holds a letter only Persian has (پ): each
 * Persian text here starts with one.
 */
const MARKER: Record<string, string> = { persian: "پ " };

/** `text` encoded as its alphabet's: after the alphabet's marker, if it has one, which is then taken off. */
function encodeIn(alphabet: Alphabet, text: string): string {
  const marker = MARKER[alphabet.name];
  if (marker === undefined) return encode(text);
  return encode(marker + text)
    .split(" / ")
    .slice(1)
    .join(" / ");
}

describe("every alphabet's table, both ways", () => {
  for (const alphabet of NON_LATIN) {
    it(`${alphabet.name}: each entry encodes to its pattern, and each pattern decodes to the entry listed first`, () => {
      const won = winners(alphabet);
      for (const table of [alphabet.letters, alphabet.signs ?? {}]) {
        for (const [ch, pattern] of Object.entries(table)) {
          assert.equal(encodeIn(alphabet, ch), pattern, `${alphabet.name} ${ch}`);
          assert.equal(decode(pattern, { alphabet: alphabet.name }), won.get(pattern), `${alphabet.name} ${pattern}`);
        }
      }
    });
  }

  it("names every alphabet, each once, and refuses an unknown name with the list", () => {
    const names = ALPHABETS.map((a) => a.name);
    assert.deepEqual(names, [...new Set(names)]);
    for (const expected of ["latin", "cyrillic", "greek", "hebrew", "arabic", "persian", "wabun", "skats", "thai"])
      assert.ok(names.includes(expected), expected);
    assert.throws(
      () => decode(".-", { alphabet: "klingon" }),
      (error: unknown) => error instanceof MorseError && error.code === "INVALID_OPTION" && error.message.includes("latin, cyrillic"),
    );
  });
});

describe("the round-trip law, per alphabet", () => {
  for (const alphabet of NON_LATIN) {
    // The characters that come back as themselves: each the one its pattern decodes to.
    const won = winners(alphabet);
    const own = [...Object.entries(alphabet.letters), ...Object.entries(alphabet.signs ?? {})]
      .filter(([ch, pattern]) => won.get(pattern) === ch)
      .map(([ch]) => ch);
    // Digits too, but those an alphabet's own letter shadows (Thai's tone marks take 7 and 8).
    const digits = Object.entries(DIGITS)
      .filter(([ch, pattern]) => won.get(pattern) === ch)
      .map(([ch]) => ch);
    const word = fc.array(fc.constantFrom(...own, ...digits), { minLength: 1, maxLength: 8 }).map((chs) => chs.join(""));
    const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));
    it(`${alphabet.name}: decode(encode(text), { alphabet }) gives the text back`, () => {
      fc.assert(
        fc.property(text, (t) => {
          // Text is sent as its canonical (NFC) form: Thai marks on one letter come back in canonical order.
          const expected = (alphabet.compose ? alphabet.compose(t) : t).normalize("NFC");
          assert.equal(decode(encodeIn(alphabet, t), { alphabet: alphabet.name }), expected);
        }),
        { numRuns: 200 },
      );
    });
  }
});
