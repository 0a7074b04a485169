/**
 * Fuzzing every endpoint over a real socket (GitHub issue 6): random methods, paths,
 * query strings, bodies and content types, sent byte for byte with `net` so that nothing
 * is cleaned up on the way. Every answer must be below 500, carry
 * `Access-Control-Allow-Origin: *` and `Access-Control-Expose-Headers`, carry the
 * rate-limit headers on /api/v1/, and (on /api/v1/, and for every error) be a JSON
 * object with a boolean `success` (API.md sections 1 and 2; the exceptions are the 204
 * preflight, HEAD answers, the audio/wav and audio/mpeg streams and the OpenAPI document). After each
 * property the server must still answer known-good requests exactly.
 */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import { encodeAs, type EncodedFormat } from "../fixtures/encoded.js";
import { serveForTests } from "../helpers/server.js";
import { assertCode } from "../http/support.js";
import { describe, isJsonResult, jsonOf, type RawResponse, type Request, send } from "./raw.js";
import { fuzzRuns } from "../helpers/fuzz-runs.js";

const server = serveForTests();

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
function checkAnswer(request: Request, response: RawResponse): Record<string, unknown> | undefined {
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

// ---------------------------------------------------------------------------------------
// Building blocks

const KNOWN_PATHS = [
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

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "PROPFIND", "TRACE", "MKCOL", "LOCK", "PURGE", "SEARCH", "REPORT"];

const method = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...METHODS) },
  // Tokens Node's parser may not know; CONNECT has a test of its own.
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{1,12}$/).filter((m) => m !== "CONNECT") },
);

const BROKEN_ESCAPES = ["%", "%Z1", "%ED%A0%80", "%C0%AF", "%00", "%2e", "%2e%2e", "%2E%2E", "%2f", "%5c", "%F0%9F%98", "%FF", "%u0041", "%%", "%0A", "%0D%0A"];

/** Percent-escapes that decode (to something, maybe odd) in a path. */
const VALID_ESCAPES = ["%2e", "%2e%2e", "%2E%2E", "%2f", "%5c", "%00", "%0A", "%0D%0A", "%20", "%C3%A9", "%F0%9F%98%80", "%3F", "%23"];

const segmentOf = (escapes: readonly string[]) =>
  fc.oneof(
    fc.constantFrom("..", ".", "", "encode", "v1", "api", "static", "~", ";x", "*", "index.html"),
    fc.constantFrom(...escapes),
    fc.stringMatching(/^[A-Za-z0-9._~!$&'()*+,;=:@-]{1,12}$/),
    fc.integer({ min: 100, max: 20_000 }).map((n) => "a".repeat(n)),
  );

const pathOf = (segment: fc.Arbitrary<string>) =>
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
const path = pathOf(segmentOf(VALID_ESCAPES));
/** Paths with at least one broken percent-escape (a lone `%`, `%Z1`, a lone surrogate, overlong UTF-8). */
const brokenPath = fc
  .tuple(pathOf(segmentOf(VALID_ESCAPES)), fc.constantFrom(...BROKEN_ESCAPES.filter((e) => !VALID_ESCAPES.includes(e))), fc.nat())
  .map(([p, broken, at]) => {
    const cut = 1 + (at % p.length);
    return `${p.slice(0, cut)}${broken}${p.slice(cut)}`;
  });

const PARAM_NAMES = ["text", "morse", "separator", "dotChar", "dashChar", "wpm", "frequency", "fwpm", "sampleRate", "bitrate", "alphabet"];

const NASTY_VALUES = [
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

const paramName = fc.oneof(
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

const paramValue = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_VALUES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9 .\-/]{0,30}$/).map((s) => s.replace(/ /g, "%20")) },
  { weight: 1, arbitrary: fc.double({ noNaN: false }).map(String) },
);

