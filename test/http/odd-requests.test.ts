/**
 * Odd requests over a real socket, the API's and those Node's HTTP parser refuses: each gets the
 * API's JSON error with a sentence naming what is wrong (API.md section 2).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { type Answer, assertError, post, rawRequest, rawSocket, send } from "./support.js";

const server = serveForTests();

describe("odd requests", () => {
  it("get a sentence naming what is wrong, never a stack trace", async () => {
    const cases: [Answer, number, string | RegExp][] = [
      [await send(server.url, "GET", "/api/v1/encode?text=a%23"), 400, /"#" at position 2\b/],
      [await send(server.url, "GET", "/api/v1/encode?text=%00"), 400, /U\+0000 at position 1\b/],
      [await post(server.url, "/api/v1/encode", '{"text":"a\\u0000b"}'), 400, /U\+0000 at position 2\b/],
      [await post(server.url, "/api/v1/encode", '{"text":"\\ud800"}'), 400, /U\+D800 at position 1\b/],
      [await post(server.url, "/api/v1/decode", '{"morse":"\\ud800"}'), 400, /U\+D800 at position 1\b/],
      [await post(server.url, "/api/v1/encode", '{"text": {"toString": 5}}'), 400, "Parameter text must be a string"],
      [await post(server.url, "/api/v1/encode", '{"text":"a","text":5}'), 400, "Parameter text must be a string"],
      [await post(server.url, "/api/v1/audio", '{"text":"E","wpm":"1e309"}'), 400, "Parameter wpm must be a number between 5 and 50"],
    ];
    for (const [answer, status, message] of cases) assertError(answer, status, message);
    // A lone % is no broken escape but the per cent sign, which ITU sends as 0/0.
    assert.equal((await send(server.url, "GET", "/api/v1/encode?text=%")).body.output, "----- -..-. -----");
  });

  it("that Node's HTTP parser refuses still get a JSON error body", async () => {
    assertError(await rawRequest(server.url, "GET", `/api/v1/encode?text=${"a".repeat(20_000)}`), 431, /too large/i);
    assertError(await rawSocket(server.url, "GARBAGE\r\n\r\n"), 400);
    assertError(await rawSocket(server.url, "GET /api/v1/chart HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n"), 400);
  });
});
