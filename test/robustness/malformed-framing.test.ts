/** Random headers, and bodies that disagree with their framing (lying Content-Length, smuggling-shaped, chunked), over raw sockets (GitHub issue 6). */
import assert from "node:assert/strict";
import net from "node:net";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import { fuzzRuns } from "../helpers/fuzz-runs.js";
import { serveForTests } from "../helpers/server.js";
import { CRLF, assertJsonError, encodePost, refusals, show } from "./malformed.js";
import { exchange, isJsonResult, jsonOf, send } from "./raw.js";

const server = serveForTests();
const { assertStillServing } = refusals(server);

/** `times` connections that each send `parts`, then are ended by `end` 20 ms later, one after another. */
async function cutShort(times: number, parts: (string | Buffer)[], end: (socket: net.Socket) => void): Promise<void> {
  for (let i = 0; i < times; i++) {
    await new Promise<void>((resolve) => {
      const socket = net.connect(server.port, "127.0.0.1", () => {
        for (const part of parts) socket.write(part);
        setTimeout(() => {
          end(socket);
          resolve();
        }, 20);
      });
      socket.on("error", () => resolve());
    });
  }
}
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
    await cutShort(20, [`${encodePost("")}Content-Length: 100${CRLF}${CRLF}{"text":"SO`], (socket) => socket.resetAndDestroy());
    await assertStillServing();
  });

  test("a WAV body cut short by the client: the server keeps serving", async () => {
    const head = `POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Content-Length: 1000000${CRLF}${CRLF}`;
    await cutShort(10, [head, Buffer.alloc(50_000)], (socket) => socket.destroy());
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
