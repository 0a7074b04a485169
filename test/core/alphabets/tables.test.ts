import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Alphabet } from "../../../src/core/alphabets/alphabet.js";
import { ARABIC } from "../../../src/core/alphabets/arabic.js";
import { CYRILLIC } from "../../../src/core/alphabets/cyrillic.js";
import { GREEK } from "../../../src/core/alphabets/greek.js";
import { HEBREW } from "../../../src/core/alphabets/hebrew.js";
import { PERSIAN } from "../../../src/core/alphabets/persian.js";
import { THAI } from "../../../src/core/alphabets/thai.js";
import { decode, encode } from "../../../src/core/index.js";

/** Each alphabet with its Unicode block and, for every pattern two letters share, the letter its header says decodes. */
const CASES: readonly { alphabet: Alphabet; name: string; block: readonly [number, number]; decodes: Readonly<Record<string, string>> }[] = [
  { alphabet: CYRILLIC, name: "cyrillic", block: [0x0400, 0x04ff], decodes: { ".": "Е", "..": "И", "..-..": "Э", "--.": "Г", "..-": "У" } },
  { alphabet: GREEK, name: "greek", block: [0x0370, 0x03ff], decodes: {} },
  { alphabet: HEBREW, name: "hebrew", block: [0x0590, 0x05ff], decodes: { "-.-": "כ", "--": "מ", "-.": "נ", ".--.": "פ", ".--": "צ" } },
  { alphabet: ARABIC, name: "arabic", block: [0x0600, 0x06ff], decodes: { "-": "ت" } },
  { alphabet: PERSIAN, name: "persian", block: [0x0600, 0x06ff], decodes: {} },
  {
    alphabet: THAI,
    name: "thai",
    block: [0x0e00, 0x0e7f],
    decodes: {
      "-.-.": "ข",
      "-.-": "ค",
      "-..-": "ช",
      "-..": "ด",
      "-": "ต",
      "-.-..": "ถ",
      "-..--": "ท",
      "-.": "น",
      ".--..": "พ",
      ".-..": "ล",
      "...": "ส",
      ".-..-": "\u0E44",
    },
  },
];

/** Pattern to the first letter listed with it, and the patterns listed more than once. */
function firstListed(letters: Readonly<Record<string, string>>): { first: Map<string, string>; shared: Set<string> } {
  const first = new Map<string, string>();
  const shared = new Set<string>();
  for (const [letter, pattern] of Object.entries(letters)) {
    if (first.has(pattern)) shared.add(pattern);
    else first.set(pattern, letter);
  }
  return { first, shared };
}

