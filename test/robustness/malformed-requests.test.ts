/** Oversized requests, and bad request lines and headers, over raw sockets (GitHub issue 6): each refused with the API's JSON. */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import { serveForTests, startServer } from "../helpers/server.js";
import { CRLF, assertJsonError, encodePost, refusals, show } from "./malformed.js";
import { exchange, isJsonResult, jsonOf, portOf, send } from "./raw.js";

const server = serveForTests();
const { assertRefused, assertStillServing } = refusals(server);

suite("oversized requests", () => {
  test("a 100 KB URL answers 431 JSON with CORS", async () => {
    await assertRefused(`GET /api/v1/encode?text=${"A".repeat(100_000)} HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`, 431, { code: "HEADERS_TOO_LARGE" });
    await assertStillServing();
  });

  test("a 100 KB header answers 431 JSON with CORS", async () => {
    await assertRefused(`GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}X-Big: ${"b".repeat(100_000)}${CRLF}${CRLF}`, 431);
    await assertStillServing();
  });

  test("many headers adding up to more than the limit answer 431 JSON with CORS", async () => {
    const headers = Array.from({ length: 2000 }, (_, i) => `X-H${i}: ${"v".repeat(20)}`).join(CRLF);
    await assertRefused(`GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}${headers}${CRLF}${CRLF}`, 431);
    await assertStillServing();
  });

  test("a JSON body over 64 KiB answers 413 JSON", async () => {
    const body = JSON.stringify({ text: "A".repeat(70_000) });
    const response = await send(server.port, { method: "POST", target: "/api/v1/encode", headers: { "Content-Type": "application/json" }, body });
    assertJsonError(response, 413, response.raw, "PAYLOAD_TOO_LARGE");
    await assertStillServing();
  });

  test("a WAV upload declaring more than 32 MiB answers 413 at once, before any body is sent", async () => {
    const started = Date.now();
    const result = await exchange(
      server.port,
      `POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Content-Length: ${40 * 1024 * 1024}${CRLF}${CRLF}RIFF`,
      { timeoutMs: 5000, responses: 1 },
    );
    assertJsonError(result.responses[0], 413, show(result), "PAYLOAD_TOO_LARGE");
    assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);
    await assertStillServing();
  });
});

