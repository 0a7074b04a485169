/**
 * American (railroad) Morse: its table both ways, the round trip, its timing in units, and
 * that asking for it changes nothing else (encode without the option, the other alphabets).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { AMERICAN_UNITS } from "../../../src/core/alphabets/american.js";
import {
  ALPHABET_NAMES,
  ALPHABETS,
  AMERICAN,
  decode,
  DECODE_ALPHABET_NAMES,
  ENCODE_ALPHABET_NAMES,
  encode,
  MorseError,
  type Segment,
  timeline,
} from "../../../src/core/index.js";

const american = { alphabet: "american" } as const;
const ENTRIES = Object.entries({ ...AMERICAN.letters, ...AMERICAN.digits, ...AMERICAN.signs });

/** The sequence as "type:units" steps. */
function steps(sequence: readonly Segment[], unitMs: number): string[] {
  return sequence.map(({ type, durationMs }) => `${type}:${+(durationMs / unitMs).toFixed(9)}`);
}

function refuses(code: string, message: string | RegExp): (error: unknown) => boolean {
  return (error) =>
    error instanceof MorseError && error.code === code && (typeof message === "string" ? error.message === message : message.test(error.message));
}

describe("American Morse's table", () => {
  it("holds the 26 letters, the 10 digits and 14 signs, every pattern its own", () => {
    assert.equal(Object.keys(AMERICAN.letters).length, 26);
    assert.equal(Object.keys(AMERICAN.digits!).length, 10);
    assert.deepEqual(Object.keys(AMERICAN.signs!), [".", ",", ":", "?", "'", "-", "/", "(", ")", '"', "”", "&", "!", ";"]);
    assert.equal(new Set(ENTRIES.map(([, pattern]) => pattern)).size, ENTRIES.length);
    for (const [ch, pattern] of ENTRIES) assert.match(pattern, /^[.\-⸺⸻]+(?:␣[.\-⸺⸻]+)*$/, ch);
  });

  it("draws the long dashes as morsecode.world does (L ⸺ U+2E3A, 0 ⸻ U+2E3B), and the spaces inside characters as the sources do", () => {
    const { letters, digits, signs } = AMERICAN;
    assert.deepEqual(
      ["C", "O", "R", "Y", "Z"].map((ch) => letters[ch]),
      ["..␣.", ".␣.", ".␣..", "..␣..", "...␣."],
    );
    assert.equal(signs!["&"], ".␣...");
    assert.equal(letters.L, "\u2E3A");
    assert.equal(digits!["0"], "\u2E3B");
    // Where American and International differ (Webster 1913): J, Q, X, and the digits.
    assert.deepEqual([letters.J, letters.Q, letters.X, letters.T, digits!["5"]], ["-.-.", "..-.", ".-..", "-", "---"]);
  });

  it("is not among the alphabets encode picks by character, and is a name encode and decode take", () => {
    assert.ok(!ALPHABETS.includes(AMERICAN));
    assert.ok(!ALPHABET_NAMES.includes("american"));
    assert.deepEqual(ENCODE_ALPHABET_NAMES, [...ALPHABET_NAMES, "american"]);
    assert.deepEqual(DECODE_ALPHABET_NAMES, [...ALPHABET_NAMES, "american"]);
  });
});

