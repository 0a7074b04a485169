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

  it("keeps digits among kana without a shift: no digit's pattern is a kana's", () => {
    assert.equal(encode("イ 1 ロ2"), ".- / .---- / .-.- ..---");
    assert.equal(decode(encode("イ 1 ロ2"), { alphabet: "wabun" }), "イ 1 ロ2");
  });

  it("sends <SN> before a sign or prosign that follows kana, and <DO> before kana again (issue 42)", () => {
    const wabun = { alphabet: "wabun" };
    // Before: カ 1/2 came back as カ 1モ2, and CQ カ(キ) DE as CQ カルキ（ DE.
    assert.equal(encode("カ 1/2"), `.-.. / .---- ${SN} -..-. ..---`);
    assert.equal(decode(encode("カ 1/2"), wabun), "カ 1/2");
    assert.equal(encode("CQ カ(キ) DE"), `-.-. --.- / ${DO} .-.. ${SN} -.--. ${DO} -.-.. ${SN} -.--.- / -.. .`);
    assert.equal(decode(encode("CQ カ(キ) DE"), wabun), "CQ カ(キ) DE");
    for (const sign of ["=", "+", "&", ".", '"', "/", "(", ")", "?", "-"]) {
      assert.equal(decode(encode(`カ${sign}キ ${sign}`), wabun), `カ${sign}キ ${sign}`, sign);
    }
    // A prosign goes out of kana too, and reads back as Latin reads it (<AR> is +, <BT> =).
    assert.equal(encode("カ <SK>"), `.-.. / ${SN} ...-.-`);
    assert.equal(decode(encode("カ <AR> キ <BT> <SK>"), wabun), "カ + キ = <SK>");
  });

  it("sends Wabun's own signs (、。（）) in kana, after <DO> where they follow Latin", () => {
    assert.equal(encode("CQ、"), `-.-. --.- ${DO} .-.-.-`);
    assert.equal(decode(encode("CQ、カ。 DE"), { alphabet: "wabun" }), "CQ、カ。 DE");
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
