/** The alphabets over a real socket: the list, each chart, decode in an alphabet, encode of mixed scripts, refusals. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ALPHABET_NAMES, CHART } from "../../src/core/index.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, send } from "./support.js";

const server = serveForTests();

describe("alphabets over HTTP", () => {
  it("GET /api/v1/alphabets lists every alphabet with its title and source", async () => {
    const body = assertSuccess(await get(server.url, "/api/v1/alphabets"));
    const alphabets = body.alphabets as { name: string; title: string; source: string; characters: number }[];
    assert.deepEqual(
      alphabets.map((a) => a.name),
      ALPHABET_NAMES,
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
      `Parameter alphabet must be one of ${ALPHABET_NAMES.slice(0, -1).join(", ")} or ${ALPHABET_NAMES.at(-1)}`,
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
    assert.equal(body.output, "-.-. --.- / -.. . / ... --- ... / ..... ----- -..-. -----");
  });
});