const queryString = fc.oneof(
  fc.constant(""),
  fc
    .array(fc.tuple(paramName, paramValue, fc.constantFrom("=", "=", "=", "", "==")), { maxLength: 6 })
    .chain((pairs) => fc.constantFrom("&", "&", ";", "&&").map((joiner) => `?${pairs.map(([k, v, eq]) => (eq === "" ? k : `${k}${eq}${v}`)).join(joiner)}`)),
  fc.constantFrom("?", "??", "?&", "?=", "?&&&", "?text", "?text=", "?text=SOS&text=SOS", "?text[]=a", "?text[a]=b", "?#frag", "?text=a#b"),
);

const ANY_CONTENT_TYPES = [
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

suite("fuzz: methods and paths", () => {
  const requestWith = (paths: fc.Arbitrary<string>) =>
    fc.record({
      method,
      target: fc.tuple(paths, queryString).map(([p, q]) => p + q),
      contentType: fc.option(fc.constantFrom(...ANY_CONTENT_TYPES), { nil: undefined }),
      body: fc.option(fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 50 })), { nil: undefined }),
    });

  test("random methods on known, mutated and random paths (with random query strings) answer < 500, with CORS, JSON on /api/v1/", async () => {
    await runProperty(
      requestWith(path),
      async ({ method: m, target, contentType, body }) => {
        const headers: Record<string, string> = contentType === undefined ? {} : { "Content-Type": contentType };
        await check({ method: m, target, headers, body });
      },
      500,
    );
  });

  test("random methods on paths with broken percent-escapes answer < 500, with CORS, JSON", async () => {
    await runProperty(
      requestWith(brokenPath),
      async ({ method: m, target, contentType, body }) => {
        const headers: Record<string, string> = contentType === undefined ? {} : { "Content-Type": contentType };
        await check({ method: m, target, headers, body });
      },
      200,
    );
  });

  test("regression: a dot segment after a docs file (GET /docs/static/index.html/%2e) answers 403 JSON with a code its status carries", async () => {
    const request = { method: "GET", target: "/docs/static/index.html/%2e?" };
    const response = await send(server.port, request);
    assert.equal(response.status, 403, describe(request, response));
    assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${describe(request, response)}`);
    checkAnswer(request, response);
  });

  test("regression: a broken percent-escape in the path (GET /api/v1/%) answers 400 JSON with Access-Control-Allow-Origin", async () => {
    for (const target of ["/api/v1/%", "/api/v1/encode/%Z1?text=SOS", "/%", "/docs/%ZZ", "/api/v1/%ED%A0%80", "/api/v1/%C0%AF"]) {
      for (const m of ["GET", "POST", "HEAD"]) {
        const request = { method: m, target };
        const response = await send(server.port, request);
        assert.equal(response.status, 400, describe(request, response));
        assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${describe(request, response)}`);
        if (target.startsWith("/api/v1/")) {
          assert.match(response.headers["x-ratelimit-limit"] ?? "", /^\d+$/, `no rate-limit headers: ${describe(request, response)}`);
        }
        if (m !== "HEAD") checkAnswer(request, response);
      }
    }
  });

  test("every method on every known path answers < 500, with CORS, JSON on /api/v1/", async () => {
    for (const knownPath of KNOWN_PATHS) {
      for (const m of METHODS) {
        await check({ method: m, target: knownPath });
      }
    }
    await assertStillServing();
  });
});

