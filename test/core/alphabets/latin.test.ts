/** Latin completed to ITU-R M.1677-1 and common practice (issue 22), both ways where they decode. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ACCENTED, decode, DIGITS, encode, LETTERS, PROSIGNS, PUNCTUATION, SIGNS, timeline } from "../../../src/core/index.js";

describe("Latin to the letter of ITU-R M.1677-1", () => {
  it("sends the multiplication sign as X (1.1.3), which X's pattern decodes to", () => {
    assert.equal(encode("2×3"), "..--- -..- ...--");
    assert.equal(decode("..--- -..- ...--"), "2X3");
  });

  it("sends ITU's printed forms as the ASCII signs they are", () => {
    assert.equal(encode("’“”–‘"), encode(`'""-'`));
    assert.equal(decode(encode("IT’S “OK” – NO")), `IT'S "OK" - NO`);
  });

  it("sends % as 0/0, ‰ as 0/00, ′ as ' and ″ as '' (3.3.1, 3.5.1)", () => {
    assert.equal(encode("%"), encode("0/0"));
    assert.equal(encode("‰ %"), encode("0/00 0/0"));
    assert.equal(encode("1′2″"), encode("1'2''"));
  });

  it("joins a number to the % or ‰ after it by a hyphen (3.3.2: 2% is 2-0/0, “and not 20/0”)", () => {
    assert.equal(encode("2%"), "..--- -....- ----- -..-. -----");
    assert.equal(decode(encode("2%")), "2-0/0");
    assert.equal(encode("4 1/2‰"), encode("4 1/2-0/00"));
    assert.equal(encode("50%", { dotChar: "·", dashChar: "−" }), encode("50-0/0", { dotChar: "·", dashChar: "−" }));
    // Nothing is joined where no number stands right before the sign.
    assert.equal(encode("2 %"), encode("2 0/0"));
    assert.equal(encode("A% %%"), encode("A0/0 0/00/0"));
    // The timeline (and so the audio) and American Morse send the same.
    assert.equal(timeline("2%").morse, encode("2-0/0"));
    assert.equal(encode("5%", { alphabet: "american" }), encode("5-0/0", { alphabet: "american" }));
  });

  it("reports where a character is still not encodable, at its own position", () => {
    assert.throws(() => encode("5% ☃"), { message: 'Cannot encode character "☃" at position 4' });
  });
});

describe("accented letters and signs of common practice", () => {
  const added: [string, string][] = [
    ["Đ", "..-.."],
    ["Á", ".--.-"],
    ["Â", ".--.-"],
    ["Ã", ".--.-"],
    ["Č", "-.-.."],
    ["Ê", "-..-."],
    ["Ë", "..-.."],
    ["Ğ", "--.-."],
    ["Ì", ".---."],
    ["İ", ".-..-"],
    ["Ï", "-..--"],
    ["Œ", "---."],
    ["Ò", "---."],
    ["Ô", "---."],
    ["Ş", ".--.."],
    ["Ș", "----"],
    ["Ù", "..--"],
    ["Ž", "--..-"],
    ["ß", "...--.."],
    ["¿", "..-.-"],
    ["¡", "--...-"],
  ];

  it("encodes each, in both cases where it has them", () => {
    for (const [ch, pattern] of added) {
      assert.equal(encode(ch), pattern, ch);
      if (ch.toLowerCase() !== ch && ch !== "İ") assert.equal(encode(ch.toLowerCase()), pattern, ch.toLowerCase());
    }
  });

  it("decodes by API.md section 7's precedence: a pattern an earlier letter or sign has stays that one's", () => {
    for (const [ch, pattern] of added) {
      const earlier = [LETTERS, DIGITS, PUNCTUATION, PROSIGNS, ACCENTED, SIGNS].flatMap((table) => Object.entries(table)).find(([, p]) => p === pattern)![0];
      assert.equal(decode(pattern), earlier, `${ch} ${pattern}`);
    }
    // Those no earlier character has decode as themselves.
    assert.equal(decode("...--.."), "ß");
    assert.equal(decode("..-.- --...-"), "¿¡");
    assert.equal(decode("-..-."), "/"); // Ê shares the slash's pattern
    assert.equal(decode("..-.."), "É"); // Đ and Ë share ITU's É
  });
});
