/**
 * Wabun: the table against the Japanese regulation's (別表第一号), how kana outside it are
 * spelled in it, and how decoded kana and voicing marks are put back together.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { WABUN } from "../../../src/core/alphabets/wabun.js";
import { DIGITS, LETTERS, PROSIGNS, PUNCTUATION } from "../../../src/core/characters.js";
import { decode, encode } from "../../../src/core/index.js";

const spell = WABUN.spell!;
const compose = WABUN.compose!;
const spelled = (text: string): string => [...text].flatMap((ch) => spell(ch) ?? [ch]).join("");
const TABLES = { ...WABUN.letters, ...WABUN.signs };

describe("Wabun table", () => {
  it("holds the 48 kana, the two voicing marks and the long-vowel mark, and four signs", () => {
    assert.equal(Object.keys(WABUN.letters).length, 51);
    assert.deepEqual(Object.keys(WABUN.signs!), ["、", "。", "（", "）"]);
  });

  it("is in the regulation's iroha order", () => {
    assert.deepEqual(Object.keys(WABUN.letters).slice(0, 10), [..."イロハニホヘトチリヌ"]);
    assert.deepEqual(Object.keys(WABUN.letters).slice(-4), ["ン", "゛", "゜", "ー"]);
  });

  it("has the regulation's patterns", () => {
    const known: Record<string, string> = {
      イ: ".-",
      ロ: ".-.-",
      ハ: "-...",
      ヘ: ".",
      ム: "-",
      ア: "--.--",
      ヰ: ".-..-",
      ヱ: ".--..",
      ヲ: ".---",
      ン: ".-.-.",
      ゛: "..",
      ゜: "..--.",
      ー: ".--.-",
      "、": ".-.-.-",
      "。": ".-.-..",
      "（": "-.--.-",
      "）": ".-..-.",
    };
    for (const [ch, pattern] of Object.entries(known)) assert.equal(TABLES[ch], pattern, ch);
  });

  it("gives every character its own pattern of one to nine dots and dashes", () => {
    const patterns = Object.values(TABLES);
    for (const pattern of patterns) assert.match(pattern, /^[.-]{1,9}$/);
    assert.equal(new Set(patterns).size, patterns.length);
  });

  it("switches in on DO and out on SN, both prosigns", () => {
    assert.deepEqual(WABUN.shift, { into: "<DO>", out: "<SN>" });
    assert.equal(PROSIGNS["<DO>"], "-..---");
    assert.equal(PROSIGNS["<SN>"], "...-.");
  });
});

describe("Wabun spelling", () => {
  it("spells table characters as themselves", () => {
    for (const ch of Object.keys(TABLES)) assert.deepEqual(spell(ch), [ch]);
  });

  it("sends hiragana as katakana", () => {
    assert.deepEqual(spell("あ"), ["ア"]);
    assert.deepEqual(spell("ゐ"), ["ヰ"]);
    assert.deepEqual(spell("を"), ["ヲ"]);
    assert.deepEqual(spell("ん"), ["ン"]);
  });

  it("sends voiced kana as the base and ゛", () => {
    assert.deepEqual(spell("ガ"), ["カ", "゛"]);
    assert.deepEqual(spell("ぎ"), ["キ", "゛"]);
    assert.deepEqual(spell("ド"), ["ト", "゛"]);
    assert.deepEqual(spell("ヴ"), ["ウ", "゛"]);
    assert.deepEqual(spell("ゔ"), ["ウ", "゛"]);
    assert.deepEqual(spell("ヷ"), ["ワ", "゛"]);
    assert.deepEqual(spell("ヺ"), ["ヲ", "゛"]);
  });

  it("sends semi-voiced kana as the base and ゜", () => {
    assert.deepEqual(spell("パ"), ["ハ", "゜"]);
    assert.deepEqual(spell("ぽ"), ["ホ", "゜"]);
  });

  it("sends small kana full size", () => {
    const small: Record<string, string> = {
      ッ: "ツ",
      っ: "ツ",
      ャ: "ヤ",
      ゅ: "ユ",
      ョ: "ヨ",
      ァ: "ア",
      ぇ: "エ",
      ヮ: "ワ",
      ヵ: "カ",
      ゖ: "ケ",
      ㇰ: "ク",
      ㇿ: "ロ",
    };
    for (const [ch, full] of Object.entries(small)) assert.deepEqual(spell(ch), [full], ch);
  });

  it("sends the combining voicing marks as ゛ and ゜", () => {
    assert.deepEqual(spell("\u3099"), ["゛"]);
    assert.deepEqual(spell("\u309a"), ["゜"]);
  });

  it("sends half-width katakana as full-width", () => {
    assert.deepEqual(spell("ｶ"), ["カ"]);
    assert.deepEqual(spell("ﾞ"), ["゛"]);
    assert.deepEqual(spell("ﾟ"), ["゜"]);
    assert.deepEqual(spell("ｯ"), ["ツ"]);
    assert.deepEqual(spell("ｰ"), ["ー"]);
    assert.deepEqual(spell("｡"), ["。"]);
  });

  it("spells every hiragana and katakana letter in table characters", () => {
    const ranges: [number, number][] = [
      [0x3041, 0x3096],
      [0x30a1, 0x30fa],
    ];
    for (const [from, to] of ranges) {
      for (let cp = from; cp <= to; cp++) {
        const ch = String.fromCodePoint(cp);
        const parts = spell(ch);
        assert.ok(parts !== undefined, `${ch} U+${cp.toString(16)}`);
        for (const part of parts) assert.ok(Object.hasOwn(TABLES, part), `${ch}: ${part}`);
      }
    }
  });

  it("leaves everything else to the other tables", () => {
    for (const ch of ["A", "a", "1", " ", "漢", "「", "」", "・", "ゝ", "ヽ", "ｧｧ", "", "ㄱ"]) assert.equal(spell(ch), undefined, ch);
  });
});

describe("Wabun composing", () => {
  it("writes a kana and its voicing mark as one character", () => {
    assert.equal(compose("カ゛"), "ガ");
    assert.equal(compose("ハ゜ン"), "パン");
    assert.equal(compose("ウ゛アイオリン"), "ヴアイオリン");
    assert.equal(compose("ワ゛"), "ヷ");
  });

  it("leaves a mark after what does not take it as sent", () => {
    assert.equal(compose("ア゛"), "ア゛");
    assert.equal(compose("カ゜"), "カ゜");
    assert.equal(compose("゛カ"), "゛カ");
    assert.equal(compose("A゛ B"), "A゛ B");
    assert.equal(compose("ガ゛"), "ガ゛");
  });

  it("gives back katakana text from its spelling", () => {
    assert.equal(compose(spelled("ガツコウ、パン。")), "ガツコウ、パン。");
    const katakana: string[] = [];
    for (let cp = 0x30a1; cp <= 0x30fa; cp++) {
      const ch = String.fromCodePoint(cp);
      const parts = spell(ch)!;
      // Small kana are sent full size and do not come back small.
      if (parts.length === 1 && parts[0] !== ch) continue;
      assert.equal(compose(parts.join("")), ch, ch);
      katakana.push(ch);
    }
    const text = fc.array(fc.constantFrom(...katakana, ...Object.keys(WABUN.signs!), "ー", " "), { maxLength: 40 }).map((chars) => chars.join(""));
    fc.assert(fc.property(text, (t) => compose(spelled(t)) === t));
  });

  it("reads hiragana back as katakana and small kana full size", () => {
    assert.equal(compose(spelled("がっこう")), "ガツコウ");
    assert.equal(compose(spelled("ｶﾞｯｺｳ")), "ガツコウ");
  });
});

describe("Wabun mixed with International Morse", () => {
  it("gives no digit a kana's pattern, so that digits need no shift", () => {
    const kana = new Set(Object.values(TABLES));
    for (const [digit, pattern] of Object.entries(DIGITS)) assert.ok(!kana.has(pattern), digit);
  });

  // What reads back as itself: kana (voiced ones too) and Wabun's signs, Latin letters, digits,
  // ITU's signs, and the prosigns Latin reads as themselves (not <DO> and <SN>, the shifts).
  const kana = [...Object.keys(WABUN.letters).filter((ch) => ch !== "゛" && ch !== "゜"), ..."ガギパポヴ", ...Object.keys(WABUN.signs!)];
  const prosigns = Object.keys(PROSIGNS).filter((p) => p !== "<DO>" && p !== "<SN>" && decode(PROSIGNS[p]!) === p);
  const international = [...Object.keys(LETTERS), ...Object.keys(DIGITS), ...Object.keys(PUNCTUATION), ...prosigns];
  const word = fc.array(fc.oneof(fc.constantFrom(...kana), fc.constantFrom(...international)), { minLength: 1, maxLength: 6 }).map((chs) => chs.join(""));
  // Text holding kana: one without any reads as Latin in Wabun's eyes only after a shift, and has none.
  const text = fc
    .array(word, { minLength: 1, maxLength: 6 })
    .map((words) => words.join(" "))
    .filter((t) => kana.some((k) => t.includes(k)));

  it("round-trips any text of kana, Latin letters, digits, signs and prosigns through decode in wabun", () => {
    assert.ok(prosigns.includes("<SK>") && !prosigns.includes("<AR>"));
    fc.assert(
      fc.property(text, (t) => {
        assert.equal(decode(encode(t), { alphabet: "wabun" }), t);
      }),
      { numRuns: 500 },
    );
  });

  it("sent in wabun (alphabet=wabun), starts in kana: a sign before any kana goes out after <SN> too", () => {
    const wabun = { alphabet: "wabun" };
    assert.equal(encode("(カ)", wabun), "...-. -.--. -..--- .-.. ...-. -.--.-");
    assert.equal(encode("1/2", wabun), ".---- ...-. -..-. ..---");
    assert.equal(encode("カ1", wabun), encode("カ1"));
    // Text of kana, digits, signs and prosigns, with kana or without, reads back as sent.
    const shared = [...Object.keys(DIGITS), ...Object.keys(PUNCTUATION), ...prosigns];
    const wabunWord = fc.array(fc.oneof(fc.constantFrom(...kana), fc.constantFrom(...shared)), { minLength: 1, maxLength: 6 }).map((chs) => chs.join(""));
    const wabunText = fc.array(wabunWord, { minLength: 1, maxLength: 6 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(wabunText, (t) => {
        assert.equal(decode(encode(t, wabun), wabun), t);
      }),
      { numRuns: 300 },
    );
  });
});
