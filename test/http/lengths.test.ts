/**
 * The 1000-character limit of `text` (encode, audio) and `morse` (decode), by GET and
 * POST, as properties: API.md counts code points, accepts 1000 and refuses 1001 with
 * `Parameter <name> must be at most 1000 characters (got 1001)`.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { serveForTests } from "../helpers/server.js";
import { type Answer, assertError, assertSuccess, get, post } from "./support.js";
import { fuzzRuns } from "../helpers/fuzz-runs.js";

const server = serveForTests();

const LIMIT = 1000;
const RUNS = { numRuns: fuzzRuns(40), endOnFailure: true } as const;
const METHODS = ["GET", "POST"] as const;
type Method = (typeof METHODS)[number];

function call(method: Method, path: string, params: Record<string, string>): Promise<Answer> {
  return method === "GET" ? get(server.url, path, params) : post(server.url, path, params);
}

const codePoints = (s: string) => [...s].length;
const tooLong = (name: string, got: number) => `Parameter ${name} must be at most ${LIMIT} characters (got ${got})`;

/** Characters that encode: letters of both cases, digits, some punctuation, accented letters, white space. */
const TEXT_CHARACTERS = [
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789",
  ".",
  ",",
  "?",
  "!",
  "/",
  "@",
  "É",
  "Ä",
  "é",
  "ä",
  "Ö",
  "Ñ",
  "Ü",
  " ",
  " ",
  "\t",
  "\n",
];

/** Text of exactly n code points that encodes (it starts with a letter, so it is never only white space). */
const encodableText = (n: number) =>
  fc
    .tuple(fc.constantFrom(..."AÉäz"), fc.array(fc.constantFrom(...TEXT_CHARACTERS), { minLength: n - 1, maxLength: n - 1 }))
    .map(([first, rest]) => first + rest.join(""));

/** Characters that are one code point but two UTF-16 units, and none of which encodes. */
const ASTRAL = ["😀", "🎵", "𝄞", "𐍈", "🚀"];

describe("text (encode and audio)", () => {
  for (const path of ["/api/v1/encode", "/api/v1/audio"]) {
    for (const method of METHODS) {
      it(`${method} ${path}: 1000 code points of encodable text pass, 1001 fail with the length message`, async () => {
        await fc.assert(
          fc.asyncProperty(encodableText(LIMIT), fc.constantFrom(...TEXT_CHARACTERS), async (text, extra) => {
            assert.equal(codePoints(text), LIMIT);
            const ok = assertSuccess(await call(method, path, { text }));
            if (path.endsWith("encode")) {
              assert.equal(ok.input, text);
              assert.equal(ok.characters, LIMIT);
            } else {
              assert.equal(ok.text, text);
              assert.ok(ok.sequence.length > 0);
            }
            assertError(await call(method, path, { text: text + extra }), 400, tooLong("text", LIMIT + 1));
          }),
          RUNS,
        );
      });
    }
  }

  for (const path of ["/api/v1/encode", "/api/v1/audio"]) {
    for (const method of METHODS) {
      it(`${method} ${path}: text with astral characters is measured in code points, not UTF-16 units`, async () => {
        const mixed = fc
          .array(fc.oneof(fc.constantFrom(...ASTRAL), fc.constantFrom(..."ABCÉÄ 0")), { minLength: LIMIT, maxLength: LIMIT })
          .filter((chars) => chars.some((c) => ASTRAL.includes(c)));
        await fc.assert(
          fc.asyncProperty(mixed, async (chars) => {
            const text = chars.join("");
            assert.ok(text.length > LIMIT);
            // 1000 code points: not too long; refused because astral characters do not encode,
            // and each is named at its code point position.
            const error = assertError(await call(method, path, { text }), 400, /^Cannot encode/);
            assert.doesNotMatch(error, /at most/);
            const positions = chars.flatMap((c, i) => (ASTRAL.includes(c) ? [i + 1] : []));
            const named = [...error.matchAll(/at position (\d+)/g)].map((m) => Number(m[1]));
            assert.deepEqual(named, positions);
            // 1001 code points: too long, counted in code points.
            assertError(await call(method, path, { text: `${text}A` }), 400, tooLong("text", LIMIT + 1));
          }),
          { ...RUNS, numRuns: fuzzRuns(10) },
        );
      });
    }
  }

  for (const method of METHODS) {
    it(`${method}: 1000 emoji are refused as unsupported characters, 1001 emoji as too long`, async () => {
      for (const path of ["/api/v1/encode", "/api/v1/audio"]) {
        const thousand = "😀".repeat(LIMIT);
        assert.equal(thousand.length, 2 * LIMIT);
        const error = assertError(await call(method, path, { text: thousand }), 400, /^Cannot encode characters "😀" at position 1, /);
        assert.match(error, /"😀" at position 1000$/);
        assertError(await call(method, path, { text: `${thousand}😀` }), 400, tooLong("text", LIMIT + 1));
      }
    });
  }
});

