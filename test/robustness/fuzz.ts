/**
 * Fuzzing every endpoint over a real socket (GitHub issue 6; fuzz-*.test.ts): random methods,
 * paths, query strings, bodies and content types, sent byte for byte with `net` so that nothing
 * is cleaned up on the way. Every answer must be below 500, carry
 * `Access-Control-Allow-Origin: *` and `Access-Control-Expose-Headers`, carry the
 * rate-limit headers on /api/v1/, and (on /api/v1/, and for every error) be a JSON
 * object with a boolean `success` (API.md sections 1 and 2; the exceptions are the 204
 * preflight, HEAD answers, the audio/wav and audio/mpeg streams and the OpenAPI document). After each
 * property the server must still answer known-good requests exactly. Here: those checks, and the
 * building blocks of the requests.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { fuzzRuns } from "../helpers/fuzz-runs.js";
import type { FileServer } from "../helpers/server.js";
import { assertCode } from "../http/support.js";
import { describe, isJsonResult, jsonOf, type RawResponse, type Request, send } from "./raw.js";

const JSON_TYPE = "application/json; charset=utf-8";

function pathPart(target: string): string {
  const q = target.indexOf("?");
  return q < 0 ? target : target.slice(0, q);
}

/** Is this answer one that must be a JSON object with a boolean `success`? */
function mustBeJson(request: Request, response: RawResponse): boolean {
  if (request.method === "HEAD") return false;
  if (response.status === 204 && request.method === "OPTIONS") return false;
  if (response.status >= 400) return true; // every error is the API's JSON error
  const path = pathPart(request.target);
  if (!path.startsWith("/api/v1/")) return false;
  if (response.status === 200 && path === "/api/v1/openapi.json") return false;
  if (response.status === 200 && response.headers["content-type"] === "audio/wav") return false;
  if (response.status === 200 && response.headers["content-type"] === "audio/mpeg") return false;
  return true;
}