describe("encode and decode with alphabet american", () => {
  it("encodes every entry to its pattern (both cases), and decodes each pattern back", () => {
    for (const [ch, pattern] of ENTRIES) {
      assert.equal(encode(ch, american), pattern, ch);
      assert.equal(encode(ch.toLowerCase(), american), pattern, ch);
      assert.equal(decode(pattern, american), ch, pattern);
    }
  });

  it("writes letters apart by a space and words by ' / '", () => {
    const morse = encode("What hath God wrought", american);
    assert.equal(morse, ".-- .... .- - / .... .- - .... / --. .␣. -.. / .-- .␣.. .␣. ..- --. .... -");
    assert.equal(decode(morse, american), "WHAT HATH GOD WROUGHT");
    assert.equal(encode("L 10 & C", american), "⸺ / .--. ⸻ / .␣... / ..␣.");
  });

  it("round-trips any text of its characters", () => {
    const chars = ENTRIES.map(([ch]) => ch);
    const word = fc.array(fc.constantFrom(...chars), { minLength: 1, maxLength: 8 }).map((chs) => chs.join(""));
    const text = fc.array(word, { minLength: 1, maxLength: 5 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(text, (t) => {
        assert.equal(decode(encode(t, american), american), t);
        assert.equal(decode(encode(t.toLowerCase(), american), american), t);
      }),
      { numRuns: 300 },
    );
  });

  it("sends the closing quote ” as QJ (morse-pro, TypeAtlas), and the opening and straight quotes as QN", () => {
    assert.equal(encode("”", american), "..-.␣-.-.");
    assert.equal(decode("..-.␣-.-.", american), "”");
    assert.equal(encode('“"', american), "..-.␣-. ..-.␣-.");
    assert.equal(decode(encode("“Hi”", american), american), '"HI”');
  });

  it("sends a printed form as the sign it stands for, where American has it", () => {
    assert.equal(encode("It’s 5%", american), ".. - ..-.␣.-.. ... / --- ...␣.-.. ⸻ ..-␣- ⸻");
  });

  it("honours other glyphs, and keeps ⸺ ⸻ ␣ as they are", () => {
    const glyphs = { ...american, dotChar: "·", dashChar: "−", separator: " | " };
    const morse = encode("CQ de L0", glyphs);
    assert.equal(morse, "··␣· ··−· | −·· · | ⸺ ⸻");
    assert.equal(decode(morse, glyphs), "CQ DE L0");
    assert.throws(() => encode("E", { ...american, dashChar: "⸺" }), refuses("INVALID_OPTION", /must not contain ⸺, ⸻ or ␣$/));
    // The em dash is no mark of American's any more: it may draw the plain dash.
    const emDash = { ...american, dashChar: "—" };
    assert.equal(encode("LT", emDash), "⸺ —");
    assert.equal(decode("⸺ —", emDash), "LT");
    assert.throws(() => decode(".", { ...american, separator: " ␣ " }), refuses("INVALID_OPTION", /must not contain/));
  });

  it("decodes pasted Morse forgivingly with default glyphs, as Latin's decode does", () => {
    assert.equal(decode("··␣·  •–   |  .␣.. \n ⸺ ⸻", american), "CA R L0");
  });

  it("reads morsecode.world's text as it writes it: ⸺ is L and ⸻ is 0; the em dash ditdah once wrote is still L", () => {
    assert.equal(decode("⸺ ⸻", american), "L0");
    assert.equal(decode(".... .. / ⸺ .␣. / .--. ⸻ ⸻", american), "HI LO 100");
    assert.equal(decode("—", american), "L");
    assert.equal(decode("— ⸺ ⸻", american), "LL0");
  });

  it("refuses what it cannot send or read, naming each", () => {
    assert.throws(
      () => encode("a#b<SK>", american),
      refuses("UNSUPPORTED_CHARACTER", 'Cannot encode characters "#" at position 2, "<" at position 4 and ">" at position 7'),
    );
    assert.throws(() => encode("Ж", american), refuses("UNSUPPORTED_CHARACTER", 'Cannot encode character "Ж" at position 1'));
    assert.throws(() => encode("   ", american), refuses("EMPTY_INPUT", /nothing to encode/));
    assert.throws(
      () => decode("..␣ ...... -----", american),
      refuses("INVALID_MORSE", 'Cannot decode sequence "..␣" at position 1 and sequence "-----" at position 12'),
    );
    assert.throws(() => decode(".- x", american), refuses("INVALID_MORSE", 'Cannot decode character "x" at position 4'));
    assert.throws(() => decode(" / ", american), refuses("EMPTY_INPUT", /nothing to decode/));
  });

  it("refuses an alphabet no one takes, naming every one", () => {
    const every = /^Parameter alphabet must be one of latin, cyrillic, .* or american$/;
    assert.throws(() => encode("E", { alphabet: "railroad" }), refuses("INVALID_OPTION", every));
    assert.throws(() => timeline("E", { alphabet: "railroad" }), refuses("INVALID_OPTION", every));
    assert.throws(() => decode(".", { alphabet: "railroad" }), refuses("INVALID_OPTION", every));
  });
});

describe("without the option, nothing changes", () => {
  it("encode, decode and the timeline are International's, with or without alphabet latin", () => {
    for (const options of [undefined, {}, { alphabet: "latin" }, { alphabet: undefined }]) {
      assert.equal(encode("CQ DE L0 & C", options), "-.-. --.- / -.. . / .-.. ----- / .-... / -.-.");
      assert.equal(decode("-.-. --.- / .-..", options), "CQ L");
      assert.equal(timeline("E", options).unitMs, 60);
    }
    assert.equal(encode("ЦЩ ΣΟΣ"), "-.-. --.- / ... --- ...");
    // A long dash is a dash to Latin's forgiving decode.
    assert.equal(decode("—"), "T");
  });
});

describe("the timeline with alphabet american", () => {
  const { unitMs, sequence, morse } = timeline("C L 0", { ...american, wpm: 20 });

  it("times each element, the space inside a character, and the gaps between words by American's units", () => {
    assert.equal(morse, "..␣. / ⸺ / ⸻");
    assert.deepEqual(steps(sequence, unitMs), ["dot:1", "silence:1", "dot:1", "silence:1.5", "dot:1", "silence:3", "dash:4", "silence:3", "dash:5"]);
  });

  it("gives a dash 2 units and the gap between letters 2", () => {
    const t = timeline("AN", american);
    assert.deepEqual(steps(t.sequence, t.unitMs), ["dot:1", "silence:1", "dash:2", "silence:2", "dash:2", "silence:1", "dot:1"]);
    assert.deepEqual([AMERICAN_UNITS.dash, AMERICAN_UNITS.letterGap, AMERICAN_UNITS.wordGap], [2, 2, 3]);
  });

  it("sends PARIS wpm times a minute: 37.5 units with its word gap, so a unit is 1600 / wpm", () => {
    for (const wpm of [5, 13, 20, 50]) {
      const t = timeline("PARIS", { ...american, wpm });
      assert.ok(Math.abs(t.unitMs - 1600 / wpm) < 1e-9, `${wpm}`);
      assert.ok(Math.abs(t.durationMs + AMERICAN_UNITS.wordGap * t.unitMs - 60_000 / wpm) < 1e-6, `${wpm}`);
    }
  });

  it("stretches the gaps between letters and words for Farnsworth, so PARIS is sent fwpm times a minute", () => {
    const t = timeline("PARIS PARIS", { ...american, wpm: 20, fwpm: 10 });
    assert.equal(t.fwpm, 10);
    const wordGap = t.sequence.filter((s) => s.type === "silence").reduce((longest, s) => Math.max(longest, s.durationMs), 0);
    assert.ok(Math.abs(t.durationMs + wordGap - 2 * 6000) < 1e-6);
    // The marks and the gaps inside characters keep the character speed.
    assert.deepEqual(steps(t.sequence.slice(0, 3), t.unitMs), ["dot:1", "silence:1", "dot:1"]);
  });

  it("uses no segment type but dot, dash and silence, and starts and ends with a tone", () => {
    const t = timeline("Railroad Morse, 1844!", american);
    assert.ok(t.sequence.every((s) => ["dot", "dash", "silence"].includes(s.type)));
    assert.notEqual(t.sequence[0]!.type, "silence");
    assert.notEqual(t.sequence.at(-1)!.type, "silence");
    for (let i = 1; i < t.sequence.length; i++) assert.equal(t.sequence[i]!.startMs, t.sequence[i - 1]!.startMs + t.sequence[i - 1]!.durationMs);
  });
});
