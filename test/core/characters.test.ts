import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ACCENTED, CHART, decode, DIGITS, encode, LETTERS, PROSIGNS, PUNCTUATION } from "../../src/core/index.js";

describe("character tables, both directions", () => {
  for (const [name, table] of Object.entries({ LETTERS, DIGITS, PUNCTUATION })) {
    it(`every ${name} entry encodes to its pattern and decodes back`, () => {
      for (const [ch, pattern] of Object.entries(table)) {
        assert.equal(encode(ch), pattern, `encode ${ch}`);
        assert.equal(decode(pattern), ch, `decode ${pattern}`);
      }
    });
  }

  it("letters encode in either case", () => {
    for (const [ch, pattern] of Object.entries(LETTERS)) assert.equal(encode(ch.toLowerCase()), pattern);
  });

  it("the seed's chart patterns", () => {
    assert.equal(CHART.alphabet.A, ".-");
    assert.equal(CHART.alphabet.B, "-...");
    assert.equal(CHART.alphabet.C, "-.-.");
    assert.equal(CHART.numbers["0"], "-----");
    assert.equal(CHART.numbers["1"], ".----");
    assert.equal(CHART.punctuation["."], ".-.-.-");
    assert.equal(CHART.punctuation[","], "--..--");
  });

  it("the chart holds A to Z, 0 to 9 and API.md's punctuation and prosigns", () => {
    assert.deepEqual(Object.keys(CHART.alphabet), [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"]);
    assert.deepEqual(Object.keys(CHART.numbers), [..."0123456789"]);
    assert.deepEqual(Object.keys(CHART.punctuation).sort(), [...".,:?'-/()\"=+@!&;_$"].sort());
    assert.deepEqual(Object.keys(CHART.prosigns).sort(), [
      "<AA>",
      "<AR>",
      "<AS>",
      "<BK>",
      "<BT>",
      "<CL>",
      "<CT>",
      "<DO>",
      "<HH>",
      "<KN>",
      "<SK>",
      "<SN>",
      "<SOS>",
    ]);
  });

  it("every prosign encodes run together and decodes to itself or to what outranks it", () => {
    for (const [prosign, pattern] of Object.entries(PROSIGNS)) {
      assert.equal(encode(prosign), pattern, prosign);
      assert.equal(encode(prosign.toLowerCase()), pattern, prosign.toLowerCase());
      const outranking = Object.entries({ ...LETTERS, ...DIGITS, ...PUNCTUATION }).find(([, p]) => p === pattern);
      assert.equal(decode(pattern), outranking ? outranking[0] : prosign, pattern);
    }
  });

  it("every accented letter encodes, in either case", () => {
    for (const [ch, pattern] of Object.entries(ACCENTED)) {
      assert.equal(encode(ch), pattern, ch);
      assert.equal(encode(ch.toLowerCase()), pattern, ch.toLowerCase());
    }
  });
});

describe("decode precedence (API.md section 7)", () => {
  const cases: [string, string][] = [
    [".-.-.", "+"],
    [".-.-", "<AA>"],
    ["..-..", "É"],
    ["---.", "Ö"],
    ["-...-", "="],
    ["-.--.", "("],
    [".-...", "&"],
    ["...-.-", "<SK>"],
    ["........", "<HH>"],
    ["...---...", "<SOS>"],
    ["..--", "Ü"],
    ["--.--", "Ñ"],
    [".--.-", "À"],
    ["-.-..", "Ç"],
    [".-..-", "È"],
    ["...-.", "<SN>"],
    ["-...-.-", "<BK>"],
  ];
  for (const [pattern, expected] of cases) {
    it(`${pattern} decodes to ${expected}`, () => assert.equal(decode(pattern), expected));
  }
});

describe("prosigns in text", () => {
  it("API.md's examples", () => {
    assert.equal(encode("<SK>"), "...-.-");
    assert.equal(encode("<SOS>"), "...---...");
  });
  it("a prosign is one character among letters", () => {
    assert.equal(encode("A<SK>B"), ".- ...-.- -...");
    assert.equal(encode("73 <sk>"), "--... ...-- / ...-.-");
  });
  it("a < or > outside the prosign form is an unsupported character", () => {
    assert.throws(() => encode("<>"), { message: 'Cannot encode characters "<" at position 1 and ">" at position 2' });
    assert.throws(() => encode("<S1>"), /"<" at position 1.*">" at position 4/);
    assert.throws(() => encode("A > B"), { message: 'Cannot encode character ">" at position 3' });
    assert.throws(() => encode("<SK"), { message: 'Cannot encode character "<" at position 1' });
  });
});

describe("Unicode normalization (NFC) before encoding", () => {
  it("composes a letter and its combining marks", () => {
    assert.equal(encode("E\u0301"), "..-..");
    assert.equal(encode("e\u0301te\u0301"), "..-.. - ..-..");
    assert.equal(encode("A\u0308 O\u0308"), ".-.- / ---.");
    assert.equal(encode("\u212B"), ".--.-"); // ANGSTROM SIGN is Å
  });
  it("reports marks that compose with nothing, at their positions in the text as sent", () => {
    assert.throws(() => encode("Q\u0301"), { message: "Cannot encode character U+0301 at position 2" });
    assert.throws(() => encode("E\u0301~"), { message: 'Cannot encode character "~" at position 3' });
    assert.throws(() => encode("\u0301A"), { message: "Cannot encode character U+0301 at position 1" });
    assert.throws(() => encode("E\u0301\u0301 #"), { message: 'Cannot encode characters U+0301 at position 3 and "#" at position 5' });
  });
});
