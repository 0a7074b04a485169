/**
 * SKATS: the Korean Morse table against its sources, Hangul syllables spelled in basic jamo,
 * and jamo put back into syllables.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { KOREAN } from "../../../src/core/alphabets/korean.js";
import { LETTERS } from "../../../src/core/characters.js";

const spell = KOREAN.spell!;
const compose = KOREAN.compose!;
const jamo = (text: string): string[] => [...text].flatMap((ch) => spell(ch) ?? [ch]);
const spelled = (text: string): string => jamo(text).join("");

const FIRST = 0xac00;
const LAST = 0xd7a3;
const SYLLABLES = Array.from({ length: LAST - FIRST + 1 }, (_, k) => String.fromCodePoint(FIRST + k));
/** Each syllable's spelling, to the syllable. */
const BY_SPELLING = new Map(SYLLABLES.map((s) => [spelled(s), s]));
const isSyllable = (ch: string): boolean => ch >= "가" && ch <= "힣";

/**
 * Whether the boundary between two syllables can be read two ways in jamo: the second starts
 * with a double consonant whose first half could instead end the first (가+까 and 각+가 are
 * both ㄱㅏㄱㄱㅏ).
 */
function ambiguous(before: string, after: string): boolean {
  const next = jamo(after);
  return next[0] === next[1] && BY_SPELLING.has(spelled(before) + next[0]);
}

const syllable = fc.integer({ min: FIRST, max: LAST }).map((cp) => String.fromCodePoint(cp));
const word = fc.array(syllable, { minLength: 1, maxLength: 8 });

describe("SKATS table", () => {
  it("holds the 14 basic consonants and 12 vowels, as compatibility jamo", () => {
    const keys = Object.keys(KOREAN.letters);
    assert.deepEqual(keys, [..."ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣㅐㅔ"]);
    for (const ch of keys) assert.ok(ch >= "\u3131" && ch <= "\u318e", ch);
    assert.equal(KOREAN.signs, undefined);
    assert.equal(KOREAN.shift, undefined);
  });

  it("has the sources' patterns", () => {
    const known: Record<string, string> = {
      ㄱ: ".-..",
      ㄴ: "..-.",
      ㅅ: "--.",
      ㅇ: "-.-",
      ㅎ: ".---",
      ㅏ: ".",
      ㅓ: "-",
      ㅜ: "....",
      ㅣ: "..-",
      ㅐ: "--.-",
      ㅔ: "-.--",
    };
    for (const [ch, pattern] of Object.entries(known)) assert.equal(KOREAN.letters[ch], pattern, ch);
  });

  it("uses each Latin letter's pattern once: SKATS writes ㄱ as L, ㅏ as E, ㅐ as Q, ㅔ as Y", () => {
    const latin = new Map(Object.entries(LETTERS).map(([letter, pattern]) => [pattern, letter]));
    const skats = Object.fromEntries(Object.entries(KOREAN.letters).map(([ch, pattern]) => [ch, latin.get(pattern)]));
    assert.deepEqual(new Set(Object.values(skats)), new Set(Object.keys(LETTERS)));
    assert.deepEqual([skats.ㄱ, skats.ㄴ, skats.ㅎ, skats.ㅏ, skats.ㅑ, skats.ㅣ, skats.ㅐ, skats.ㅔ], ["L", "F", "J", "E", "I", "U", "Q", "Y"]);
  });
});

describe("SKATS spelling", () => {
  it("spells known syllables", () => {
    const known: Record<string, string> = {
      한: "ㅎㅏㄴ",
      글: "ㄱㅡㄹ",
      까: "ㄱㄱㅏ",
      왜: "ㅇㅗㅐ",
      닭: "ㄷㅏㄹㄱ",
      값: "ㄱㅏㅂㅅ",
      있: "ㅇㅣㅅㅅ",
      의: "ㅇㅡㅣ",
      얘: "ㅇㅑㅣ",
      예: "ㅇㅕㅣ",
      웨: "ㅇㅜㅔ",
      쀍: "ㅂㅂㅜㅔㄹㄱ",
      힣: "ㅎㅣㅎ",
    };
    for (const [ch, parts] of Object.entries(known)) assert.deepEqual(spell(ch), [...parts], ch);
  });

  it("spells every syllable in two to six table jamo", () => {
    for (const s of SYLLABLES) {
      const parts = spell(s)!;
      assert.ok(parts.length >= 2 && parts.length <= 6, s);
      for (const part of parts) assert.ok(Object.hasOwn(KOREAN.letters, part), `${s}: ${part}`);
    }
    assert.equal(BY_SPELLING.size, SYLLABLES.length, "no two syllables are spelled alike");
  });

  it("spells compound compatibility jamo in basic ones, basic ones as themselves", () => {
    assert.deepEqual(spell("ㄲ"), ["ㄱ", "ㄱ"]);
    assert.deepEqual(spell("ㅉ"), ["ㅈ", "ㅈ"]);
    assert.deepEqual(spell("ㄶ"), ["ㄴ", "ㅎ"]);
    assert.deepEqual(spell("ㅀ"), ["ㄹ", "ㅎ"]);
    assert.deepEqual(spell("ㅄ"), ["ㅂ", "ㅅ"]);
    assert.deepEqual(spell("ㅘ"), ["ㅗ", "ㅏ"]);
    assert.deepEqual(spell("ㅢ"), ["ㅡ", "ㅣ"]);
    for (const ch of Object.keys(KOREAN.letters)) assert.deepEqual(spell(ch), [ch]);
  });

  it("spells conjoining jamo as compatibility jamo", () => {
    assert.deepEqual(spell("\u1100"), ["ㄱ"]);
    assert.deepEqual(spell("\u1101"), ["ㄱ", "ㄱ"]);
    assert.deepEqual(spell("\u1112"), ["ㅎ"]);
    assert.deepEqual(spell("\u1161"), ["ㅏ"]);
    assert.deepEqual(spell("\u116a"), ["ㅗ", "ㅏ"]);
    assert.deepEqual(spell("\u1175"), ["ㅣ"]);
    assert.deepEqual(spell("\u11a8"), ["ㄱ"]);
    assert.deepEqual(spell("\u11aa"), ["ㄱ", "ㅅ"]);
    assert.deepEqual(spell("\u11c2"), ["ㅎ"]);
    assert.equal(spelled("\u1112\u1161\u11ab"), "ㅎㅏㄴ");
  });

  it("leaves everything else to the other tables", () => {
    for (const ch of ["A", "1", " ", "漢", "カ", "\u3164", "\u318d", "\u1113", "\u115f", "\u11c3", "가나", ""]) assert.equal(spell(ch), undefined, ch);
  });
});