/** Morse sequences with what they decode to (section 7), drawn with the default or pasted glyphs. */
const SEQUENCES: [string, string][] = [
  [".", "E"],
  ["-", "T"],
  [".-", "A"],
  ["-...", "B"],
  ["-.-.", "C"],
  ["--..", "Z"],
  ["-----", "0"],
  [".----", "1"],
  [".-.-.-", "."],
  ["--..--", ","],
  ["..--..", "?"],
  [".-.-.", "+"],
  ["...-.-", "<SK>"],
  ["........", "<HH>"],
  [".-.-", "<AA>"],
  ["..-..", "É"],
  ["---.", "Ö"],
  ["...---...", "<SOS>"],
];
const LETTER_GAPS = [" ", "  ", "\t", " \t "];
const WORD_GAPS = [" / ", "/", " | ", "|", "\n", "  /  "];
const DOTS = [".", ".", "·", "•", "∙"];
const DASHES = ["-", "-", "_", "−", "–", "—"];

interface MorseCase {
  morse: string;
  output: string;
  characters: number;
}

/**
 * Decodable Morse of exactly n code points: whole tokens (a sequence then a gap) while
 * they fit, then spaces, so that no sequence is ever cut into something else.
 */
const decodableMorse = (n: number) =>
  fc
    .array(
      fc.record({
        sequence: fc.constantFrom(...SEQUENCES),
        wordGap: fc.boolean(),
        gap: fc.nat(),
        dot: fc.constantFrom(...DOTS),
        dash: fc.constantFrom(...DASHES),
      }),
      { minLength: 300, maxLength: 600 },
    )
    .map((tokens): MorseCase => {
      let morse = "";
      const words: string[][] = [[]];
      for (const {
        sequence: [pattern, text],
        wordGap,
        gap,
        dot,
        dash,
      } of tokens) {
        const gaps = wordGap ? WORD_GAPS : LETTER_GAPS;
        const drawn = [...pattern].map((e) => (e === "." ? dot : dash)).join("") + gaps[gap % gaps.length]!;
        if (codePoints(morse) + codePoints(drawn) > n) break;
        morse += drawn;
        words.at(-1)!.push(text);
        if (wordGap) words.push([]);
      }
      morse += " ".repeat(n - codePoints(morse));
      const nonEmpty = words.filter((w) => w.length > 0);
      return { morse, output: nonEmpty.map((w) => w.join("")).join(" "), characters: nonEmpty.flat().length };
    });

describe("morse (decode)", () => {
  for (const method of METHODS) {
    it(`${method} /api/v1/decode: 1000 code points of decodable Morse pass, 1001 fail with the length message`, async () => {
      await fc.assert(
        fc.asyncProperty(decodableMorse(LIMIT), fc.constantFrom(" ", ".", "/", "-"), async (c, extra) => {
          assert.equal(codePoints(c.morse), LIMIT);
          assert.ok(c.characters > 0);
          const ok = assertSuccess(await call(method, "/api/v1/decode", { morse: c.morse }));
          assert.deepEqual(ok, { success: true, input: c.morse, output: c.output, characters: c.characters });
          assertError(await call(method, "/api/v1/decode", { morse: c.morse + extra }), 400, tooLong("morse", LIMIT + 1));
        }),
        RUNS,
      );
    });

    it(`${method} /api/v1/decode: repeated ". " at exactly 1000 decodes; one more character is too long`, async () => {
      const morse = ". ".repeat(LIMIT / 2);
      const ok = assertSuccess(await call(method, "/api/v1/decode", { morse }));
      assert.deepEqual(ok, { success: true, input: morse, output: "E".repeat(LIMIT / 2), characters: LIMIT / 2 });
      assertError(await call(method, "/api/v1/decode", { morse: `${morse}.` }), 400, tooLong("morse", LIMIT + 1));
    });

    it(`${method} /api/v1/decode: 1000 emoji are undecodable characters, 1001 emoji are too long`, async () => {
      const thousand = "😀".repeat(LIMIT);
      const error = assertError(await call(method, "/api/v1/decode", { morse: thousand }), 400, /^Cannot decode character "😀" at position 1, /);
      assert.match(error, /"😀" at position 1000$/);
      assertError(await call(method, "/api/v1/decode", { morse: `${thousand}😀` }), 400, tooLong("morse", LIMIT + 1));
    });
  }
});
