/**
 * The `code` of every kind of error (API.md section 2), each over a real socket: from the
 * core, from validation, from fastify, from Node's HTTP parser, from rate limiting, from
 * the decode queue and from a bug. And the OpenAPI document lists the codes for every
 * route's error answers.
 */
import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { buildApp } from "../../src/http/app.js";
import { ERROR_CODES, type ErrorCode } from "../../src/http/error-codes.js";
import { DEFAULT_TEST_CONFIG, serveForTests, startServer, type TestServer } from "../helpers/server.js";
import { type Answer, assertError, get, post, rawRequest, rawSocket, send } from "./support.js";

const server = serveForTests();

/** A WAV of `seconds` of a 600 Hz tone keyed on and off, at 8 kHz. */
function keyedWav(seconds: number): Uint8Array {
  const rate = 8000;
  const samples = new Float32Array(seconds * rate);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.floor(i / 1200) % 2 === 0 ? 0.5 * Math.sin((2 * Math.PI * 600 * i) / rate) : 0;
  return encodeWav([samples], rate);
}

const postWav = (base: string, bytes: Uint8Array, path = "/api/v1/decode-audio") =>
  rawRequest(base, "POST", path, { headers: { "content-type": "audio/wav", "content-length": String(bytes.length) }, chunks: [bytes] });

describe("the code of each kind of 400", () => {
  const cases: [string, () => Promise<Answer>, ErrorCode][] = [
    ["a missing parameter", () => get(server.url, "/api/v1/encode"), "MISSING_PARAMETER"],
    ["a null parameter", () => post(server.url, "/api/v1/decode", { morse: null }), "MISSING_PARAMETER"],
    ["text over 1000 characters", () => get(server.url, "/api/v1/encode", { text: "e".repeat(1001) }), "INVALID_PARAMETER"],
    ["text that is not a string", () => post(server.url, "/api/v1/audio", { text: 5 }), "INVALID_PARAMETER"],
    ["wpm out of bounds (the schema)", () => get(server.url, "/api/v1/audio", { text: "E", wpm: "99" }), "INVALID_OPTION"],
    ["fwpm above wpm (the core)", () => get(server.url, "/api/v1/audio", { text: "E", wpm: "20", fwpm: "30" }), "INVALID_OPTION"],
    ["a dotChar with white space (the schema)", () => get(server.url, "/api/v1/encode", { text: "E", dotChar: "a b" }), "INVALID_OPTION"],
    ["equal dotChar and dashChar (the core)", () => get(server.url, "/api/v1/decode", { morse: "x", dotChar: "x", dashChar: "x" }), "INVALID_OPTION"],
    ["a sampleRate out of bounds", () => get(server.url, "/api/v1/audio.wav", { text: "E", sampleRate: "7999" }), "INVALID_OPTION"],
    ["a decode-audio hint out of bounds", () => postWav(server.url, keyedWav(1), "/api/v1/decode-audio?frequency=50"), "INVALID_OPTION"],
    ["a character without Morse", () => get(server.url, "/api/v1/encode", { text: "a#" }), "UNSUPPORTED_CHARACTER"],
    ["Morse that decodes to nothing", () => get(server.url, "/api/v1/decode", { morse: "........." }), "INVALID_MORSE"],
    ["text of only white space", () => post(server.url, "/api/v1/encode", { text: "   " }), "EMPTY_INPUT"],
    ["Morse of only separators", () => get(server.url, "/api/v1/decode", { morse: " / " }), "EMPTY_INPUT"],
    ["a recording that is not a WAV", () => postWav(server.url, Buffer.from("hello world, not a wav")), "INVALID_AUDIO"],
    ["a body that is not JSON", () => post(server.url, "/api/v1/encode", "{"), "INVALID_BODY"],
    ["an empty JSON body", () => post(server.url, "/api/v1/encode", ""), "INVALID_BODY"],
    ["a JSON body that is not an object", () => post(server.url, "/api/v1/encode", "[]"), "INVALID_BODY"],
    ["a request line Node's parser refuses", () => rawSocket(server.url, "GARBAGE\r\n\r\n"), "MALFORMED_REQUEST"],
    [
      "a Content-Length that is not a number",
      () => rawSocket(server.url, "GET /api/v1/chart HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"),
      "MALFORMED_REQUEST",
    ],
    ["an HTTP/1.1 request without Host", () => rawSocket(server.url, "GET /api/v1/chart HTTP/1.1\r\n\r\n"), "MALFORMED_REQUEST"],
  ];
  for (const [name, request, code] of cases) {
    it(`${name}: ${code}`, async () => {
      assertError(await request(), 400, undefined, code);
    });
  }
});

