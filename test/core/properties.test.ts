import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { ACCENTED, decode, DIGITS, encode, LETTERS, MorseError, PUNCTUATION, resolveGlyphs } from "../../src/core/index.js";

/** Characters that decode to themselves: letters (either case), digits, punctuation and extensions. */
const SELF_DECODING = [...Object.keys(LETTERS), ..."abcdefghijklmnopqrstuvwxyz", ...Object.keys(DIGITS), ...Object.keys(PUNCTUATION), "É", "é", "Ö", "ö"];
const WHITE = [" ", "  ", "\t", "\n", " \r\n ", "\u00a0", "\u3000"];

const text = fc
  .array(fc.oneof({ arbitrary: fc.constantFrom(...SELF_DECODING), weight: 6 }, { arbitrary: fc.constantFrom(...WHITE), weight: 1 }), {
    minLength: 1,
    maxLength: 60,
  })
  .map((parts) => parts.join(""))
  .filter((t) => t.trim() !== "");

const glyph = fc.string({ unit: fc.constantFrom("x", "y", "z", "*", "#", "~", "é", "😀", "·", "−"), minLength: 1, maxLength: 8 });
const separatorChars = fc.constantFrom(" ", "/", "|", "\t", "a", "b", "%", "🎵");

/** Random option sets that pass API.md's validity rules. */
const validOptions = fc
  .record(
    {
      dotChar: fc.option(glyph, { nil: undefined }),
      dashChar: fc.option(glyph, { nil: undefined }),
      separator: fc.option(fc.string({ unit: separatorChars, minLength: 1, maxLength: 16 }), { nil: undefined }),
    },
    { requiredKeys: [] },
  )
  .filter((options) => {
    try {
      resolveGlyphs(options);
      return true;
    } catch {
      return false;
    }
  });

const expected = (t: string) => t.trim().split(/\s+/).join(" ").toUpperCase();

describe("properties", () => {
  it("round-trip law with default options", () => {
    fc.assert(
      fc.property(text, (t) => assert.equal(decode(encode(t)), expected(t))),
      { numRuns: 500 },
    );
  });

  it("round-trip law over random valid option sets", () => {
    fc.assert(
      fc.property(text, validOptions, (t, options) => {
        assert.equal(decode(encode(t, options), options), expected(t));
      }),
      { numRuns: 500 },
    );
  });

  it("decode of any string returns text or throws MorseError, nothing else", () => {
    const anyMorse = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 40 }),
      fc.string({ unit: fc.constantFrom(".", "-", " ", "/", "|", "\n", "·", "—", "x"), maxLength: 60 }),
      fc.string({ unit: "binary", maxLength: 40 }),
    );
    fc.assert(
      fc.property(anyMorse, (morse) => {
        try {
          assert.equal(typeof decode(morse), "string");
        } catch (error) {
          assert.ok(error instanceof MorseError, String(error));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("encode of any string returns Morse or throws MorseError, nothing else", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (t) => {
        try {
          assert.match(encode(t), /^[.\- /]+$/);
        } catch (error) {
          assert.ok(error instanceof MorseError, String(error));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("accented letters come back as themselves where nothing outranks their sequence", () => {
    for (const [ch, pattern] of Object.entries(ACCENTED)) {
      const winner = decode(pattern);
      if (winner === ch) assert.equal(decode(encode(ch.toLowerCase())), ch);
    }
  });
});

describe("the fast paths agree with the general ones", () => {
  it("decode: ASCII Morse decodes the same either way, or the fast path declines", async () => {
    const { decodeAscii, decodeGeneral } = await import("../../src/core/decode.js");
    const { DEFAULT_GLYPHS } = await import("../../src/core/options.js");
    const morse = fc.string({ unit: fc.constantFrom(".", "-", " ", "/", ".", "-"), maxLength: 80 });
    fc.assert(
      fc.property(morse, (m) => {
        const fast = decodeAscii(m);
        let general: unknown;
        try {
          general = decodeGeneral(m, DEFAULT_GLYPHS);
        } catch (error) {
          general = error;
        }
        if (fast !== undefined) assert.deepEqual(fast, general);
      }),
      { numRuns: 3000 },
    );
    assert.equal(decodeAscii(`${".".repeat(32)} .`), undefined, "a run longer than any sequence is left to the general path");
    assert.throws(() => decode(`${".".repeat(32)} .`), { message: `Cannot decode sequence "${".".repeat(32)}" at position 1` });
  });

  it("encode: ASCII text encodes the same as through the general path", () => {
    const ascii = fc.string({ unit: fc.constantFrom(..."abcXYZ019.,?<>SK /\t"), minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(ascii, (t) => {
        let viaOptions: string | Error;
        let fast: string | Error;
        // An explicit but non-default glyph set takes the general path; map it back to compare.
        try {
          viaOptions = encode(t, { dotChar: "*", dashChar: "=" }).replaceAll("*", ".").replaceAll("=", "-");
        } catch (error) {
          viaOptions = error as Error;
        }
        try {
          fast = encode(t);
        } catch (error) {
          fast = error as Error;
        }
        if (typeof fast === "string") assert.equal(fast, viaOptions);
        else assert.equal((fast as Error).message, (viaOptions as Error).message);
      }),
      { numRuns: 3000 },
    );
  });
});
