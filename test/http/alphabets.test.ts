/** The alphabets over a real socket: the list, each chart, decode in an alphabet, encode of mixed scripts, American Morse, refusals. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { PAD_MS } from "../../src/audio/limits.js";
import { DECODE_ALPHABET_NAMES, CHART } from "../../src/core/index.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, send } from "./support.js";

const server = serveForTests();

describe("alphabets over HTTP", () => {
  it("GET /api/v1/alphabets lists every alphabet with its title and source", async () => {
    const body = assertSuccess(await get(server.url, "/api/v1/alphabets"));
    const alphabets = body.alphabets as { name: string; title: string; source: string; characters: number }[];
    assert.deepEqual(
      alphabets.map((a) => a.name),
      DECODE_ALPHABET_NAMES,
    );
    for (const alphabet of alphabets) {
      assert.ok(alphabet.title.length > 0 && alphabet.source.length > 10, alphabet.name);
      assert.ok(alphabet.characters >= 20, `${alphabet.name}: ${alphabet.characters}`);
    }
  });

  it("GET /api/v1/chart keeps Latin's chart by default, and gives another alphabet's with ?alphabet=", async () => {
    const latin = assertSuccess(await get(server.url, "/api/v1/chart"));
    assert.deepEqual({ ...latin, success: undefined }, { success: undefined, ...CHART });
    assert.deepEqual(assertSuccess(await get(server.url, "/api/v1/chart", { alphabet: "latin" })), latin);
    const greek = assertSuccess(await get(server.url, "/api/v1/chart", { alphabet: "greek" }));
    assert.equal((greek.alphabet as Record<string, string>).Ω, ".--");
    assert.deepEqual(greek.numbers, latin.numbers);
    assert.equal(greek.accented, undefined);
    const wabun = assertSuccess(await get(server.url, "/api/v1/chart", { alphabet: "wabun" }));
    assert.equal((wabun.alphabet as Record<string, string>).イ, ".-");
    assertError(
      await get(server.url, "/api/v1/chart", { alphabet: "elvish" }),
      400,
      `Parameter alphabet must be one of ${DECODE_ALPHABET_NAMES.slice(0, -1).join(", ")} or ${DECODE_ALPHABET_NAMES.at(-1)}`,
    );
  });

  it("decodes in the alphabet asked for, by GET and by POST", async () => {
    const morse = "-.-. --.- / -.. .";
    assert.equal(assertSuccess(await get(server.url, "/api/v1/decode", { morse })).output, "CQ DE");
    assert.equal(assertSuccess(await get(server.url, "/api/v1/decode", { morse, alphabet: "cyrillic" })).output, "ЦЩ ДЕ");
    assert.equal(assertSuccess(await send(server.url, "POST", "/api/v1/decode", { body: { morse, alphabet: "greek" } })).output, "ΘΨ ΔΕ");
    assertError(await send(server.url, "POST", "/api/v1/decode", { body: { morse, alphabet: 3 } }), 400, /alphabet/);
  });

  it("encodes text in any script, each character by its own alphabet", async () => {
    const body = assertSuccess(await send(server.url, "POST", "/api/v1/encode", { body: { text: "CQ ДЕ ΣΟΣ 5%" } }));
    // 5% is 5-0/0 (ITU-R M.1677-1, 3.3.2).
    assert.equal(body.output, "-.-. --.- / -.. . / ... --- ... / ..... -....- ----- -..-. -----");
  });
});

describe("American Morse over HTTP (alphabet=american)", () => {
  const text = "CQ de L0";
  const morse = "..␣. ..-. / -.. . / ⸺ ⸻";

  it("encodes by GET and by POST, and decodes back; without it encode is International", async () => {
    assert.equal(assertSuccess(await get(server.url, "/api/v1/encode", { text, alphabet: "american" })).output, morse);
    assert.equal(assertSuccess(await send(server.url, "POST", "/api/v1/encode", { body: { text, alphabet: "american" } })).output, morse);
    assert.equal(assertSuccess(await get(server.url, "/api/v1/encode", { text, alphabet: "latin" })).output, "-.-. --.- / -.. . / .-.. -----");
    assert.equal(assertSuccess(await get(server.url, "/api/v1/encode", { text })).output, "-.-. --.- / -.. . / .-.. -----");
    const decoded = assertSuccess(await send(server.url, "POST", "/api/v1/decode", { body: { morse, alphabet: "american" } }));
    assert.deepEqual(decoded, { success: true, input: morse, output: "CQ DE L0", characters: 6 });
  });

  it("times /api/v1/audio by American's units: the space inside C, the long dashes of L and 0", async () => {
    const body = assertSuccess(await get(server.url, "/api/v1/audio", { text: "C L0", wpm: "20", alphabet: "american" }));
    assert.equal(body.morse, "..␣. / ⸺ ⸻");
    assert.equal(body.unitMs, 80);
    const units = (body.sequence as { type: string; durationMs: number }[]).map((s) => `${s.type}:${s.durationMs / body.unitMs}`);
    assert.deepEqual(units, ["dot:1", "silence:1", "dot:1", "silence:1.5", "dot:1", "silence:3", "dash:4", "silence:2", "dash:5"]);
    const posted = assertSuccess(await send(server.url, "POST", "/api/v1/audio", { body: { text: "C L0", wpm: 20, alphabet: "american" } }));
    assert.deepEqual(posted, body);
  });

  it("sounds it as WAV and MP3", async () => {
    const params = { text: "C L0", wpm: "20", alphabet: "american", sampleRate: "8000" };
    const timing = assertSuccess(await get(server.url, "/api/v1/audio", params));
    const wav = await fetch(`${server.url}/api/v1/audio.wav?${new URLSearchParams(params)}`);
    const bytes = Buffer.from(await wav.arrayBuffer());
    assert.equal(wav.status, 200);
    assert.equal(bytes.readUInt32LE(40), 2 * Math.round(((timing.durationMs + 2 * PAD_MS) * 8000) / 1000));
    const mp3 = await fetch(`${server.url}/api/v1/audio.mp3`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "C L0", alphabet: "american" }),
    });
    assert.equal(mp3.status, 200);
    assert.equal(mp3.headers.get("content-type"), "audio/mpeg");
    assert.ok((await mp3.arrayBuffer()).byteLength > 0);
  });

  it("refuses an alphabet no endpoint takes, naming every one", async () => {
    const message = `Parameter alphabet must be one of ${DECODE_ALPHABET_NAMES.slice(0, -1).join(", ")} or ${DECODE_ALPHABET_NAMES.at(-1)}`;
    for (const path of ["/api/v1/encode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"]) {
      assertError(await get(server.url, path, { text: "E", alphabet: "elvish" }), 400, message, "INVALID_OPTION");
      assertError(await send(server.url, "POST", path, { body: { text: "E", alphabet: "railroad" } }), 400, message, "INVALID_OPTION");
    }
    assertError(await get(server.url, "/api/v1/decode", { morse: ".", alphabet: "railroad" }), 400, message, "INVALID_OPTION");
    // The chart shows it, without prosigns, which it has none of.
    const chart = assertSuccess(await get(server.url, "/api/v1/chart", { alphabet: "american" }));
    assert.equal((chart.alphabet as Record<string, string>).C, "..␣.");
    assert.deepEqual(chart.prosigns, {});
  });

  it("refuses a character American has not, and glyphs that draw over its own marks", async () => {
    assertError(
      await get(server.url, "/api/v1/encode", { text: "Ж", alphabet: "american" }),
      400,
      'Cannot encode character "Ж" at position 1',
      "UNSUPPORTED_CHARACTER",
    );
    assertError(
      await get(server.url, "/api/v1/encode", { text: "E", alphabet: "american", dashChar: "⸺" }),
      400,
      "With alphabet american, parameters dotChar, dashChar and separator must not contain ⸺, ⸻ or ␣",
      "INVALID_OPTION",
    );
  });
});

describe("encode and audio in the alphabet asked for (alphabet=persian and the like)", () => {
  // خانه has no letter only Persian has: without alphabet it is Arabic's --- .- -. ..-.., which reads back in Persian as عانض.
  const text = "خانه";
  const morse = "-..- .- -. .";

  it("encodes in it by GET and by POST, and decode in it reads the text back", async () => {
    assert.equal(assertSuccess(await get(server.url, "/api/v1/encode", { text })).output, "--- .- -. ..-..");
    const encoded = assertSuccess(await get(server.url, "/api/v1/encode", { text, alphabet: "persian" }));
    assert.deepEqual(encoded, { success: true, input: text, output: morse, characters: 4 });
    assert.deepEqual(assertSuccess(await send(server.url, "POST", "/api/v1/encode", { body: { text, alphabet: "persian" } })), encoded);
    assert.equal(assertSuccess(await get(server.url, "/api/v1/decode", { morse, alphabet: "persian" })).output, text);
    // The shared digits, punctuation and prosigns go with it; latin is still each character in its own alphabet.
    assert.equal(
      assertSuccess(await get(server.url, "/api/v1/encode", { text: "خانه 2%", alphabet: "persian" })).output,
      `${morse} / ..--- -....- ----- -..-. -----`,
    );
    assert.equal(assertSuccess(await get(server.url, "/api/v1/encode", { text: "CQ ДЕ", alphabet: "latin" })).output, "-.-. --.- / -.. .");
  });

  it("times /api/v1/audio, and sounds audio.wav and audio.mp3, in it", async () => {
    const timing = assertSuccess(await get(server.url, "/api/v1/audio", { text, alphabet: "persian", wpm: "20" }));
    assert.equal(timing.morse, morse);
    assert.equal(timing.unitMs, 60);
    const units = (timing.sequence as { type: string; durationMs: number }[]).map((s) => `${s.type}:${s.durationMs / timing.unitMs}`);
    const [dot, dash, gap, letterGap] = ["dot:1", "dash:3", "silence:1", "silence:3"];
    // -..-  .-  -.  .
    assert.deepEqual(units, [dash, gap, dot, gap, dot, gap, dash, letterGap, dot, gap, dash, letterGap, dash, gap, dot, letterGap, dot]);
    assert.deepEqual(assertSuccess(await send(server.url, "POST", "/api/v1/audio", { body: { text, alphabet: "persian", wpm: 20 } })), timing);
    const wav = await fetch(`${server.url}/api/v1/audio.wav?${new URLSearchParams({ text, alphabet: "persian", sampleRate: "8000" })}`);
    assert.equal(wav.status, 200);
    assert.equal(Buffer.from(await wav.arrayBuffer()).readUInt32LE(40), 2 * Math.round(((timing.durationMs + 2 * PAD_MS) * 8000) / 1000));
    const mp3 = await fetch(`${server.url}/api/v1/audio.mp3`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text, alphabet: "persian" }),
    });
    assert.equal(mp3.status, 200);
    assert.ok((await mp3.arrayBuffer()).byteLength > 0);
  });

  it("refuses, with a JSON 400 naming each, a character the alphabet has not", async () => {
    const message = 'Cannot encode characters "C" at position 1 and "Q" at position 2';
    for (const path of ["/api/v1/encode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"]) {
      assertError(await get(server.url, path, { text: "CQ خانه", alphabet: "persian" }), 400, message, "UNSUPPORTED_CHARACTER");
      assertError(await send(server.url, "POST", path, { body: { text: "CQ خانه", alphabet: "persian" } }), 400, message, "UNSUPPORTED_CHARACTER");
    }
  });
});