const GET_ENDPOINTS = ["/api/v1/encode", "/api/v1/decode", "/api/v1/chart", "/api/v1/alphabets", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"];

suite("fuzz: query strings", () => {
  test("GET endpoints answer 200 or 400 (never 404, 405, 5xx) to any query string", async () => {
    await runProperty(
      fc.tuple(fc.constantFrom(...GET_ENDPOINTS), queryString),
      async ([endpoint, query]) => {
        const request = { method: "GET", target: endpoint + query };
        const { response, body } = await check(request);
        assert.ok([200, 400].includes(response.status), describe(request, response));
        if (response.status === 200 && endpoint === "/api/v1/audio.wav") {
          assert.equal(response.headers["content-type"], "audio/wav", describe(request, response));
          assert.equal(response.body.length, Number(response.headers["content-length"]), describe(request, response));
          assert.equal(response.body.subarray(0, 4).toString("latin1"), "RIFF");
        } else if (response.status === 200 && endpoint === "/api/v1/audio.mp3") {
          assert.equal(response.headers["content-type"], "audio/mpeg", describe(request, response));
          assert.equal(response.headers["transfer-encoding"], "chunked", describe(request, response));
          // An MPEG audio frame's sync word first.
          assert.ok(response.body[0] === 0xff && (response.body[1]! & 0xe0) === 0xe0, describe(request, response));
        } else if (response.status === 200) {
          assert.equal(body?.success, true, describe(request, response));
        }
      },
      400,
    );
  });

  test("HEAD on GET endpoints answers like GET, without a body", async () => {
    await runProperty(
      fc.tuple(fc.constantFrom(...GET_ENDPOINTS), queryString),
      async ([endpoint, query]) => {
        const request = { method: "HEAD", target: endpoint + query };
        const { response } = await check(request);
        assert.ok([200, 400].includes(response.status), describe(request, response));
        assert.equal(response.body.length, 0);
      },
      100,
    );
  });

  test("deep bracket nesting and thousands of parameters in a query string", async () => {
    for (const endpoint of GET_ENDPOINTS) {
      for (const query of [
        `?text${"[a]".repeat(2000)}=SOS`,
        `?${"text[".repeat(2000)}=SOS`,
        `?${Array.from({ length: 2000 }, (_, i) => `k${i}=${i}`).join("&")}&text=SOS&morse=...`,
        `?${"text=SOS&".repeat(1000)}`,
        `?${"&".repeat(10_000)}text=SOS`,
      ]) {
        const { response } = await check({ method: "GET", target: endpoint + query });
        assert.ok([200, 400, 431].includes(response.status), `${endpoint}${query.slice(0, 80)}: ${response.status}`);
      }
    }
    await assertStillServing();
  });
});

// ---------------------------------------------------------------------------------------
// JSON bodies

const JSON_ENDPOINTS = ["/api/v1/encode", "/api/v1/decode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"];

/** Content types the contract accepts as JSON: application/json, any case, any charset. */
const JSON_CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "APPLICATION/JSON",
  "Application/Json; Charset=UTF-8",
  "application/json;charset=utf-8",
  "application/json; charset=iso-8859-1",
  'application/json; charset="utf-8"',
];
const NOT_JSON_CONTENT_TYPES = [
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/octet-stream",
  "audio/wav",
  "text/json",
  "application/jsonx",
  "application/vnd.api+json",
  "*/*",
  "json",
  "application/xml",
  "application/json-patch+json",
];

