/**
 * Malformed and hostile HTTP over raw sockets (GitHub issue 6): oversized request lines
 * and headers, bad request lines and header names, lying Content-Length, smuggling-shaped
 * framing, pipelining, chunked bodies, and hundreds of slow-header connections. Every
 * answer is the API's JSON with CORS, and the server keeps serving.
 */
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import type { ErrorCode } from "../../src/http/error-codes.js";
import { serveForTests, startServer } from "../helpers/server.js";
import { assertCode } from "../http/support.js";
import { exchange, isJsonResult, jsonOf, parseResponses, portOf, type RawResponse, type RawResult, requestBytes, send } from "./raw.js";
import { fuzzRuns } from "../helpers/fuzz-runs.js";

const server = serveForTests();

const JSON_TYPE = "application/json; charset=utf-8";
const CRLF = "\r\n";

function show(result: RawResult): string {
  return `${result.ended}${result.error ? ` ${result.error}` : ""}: ${JSON.stringify(result.bytes.toString("latin1").slice(0, 800))}`;
}

/** The API's JSON error with CORS: `{success: false, error, code}`, with a code its status may carry (or exactly `code`). */
function assertJsonError(response: RawResponse | undefined, status: number, context: string, code?: ErrorCode): void {
  assert.ok(response, `no answer: ${context}`);
  assert.equal(response.status, status, context);
  assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${context}`);
  assert.equal(response.headers["content-type"], JSON_TYPE, `content type: ${context}`);
  const body = jsonOf(response);
  assert.ok(isJsonResult(body), `not a JSON result: ${context}`);
  assert.equal(body.success, false, context);
  assert.equal(typeof body.error, "string", context);
  assertCode(body, status, code, context);
}

/** Exactly one JSON error answer, then the server closes the connection. */
async function assertRefused(data: string | Buffer, status: number, options: { endAfterWrite?: boolean; code?: ErrorCode } = {}): Promise<RawResult> {
  const result = await exchange(server.port, data, { timeoutMs: 5000, ...options });
  const context = show(result);
  assert.equal(result.ended, "closed", `the server did not close the connection: ${context}`);
  assert.equal(result.responses.length, 1, context);
  assertJsonError(result.responses[0], status, context, options.code);
  return result;
}

/** The server still answers a known-good request exactly. */
async function assertStillServing(): Promise<void> {
  const response = await send(server.port, { method: "GET", target: "/api/v1/encode?text=SOS" });
  assert.equal(response.status, 200, response.raw);
  assert.deepEqual(jsonOf(response), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
}

const encodePost = (_body: string, extra = "") => `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}${extra}`;

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

suite("random headers", () => {
  /**
   * Any extra header lines, well-formed or not, on a known-good request: an answer below
   * 500 with CORS and JSON, and when it is a 200, the right one. Framing headers
   * (Content-Length, Transfer-Encoding), Host and Expect have tests of their own.
   */
  test("random header names and values never make a 5xx, a non-JSON answer or a missing CORS header", async () => {
    const NAMES = [
      "Accept",
      "Accept-Encoding",
      "Accept-Charset",
      "Origin",
      "Referer",
      "User-Agent",
      "Cookie",
      "Authorization",
      "X-Forwarded-For",
      "X-Forwarded-Proto",
      "X-Real-IP",
      "Forwarded",
      "Connection",
      "Upgrade",
      "Keep-Alive",
      "TE",
      "Content-Type",
      "Content-Encoding",
      "Content-Language",
      "If-None-Match",
      "If-Modified-Since",
      "Range",
      "Cache-Control",
      "Access-Control-Request-Method",
      "Access-Control-Request-Headers",
      "Trailer",
      "Via",
      "Max-Forwards",
      "Pragma",
      "Proxy-Authorization",
      "X-HTTP-Method-Override",
      "X-Request-Id",
      "traceparent",
    ];
    const name = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
      {
        weight: 1,
        arbitrary: fc.stringMatching(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,40}$/).filter((n) => !/^(content-length|transfer-encoding|host|expect)$/i.test(n)),
      },
      { weight: 1, arbitrary: fc.constantFrom("Bad Name", "Bad:Name", "Bad\tName", "Bäd", "", "(x)", "a\u0000b") },
    );
    const value = fc.oneof(
      fc.constantFrom(
        "",
        " ",
        "*",
        "null",
        "gzip, deflate, br",
        "application/json",
        "text/html",
        "chunked",
        "close",
        "keep-alive",
        "upgrade",
        "h2c",
        "websocket",
        "bytes=0-10",
        "1.2.3.4, 5.6.7.8",
        'for="[::1]"',
        "en;q=0.1",
        '"etag"',
        "POST",
        "DELETE",
        "x".repeat(4000),
        "\u00e9\u00e8",
        "a\u0000b",
        "a\u007fb",
        "a\rb",
      ),
      fc.stringMatching(/^[\x20-\x7e]{0,60}$/),
    );
    const request = fc.record({
      post: fc.boolean(),
      headers: fc.array(fc.tuple(name, value), { maxLength: 6 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ post, headers }) => {
        const lines = headers.map(([n, v]) => `${n}: ${v}`).join(CRLF);
        const body = '{"text":"SOS"}';
        const head = post
          ? `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}${lines ? lines + CRLF : ""}Content-Type: application/json${CRLF}Content-Length: ${body.length}${CRLF}Connection: close${CRLF}${CRLF}${body}`
          : `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}${lines ? lines + CRLF : ""}Connection: close${CRLF}${CRLF}`;
        const result = await exchange(server.port, Buffer.from(head, "latin1"), { timeoutMs: 5000 });
        const context = show(result);
        const response = result.responses[0];
        assert.ok(response, `no answer: ${context}`);
        assert.ok(response.status < 500, context);
        assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${context}`);
        const json = jsonOf(response);
        assert.ok(isJsonResult(json), `not JSON: ${context}`);
        if (response.status === 200) assert.equal((json as { output?: string }).output, "... --- ...", context);
        else assert.equal(json.success, false, context);
      }),
      { numRuns: fuzzRuns(300) },
    );
    await assertStillServing();
  });
});

