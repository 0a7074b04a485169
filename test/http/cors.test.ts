/**
 * CORS (API.md section 1): every response, errors and 404s included, allows any origin
 * and exposes the rate-limit headers; OPTIONS on any path is a 204 preflight.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { type Answer, get, headerList, post, rawRequest, rawSocket, send } from "./support.js";

const server = serveForTests();

const EXPOSED = ["RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"];
const ORIGIN = { origin: "https://example.org" };

function assertCors(answer: Answer, label: string): void {
  assert.equal(answer.headers.get("access-control-allow-origin"), "*", label);
  const exposed = headerList(answer.headers, "access-control-expose-headers");
  for (const name of EXPOSED) assert.ok(exposed.includes(name.toLowerCase()), `${label}: ${exposed.join(", ")}`);
}

describe("CORS headers on every response", () => {
  /** Label, expected status, and how to get the answer (with and without an Origin header). */
  const cases: [string, number, (headers: Record<string, string>) => Promise<Answer>][] = [
    ["GET encode", 200, (headers) => send(server.url, "GET", "/api/v1/encode?text=a", { headers })],
    ["POST decode", 200, (headers) => send(server.url, "POST", "/api/v1/decode", { body: { morse: "." }, headers })],
    ["GET chart", 200, (headers) => send(server.url, "GET", "/api/v1/chart", { headers })],
    ["POST audio", 200, (headers) => send(server.url, "POST", "/api/v1/audio", { body: { text: "e" }, headers })],
    ["HEAD chart", 200, (headers) => send(server.url, "HEAD", "/api/v1/chart", { headers })],
    ["400 missing", 400, (headers) => send(server.url, "GET", "/api/v1/encode", { headers })],
    ["400 bad JSON", 400, (headers) => send(server.url, "POST", "/api/v1/encode", { body: "{", headers })],
    ["400 not an object", 400, (headers) => send(server.url, "POST", "/api/v1/audio", { body: "[]", headers })],
    ["400 wpm", 400, (headers) => send(server.url, "GET", "/api/v1/audio?text=e&wpm=99", { headers })],
    ["404 under /api/v1/", 404, (headers) => send(server.url, "GET", "/api/v1/nope", { headers })],
    ["404 elsewhere", 404, (headers) => send(server.url, "POST", "/nope", { body: {}, headers })],
    ["405 PUT encode", 405, (headers) => send(server.url, "PUT", "/api/v1/encode", { headers })],
    ["405 POST chart", 405, (headers) => send(server.url, "POST", "/api/v1/chart", { body: {}, headers })],
    ["413", 413, (headers) => send(server.url, "POST", "/api/v1/encode", { body: { text: "a".repeat(70_000) }, headers })],
    ["415 text/plain", 415, (headers) => send(server.url, "POST", "/api/v1/decode", { body: "morse=.", contentType: "text/plain", headers })],
    [
      "415 no content type",
      415,
      (headers) => rawRequest(server.url, "POST", "/api/v1/encode", { headers: { ...headers, "content-length": "12" }, chunks: ['{"text":"a"}'] }),
    ],
  ];

  it("requests refused by Node's HTTP parser (431, malformed) carry them too", async () => {
    const answers: [string, number, Answer][] = [
      ["431", 431, await rawRequest(server.url, "GET", `/api/v1/encode?text=${"a".repeat(20_000)}`, { headers: ORIGIN })],
      ["malformed request line", 400, await rawSocket(server.url, "GARBAGE\r\n\r\n")],
    ];
    for (const [label, status, answer] of answers) {
      assert.equal(answer.status, status, `${label}: ${answer.text}`);
      assertCors(answer, label);
    }
  });

  for (const [label, status, request] of cases) {
    it(`${label}: Access-Control-Allow-Origin * and the rate-limit headers exposed`, async () => {
      for (const headers of [{}, ORIGIN]) {
        const answer = await request(headers);
        assert.equal(answer.status, status, `${label}: ${answer.text}`);
        assertCors(answer, label);
      }
    });
  }
});

describe("OPTIONS preflight on any path", () => {
  const paths = [
    "/api/v1/encode",
    "/api/v1/decode",
    "/api/v1/audio",
    "/api/v1/chart",
    "/api/v1/nope",
    "/",
    "/nope",
    "/api/v1/encode?text=a",
    "/some/deep/path",
  ];
  const headerSets: [string, Record<string, string>][] = [
    ["no Origin", {}],
    ["Origin only", ORIGIN],
    ["full preflight", { ...ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" }],
    ["request method without Origin", { "access-control-request-method": "GET" }],
    ["unusual request method", { ...ORIGIN, "access-control-request-method": "DELETE", "access-control-request-headers": "x-custom" }],
  ];

  for (const path of paths) {
    it(`OPTIONS ${path}: 204 with the preflight headers and an empty body`, async () => {
      for (const [label, headers] of headerSets) {
        const answer = await send(server.url, "OPTIONS", path, { headers });
        const context = `${path} (${label})`;
        assert.equal(answer.status, 204, context);
        assert.equal(answer.text, "", context);
        assert.equal(answer.headers.get("access-control-allow-origin"), "*", context);
        assert.equal(answer.headers.get("access-control-allow-methods"), "GET, POST, OPTIONS", context);
        assert.equal(answer.headers.get("access-control-allow-headers"), "Content-Type", context);
        assert.equal(answer.headers.get("access-control-max-age"), "86400", context);
      }
    });
  }

  it("answers a preflight that carries a body the same way", async () => {
    const answer = await send(server.url, "OPTIONS", "/api/v1/encode", { body: { text: "a" }, headers: ORIGIN });
    assert.equal(answer.status, 204);
    assert.equal(answer.text, "");
    assert.equal(answer.headers.get("access-control-allow-methods"), "GET, POST, OPTIONS");
  });

  it("lets a browser's real request follow its preflight", async () => {
    const preflight = await send(server.url, "OPTIONS", "/api/v1/encode", {
      headers: { ...ORIGIN, "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    assert.equal(preflight.status, 204);
    const answer = await send(server.url, "POST", "/api/v1/encode", { body: { text: "sos" }, headers: ORIGIN });
    assert.equal(answer.status, 200);
    assert.equal(answer.body.output, "... --- ...");
    assertCors(answer, "POST after preflight");
    assertCors(await get(server.url, "/api/v1/chart"), "GET");
    assertCors(await post(server.url, "/api/v1/audio", { text: "e" }), "POST");
  });
});