/** A JSON text written by hand: duplicate keys, literal huge numbers, `__proto__` keys. */
const rawNumber = fc.oneof(
  fc.constantFrom(
    "1e309",
    "-1e309",
    "99999999999999999999",
    "1e-400",
    "-0",
    "0",
    "20",
    "20.0",
    "5",
    "50",
    "4.999999999999999999",
    "1E1",
    "600",
    "8000",
    "48000",
    "8000.0",
    "123456789012345678901234567890",
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.integer().map(String),
);
const rawString = fc.oneof(
  fc
    .constantFrom(
      "SOS",
      "sos sos",
      "... --- ...",
      "<SK>",
      "E\u0301",
      "Q\u0301",
      "\uFF21",
      "\\ud800",
      "\\udc00x",
      "\\u0000",
      "20",
      "1e309",
      "0x14",
      "",
      " ",
      " / ",
      ".",
      "-",
      "A".repeat(1001),
    )
    .map((s) => JSON.stringify(s).replace(/\\\\u/g, "\\u")),
  fc.string({ maxLength: 30 }).map((s) => JSON.stringify(s)),
);
const rawValue: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    rawNumber,
    rawString,
    fc.constantFrom("null", "true", "false"),
    fc.array(tie("value"), { maxLength: 3 }).map((items) => `[${items.join(",")}]`),
    fc
      .array(fc.tuple(fc.constantFrom("text", "a", "__proto__", "constructor"), tie("value")), { maxLength: 3 })
      .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
  ),
})).value;
const rawKey = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...PARAM_NAMES) },
  { weight: 2, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "hasOwnProperty", "toString", "valueOf") },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const rawObject = fc
  .array(fc.tuple(rawKey, rawValue), { maxLength: 6 })
  .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`);

suite("fuzz: POST bodies", () => {
  test("JSON objects with odd keys and values (duplicates, __proto__, constructor, huge numbers) answer 200 or 400", async () => {
    await runProperty(
      fc.tuple(fc.constantFrom(...JSON_ENDPOINTS), fc.constantFrom(...JSON_CONTENT_TYPES), rawObject),
      async ([endpoint, contentType, body]) => {
        const request = { method: "POST", target: endpoint, headers: { "Content-Type": contentType }, body };
        const { response } = await check(request);
        assert.ok([200, 400].includes(response.status), describe(request, response));
      },
      400,
    );
  });

  test("random JSON values, strings and bytes as bodies: 200 or 400 when the type is JSON, else 415", async () => {
    const body = fc.oneof(
      fc.json({ maxDepth: 4 }),
      fc.string({ maxLength: 200 }),
      fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
      rawValue,
      fc.constantFrom(
        "",
        " ",
        '\uFEFF{"text":"SOS"}',
        "{",
        "}",
        '{"text":"SOS"',
        '{"text":"SOS"}garbage',
        "{'text':'SOS'}",
        "text=SOS",
        "[]",
        "null",
        "0",
        '""',
        '{"text":"SOS",}',
        '{"text":"\\x41"}',
        '{"text":"\\ud800"}',
      ),
    );
    const contentType = fc.oneof(
      fc.constantFrom(...JSON_CONTENT_TYPES).map((value) => ({ value, json: true as boolean | undefined })),
      fc.constantFrom(...NOT_JSON_CONTENT_TYPES).map((value) => ({ value, json: false as boolean | undefined })),
      fc.constant({ value: undefined as string | undefined, json: false as boolean | undefined }),
    );
    await runProperty(
      fc.tuple(fc.constantFrom(...JSON_ENDPOINTS), contentType, body),
      async ([endpoint, type, payload]) => {
        const headers: Record<string, string> = type.value === undefined ? {} : { "Content-Type": type.value };
        const request = { method: "POST", target: endpoint, headers, body: payload };
        const { response } = await check(request);
        const expected = type.json ? [200, 400] : [415];
        assert.ok(expected.includes(response.status), `expected ${expected.join(" or ")}: ${describe(request, response)}`);
      },
      400,
    );
  });

  test("JSON nested 10,000 levels deep answers 400 (no stack overflow)", async () => {
    const deep = 10_000;
    const bodies = [
      "[".repeat(deep) + "]".repeat(deep),
      `${'{"a":'.repeat(deep)}1${"}".repeat(deep)}`,
      `{"text":${"[".repeat(deep)}${"]".repeat(deep)}}`,
      `{"text":"SOS","x":${'{"a":'.repeat(deep)}1${"}".repeat(deep)}}`,
      `${'{"__proto__":'.repeat(deep)}{}${"}".repeat(deep)}`,
      "[".repeat(deep * 5) + "]".repeat(deep * 5),
    ];
    for (const endpoint of JSON_ENDPOINTS) {
      for (const body of bodies) {
        const request = { method: "POST", target: endpoint, headers: { "Content-Type": "application/json" }, body };
        const { response } = await check(request);
        // The one with an unknown deep key may be accepted (unknown parameters are ignored).
        assert.ok([200, 400, 413].includes(response.status), describe(request, response));
        if (!body.startsWith('{"text":"SOS","x":')) assert.equal(response.status, body.length > 65_536 ? 413 : 400, describe(request, response));
      }
    }
    await assertStillServing();
  });

  test("__proto__, constructor and prototype keys change nothing for later requests", async () => {
    const poison = [
      '{"__proto__":{"separator":"XX","dotChar":"*","wpm":5,"text":"E"},"text":"SOS SOS"}',
      '{"constructor":{"prototype":{"separator":"XX","dotChar":"*","wpm":5}},"text":"SOS SOS"}',
      '{"text":"SOS SOS","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
      '{"text":"SOS SOS","prototype":{"separator":"XX"}}',
    ];
    for (const endpoint of JSON_ENDPOINTS) {
      for (const body of poison) {
        const request = { method: "POST", target: endpoint, headers: { "Content-Type": "application/json" }, body };
        const { response, body: answer } = await check(request);
        assert.ok([200, 400].includes(response.status), describe(request, response));
        if (endpoint === "/api/v1/encode" && response.status === 200) {
          // Prototype keys are dropped, never used as parameters.
          assert.equal(answer?.output, "... --- ... / ... --- ...", describe(request, response));
        }
      }
    }
    for (const query of [
      "?__proto__[separator]=XX&text=SOS%20SOS",
      "?constructor[prototype][separator]=XX&text=SOS%20SOS",
      "?__proto__=x&text=SOS%20SOS",
      "?text=SOS%20SOS&__proto__.separator=XX",
    ]) {
      const request = { method: "GET", target: `/api/v1/encode${query}` };
      const { response, body } = await check(request);
      assert.equal(response.status, 200, describe(request, response));
      assert.equal(body?.output, "... --- ... / ... --- ...", describe(request, response));
    }
    await assertStillServing();
    // This process's own prototype, for good measure (the server runs in it).
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
    assert.equal(({} as Record<string, unknown>).separator, undefined);
  });
});

// ---------------------------------------------------------------------------------------
// WAV bodies

const WAV_TYPES = ["audio/wav", "audio/x-wav", "audio/wave", "application/octet-stream", "AUDIO/WAV", "audio/wav; codecs=1"];

/** A RIFF/WAVE file with the given fmt fields and data, sizes as declared (or not). */
function wavFile(f: {
  code: number;
  channels: number;
  rate: number;
  bits: number;
  blockAlign: number;
  data: Uint8Array;
  riffSize?: number;
  dataSize?: number;
  extra?: Uint8Array;
}): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(f.code, 0);
  fmt.writeUInt16LE(f.channels, 2);
  fmt.writeUInt32LE(f.rate >>> 0, 4);
  fmt.writeUInt32LE((f.rate * f.blockAlign) >>> 0, 8);
  fmt.writeUInt16LE(f.blockAlign, 12);
  fmt.writeUInt16LE(f.bits, 14);
  const chunk = (id: string, body: Uint8Array, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "latin1");
    head.writeUInt32LE(size >>> 0, 4);
    return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const chunks = Buffer.concat([chunk("fmt ", fmt), ...(f.extra ? [chunk("LIST", f.extra)] : []), chunk("data", f.data, f.dataSize ?? f.data.length)]);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE((f.riffSize ?? chunks.length + 4) >>> 0, 4);
  riff.write("WAVE", 8, "latin1");
  return Buffer.concat([riff, chunks]);
}

async function postRecording(
  body: Buffer,
  contentType = "audio/wav",
  query = "",
  path = "/api/v1/decode-audio",
  statuses = [200, 400],
): Promise<{ response: RawResponse; body: Record<string, unknown> | undefined }> {
  const request = { method: "POST", target: `${path}${query}`, headers: { "Content-Type": contentType }, body };
  const result = await check(request);
  assert.ok(statuses.includes(result.response.status), describe(request, result.response));
  return result;
}

/** The samples of /api/v1/audio.wav for `query`, as floats. */
async function renderedSamples(query: string): Promise<Float32Array> {
  const rendered = await send(server.port, { method: "GET", target: `/api/v1/audio.wav?${query}` });
  assert.equal(rendered.status, 200);
  const pcm = rendered.body.subarray(44);
  return Float32Array.from({ length: pcm.length / 2 }, (_, i) => pcm.readInt16LE(2 * i) / 32768);
}

/** A file cut to `cut` bytes, with bytes overwritten at `flips`. */
function mutated(file: Buffer, cut: number, flips: readonly [number, number][]): Buffer {
  const body = Buffer.from(file.subarray(0, cut));
  for (const [at, value] of flips) if (at < body.length) body[at] = value;
  return body;
}

/**
 * Posts `file` cut short (often within its first `headBytes`, else anywhere) with up to
 * `maxFlips` bytes changed among its first `flipBytes`, as each of `types`: postRecording
 * checks every answer.
 */
async function postMutations(
  file: Buffer,
  types: readonly string[],
  limits: { headBytes: number; flipBytes: number; maxFlips: number },
  statuses = [200, 400],
): Promise<void> {
  const mutation = fc.record({
    cut: fc.oneof(fc.integer({ min: 0, max: limits.headBytes }), fc.integer({ min: 0, max: file.length })),
    flips: fc.array(fc.tuple(fc.integer({ min: 0, max: limits.flipBytes }), fc.integer({ min: 0, max: 255 })), { maxLength: limits.maxFlips }),
    type: fc.constantFrom(...types),
  });
  await runProperty(
    mutation,
    async ({ cut, flips, type }) => {
      await postRecording(mutated(file, cut, flips), type, "", "/api/v1/decode-audio", statuses);
    },
    40,
  );
}

suite("fuzz: WAV bodies to /api/v1/decode-audio", () => {
  test("random bytes answer 400 (or 200), never 5xx", async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVE", "latin1"), b])),
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.concat([Buffer.from("RIFF\xff\xff\xff\xffWAVEfmt ", "latin1"), b])),
    );
    await runProperty(
      fc.tuple(bytes, fc.constantFrom(...WAV_TYPES)),
      async ([body, type]) => {
        await postRecording(Buffer.from(body), type);
      },
      300,
    );
  });

  test("WAV headers with random fields (formats, channels, bits, rates, sizes) answer 200 or 400", async () => {
    const header = fc.record({
      code: fc.oneof(fc.constantFrom(1, 3, 0xfffe, 0, 2, 0x55), fc.integer({ min: 0, max: 0xffff })),
      channels: fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 0xffff })),
      rate: fc.oneof(fc.constantFrom(0, 1, 1999, 2000, 8000, 44100, 96000, 96001, 0xffffffff), fc.integer({ min: 0, max: 0xffffffff })),
      bits: fc.oneof(fc.constantFrom(0, 1, 8, 16, 24, 32, 64, 12), fc.integer({ min: 0, max: 0xffff })),
      blockAlign: fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 6, 8), fc.integer({ min: 0, max: 0xffff })),
      data: fc.uint8Array({ maxLength: 4000 }),
      riffSize: fc.option(fc.oneof(fc.constant(0xffffffff), fc.nat()), { nil: undefined }),
      dataSize: fc.option(fc.oneof(fc.constant(0xffffffff), fc.constant(0), fc.nat({ max: 10_000 })), { nil: undefined }),
      extra: fc.option(fc.uint8Array({ maxLength: 30 }), { nil: undefined }),
    });
    await runProperty(
      header,
      async (f) => {
        await postRecording(wavFile(f));
      },
      300,
    );
  });

  test("a real WAV, cut short or corrupted, answers 200 or 400", async () => {
    const rendered = await send(server.port, { method: "GET", target: "/api/v1/audio.wav?text=SOS&wpm=30" });
    assert.equal(rendered.status, 200);
    const wav = rendered.body;
    assert.equal(wav.subarray(0, 4).toString("latin1"), "RIFF");
    const full = await postRecording(wav);
    assert.equal(full.body?.output, "SOS");

    await postMutations(wav, WAV_TYPES, { headBytes: 60, flipBytes: 200, maxFlips: 4 });
  });

  test("float samples of any value (NaN, infinities, near float32's limit) in a real recording answer 200", async () => {
    const samples = await renderedSamples("text=SOS&wpm=30");
    const spoils = fc.record({
      scale: fc.constantFrom(1, 1e-30, 1e30, 3e38),
      values: fc.array(fc.tuple(fc.nat({ max: samples.length - 1 }), fc.float()), { minLength: 1, maxLength: 20 }),
    });
    await runProperty(
      spoils,
      async ({ scale, values }) => {
        const spoiled = samples.map((x) => x * scale);
        for (const [at, value] of values) spoiled[at] = value;
        const data = new Uint8Array(spoiled.buffer);
        const { response, body } = await postRecording(wavFile({ code: 3, channels: 1, rate: 8000, bits: 32, blockAlign: 4, data }));
        assert.equal(response.status, 200);
        assert.equal(typeof body?.output, "string");
      },
      25,
    );
  });

  test("decode-audio hints in the query string: broken numbers, signals and alphabets answer 400, never 5xx", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(1600) });
    await runProperty(
      fc.tuple(
        fc.constantFrom("wpm", "frequency", "wpm[]", "frequency[a]", "signals", "signals[]", "alphabet", "alphabet[]"),
        fc.oneof(paramValue, fc.constantFrom("all", "wabun", "skats")),
      ),
      async ([name, value]) => {
        await postRecording(wav, "audio/wav", `?${name}=${value}`);
      },
      100,
    );
  });

  test("spots: random bodies, and broken dials, sidebands, reporters and alphabets, answer 400 (or 200), never 5xx", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(1600) });
    await runProperty(
      fc.tuple(
        fc.constantFrom("dial", "dial[]", "sideband", "sideband[]", "reporter", "reporter[]", "alphabet"),
        fc.oneof(paramValue, fc.constantFrom("usb", "lsb", "14025", "100", "300000", "K1ABC", "latin")),
      ),
      async ([name, value]) => {
        await postRecording(wav, "audio/wav", `?dial=14025&${name}=${value}`, "/api/v1/spots");
      },
      100,
    );
    await runProperty(
      fc.tuple(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom(...WAV_TYPES)),
      async ([body, type]) => {
        await postRecording(Buffer.from(body), type, "?dial=7030", "/api/v1/spots");
      },
      100,
    );
  });

  test("a WAV body sent to the JSON endpoints, and JSON sent to decode-audio, answer 415", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(160) });
    for (const endpoint of JSON_ENDPOINTS) {
      const request = { method: "POST", target: endpoint, headers: { "Content-Type": "audio/wav" }, body: wav };
      const { response } = await check(request);
      assert.equal(response.status, 415, describe(request, response));
    }
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
      const request = { method: "POST", target: "/api/v1/decode-audio", headers: { "Content-Type": type }, body: '{"text":"SOS"}' };
      const { response } = await check(request);
      assert.equal(response.status, 415, describe(request, response));
    }
    const untyped = { method: "POST", target: "/api/v1/decode-audio", body: wav };
    assert.equal((await check(untyped)).response.status, 415);
    await assertStillServing();
  });
});

/** Each compressed format, and the media types it may be sent as (and octet-stream, sniffed). */
const COMPRESSED: [EncodedFormat, string[]][] = [
  ["mp3", ["audio/mpeg", "application/octet-stream"]],
  ["ogg-vorbis", ["audio/ogg", "application/octet-stream"]],
  ["ogg-opus", ["audio/opus", "audio/ogg"]],
  ["flac", ["audio/flac", "audio/x-flac"]],
];

suite("fuzz: MP3, Ogg and FLAC bodies to /api/v1/decode-audio", () => {
  test("random bytes behind each format's magic answer 400 (or 200), never 5xx", async () => {
    const magic = ["ID3\x04\0\0\0\0\0\x10", "\xff\xfb\x90\x64", "OggS\0\x02\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\x13OpusHead", "fLaC\0\0\0\x22", "OggS"];
    const body = fc.tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 4096 })).map(([m, b]) => Buffer.concat([Buffer.from(m, "latin1"), b]));
    await runProperty(
      fc.tuple(body, fc.constantFrom("application/octet-stream", "audio/mpeg", "audio/ogg", "audio/flac")),
      async ([bytes, type]) => {
        await postRecording(bytes, type);
      },
      200,
    );
  });

  test("real files of every format, cut short or corrupted, answer 200 or 400 (413 where a header now says over 15 minutes)", async () => {
    const samples = await renderedSamples("text=SOS%20SOS&wpm=30");
    for (const [format, types] of COMPRESSED) {
      const file = await encodeAs(format, samples, 8000);
      for (const type of types) assert.equal((await postRecording(file, type)).body?.output, "SOS SOS", `${format} as ${type}`);
      await postMutations(file, types, { headBytes: 300, flipBytes: file.length - 1, maxFlips: 8 }, [200, 400, 413]);
    }
    await assertStillServing();
  });
});
