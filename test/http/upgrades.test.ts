/**
 * Requests that ask to upgrade the connection, over raw sockets: an upgrade the service
 * does not take (h2c, anything on a plain route) gets the plain answer, body and pipelining
 * included; a malformed WebSocket handshake on the live route is refused in JSON before the
 * upgrade; a well-formed one still opens the stream.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import WebSocket from "ws";
import { serveForTests } from "../helpers/server.js";
import { exchange, isJsonResult, jsonOf, type RawResponse, type RawResult } from "../robustness/raw.js";

const server = serveForTests();
const CRLF = "\r\n";
const KEY = "dGhlIHNhbXBsZSBub25jZQ==";
const HANDSHAKE = `Connection: Upgrade${CRLF}Upgrade: websocket${CRLF}Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 13${CRLF}`;
const SOS = { success: true, input: "SOS", output: "... --- ...", characters: 3 };

const show = (result: RawResult) => JSON.stringify(result.bytes.toString("latin1").slice(0, 600));

function assertJson(response: RawResponse | undefined, status: number, context: string): Record<string, unknown> {
  assert.ok(response, `no answer: ${context}`);
  assert.equal(response.status, status, context);
  assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${context}`);
  assert.equal(response.headers["content-type"], "application/json; charset=utf-8", context);
  const body = jsonOf(response);
  assert.ok(isJsonResult(body), context);
  return body as Record<string, unknown>;
}

describe("upgrades the service does not take are ignored", () => {
  it("regression: `Connection: upgrade` with `Upgrade: !` on a GET gets the plain answer, not ws's text/html 400", async () => {
    const result = await exchange(
      server.port,
      `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}Connection: upgrade${CRLF}Upgrade: !${CRLF}Connection: close${CRLF}${CRLF}`,
      { timeoutMs: 5000 },
    );
    assert.deepEqual(assertJson(result.responses[0], 200, show(result)), SOS);
  });

  it("an h2c upgrade on a POST (curl --http2) is answered over HTTP/1.1 with its body read, and the next request too", async () => {
    const body = '{"text":"SOS"}';
    const result = await exchange(
      server.port,
      [
        `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Connection: Upgrade, HTTP2-Settings${CRLF}Upgrade: h2c${CRLF}HTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA${CRLF}`,
        `Content-Type: application/json${CRLF}Content-Length: ${body.length}${CRLF}${CRLF}${body.slice(0, 5)}`,
        body.slice(5),
        `GET /api/v1/encode?text=E HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`,
      ],
      { timeoutMs: 5000 },
    );
    assert.equal(result.responses.length, 2, show(result));
    assert.deepEqual(assertJson(result.responses[0], 200, show(result)), SOS);
    assert.equal(assertJson(result.responses[1], 200, show(result)).output, ".");
  });

  it("an upgrade pipelined behind a request with a chunked body waits for that answer, and both come in order", async () => {
    const result = await exchange(
      server.port,
      `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}` +
        `e${CRLF}{"text":"SOS"}${CRLF}0${CRLF}${CRLF}` +
        `GET /api/v1/encode?text=E HTTP/1.1${CRLF}Host: x${CRLF}Connection: upgrade${CRLF}Upgrade: h2c${CRLF}${CRLF}` +
        `GET /api/v1/encode?text=T HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`,
      { timeoutMs: 5000 },
    );
    assert.equal(result.ended, "closed", show(result));
    assert.deepEqual(
      result.responses.map((r) => jsonOf(r)),
      [SOS, { success: true, input: "E", output: ".", characters: 1 }, { success: true, input: "T", output: "-", characters: 1 }],
      show(result),
    );
  });

  it("a WebSocket handshake on a plain route gets that route's answer, not a 101", async () => {
    const encode = await exchange(server.port, `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}${HANDSHAKE}${CRLF}`, {
      timeoutMs: 5000,
      responses: 1,
    });
    assert.deepEqual(assertJson(encode.responses[0], 200, show(encode)), SOS);
    const missing = await exchange(server.port, `GET /api/v1/nowhere HTTP/1.1${CRLF}Host: x${CRLF}${HANDSHAKE}${CRLF}`, { timeoutMs: 5000, responses: 1 });
    assert.equal(assertJson(missing.responses[0], 404, show(missing)).code, "NOT_FOUND");
    const posted = await exchange(server.port, `POST /api/v1/listen?sampleRate=8000 HTTP/1.1${CRLF}Host: x${CRLF}${HANDSHAKE}Content-Length: 0${CRLF}${CRLF}`, {
      timeoutMs: 5000,
      responses: 1,
    });
    assert.equal(assertJson(posted.responses[0], 405, show(posted)).code, "METHOD_NOT_ALLOWED");
  });
});

describe("WebSocket handshakes on /api/v1/listen", () => {
  const listen = (headers: string) =>
    `GET /api/v1/listen?sampleRate=8000 HTTP/1.1${CRLF}Host: x${CRLF}Connection: Upgrade${CRLF}Upgrade: websocket${CRLF}${headers}${CRLF}`;
  const cases: [string, string, RegExp][] = [
    ["no Sec-WebSocket-Key", `Sec-WebSocket-Version: 13${CRLF}`, /Sec-WebSocket-Key/],
    ["a key that is not 16 bytes in base64", `Sec-WebSocket-Key: c2hvcnQ=${CRLF}Sec-WebSocket-Version: 13${CRLF}`, /Sec-WebSocket-Key/],
    ["no Sec-WebSocket-Version", `Sec-WebSocket-Key: ${KEY}${CRLF}`, /Sec-WebSocket-Version/],
    ["version 12", `Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 12${CRLF}`, /Sec-WebSocket-Version/],
    ["a repeated subprotocol", `Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 13${CRLF}Sec-WebSocket-Protocol: a, a${CRLF}`, /Sec-WebSocket-Protocol/],
    [
      "a subprotocol that is not a token",
      `Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 13${CRLF}Sec-WebSocket-Protocol: a b${CRLF}`,
      /Sec-WebSocket-Protocol/,
    ],
    ["an empty subprotocol list", `Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 13${CRLF}Sec-WebSocket-Protocol: ,${CRLF}`, /Sec-WebSocket-Protocol/],
  ];
  for (const [name, headers, names] of cases) {
    it(`${name}: a 400 in JSON before the upgrade`, async () => {
      const result = await exchange(server.port, listen(headers), { timeoutMs: 5000 });
      const body = assertJson(result.responses[0], 400, show(result));
      assert.equal(body.code, "MALFORMED_REQUEST", show(result));
      // The connection ends with the answer, and the answer says so.
      assert.equal(result.responses[0]!.headers.connection, "close", show(result));
      assert.equal(result.ended, "closed", show(result));
      assert.match(String(body.error), names);
    });
  }

  it("version 12 is told which versions are taken", async () => {
    const result = await exchange(server.port, listen(`Sec-WebSocket-Key: ${KEY}${CRLF}Sec-WebSocket-Version: 12${CRLF}`), { timeoutMs: 5000, responses: 1 });
    assert.equal(result.responses[0]?.headers["sec-websocket-version"], "13, 8");
  });

  it("a well-formed handshake asking for subprotocols opens the stream with the first", async () => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/listen?sampleRate=8000`, ["morse", "pcm"]);
    const protocol = await new Promise<string>((resolve, reject) => {
      ws.on("open", () => resolve(ws.protocol));
      ws.on("error", reject);
    });
    const end = new Promise<Record<string, unknown>>((resolve) => ws.on("message", (data) => resolve(JSON.parse(data.toString()))));
    ws.send(Buffer.alloc(0), { binary: true });
    assert.equal(protocol, "morse");
    assert.equal((await end).type, "end");
    ws.close();
  });

  it("any handshake headers, on any path and method: a 101 only for a good handshake on the live route, else the route's JSON, never a 5xx", async () => {
    const header = (name: string, values: string[]) => fc.option(fc.constantFrom(...values.map((v) => `${name}: ${v}${CRLF}`)), { nil: "" });
    const request = fc.record({
      method: fc.constantFrom("GET", "POST", "HEAD"),
      path: fc.constantFrom("/api/v1/listen?sampleRate=8000", "/api/v1/listen/", "/api/v1/LISTEN?sampleRate=8000", "/api/v1/encode?text=SOS", "/nowhere"),
      connection: header("Connection", ["Upgrade", "upgrade, keep-alive", "keep-alive", "close, upgrade"]),
      upgrade: header("Upgrade", ["websocket", "WebSocket", "websocket, h2c", "h2c", "!", ""]),
      key: header("Sec-WebSocket-Key", [KEY, "c2hvcnQ=", "", "not base64 at all!!!!!!=="]),
      version: header("Sec-WebSocket-Version", ["13", "8", "12", "", "0x0d", "thirteen"]),
      protocol: header("Sec-WebSocket-Protocol", ["a", "a, b", "a, a", "a b", ",", "", "a,"]),
    });
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const headers = r.connection + r.upgrade + r.key + r.version + r.protocol;
        const result = await exchange(server.port, `${r.method} ${r.path} HTTP/1.1${CRLF}Host: x${CRLF}${headers}Content-Length: 0${CRLF}${CRLF}`, {
          timeoutMs: 5000,
          responses: 1,
          noBody: () => r.method === "HEAD",
        });
        const context = `${JSON.stringify(r)} → ${show(result)}`;
        const response = result.responses[0];
        assert.ok(response, `no answer: ${context}`);
        assert.ok(response.status < 500, context);
        if (response.status === 101) {
          assert.ok(r.method === "GET" && r.path.startsWith("/api/v1/listen?") && /websocket\r/i.test(r.upgrade) && /upgrade/i.test(r.connection), context);
          return;
        }
        assert.equal(response.headers["access-control-allow-origin"], "*", context);
        if (r.method !== "HEAD") assert.ok(isJsonResult(jsonOf(response)), context);
      }),
      { numRuns: 200 },
    );
    const after = await exchange(server.port, `GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`, { timeoutMs: 5000 });
    assert.deepEqual(assertJson(after.responses[0], 200, show(after)), SOS);
  });
});

describe("a WebSocket handshake over the rate limit", () => {
  const limited = serveForTests({ rateLimit: { enforce: true, quota: 1, windowSeconds: 60 } });

  it("is a 429 in JSON that says the connection closes, and it does", async () => {
    const handshake = `GET /api/v1/listen?sampleRate=8000 HTTP/1.1${CRLF}Host: x${CRLF}${HANDSHAKE}${CRLF}`;
    await exchange(limited.port, `GET /api/v1/encode?text=E HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`, { timeoutMs: 5000 });
    const result = await exchange(limited.port, handshake, { timeoutMs: 5000 });
    const body = assertJson(result.responses[0], 429, show(result));
    assert.equal(body.code, "RATE_LIMITED", show(result));
    assert.equal(result.responses[0]!.headers.connection, "close", show(result));
    assert.equal(result.ended, "closed", show(result));
  });
});