describe("alphabet tables", () => {
  for (const { alphabet, name, block, decodes } of CASES) {
    describe(name, () => {
      it("is named, titled and sourced", () => {
        assert.equal(alphabet.name, name);
        assert.ok(alphabet.title.length > 0);
        assert.ok(alphabet.source.length > 0);
      });

      it("every pattern is 1 to 9 elements of . and -", () => {
        for (const [letter, pattern] of Object.entries(alphabet.letters)) {
          assert.match(pattern, /^[.-]{1,9}$/, `${letter}: ${pattern}`);
        }
      });

      it("every letter is one NFC code point of the script's block", () => {
        for (const letter of Object.keys(alphabet.letters)) {
          assert.equal([...letter].length, 1, `${letter} is one code point`);
          assert.equal(letter.normalize("NFC"), letter, `${letter} is NFC`);
          const cp = letter.codePointAt(0)!;
          assert.ok(cp >= block[0] && cp <= block[1], `${letter} U+${cp.toString(16)} is in the block`);
        }
      });

      it("where letters share a pattern, the first listed is the one that decodes", () => {
        const { first, shared } = firstListed(alphabet.letters);
        assert.deepEqual([...shared].sort(), Object.keys(decodes).sort(), "the shared patterns");
        for (const [pattern, letter] of Object.entries(decodes)) assert.equal(first.get(pattern), letter, pattern);
      });

      it("has no signs of its own (ITU punctuation serves every alphabet)", () => {
        assert.equal(alphabet.signs, undefined);
      });
    });
  }

  it("Cyrillic holds the 33 Russian letters with Ё, the Ukrainian letters and Belarusian Ў", () => {
    const russian = [..."АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"];
    assert.equal(russian.length, 33);
    for (const letter of russian) assert.ok(letter in CYRILLIC.letters, letter);
    for (const letter of "ЄІЇҐЎ") assert.ok(letter in CYRILLIC.letters, letter);
    const keys = Object.keys(CYRILLIC.letters);
    assert.deepEqual(keys.slice(0, 32), [..."АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ"], "the Russian letters come first, Ё after them");
    assert.equal(CYRILLIC.letters.Ё, CYRILLIC.letters.Е);
    assert.equal(CYRILLIC.letters.Ъ, "--.--");
    assert.equal(CYRILLIC.letters.Ї, ".---.");
  });

  it("Cyrillic sends Belarusian Ў as У (..-), as ebook2cw does, and ..- still decodes to У", () => {
    assert.equal(CYRILLIC.letters.Ў, CYRILLIC.letters.У);
    assert.equal(encode("Ў ў"), "..- / ..-");
    assert.equal(decode(encode("Ў"), { alphabet: "cyrillic" }), "У");
  });

  it("Greek holds the 24 letters Α to Ω with the Greek table's patterns", () => {
    assert.deepEqual(Object.keys(GREEK.letters), [..."ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ"]);
    const expected = { Η: "....", Θ: "-.-.", Ξ: "-..-", Υ: "-.--", Φ: "..-.", Χ: "----", Ψ: "--.-", Ω: ".--" };
    for (const [letter, pattern] of Object.entries(expected)) assert.equal(GREEK.letters[letter], pattern, letter);
  });

  it("Hebrew holds the 22 letters and the 5 final forms, each final sent as its letter", () => {
    const keys = Object.keys(HEBREW.letters);
    assert.equal(keys.length, 27);
    for (const letter of "אבגדהוזחטיכלמנסעפצקרשת") assert.ok(keys.includes(letter), letter);
    const finals = { ך: "כ", ם: "מ", ן: "נ", ף: "פ", ץ: "צ" };
    for (const [final, base] of Object.entries(finals)) {
      assert.equal(HEBREW.letters[final], HEBREW.letters[base], final);
      assert.ok(keys.indexOf(final) > keys.indexOf(base), `${final} after ${base}`);
    }
  });

  it("Thai holds the table's 52 characters, then the 16 letters sent as one of them", () => {
    const keys = Object.keys(THAI.letters);
    assert.equal(keys.length, 68);
    const added = {
      ฃ: "ข",
      ฅ: "ค",
      ฆ: "ค",
      ฌ: "ช",
      ฎ: "ด",
      ฏ: "ต",
      ฐ: "ถ",
      ฑ: "ท",
      ฒ: "ท",
      ณ: "น",
      ธ: "ท",
      ภ: "พ",
      ศ: "ส",
      ษ: "ส",
      ฬ: "ล",
      "\u0E43": "\u0E44",
    };
    assert.deepEqual(keys.slice(52), Object.keys(added), "the added letters come after the table's 52");
    for (const [letter, base] of Object.entries(added)) {
      assert.equal(THAI.letters[letter], THAI.letters[base], letter);
      assert.ok(keys.indexOf(base) < 52, `${base} is one of the table's 52`);
    }
    for (const letter of "ฦ\u0E45") assert.ok(!(letter in THAI.letters), `${letter} has no source`);
  });

  it("Arabic sends ه as ..-.. and ة as ت (-), as ebook2cw does; - still decodes to ت; hamza is U+0621", () => {
    assert.equal(ARABIC.letters.ه, "..-..");
    assert.equal(ARABIC.letters.ة, ARABIC.letters.ت);
    assert.equal(encode("مدرسة"), "-- -.. .-. ... -");
    assert.equal(decode("-- -.. .-. ... -", { alphabet: "arabic" }), "مدرست");
    assert.ok("\u0621" in ARABIC.letters);
    assert.ok(!("\uFE80" in ARABIC.letters));
  });

  it("Persian holds پ چ ژ گ and the Persian ک ی, and differs from Arabic on خ ذ ز ص ض ع غ ق ه", () => {
    for (const letter of "پچژگ\u06A9\u06CC") assert.ok(letter in PERSIAN.letters, letter);
    assert.ok(!("\u0643" in PERSIAN.letters) && !("\u064A" in PERSIAN.letters), "Arabic ك and ي are not Persian's");
    for (const letter of "خذزصضعغقه") assert.notEqual(PERSIAN.letters[letter], ARABIC.letters[letter], letter);
  });
});
