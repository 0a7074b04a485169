/**
 * Unicode normalization through HTTP (GitHub issue 6): text is put in NFC before it is
 * encoded, so a letter written with a combining mark (NFD) encodes like its precomposed
 * form; what does not compose is refused, naming the mark and its position; compatibility
 * characters (full width, ligatures: NFKC only) are not folded. `input` is the text as
 * sent and `characters` counts its code points (API.md sections 1 and 3).
 *
 * Every case goes through GET (query string, percent-encoded UTF-8) and POST (JSON body).
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, post, type Answer } from "../http/support.js";

const server = serveForTests();

const codePoints = (s: string) => [...s].length;

/** The same request as GET and as POST. */
async function bothWays(path: string, params: Record<string, string>): Promise<[string, Answer][]> {
  return [
    ["GET", await get(server.url, path, params)],
    ["POST", await post(server.url, path, params)],
  ];
}

async function assertEncodes(text: string, output: string): Promise<void> {
  for (const [method, answer] of await bothWays("/api/v1/encode", { text })) {
    const body = assertSuccess(answer);
    assert.deepEqual(body, { success: true, input: text, output, characters: codePoints(text) }, `${method} ${JSON.stringify(text)}`);
  }
}

/** A 400 naming each character (as `"c"` or as `U+XXXX`) at its 1-based position. */
async function assertRefuses(text: string, problems: [string, number][]): Promise<void> {
  for (const [method, answer] of await bothWays("/api/v1/encode", { text })) {
    const message = assertError(answer, 400);
    for (const [ch, position] of problems) {
      const cp = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      const named = new RegExp(`(?:"${ch}"|U\\+${cp}) at position ${position}\\b`, "u");
      assert.match(message, named, `${method} ${JSON.stringify(text)}: ${message}`);
    }
  }
}

describe("NFD letters encode as their precomposed (NFC) form", () => {
  const cases: [string, string, string, string][] = [
    // name, decomposed, precomposed, Morse
    ["E + U+0301 is É", "E\u0301", "\u00C9", "..-.."],
    ["e + U+0301 (lower case) is É", "e\u0301", "\u00E9", "..-.."],
    ["A + U+0308 is Ä", "A\u0308", "\u00C4", ".-.-"],
    ["a + U+0308 (lower case) is Ä", "a\u0308", "\u00E4", ".-.-"],
    ["O + U+0308 is Ö", "O\u0308", "\u00D6", "---."],
    ["U + U+0308 is Ü", "U\u0308", "\u00DC", "..--"],
    ["N + U+0303 is Ñ", "N\u0303", "\u00D1", "--.--"],
    ["C + U+0327 is Ç", "C\u0327", "\u00C7", "-.-.."],
    ["A + U+030A is Å", "A\u030A", "\u00C5", ".--.-"],
    ["A + U+0300 is À", "A\u0300", "\u00C0", ".--.-"],
    ["E + U+0300 is È", "E\u0300", "\u00C8", ".-..-"],
    ["S + U+0301 is Ś", "S\u0301", "\u015A", "...-..."],
    ["Z + U+0307 is Ż", "Z\u0307", "\u017B", "--..-"],
    ["E + U+0328 is Ę", "E\u0328", "\u0118", "..-.."],
    ["G + U+0302 is Ĝ", "G\u0302", "\u011C", "--.-."],
    ["U + U+0306 is Ŭ", "U\u0306", "\u016C", "..--"],
    ["the Angstrom sign U+212B is Å (a canonical singleton)", "\u212B", "\u00C5", ".--.-"],
    ["the Kelvin sign U+212A is K (a canonical singleton)", "\u212A", "K", "-.-"],
  ];
  for (const [name, decomposed, precomposed, morse] of cases) {
    test(name, async () => {
      assert.equal(decomposed.normalize("NFC"), precomposed.normalize("NFC"));
      await assertEncodes(decomposed, morse);
      await assertEncodes(precomposed, morse);
    });
  }

  test("a whole NFD sentence encodes exactly like its NFC form", async () => {
    const sentence = "Ça gèle à Zürich, señor Ørsted; Ésope était là.";
    const nfd = sentence.normalize("NFD");
    assert.notEqual(nfd, sentence);
    for (const [method, answer] of await bothWays("/api/v1/encode", { text: sentence })) {
      const nfc = assertSuccess(answer);
      const decomposed = assertSuccess(
        method === "GET" ? await get(server.url, "/api/v1/encode", { text: nfd }) : await post(server.url, "/api/v1/encode", { text: nfd }),
      );
      assert.equal(decomposed.output, nfc.output, method);
      assert.equal(decomposed.input, nfd, `${method}: input is the text as sent`);
      assert.equal(decomposed.characters, codePoints(nfd), `${method}: characters counts the code points sent`);
      assert.equal(nfc.characters, codePoints(sentence));
    }
  });

  test("NFD text gets the same audio timeline as NFC", async () => {
    for (const [method, answer] of await bothWays("/api/v1/audio", { text: "E\u0301 N\u0303" })) {
      const body = assertSuccess(answer);
      assert.equal(body.morse, "..-.. / --.--", method);
      assert.equal(body.text, "E\u0301 N\u0303", `${method}: text is as sent`);
      const nfc = assertSuccess(await get(server.url, "/api/v1/audio", { text: "\u00C9 \u00D1" }));
      assert.deepEqual(body.sequence, nfc.sequence, method);
      assert.equal(body.durationMs, nfc.durationMs, method);
    }
  });

  test("NFD text renders the same WAV as NFC", async () => {
    const nfd = await fetch(`${server.url}/api/v1/audio.wav?text=${encodeURIComponent("E\u0301")}`);
    const nfc = await fetch(`${server.url}/api/v1/audio.wav?text=${encodeURIComponent("\u00C9")}`);
    assert.equal(nfd.status, 200);
    assert.deepEqual(Buffer.from(await nfd.arrayBuffer()), Buffer.from(await nfc.arrayBuffer()));
  });

  test("several combining marks in canonical order (U + U+0308 + U+0301, Ǘ) are refused: Ǘ has no Morse", async () => {
    // NFC composes U+0308 then U+0301 onto U into Ǘ (U+01D7), which the chart does not hold.
    await assertRefuses("U\u0308\u0301", [["\u01D7", 1]]);
  });
});