suite("bodies that disagree with their framing", () => {
  test("a body shorter than Content-Length, then the client half-closes: a JSON error, and the server keeps serving", async () => {
    const result = await exchange(server.port, `${encodePost("")}Content-Length: 100${CRLF}${CRLF}{"text":"SOS"}`, { timeoutMs: 5000, endAfterWrite: true });
    for (const response of result.responses) {
      assert.ok(response.status < 500, show(result));
      assertJsonError(response, response.status, show(result));
    }
    await assertStillServing();
  });

  test("a body shorter than Content-Length, then the client vanishes (reset): the server keeps serving", async () => {
    for (let i = 0; i < 20; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(server.port, "127.0.0.1", () => {
          socket.write(`${encodePost("")}Content-Length: 100${CRLF}${CRLF}{"text":"SO`);
          setTimeout(() => {
            socket.resetAndDestroy();
            resolve();
          }, 20);
        });
        socket.on("error", () => resolve());
      });
    }
    await assertStillServing();
  });

  test("a WAV body cut short by the client: the server keeps serving", async () => {
    for (let i = 0; i < 10; i++) {
      await new Promise<void>((resolve) => {
        const socket = net.connect(server.port, "127.0.0.1", () => {
          socket.write(`POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Content-Length: 1000000${CRLF}${CRLF}`);
          socket.write(Buffer.alloc(50_000));
          setTimeout(() => {
            socket.destroy();
            resolve();
          }, 20);
        });
        socket.on("error", () => resolve());
      });
    }
    await assertStillServing();
  });

  test("a body longer than Content-Length: the declared body is answered, the rest is read as the next request", async () => {
    const result = await exchange(
      server.port,
      `${encodePost("")}Content-Length: 14${CRLF}${CRLF}{"text":"SOS"}GET /api/v1/encode?text=E HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`,
    );
    assert.equal(result.responses.length, 2, show(result));
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
    assert.deepEqual(jsonOf(result.responses[1]!), { success: true, input: "E", output: ".", characters: 1 });
  });

  test("regression: a valid request followed by garbage on the same connection still gets its answer, before the 400", async () => {
    const result = await exchange(server.port, `${encodePost("")}Content-Length: 14${CRLF}${CRLF}{"text":"SOS"}EXTRA GARBAGE${CRLF}${CRLF}`, {
      timeoutMs: 5000,
    });
    const context = show(result);
    assert.equal(result.responses.length, 2, `expected the 200 then the 400: ${context}`);
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "SOS", output: "... --- ...", characters: 3 }, context);
    assertJsonError(result.responses[1], 400, context);
  });

  test("a chunked JSON body is read whole", async () => {
    const body = ['{"te', 'xt":"SO', 'S SOS"}'];
    const chunks = `${body.map((part) => `${Buffer.byteLength(part).toString(16)}${CRLF}${part}${CRLF}`).join("")}0${CRLF}${CRLF}`;
    const result = await exchange(server.port, [`${encodePost("")}Transfer-Encoding: chunked${CRLF}Connection: close${CRLF}${CRLF}`, chunks]);
    assert.equal(result.responses[0]?.status, 200, show(result));
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "SOS SOS", output: "... --- ... / ... --- ...", characters: 7 });
  });

  test("a chunked WAV body to decode-audio is read whole", async () => {
    const wav = (await send(server.port, { method: "GET", target: "/api/v1/audio.wav?text=SOS&wpm=30" })).body;
    const parts = [wav.subarray(0, 7), wav.subarray(7, 100), wav.subarray(100)];
    const head = Buffer.from(
      `POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Transfer-Encoding: chunked${CRLF}Connection: close${CRLF}${CRLF}`,
      "latin1",
    );
    const body = Buffer.concat(
      parts.flatMap((p) => [Buffer.from(`${p.length.toString(16)}${CRLF}`), p, Buffer.from(CRLF)]).concat(Buffer.from(`0${CRLF}${CRLF}`)),
    );
    const result = await exchange(server.port, [head, body]);
    assert.equal(result.responses[0]?.status, 200, show(result));
    assert.equal((jsonOf(result.responses[0]!) as { output?: string }).output, "SOS");
  });

  test("a chunked JSON body over 64 KiB answers 413", async () => {
    const part = "A".repeat(16_000);
    const chunks = `${[`{"text":"`, part, part, part, part, part, `"}`].map((p) => `${Buffer.byteLength(p).toString(16)}${CRLF}${p}${CRLF}`).join("")}0${CRLF}${CRLF}`;
    const result = await exchange(server.port, `${encodePost("")}Transfer-Encoding: chunked${CRLF}Connection: close${CRLF}${CRLF}${chunks}`, {
      timeoutMs: 5000,
      responses: 1,
    });
    assertJsonError(result.responses[0], 413, show(result));
    await assertStillServing();
  });
});

