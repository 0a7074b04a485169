/**
 * Fuzzing the JSON endpoints over a real socket (GitHub issue 6): random bodies, JSON and not,
 * and content types. What every answer must be: test/robustness/fuzz.ts.
 */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import { serveForTests } from "../helpers/server.js";
import { describe } from "./raw.js";
import { JSON_ENDPOINTS, fuzzing, PARAM_NAMES } from "./fuzz.js";

const server = serveForTests();
const { check, assertStillServing, runProperty } = fuzzing(server);

// ---------------------------------------------------------------------------------------
// JSON bodies

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