/** The invariants every answer keeps; returns the parsed body when it is JSON. */
export function checkAnswer(request: Request, response: RawResponse): Record<string, unknown> | undefined {
  const context = describe(request, response);
  assert.ok(response.status >= 100 && response.status < 500, `status ${response.status}: ${context}`);
  assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${context}`);
  assert.match(response.headers["access-control-expose-headers"] ?? "", /\bRateLimit\b/i, `no Access-Control-Expose-Headers: ${context}`);
  const path = pathPart(request.target);
  // API.md section 1: rate-limit headers on every /api/v1/ response (preflights aside; a
  // 431, or a method Node's HTTP parser does not know, is refused before there is a
  // request to count).
  if (path.startsWith("/api/v1/") && request.method !== "OPTIONS" && METHODS.includes(request.method) && response.status !== 431) {
    assert.match(response.headers["x-ratelimit-limit"] ?? "", /^\d+$/, `no rate-limit headers: ${context}`);
    assert.match(response.headers.ratelimit ?? "", /^"default";r=\d+;t=\d+$/, `no RateLimit header: ${context}`);
  }
  if (!mustBeJson(request, response)) return undefined;
  assert.equal(response.headers["content-type"], JSON_TYPE, `content type: ${context}`);
  const body = jsonOf(response);
  assert.ok(isJsonResult(body), `not a JSON object with a boolean success: ${context}`);
  if (response.status >= 400) {
    assert.equal(body.success, false, context);
    assert.equal(typeof body.error, "string", context);
    assert.doesNotMatch(String(body.error), /\n\s+at |node_modules|\.ts:\d+|FST_/, `leaks internals: ${context}`);
    assertCode(body, response.status, undefined, context);
  }
  return body;
}

/** The checks that need the server of the test file: each answer's, the server's health after each property. */
export function fuzzing(server: FileServer) {
  async function check(request: Request): Promise<{ response: RawResponse; body: Record<string, unknown> | undefined }> {
    const response = await send(server.port, request);
    return { response, body: checkAnswer(request, response) };
  }

  /** Known-good requests, answered exactly: nothing the fuzzing sent has changed the server. */
  async function assertStillServing(): Promise<void> {
    const get = await check({ method: "GET", target: "/api/v1/encode?text=SOS%20SOS" });
    assert.equal(get.response.status, 200, describe({ method: "GET", target: "/api/v1/encode?text=SOS%20SOS" }, get.response));
    assert.deepEqual(get.body, { success: true, input: "SOS SOS", output: "... --- ... / ... --- ...", characters: 7 });

    const postRequest = { method: "POST", target: "/api/v1/encode", headers: { "Content-Type": "application/json" }, body: '{"text":"SOS"}' };
    const post = await check(postRequest);
    assert.equal(post.response.status, 200, describe(postRequest, post.response));
    assert.deepEqual(post.body, { success: true, input: "SOS", output: "... --- ...", characters: 3 });

    const decode = await check({ method: "GET", target: "/api/v1/decode?morse=...%20---%20..." });
    assert.deepEqual(decode.body, { success: true, input: "... --- ...", output: "SOS", characters: 3 });

    const audio = await check({ method: "GET", target: "/api/v1/audio?text=E" });
    assert.equal(audio.response.status, 200);
    assert.equal(audio.body?.wpm, 20);
    assert.equal(audio.body?.unitMs, 60);
    assert.equal(audio.body?.frequency, 600);
    assert.equal(audio.body?.fwpm, 20);
    assert.deepEqual(audio.body?.sequence, [{ type: "dot", startMs: 0, durationMs: 60 }]);

    const health = await check({ method: "GET", target: "/healthz" });
    assert.equal(health.response.status, 200);
    assert.deepEqual(jsonOf(health.response), { success: true, status: "ok" });
  }

  async function runProperty<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns: number): Promise<void> {
    try {
      await fc.assert(fc.asyncProperty(arbitrary, predicate), { numRuns: fuzzRuns(numRuns), interruptAfterTimeLimit: 20_000, markInterruptAsFailure: false });
    } catch (error) {
      // The test runner does not print `cause`: put the failed assertion in the message.
      const cause = (error as { cause?: unknown }).cause;
      if (cause instanceof Error) (error as Error).message += `\nCause: ${cause.message}`;
      throw error;
    }
    await assertStillServing();
  }

  return { check, assertStillServing, runProperty };
}

// ---------------------------------------------------------------------------------------
// Building blocks

export const KNOWN_PATHS = [
  "/api/v1/encode",
  "/api/v1/decode",
  "/api/v1/chart",
  "/api/v1/alphabets",
  "/api/v1/audio",
  "/api/v1/audio.wav",
  "/api/v1/audio.mp3",
  "/api/v1/decode-audio",
  "/api/v1/spots",
  "/api/v1/openapi.json",
  "/healthz",
  "/readyz",
  "/metrics",
  "/docs",
  "/docs/",
  "/docs/json",
  "/docs/static/index.html",
  "/",
  "/api/v1/",
  "/api/v1",
  "/api",
  "/nope",
  "/index.html",
  "/playground.js",
  "/playground.css",
  "/favicon.svg",
  "/../package.json",
  "/web/index.html",
];

export const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "PROPFIND", "TRACE", "MKCOL", "LOCK", "PURGE", "SEARCH", "REPORT"];

export const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...METHODS) },
  // Tokens Node's parser may not know; CONNECT has a test of its own.
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,12}$/).filter((m) => m !== "CONNECT") },
);

export const BROKEN_ESCAPES = [
  "%",
  "%Z1",
  "%ED%A0%80",
  "%C0%AF",
  "%00",
  "%2e",
  "%2e%2e",
  "%2E%2E",
  "%2f",
  "%5c",
  "%F0%9F%98",
  "%FF",
  "%u0041",
  "%%",
  "%0A",
  "%0D%0A",
];

/** Percent-escapes that decode (to something, maybe odd) in a path. */
export const VALID_ESCAPES = ["%2e", "%2e%2e", "%2E%2E", "%2f", "%5c", "%00", "%0A", "%0D%0A", "%20", "%C3%A9", "%F0%9F%98%80", "%3F", "%23"];

export const segmentOf = (escapes: readonly string[]) =>
  fc.oneof(
    fc.constantFrom("..", ".", "", "encode", "v1", "api", "static", "~", ";x", "*", "index.html"),
    fc.constantFrom(...escapes),
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/),
    fc.integer({ min: 100, max: 20_000 }).map((n) => "a".repeat(n)),
  );

export const pathOf = (segment: fc.Arbitrary<string>) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...KNOWN_PATHS) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...KNOWN_PATHS), fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom("/", "//", ""))
        .map(([base, segments, joiner]) => `${base}${joiner}${segments.join("/")}`),
    },
    { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => `/${s.join("/")}`) },
    { weight: 1, arbitrary: fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => `//${s.join("//")}`) },
  );

