/**
 * Our query-string parser reads every query exactly as fastify's default parser
 * (fast-querystring) does: same keys, same values, same arrays, for any input.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import fc from "fast-check";
import { parse as reference } from "fast-querystring";
import { parseQuery } from "../../src/http/query-string.js";
import { fuzzRuns } from "../helpers/fuzz-runs.js";

const entries = (query: object) => Object.entries(query);

/** Query-ish strings: the separators, escapes valid and broken, multi-byte UTF-8, and noise. */
const queryText = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "&",
        "=",
        "+",
        "%",
        "%2",
        "%20",
        "%2F",
        "%2B",
        "%26",
        "%3D",
        "%C3%A9",
        "%E2%80%A6",
        "%F0%9F%98%80",
        "%ED%A0%80",
        "%C0%AF",
        "%FF",
        "%e2%80",
        "__proto__",
        "constructor",
        "text",
        "morse",
        ".-",
        "/",
      ),
      fc.string({ maxLength: 4 }),
      fc.string({ unit: "binary", maxLength: 3 }),
    ),
    { maxLength: 24 },
  )
  .map((parts) => parts.join(""));

test("parses like fast-querystring, for any input", () => {
  fc.assert(
    fc.property(queryText, (input) => {
      assert.deepStrictEqual(entries(parseQuery(input)), entries(reference(input)));
    }),
    { numRuns: fuzzRuns(20_000) },
  );
});

test("decodes a query of Morse, keeps broken escapes as sent, gathers repeated keys", () => {
  assert.deepStrictEqual(entries(parseQuery("morse=.-%20-...%20%2F%20-.-.&x=a+b")), [
    ["morse", ".- -... / -.-."],
    ["x", "a b"],
  ]);
  assert.deepStrictEqual(entries(parseQuery("text=%E0%A4&text=ok&text=%41")), [["text", ["%E0%A4", "ok", "A"]]]);
  assert.deepStrictEqual(entries(parseQuery("__proto__=1&&=&flag")), [
    ["__proto__", "1"],
    ["", ""],
    ["flag", ""],
  ]);
  assert.equal(Object.getPrototypeOf(Object.getPrototypeOf(parseQuery("a=1"))), null);
});

test("a long query of pairs without '=' is read whole", () => {
  const input = `${"a&".repeat(50_000)}b=1`;
  const query = parseQuery(input);
  assert.equal(query.b, "1");
  assert.equal((query.a as string[]).length, 50_000);
});