suite("pipelining", () => {
  test("three requests in one write get three answers, in order", async () => {
    const data =
      `GET /api/v1/encode?text=A HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}` +
      `POST /api/v1/audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}Content-Length: 12${CRLF}${CRLF}{"text":"E"}` +
      `GET /api/v1/decode?morse=-.-. HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`;
    const result = await exchange(server.port, data);
    assert.equal(result.responses.length, 3, show(result));
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "A", output: ".-", characters: 1 });
    assert.equal((jsonOf(result.responses[1]!) as { text?: string }).text, "E");
    assert.deepEqual(jsonOf(result.responses[2]!), { success: true, input: "-.-.", output: "C", characters: 1 });
  });

  test("pipelined requests of every kind (ok, 400, 404, 405, HEAD, OPTIONS, WAV) come back in order", async () => {
    const requests = [
      { method: "GET", target: "/api/v1/encode?text=A" },
      { method: "GET", target: "/api/v1/encode?text=%7E" },
      { method: "GET", target: "/nope" },
      { method: "DELETE", target: "/api/v1/encode" },
      { method: "HEAD", target: "/api/v1/chart" },
      { method: "OPTIONS", target: "/api/v1/encode" },
      { method: "GET", target: "/api/v1/audio.wav?text=T" },
      { method: "GET", target: "/api/v1/decode?morse=-" },
    ];
    const data = Buffer.concat(requests.map((r, i) => requestBytes({ ...r, headers: { Connection: i === requests.length - 1 ? "close" : "keep-alive" } })));
    const result = await exchange(server.port, data, { noBody: (i) => requests[i]?.method === "HEAD" });
    assert.deepEqual(
      result.responses.map((r) => r.status),
      [200, 400, 404, 405, 200, 204, 200, 200],
      show(result),
    );
    assert.equal(result.responses[6]!.headers["content-type"], "audio/wav");
    assert.deepEqual(jsonOf(result.responses[7]!), { success: true, input: "-", output: "T", characters: 1 });
  });

  test("a hundred pipelined requests in one write are all answered, in order", async () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const data = Array.from(
      { length: 100 },
      (_, i) => `GET /api/v1/encode?text=${letters[i % 26]} HTTP/1.1${CRLF}Host: x${CRLF}${i === 99 ? `Connection: close${CRLF}` : ""}${CRLF}`,
    ).join("");
    const result = await exchange(server.port, data);
    assert.equal(result.responses.length, 100, show(result));
    result.responses.forEach((response, i) => {
      assert.equal((jsonOf(response) as { input?: string }).input, letters[i % 26]);
    });
  });
});

