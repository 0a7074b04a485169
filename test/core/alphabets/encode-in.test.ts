/**
 * Encode and the timeline in an alphabet asked for (issue 42): its own table, with the shared
 * digits, ITU punctuation and prosigns; every other character refused as encode refuses what it
 * cannot send; `latin`, the default, still each character in its own alphabet.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  ALPHABETS,
  type Alphabet,
  DECODE_ALPHABET_NAMES,
  decode,
  DIGITS,
  ENCODE_ALPHABET_NAMES,
  encode,
  MorseError,
  PUNCTUATION,
  timeline,
} from "../../../src/core/index.js";
import { decodeSlotsOf, sequenceKey } from "../../../src/core/tables.js";

const persian = { alphabet: "persian" } as const;

function refuses(code: string, message: string | RegExp): (error: unknown) => boolean {
  return (error) =>
    error instanceof MorseError && error.code === code && (typeof message === "string" ? error.message === message : message.test(error.message));
}

describe("encode in the alphabet asked for", () => {
  it("sends Persian text that has no letter only Persian has in Persian's table when asked", () => {
    // خانه: Persian خ -..-, ه . ; Arabic's are --- and ..-.. (which read back in Persian as عانض).
    assert.equal(encode("خانه", persian), "-..- .- -. .");
    assert.equal(decode(encode("خانه", persian), persian), "خانه");
    assert.equal(timeline("خانه", persian).morse, "-..- .- -. .");
    // Without the option, such text is still found to be Arabic.
    assert.equal(encode("خانه"), "--- .- -. ..-..");
  });

  it("sends the shared digits, ITU punctuation and prosigns with the alphabet's letters", () => {
    assert.equal(encode("خانه 12, <SK>", persian), "-..- .- -. . / .---- ..--- --..-- / ...-.-");
    assert.equal(encode("Жук 5% <AR>", { alphabet: "cyrillic" }), "...- ..- -.- / ..... -....- ----- -..-. ----- / .-.-.");
  });

  it("sends the alphabet's own spellings: Greek's bare vowels, Wabun's voiced kana, Korean's jamo", () => {
    assert.equal(encode("ά", { alphabet: "greek" }), ".-");
    assert.equal(encode("が", { alphabet: "wabun" }), ".-.. ..");
    assert.equal(encode("한", { alphabet: "skats" }), encode("한"));
  });

  it("refuses a character the alphabet has not, naming each at its position, as encode refuses what it cannot send", () => {
    assert.throws(() => encode("CQ خانه", persian), refuses("UNSUPPORTED_CHARACTER", 'Cannot encode characters "C" at position 1 and "Q" at position 2'));
    assert.throws(
      () => encode("Σ×Ж", { alphabet: "cyrillic" }),
      refuses("UNSUPPORTED_CHARACTER", 'Cannot encode characters "Σ" at position 1 and "×" at position 2'),
    );
    assert.throws(() => encode("پ", { alphabet: "arabic" }), refuses("UNSUPPORTED_CHARACTER", 'Cannot encode character "پ" at position 1'));
    assert.throws(
      () => encode("¿é", { alphabet: "greek" }),
      refuses("UNSUPPORTED_CHARACTER", 'Cannot encode characters "¿" at position 1 and "é" at position 2'),
    );
    assert.throws(() => timeline("abc", persian), refuses("UNSUPPORTED_CHARACTER", /^Cannot encode characters "a" at position 1, /));
    assert.throws(() => encode(" \n", persian), refuses("EMPTY_INPUT", /nothing to encode/));
  });

  it("keeps latin, the default, as it was: each character in its own alphabet", () => {
    for (const text of ["CQ ДЕ ΣΟΣ 5%", "خانه", "CQ イロハ DE", "خ پ"]) {
      assert.equal(encode(text, { alphabet: "latin" }), encode(text), text);
      assert.deepEqual(timeline(text, { alphabet: "latin" }), timeline(text), text);
    }
  });

  it("takes every alphabet decode takes, and refuses any other name with the list", () => {
    assert.deepEqual(ENCODE_ALPHABET_NAMES, DECODE_ALPHABET_NAMES);
    const list = `${DECODE_ALPHABET_NAMES.slice(0, -1).join(", ")} or ${DECODE_ALPHABET_NAMES.at(-1)}`;
    assert.throws(() => encode("E", { alphabet: "elvish" }), refuses("INVALID_OPTION", `Parameter alphabet must be one of ${list}`));
    assert.throws(() => timeline("E", { alphabet: "Persian" }), refuses("INVALID_OPTION", `Parameter alphabet must be one of ${list}`));
  });
});

describe("the round-trip law in the alphabet asked for", () => {
  /** The characters of `alphabet` (its own, the digits, ITU's punctuation) that its decode reads back as themselves. */
  function readBack(alphabet: Alphabet): string[] {
    const slots = decodeSlotsOf(alphabet);
    const tables = [alphabet.letters, alphabet.signs ?? {}, DIGITS, PUNCTUATION];
    return tables.flatMap((table) => Object.entries(table).filter(([ch, pattern]) => slots[sequenceKey(pattern)] === ch)).map(([ch]) => ch);
  }

  for (const alphabet of ALPHABETS.filter((a) => a.name !== "latin")) {
    it(`${alphabet.name}: decode(encode(text, { alphabet }), { alphabet }) gives the text back`, () => {
      const word = fc.array(fc.constantFrom(...readBack(alphabet)), { minLength: 1, maxLength: 8 }).map((chs) => chs.join(""));
      const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));
      const options = { alphabet: alphabet.name };
      fc.assert(
        fc.property(text, (t) => {
          const expected = (alphabet.compose ? alphabet.compose(t) : t).normalize("NFC");
          assert.equal(decode(encode(t, options), options), expected);
        }),
        { numRuns: 150 },
      );
    });
  }
});