describe("what does not compose is refused, naming the combining mark and its position", () => {
  test("Q + U+0301: 400 naming U+0301 at position 2", async () => {
    await assertRefuses("Q\u0301", [["\u0301", 2]]);
  });

  test("a combining mark with nothing before it: 400 naming it at position 1", async () => {
    await assertRefuses("\u0301SOS", [["\u0301", 1]]);
  });

  test("a combining mark after a space: 400 naming it at position 2", async () => {
    await assertRefuses(" \u0308", [["\u0308", 2]]);
  });

  test("X + U+0303 + Y + U+0327: both marks named, at positions 2 and 4", async () => {
    await assertRefuses("X\u0303Y\u0327", [
      ["\u0303", 2],
      ["\u0327", 4],
    ]);
  });

  test("positions count the code points as sent, also after a letter that composed (E + U+0301 then Q + U+0301: position 5)", async () => {
    // `input` is the text as sent and `characters` counts its code points; a position must
    // point into that same text. NFC shortens "E\u0301" to one code point before the Q.
    await assertRefuses("E\u0301 Q\u0301", [["\u0301", 5]]);
  });
});

describe("compatibility characters are not folded (NFKC is not applied)", () => {
  const cases: [string, string][] = [
    ["full-width Ａ (U+FF21)", "\uFF21"],
    ["full-width ｓｏｓ", "\uFF53\uFF4F\uFF53"],
    ["the ligature ﬁ (U+FB01)", "\uFB01"],
    ["circled one ① (U+2460)", "\u2460"],
    ["superscript two ² (U+00B2)", "\u00B2"],
    ["the Roman numeral Ⅻ (U+216B)", "\u216B"],
    ["mathematical bold 𝐀 (U+1D400, outside the BMP)", "\u{1D400}"],
  ];
  for (const [name, text] of cases) {
    test(`${name}: 400 naming it at position 1`, async () => {
      assert.notEqual(text.normalize("NFC"), text.normalize("NFKC"));
      await assertRefuses(text, [[[...text][0]!, 1]]);
    });
  }

  test("a full-width letter among ASCII: named at its code point position", async () => {
    await assertRefuses("SO\uFF33 \u{1D400}K", [
      ["\uFF33", 3],
      ["\u{1D400}", 5],
    ]);
  });
});

describe("lengths count the code points as sent", () => {
  test("E + U+0301 counts as 2 characters", async () => {
    for (const [method, answer] of await bothWays("/api/v1/encode", { text: "E\u0301" })) {
      assert.equal(assertSuccess(answer).characters, 2, method);
    }
  });

  test("500 × (E + U+0301) is 1000 code points: accepted", async () => {
    const text = "E\u0301".repeat(500);
    for (const [method, answer] of await bothWays("/api/v1/encode", { text })) {
      const body = assertSuccess(answer);
      assert.equal(body.characters, 1000, method);
      assert.equal(body.output, Array(500).fill("..-..").join(" "), method);
    }
  });

  test("500 × (E + U+0301) + E is 1001 code points: refused, though its NFC form is 501", async () => {
    const text = `${"E\u0301".repeat(500)}E`;
    for (const [method, answer] of await bothWays("/api/v1/encode", { text })) {
      assertError(answer, 400, "Parameter text must be at most 1000 characters (got 1001)");
      void method;
    }
  });

  test("the same limit holds for /api/v1/audio", async () => {
    const ok = "A\u0308".repeat(500);
    for (const [method, answer] of await bothWays("/api/v1/audio", { text: ok })) {
      assert.equal(assertSuccess(answer).text, ok, method);
    }
    for (const [, answer] of await bothWays("/api/v1/audio", { text: `${ok}A` })) {
      assertError(answer, 400, "Parameter text must be at most 1000 characters (got 1001)");
    }
  });
});
