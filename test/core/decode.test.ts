import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decode, decodeToResult, encode, MorseError } from "../../src/core/index.js";

describe("the forgiving decoder (default options)", () => {
  const hello = "HELLO WORLD";
  it("reads encode's own output", () => assert.equal(decode(".... . .-.. .-.. --- / .-- --- .-. .-.. -.."), hello));

  it("takes every dot and dash glyph", () => {
    assert.equal(decode("· • ∙ ."), "EEEE");
    assert.equal(decode("- _ − – —"), "TTTTT");
    assert.equal(decode("·− −··· −·−·"), "ABC");
  });

  it("takes / or | with any white space around them, or a line break, between words", () => {
    for (const separator of ["/", " / ", "  /  ", "|", " | ", "\t|\t", "\n", "\r\n", " \n ", " / \n"]) {
      assert.equal(decode(`.... ..${separator}-.-. --.-`), "HI CQ", JSON.stringify(separator));
    }
  });

  it("takes runs of spaces or tabs between letters, and ignores leading and trailing white space", () => {
    assert.equal(decode("  ....\t\t..   -.-.  "), "HIC");
  });

  it("folds repeated word separators into one space", () => {
    assert.equal(decode("... / / --- // ..."), "S O S");
  });

  it("counts decoded characters, not the spaces between words; a prosign is one", () => {
    assert.deepEqual(decodeToResult(".... . .-.. .-.. --- / .-- --- .-. .-.. -.."), { output: hello, characters: 10 });
    assert.deepEqual(decodeToResult("...-.- / -.-"), { output: "<SK> K", characters: 2 });
  });

  it("names every undecodable sequence and character with its 1-based position", () => {
    assert.throws(
      () => decode("... ........- --- x"),
      (error: unknown) => {
        assert.ok(error instanceof MorseError);
        assert.equal(error.code, "INVALID_MORSE");
        assert.equal(error.message, 'Cannot decode sequence "........-" at position 5 and character "x" at position 19');
        return true;
      },
    );
    assert.throws(() => decode("..........."), { message: 'Cannot decode sequence "..........." at position 1' });
    assert.throws(() => decode("😀 ..."), { message: 'Cannot decode character "😀" at position 1' });
    assert.throws(() => decode("... \u0000"), { message: "Cannot decode character U+0000 at position 5" });
  });

  it("refuses Morse with nothing in it", () => {
    for (const morse of ["", "   ", " / ", "|\n|"]) {
      assert.throws(() => decode(morse), { name: "MorseError", code: "EMPTY_INPUT" } as object);
    }
  });
});

describe("decoding with options of its own", () => {
  it("reads back what encode drew with them", () => {
    const options = { dotChar: "dit", dashChar: "dah", separator: "   " };
    const morse = encode("CQ DE K1ABC", options);
    assert.equal(morse, "dahditdahdit dahdahditdah   dahditdit dit   dahditdah ditdahdahdahdah ditdah dahditditdit dahditdahdit");
    assert.equal(decode(morse, options), "CQ DE K1ABC");
  });

  it("is exact: other glyphs are errors", () => {
    assert.throws(() => decode("... / ---", { separator: " | " }), { message: 'Cannot decode character "/" at position 5' });
    assert.throws(() => decode(".", { dotChar: "*", dashChar: "_" }), { message: 'Cannot decode character "." at position 1' });
  });

  it("counts positions in code points with multi-unit glyphs", () => {
    assert.throws(() => decode("😀😀 x", { dotChar: "😀", dashChar: "🎵" }), { message: 'Cannot decode character "x" at position 4' });
  });
});

describe("option rules", () => {
  const invalid: [object, string][] = [
    [{ dotChar: "" }, "Parameter dotChar must be 1 to 8 characters without white space"],
    [{ dotChar: "a b" }, "Parameter dotChar must be 1 to 8 characters without white space"],
    [{ dashChar: "123456789" }, "Parameter dashChar must be 1 to 8 characters without white space"],
    [{ dotChar: "x", dashChar: "x" }, "Parameters dotChar and dashChar must differ, and neither may contain the other"],
    [{ dotChar: "di", dashChar: "dit" }, "Parameters dotChar and dashChar must differ, and neither may contain the other"],
    [{ separator: " " }, "Parameter separator must be 1 to 16 characters and not a single space"],
    [{ separator: "" }, "Parameter separator must be 1 to 16 characters and not a single space"],
    [{ separator: "x".repeat(17) }, "Parameter separator must be 1 to 16 characters and not a single space"],
    [{ separator: " - " }, "Parameter separator must not share a character with dotChar or dashChar"],
    [{ dotChar: 5 }, "Parameter dotChar must be a string"],
  ];
  for (const [options, message] of invalid) {
    it(`${JSON.stringify(options)} is refused by encode and decode`, () => {
      assert.throws(() => encode("E", options as object), { message });
      assert.throws(() => decode(".", options as object), { message });
    });
  }
  it("the three-space word gap is a valid separator", () => assert.equal(encode("E E", { separator: "   " }), ".   ."));
});
