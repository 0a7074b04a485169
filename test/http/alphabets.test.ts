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

  it("refuses an alphabet encode and the audio endpoints do not take, naming latin and american", async () => {
    const message = "Parameter alphabet must be one of latin or american";
    for (const path of ["/api/v1/encode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"]) {
      assertError(await get(server.url, path, { text: "E", alphabet: "greek" }), 400, message, "INVALID_OPTION");
      assertError(await send(server.url, "POST", path, { body: { text: "E", alphabet: "railroad" } }), 400, message, "INVALID_OPTION");
    }
    assertError(
      await get(server.url, "/api/v1/decode", { morse: ".", alphabet: "railroad" }),
      400,
      /^Parameter alphabet must be one of latin, .* or american$/,
    );
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