describe("the code of every other status", () => {
  it("404 NOT_FOUND", async () => {
    assertError(await get(server.url, "/api/v1/nope"), 404, "Not found: GET /api/v1/nope", "NOT_FOUND");
    assertError(await post(server.url, "/nope", { text: "a" }), 404, "Not found: POST /nope", "NOT_FOUND");
  });

  it("405 METHOD_NOT_ALLOWED, from fastify and from Node (CONNECT)", async () => {
    assertError(await send(server.url, "DELETE", "/api/v1/encode"), 405, undefined, "METHOD_NOT_ALLOWED");
    assertError(await send(server.url, "POST", "/api/v1/chart", { body: {} }), 405, undefined, "METHOD_NOT_ALLOWED");
    const connect = await rawSocket(server.url, "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n");
    assertError(connect, 405, undefined, "METHOD_NOT_ALLOWED");
  });

  it("413 PAYLOAD_TOO_LARGE, for JSON and for a WAV", async () => {
    assertError(await post(server.url, "/api/v1/encode", { text: "a".repeat(70_000) }), 413, /64 KiB/, "PAYLOAD_TOO_LARGE");
    const wav = await rawRequest(server.url, "POST", "/api/v1/decode-audio", {
      headers: { "content-type": "audio/wav", "content-length": String(33 * 1024 * 1024) },
      chunks: ["RIFF"],
    });
    assertError(wav, 413, /32 MiB/, "PAYLOAD_TOO_LARGE");
  });

  it("415 UNSUPPORTED_MEDIA_TYPE, for JSON endpoints and for decode-audio", async () => {
    assertError(await post(server.url, "/api/v1/encode", "text=a", "text/plain"), 415, /application\/json/, "UNSUPPORTED_MEDIA_TYPE");
    assertError(await post(server.url, "/api/v1/decode-audio", { text: "E" }), 415, /audio\/wav/, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("416 BAD_REQUEST: a Range outside a playground file", async () => {
    const answer = await send(server.url, "GET", "/index.html", { headers: { range: "bytes=99999999-" } });
    assertError(answer, 416, undefined, "BAD_REQUEST");
  });

  it("417 EXPECTATION_FAILED, written by Node's checkExpectation", async () => {
    const answer = await rawSocket(
      server.url,
      'POST /api/v1/encode HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nExpect: banana\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"text":"a"}',
    );
    assertError(answer, 417, /banana/, "EXPECTATION_FAILED");
  });

  it("431 HEADERS_TOO_LARGE, written by the clientError handler", async () => {
    assertError(await rawRequest(server.url, "GET", `/api/v1/encode?text=${"a".repeat(20_000)}`), 431, /too large/i, "HEADERS_TOO_LARGE");
  });

  it("429 RATE_LIMITED, with Retry-After", async () => {
    const limited = await startServer({ rateLimit: { enforce: true, quota: 1, windowSeconds: 60 } });
    try {
      assert.equal((await get(limited.url, "/api/v1/encode", { text: "e" })).status, 200);
      const refused = await get(limited.url, "/api/v1/encode", { text: "e" });
      assertError(refused, 429, /try again/, "RATE_LIMITED");
      assert.match(refused.headers.get("retry-after") ?? "", /^\d+$/);
    } finally {
      await limited.close();
    }
  });
});

describe("500 INTERNAL, and routes added later", () => {
  let bugged: TestServer;
  before(async () => {
    const app = await buildApp(DEFAULT_TEST_CONFIG);
    // A route with a bug, added after the service's own: errors and 405s know it too.
    app.get("/api/v1/bug", () => {
      throw new Error("a bug, with a detail the client must not see");
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    bugged = { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, close: () => app.close() };
  });
  after(async () => bugged?.close());

  it("a bug answers 500 INTERNAL without its details", async () => {
    const answer = await get(bugged.url, "/api/v1/bug");
    assertError(answer, 500, "Internal server error", "INTERNAL");
    assert.doesNotMatch(answer.text, /detail/);
  });

  it("a wrong method on it answers 405 with Allow, learnt from the route as it was added", async () => {
    const answer = await send(bugged.url, "POST", "/api/v1/bug", { body: {} });
    assertError(answer, 405, undefined, "METHOD_NOT_ALLOWED");
    assert.equal(answer.headers.get("allow"), "GET, HEAD, OPTIONS");
  });
});

describe("503 BUSY when the decode queue is full", () => {
  let busy: TestServer;
  before(async () => {
    busy = await startServer();
  });
  after(async () => busy?.close());

  it("refuses recordings beyond the queue with Retry-After, decodes the others, then serves again", { timeout: 120_000 }, async () => {
    // Sent all at once while the decoding thread starts: more than it and the queue hold.
    const wav = keyedWav(10);
    const answers = await Promise.all(Array.from({ length: 60 }, () => postWav(busy.url, wav)));
    const refused = answers.filter((answer) => answer.status === 503);
    assert.ok(refused.length > 0, `statuses: ${answers.map((a) => a.status).join(" ")}`);
    for (const answer of refused) {
      assertError(answer, 503, /try again/, "BUSY");
      assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/);
    }
    for (const answer of answers.filter((a) => a.status !== 503)) assert.equal(answer.status, 200, answer.text);
    assert.equal((await postWav(busy.url, keyedWav(1))).status, 200);
  });
});

describe("the OpenAPI document lists the codes", () => {
  it("every operation's 4XX and 5XX answers are the error schema, its code an enum of every code", async () => {
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: Record<string, any> }>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })),
    );
    assert.ok(operations.length >= 14, `${operations.length} operations`);
    const everyCode = Object.keys(ERROR_CODES).sort();
    for (const { name, operation } of operations) {
      for (const range of ["4XX", "5XX"]) {
        const schema = operation.responses[range]?.content?.["application/json"]?.schema;
        assert.ok(schema, `${name} ${range}`);
        assert.deepEqual([...schema.required].sort(), ["code", "error", "success"], `${name} ${range}`);
        assert.deepEqual([...schema.properties.code.enum].sort(), everyCode, `${name} ${range}`);
      }
    }
  });

  it("the codes API.md names are among them, each explained", async () => {
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    const code = doc.paths["/api/v1/encode"].get.responses["4XX"].content["application/json"].schema.properties.code;
    for (const name of [
      "MISSING_PARAMETER",
      "INVALID_OPTION",
      "UNSUPPORTED_CHARACTER",
      "INVALID_MORSE",
      "EMPTY_INPUT",
      "INVALID_AUDIO",
      "NOT_FOUND",
      "METHOD_NOT_ALLOWED",
      "PAYLOAD_TOO_LARGE",
      "UNSUPPORTED_MEDIA_TYPE",
      "RATE_LIMITED",
      "INTERNAL",
    ]) {
      assert.ok(code.enum.includes(name), name);
      assert.match(code.description, new RegExp(`\`${name}\`: \\w`), name);
    }
  });
});