suite("bad request lines and headers", () => {
  const cases: [string, string][] = [
    ["GARBAGE", `GARBAGE${CRLF}${CRLF}`],
    ["an unknown HTTP version (GET / HTTP/9.9)", `GET / HTTP/9.9${CRLF}Host: x${CRLF}${CRLF}`],
    ["an unknown HTTP version on an API path", `GET /api/v1/encode?text=SOS HTTP/9.9${CRLF}Host: x${CRLF}${CRLF}`],
    ["a lower-case method", `get /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`],
    ["a request target without a leading slash", `GET api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`],
    ["a space inside the request target", `GET /api/v1/encode?text=S OS HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`],
    ["a NUL inside the request target", `GET /api/v1/encode?text=S\0OS HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`],
    ["raw non-ASCII bytes in the request target", `GET /api/v1/encode?text=\xc9 HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`],
    ["bare LF line endings", `GET /api/v1/encode?text=SOS HTTP/1.1\nHost: x\n\n`],
    ["a header name with a space", `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}Bad Header: 1${CRLF}${CRLF}`],
    ["a header name with parentheses", `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}Bad(Header): 1${CRLF}${CRLF}`],
    ["a header without a colon", `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}NoColon${CRLF}${CRLF}`],
    ["a header value with a NUL", `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}X-A: a\0b${CRLF}${CRLF}`],
    ["an obsolete folded header", `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}X-A: a${CRLF} folded${CRLF}${CRLF}`],
    ["the HTTP/2 preface", `PRI * HTTP/2.0${CRLF}${CRLF}SM${CRLF}${CRLF}`],
    ["a negative Content-Length", `${encodePost("")}Content-Length: -1${CRLF}${CRLF}`],
    ["a non-numeric Content-Length", `${encodePost("")}Content-Length: ten${CRLF}${CRLF}{"text":"SOS"}`],
    ["two different Content-Lengths", `${encodePost("")}Content-Length: 14${CRLF}Content-Length: 15${CRLF}${CRLF}{"text":"SOS"} `],
    [
      "Content-Length and Transfer-Encoding together",
      `${encodePost("")}Content-Length: 14${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}e${CRLF}{"text":"SOS"}${CRLF}0${CRLF}${CRLF}`,
    ],
    ["Transfer-Encoding other than chunked", `${encodePost("")}Transfer-Encoding: gzip${CRLF}${CRLF}{"text":"SOS"}`],
    ["a bad chunk size", `${encodePost("")}Transfer-Encoding: chunked${CRLF}${CRLF}ZZ${CRLF}{"tex${CRLF}0${CRLF}${CRLF}`],
  ];
  for (const [name, data] of cases) {
    test(`${name}: 400 JSON with CORS, then the connection closes`, async () => {
      await assertRefused(Buffer.from(data, "latin1"), 400, { code: "MALFORMED_REQUEST" });
      await assertStillServing();
    });
  }

  test("regression: an HTTP/1.1 request without Host answers 400 JSON with CORS (not Node's bare 400)", async () => {
    await assertRefused(`GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}${CRLF}`, 400, { code: "MALFORMED_REQUEST" });
    await assertStillServing();
  });

  test("regression: an unknown Expect header answers 417 JSON with CORS (not Node's bare 417)", async () => {
    const result = await exchange(server.port, `${encodePost("")}Expect: banana${CRLF}Content-Length: 14${CRLF}Connection: close${CRLF}${CRLF}{"text":"SOS"}`, {
      timeoutMs: 3000,
      responses: 1,
    });
    const response = result.responses[0];
    assert.ok(response, show(result));
    assert.equal(response.status, 417, show(result));
    assertJsonError(response, response.status, show(result), "EXPECTATION_FAILED");
    await assertStillServing();
  });

  test("regression: a CONNECT request gets an answer (JSON with CORS), not a silently closed connection", async () => {
    const result = await exchange(server.port, `CONNECT example.com:443 HTTP/1.1${CRLF}Host: example.com:443${CRLF}${CRLF}`, { timeoutMs: 3000, responses: 1 });
    const response = result.responses[0];
    assert.ok(response, `no answer: ${show(result)}`);
    assert.equal(response.status, 405, show(result));
    assertJsonError(response, response.status, show(result), "METHOD_NOT_ALLOWED");
    await assertStillServing();
  });

  test("a request line without a version (HTTP/0.9 style) is answered < 500, JSON with CORS", async () => {
    const result = await exchange(server.port, `GET /api/v1/encode?text=SOS${CRLF}${CRLF}`, { timeoutMs: 5000 });
    const response = result.responses[0];
    assert.ok(response && response.status < 500, show(result));
    assert.equal(response.headers["access-control-allow-origin"], "*", show(result));
    assert.ok(isJsonResult(jsonOf(response)), show(result));
  });

  test("HTTP/1.0 without Host is answered", async () => {
    const result = await exchange(server.port, `GET /api/v1/encode?text=SOS HTTP/1.0${CRLF}${CRLF}`);
    assert.equal(result.responses[0]?.status, 200, show(result));
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
  });

  test("an absolute-form request target is answered like its path", async () => {
    const response = await send(server.port, { method: "GET", target: `http://127.0.0.1:${server.port}/api/v1/encode?text=SOS` });
    assert.equal(response.status, 200, response.raw);
    assert.equal(response.headers["access-control-allow-origin"], "*");
    assert.deepEqual(jsonOf(response), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
  });

  test("regression: an absolute-form request target carries the rate-limit headers", async () => {
    const response = await send(server.port, { method: "GET", target: `http://127.0.0.1:${server.port}/api/v1/encode?text=SOS` });
    assert.equal(response.status, 200, response.raw);
    assert.match(response.headers["x-ratelimit-limit"] ?? "", /^\d+$/, `no rate-limit headers: ${response.raw}`);
    assert.match(response.headers.ratelimit ?? "", /^"default";r=\d+;t=\d+$/, response.raw);
  });

  test("regression: absolute-form request targets do not get around rate-limit enforcement", async () => {
    const limited = await startServer({ rateLimit: { enforce: true, quota: 2, windowSeconds: 60 } });
    try {
      const limitedPort = portOf(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await send(limitedPort, { method: "GET", target: `http://127.0.0.1:${limitedPort}/api/v1/encode?text=SOS` });
        statuses.push(response.status);
      }
      assert.deepEqual(statuses, [200, 200, 429, 429], "absolute-form requests are not counted");
      // And the origin-form requests share the same counter.
      assert.equal((await send(limitedPort, { method: "GET", target: "/api/v1/encode?text=SOS" })).status, 429);
    } finally {
      await limited.close();
    }
  });
});