/** Paths whose percent-escapes all decode. */
export const path = pathOf(segmentOf(VALID_ESCAPES));
/** Paths with at least one broken percent-escape (a lone `%`, `%Z1`, a lone surrogate, overlong UTF-8). */
export const brokenPath = fc
  .tuple(pathOf(segmentOf(VALID_ESCAPES)), fc.constantFrom(...BROKEN_ESCAPES.filter((e) => !VALID_ESCAPES.includes(e))), fc.nat())
  .map(([p, broken, at]) => {
    const cut = 1 + (at % p.length);
    return `${p.slice(0, cut)}${broken}${p.slice(cut)}`;
  });

export const PARAM_NAMES = ["text", "morse", "separator", "dotChar", "dashChar", "wpm", "frequency", "fwpm", "sampleRate", "bitrate", "alphabet"];

export const NASTY_VALUES = [
  "",
  "%",
  "%Z1",
  "%ED%A0%80",
  "%C0%AF",
  "%00",
  "a%00b",
  "%F0%9F%98%80",
  "%F0%9F%98",
  "%E2%80%8B",
  "1e309",
  "-1e309",
  "99999999999999999999",
  "0x14",
  "0b101",
  "0o17",
  "1_0",
  "Infinity",
  "-Infinity",
  "NaN",
  "-0",
  "0",
  "20",
  "20.5",
  "+20",
  "%2B20",
  ".5e1",
  "5.",
  "%2020",
  "20%20",
  "1e1",
  "49.999999999999999999",
  "50.0000000000000001",
  "8000",
  "48000",
  "8000.0",
  "8000.5",
  "22050",
  "32",
  "64",
  "56",
  "600",
  "1000.000",
  "SOS",
  "sos%20sos",
  "...%20---%20...",
  "...---...",
  "%3CSK%3E",
  "<SK>",
  "%3Cbr%3E",
  ".-.-.-",
  "%2F",
  "%20%2F%20",
  "%20",
  "%09",
  "+",
  "++",
  "-",
  "_",
  "%C2%B7",
  "E%CC%81",
  "Q%CC%81",
  "%EF%BC%A1",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "A".repeat(1001),
  "-".repeat(1001),
  ".%20".repeat(400),
];

export const paramName = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PARAM_NAMES) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom(...PARAM_NAMES)
      .chain((name) => fc.constantFrom(`${name}[]`, `${name}[a]`, `${name}[0]`, `${name}[__proto__]`, `${name}.x`, `${name}%00`, `${name.toUpperCase()}`)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "__proto__[text]",
      "constructor[prototype][separator]",
      "hasOwnProperty",
      "toString",
      "a".repeat(300),
      "",
      "%",
      "[",
      "a[[[[[[[[[[[[[[[[[[[[",
      "%ZZ",
    ),
  },
);

export const paramValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9 .\-/]{0,30}$/).map((s) => s.replace(/ /g, "%20")) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }).map(String) },
);

export const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(fc.tuple(paramName, paramValue, fc.constantFrom("=", "=", "=", "", "==")), { maxLength: 6 })
    .chain((pairs) => fc.constantFrom("&", "&", ";", "&&").map((joiner) => `?${pairs.map(([k, v, eq]) => (eq === "" ? k : `${k}${eq}${v}`)).join(joiner)}`)),
  fc.constantFrom("?", "??", "?&", "?=", "?&&&", "?text", "?text=", "?text=SOS&text=SOS", "?text[]=a", "?text[a]=b", "?#frag", "?text=a#b"),
);

export const ANY_CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "Application/Json; Charset=UTF-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "audio/wav",
  "",
  "application/jsonx",
  "application/vnd.api+json",
  "*/*",
  "json",
];

// ---------------------------------------------------------------------------------------

/** The endpoints that take a JSON body. */
export const JSON_ENDPOINTS = ["/api/v1/encode", "/api/v1/decode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"];