describe("SKATS composing", () => {
  it("puts every syllable back from its jamo", () => {
    for (const s of SYLLABLES) assert.equal(compose(spelled(s)), s);
  });

  it("puts words and text back", () => {
    for (const text of [
      "한글",
      "대한민국",
      "안녕하세요",
      "감사합니다",
      "있습니다",
      "없습니다",
      "읽고",
      "국가",
      "학교",
      "괜찮아요",
      "뭐예요",
      "의사",
      "젊은이",
      "간까",
      "닭",
      "값",
    ]) {
      assert.equal(compose(spelled(text)), text);
    }
    assert.equal(compose(spelled("안녕, 세상! SKATS 2024")), "안녕, 세상! SKATS 2024");
  });

  it("puts any syllables back into syllables, the same jamo in the same order", () => {
    fc.assert(
      fc.property(word, (syllables) => {
        const text = syllables.join("");
        const back = compose(spelled(text));
        return [...back].length === syllables.length && [...back].every(isSyllable) && spelled(back) === spelled(text);
      }),
    );
  });

  it("gives back any text whose syllable boundaries read one way", () => {
    const clear = word.filter((s) => s.every((x, k) => k === 0 || !ambiguous(s[k - 1]!, x))).map((s) => s.join(""));
    const separator = fc.constantFrom(" ", "  ", ", ", " A ", "42", "\n");
    const text = fc.array(fc.tuple(clear, separator), { maxLength: 8 }).map((parts) => parts.flat().join(""));
    fc.assert(fc.property(text, (t) => compose(spelled(t)) === t));
  });

  it("reads a boundary that reads two ways with the longer final: without syllable gaps 가까 is sent as 각가", () => {
    assert.ok(ambiguous("가", "까"));
    assert.equal(spelled("가까"), spelled("각가"));
    assert.equal(compose(spelled("가까")), "각가");
    assert.equal(compose(spelled("오빠")), "옵바");
    assert.equal(compose(spelled("진짜")), "짅자");
    assert.equal(compose(spelled("말씀")), "맔슴");
    assert.ok(!ambiguous("간", "까"));
  });

  it("reads the earlier SKATS spellings of ㅐ and ㅔ (ㅏㅣ, ㅓㅣ)", () => {
    assert.equal(compose("ㅇㅏㅣ"), "애");
    assert.equal(compose("ㄱㅓㅣ"), "게");
    assert.equal(compose("ㅇㅗㅏㅣ"), "왜");
    assert.equal(compose("ㅇㅜㅓㅣ"), "웨");
  });

  it("leaves jamo that make no syllable as they are", () => {
    assert.equal(compose("ㅋㅋㅋ"), "ㅋㅋㅋ");
    assert.equal(compose("ㅏㅏ"), "ㅏㅏ");
    assert.equal(compose("ㄱㅏㅏ"), "가ㅏ");
    assert.equal(compose("ㄱㅏㄴㄴ"), "간ㄴ");
    assert.equal(compose("ㄱㅏㄴㄴㄴㅏ"), "간ㄴ나");
    assert.equal(compose("ㄱㄱㄱㅏ"), "ㄱ까");
    assert.equal(compose("ㄱㅏㄸㄱㅏ"), "가ㄸ가");
    assert.equal(compose("ㄳㅏ"), "ㄳㅏ");
    assert.equal(compose("ABC"), "ABC");
    assert.equal(compose(""), "");
  });

  it("accepts compound jamo as sent (ㄲㅏ is 까, ㄱㅏㄳ is 갃)", () => {
    assert.equal(compose("ㄲㅏ"), "까");
    assert.equal(compose("ㄱㅘ"), "과");
    assert.equal(compose("ㄱㅏㄳ"), "갃");
  });

  it("never loses, adds or reorders jamo (counting ㅐ as ㅏㅣ and ㅔ as ㅓㅣ), and leaves what it composed as it is", () => {
    const units = [...Object.keys(KOREAN.letters), "ㄲ", "ㄳ", "ㅘ", "ㅢ", " ", "A"];
    const flat = (text: string): string => spelled(text).replaceAll("ㅐ", "ㅏㅣ").replaceAll("ㅔ", "ㅓㅣ");
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...units), { maxLength: 30 }), (chars) => {
        const text = chars.join("");
        const back = compose(text);
        return flat(back) === flat(text) && compose(back) === back;
      }),
    );
  });
});
