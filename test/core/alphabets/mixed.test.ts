/**
 * Text in several alphabets: each character's alphabet found from the character itself,
 * Wabun wrapped in <DO> and <SN> where it meets Latin, Persian told from Arabic by its own
 * letters, Korean syllables spelled in jamo and put back together.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decode, encode } from "../../../src/core/index.js";

const DO = "-..---";
const SN = "...-.";

describe("mixed scripts", () => {
  it("encodes Latin, Cyrillic, Greek and Hebrew in one text, each letter by its own table", () => {
    assert.equal(encode("CQ ДЕ ΑΒ שלום"), "-.-. --.- / -.. . / .- -... / ... .-.. . --");
  });

  it("wraps kana in <DO> … <SN> where they follow Latin, and reads such text back in Wabun", () => {
    const morse = encode("CQ イロハ DE");
    assert.equal(morse, `-.-. --.- / ${DO} .- .-.- -... / ${SN} -.. .`);
    assert.equal(decode(morse, { alphabet: "wabun" }), "CQ イロハ DE");
    // Latin reads the shifts as the prosigns they are.
    assert.equal(decode(morse), "CQ <DO>A<AA>B <SN>DE");
  });

  it("sends kana that open a text without <DO>, and <SN> before the Latin that follows", () => {
    const morse = encode("イロハ CQ");
    assert.equal(morse, `.- .-.- -... / ${SN} -.-. --.-`);
    assert.equal(decode(morse, { alphabet: "wabun" }), "イロハ CQ");
    assert.equal(decode(".- .-.- -...", { alphabet: "wabun" }), "イロハ");
  });

  it("keeps digits and signs in the script they are sent in: no shift for them", () => {
    assert.equal(encode("イ 1 ロ"), ".- / .---- / .-.-");
  });

  it("spells hiragana and voiced kana in Wabun's table characters", () => {
    assert.equal(encode("が"), encode("カ゛"));
    assert.equal(encode("パ"), encode("ハ゜"));
  });

  it("reads Arabic-script text as Persian when it holds a letter only Persian has", () => {
    // خ: Arabic ---, Persian -..-
    assert.equal(encode("خ"), "---");
    assert.equal(encode("خ پ"), "-..- / .--.");
    assert.equal(decode("-..- .--.", { alphabet: "persian" }), "خپ");
    assert.equal(decode("---", { alphabet: "arabic" }), "خ");
  });

  it("spells Hangul syllables in jamo (SKATS) and puts them back together in decode", () => {
    const morse = encode("한글");
    assert.equal(decode(morse, { alphabet: "skats" }), "한글");
    assert.equal(morse.split(" ").length, 6);
  });
});

describe("Greek as it is written", () => {
  it("sends final sigma as sigma, and accented vowels as the bare letter", () => {
    assert.equal(encode("ΚΑΛΗΜΕΡΑ"), encode("καλημέρα"));
    assert.equal(encode("ς"), encode("Σ"));
    assert.equal(decode(encode("Ελλάς"), { alphabet: "greek" }), "ΕΛΛΑΣ");
  });
});