// ---------------------------------------------------------------------------------------

/** One GET over a fresh connection; its latency in ms. */
function timedGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request({ host: "127.0.0.1", port: server.port, path, agent: false }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    request.on("error", reject);
    request.end();
  });
}

async function medianLatency(count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timedGet(`/api/v1/encode?text=SOS${i % 10}`));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Opens a connection and sends the start of a request, never the end. */
function slowClient(partial: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => {
      socket.write(partial);
      resolve(socket);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
  });
}

suite("slow clients", () => {
  test("300 slow-header connections do not slow normal requests down (median < 5x + 50 ms)", async (t) => {
    await medianLatency(10); // warm-up
    const baseline = await medianLatency(50);
    const slow: net.Socket[] = [];
    try {
      for (let i = 0; i < 300; i++) {
        slow.push(await slowClient(i % 2 === 0 ? "GET /api/v1/encode?text=S" : `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: appl`));
      }
      const withSlow = await medianLatency(50);
      const open = slow.filter((s) => !s.destroyed).length;
      t.diagnostic(`median latency: ${baseline.toFixed(2)} ms without, ${withSlow.toFixed(2)} ms with ${open} slow connections open`);
      assert.ok(open >= 290, `only ${open} of 300 slow connections are still open: the test measured nothing`);
      assert.ok(withSlow < 5 * baseline + 50, `median ${withSlow.toFixed(2)} ms with 300 slow connections vs ${baseline.toFixed(2)} ms without`);
    } finally {
      for (const socket of slow) socket.destroy();
    }
    await assertStillServing();
  });

  test("200 slow-body connections (headers sent, body held back) do not slow normal requests down", async (t) => {
    await medianLatency(10);
    const baseline = await medianLatency(50);
    const slow: net.Socket[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        slow.push(
          await slowClient(
            i % 2 === 0
              ? `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}Content-Length: 1000${CRLF}${CRLF}{"text":"`
              : `POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Content-Length: 1000000${CRLF}${CRLF}RIFF`,
          ),
        );
      }
      const withSlow = await medianLatency(50);
      const open = slow.filter((s) => !s.destroyed).length;
      t.diagnostic(`median latency: ${baseline.toFixed(2)} ms without, ${withSlow.toFixed(2)} ms with ${open} slow-body connections open`);
      assert.ok(open >= 190, `only ${open} of 200 slow connections are still open: the test measured nothing`);
      assert.ok(withSlow < 5 * baseline + 50, `median ${withSlow.toFixed(2)} ms with 200 slow-body connections vs ${baseline.toFixed(2)} ms without`);
    } finally {
      for (const socket of slow) socket.destroy();
    }
    await assertStillServing();
  });

  test("regression: the 10 s headers timeout cuts off a client that never finishes its headers (408 JSON within 15 s)", { timeout: 30_000 }, async () => {
    const started = Date.now();
    const connections = [
      // Stalls inside the request line.
      { socket: await slowClient("GET /api/v1/encode?text=S"), trickle: false },
      // Trickles a header line every second: the timeout counts from the start of the request.
      { socket: await slowClient(`GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}`), trickle: true },
    ];
    const outcomes = await Promise.all(
      connections.map(
        ({ socket, trickle }) =>
          new Promise<{ ms: number; data: string }>((resolve) => {
            let data = "";
            const timer = trickle ? setInterval(() => socket.writable && socket.write(`X-Slow: 1${CRLF}`), 1000) : undefined;
            const deadline = setTimeout(() => socket.destroy(), 15_000);
            socket.on("data", (chunk: Buffer) => {
              data += chunk.toString("latin1");
            });
            socket.on("close", () => {
              clearInterval(timer);
              clearTimeout(deadline);
              resolve({ ms: Date.now() - started, data });
            });
          }),
      ),
    );
    for (const [i, { ms, data }] of outcomes.entries()) {
      assert.ok(ms < 14_900, `connection ${i} was still open after ${ms} ms (headers timeout 10 s)`);
      assert.ok(ms >= 9_000, `connection ${i} closed after only ${ms} ms`);
      const [response] = parseResponses(Buffer.from(data, "latin1"));
      assertJsonError(response, 408, data, "REQUEST_TIMEOUT");
    }
    await assertStillServing();
  });
});
