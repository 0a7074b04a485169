/**
 * Rate-limit headers (API.md section 1): on every /api/v1/ response, in the IETF
 * draft's syntax and the X-RateLimit-* one, counting per client and fixed window;
 * informational unless enforcement is configured. Each configuration needs its own
 * server, so each describe below starts one in its before and closes it in its after.
 */
import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { after, before, describe, it } from "node:test";
import type { AppConfig } from "../../src/http/app.js";
import { startServer, type TestServer } from "../helpers/server.js";
import { type Answer, assertError, get, post, rawRequest, send } from "./support.js";

interface Limits {
  policy: string;
  remaining: number;
  reset: number;
  limit: number;
}

/** Reads and cross-checks the five headers; they must all be there and agree. */
function limitsOf(answer: Answer, quota: number, windowSeconds: number): Limits {
  const context = `${answer.status} ${answer.text.slice(0, 200)}`;
  const policy = answer.headers.get("ratelimit-policy");
  assert.equal(policy, `"default";q=${quota};w=${windowSeconds}`, context);
  const rateLimit = answer.headers.get("ratelimit");
  const match = /^"default";r=(\d+);t=(\d+)$/.exec(rateLimit ?? "");
  assert.ok(match, `RateLimit: ${rateLimit} (${context})`);
  const remaining = Number(match[1]);
  const reset = Number(match[2]);
  assert.equal(answer.headers.get("x-ratelimit-limit"), String(quota), context);
  assert.equal(answer.headers.get("x-ratelimit-remaining"), String(remaining), context);
  assert.equal(answer.headers.get("x-ratelimit-reset"), String(reset), context);
  assert.ok(remaining >= 0 && remaining <= quota, context);
  assert.ok(reset >= 1 && reset <= windowSeconds, `t=${reset} (${context})`);
  return { policy: policy!, remaining, reset, limit: quota };
}

async function serverWith(rateLimit: AppConfig["rateLimit"]): Promise<TestServer> {
  return startServer({ rateLimit });
}

describe("informational by default (quota 600, window 60)", () => {
  const QUOTA = 600;
  const WINDOW = 60;
  let server: TestServer;
  let base: string;

  before(async () => {
    server = await serverWith({ enforce: false, quota: QUOTA, windowSeconds: WINDOW });
    base = server.url;
  });

  after(async () => {
    await server.close();
  });

  it("starts at quota - 1 and a full window on the first request", async () => {
    const first = limitsOf(await get(base, "/api/v1/chart"), QUOTA, WINDOW);
    assert.equal(first.remaining, QUOTA - 1);
    assert.equal(first.reset, WINDOW);
  });

  it("sends the headers on every /api/v1/ response, successes, errors and 404s alike", async () => {
    const answers: Answer[] = [
      await get(base, "/api/v1/encode", { text: "a" }),
      await post(base, "/api/v1/decode", { morse: ".-" }),
      await get(base, "/api/v1/chart"),
      await post(base, "/api/v1/audio", { text: "e" }),
      await send(base, "HEAD", "/api/v1/encode?text=a"),
      await get(base, "/api/v1/encode"),
      await post(base, "/api/v1/encode", "{"),
      await get(base, "/api/v1/audio", { text: "e", wpm: "0" }),
      await get(base, "/api/v1/nope"),
      await post(base, "/api/v1/nope", {}),
      await send(base, "DELETE", "/api/v1/encode"),
      await post(base, "/api/v1/chart", {}),
      await post(base, "/api/v1/encode", { text: "a".repeat(70_000) }),
      await post(base, "/api/v1/encode", "text=a", "text/plain"),
      await rawRequest(base, "POST", "/api/v1/decode", { headers: { "content-length": "2" }, chunks: ["{}"] }),
    ];
    const statuses = answers.map((a) => a.status);
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 400, 400, 400, 404, 404, 405, 405, 413, 415, 415]);
    for (const answer of answers) limitsOf(answer, QUOTA, WINDOW);
  });

  it("counts down by one per request, whatever the endpoint, method or outcome", async () => {
    const requests = [
      () => get(base, "/api/v1/encode", { text: "abc" }),
      () => post(base, "/api/v1/encode", { text: "abc" }),
      () => get(base, "/api/v1/nope"),
      () => post(base, "/api/v1/audio", "[]"),
      () => send(base, "HEAD", "/api/v1/chart"),
      () => send(base, "PATCH", "/api/v1/decode"),
      () => get(base, "/api/v1/decode", { morse: "..." }),
    ];
    let previous = limitsOf(await get(base, "/api/v1/chart"), QUOTA, WINDOW).remaining;
    for (const request of requests) {
      const { remaining } = limitsOf(await request(), QUOTA, WINDOW);
      assert.equal(remaining, previous - 1);
      previous = remaining;
    }
  });

  it("does not count preflights", async () => {
    const start = limitsOf(await get(base, "/api/v1/chart"), QUOTA, WINDOW).remaining;
    for (const path of ["/api/v1/encode", "/api/v1/decode", "/api/v1/nope", "/api/v1/chart"]) {
      const preflight = await send(base, "OPTIONS", path, {
        headers: { origin: "https://example.org", "access-control-request-method": "POST" },
      });
      assert.equal(preflight.status, 204);
    }
    const afterPreflights = limitsOf(await get(base, "/api/v1/chart"), QUOTA, WINDOW).remaining;
    assert.equal(afterPreflights, start - 1);
  });
});

describe("informational with a small quota (3)", () => {
  let server: TestServer;

  before(async () => {
    server = await serverWith({ enforce: false, quota: 3, windowSeconds: 60 });
  });

  after(async () => {
    await server.close();
  });

  it("still answers request quota + 1 and beyond, with remaining 0", async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = i % 2 === 0 ? await get(server.url, "/api/v1/encode", { text: "sos" }) : await post(server.url, "/api/v1/encode", { text: "sos" });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.body.output, "... --- ...");
      assert.equal(answer.headers.get("retry-after"), null);
      remaining.push(limitsOf(answer, 3, 60).remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0, 0, 0, 0]);
  });
});

describe("enforced (quota 3, window 60)", () => {
  let server: TestServer;
  let base: string;

  before(async () => {
    server = await serverWith({ enforce: true, quota: 3, windowSeconds: 60 });
    base = server.url;
  });

  after(async () => {
    await server.close();
  });

  it("answers the quota, then 429 with Retry-After and a JSON error saying when to come back", async () => {
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await get(base, "/api/v1/encode", { text: "e" });
      assert.equal(answer.status, 200, answer.text);
      remaining.push(limitsOf(answer, 3, 60).remaining);
    }
    assert.deepEqual(remaining, [2, 1, 0]);

    const refused = await get(base, "/api/v1/encode", { text: "e" });
    const error = assertError(refused, 429);
    const retryAfter = refused.headers.get("retry-after");
    assert.match(retryAfter ?? "", /^[1-9]\d*$/, `Retry-After: ${retryAfter}`);
    const seconds = Number(retryAfter);
    assert.ok(seconds >= 1 && seconds <= 60, `Retry-After: ${retryAfter}`);
    assert.match(error, new RegExp(`\\b${seconds}\\b`), error);
    assert.match(error, /second/, error);
    const limits = limitsOf(refused, 3, 60);
    assert.equal(limits.remaining, 0);
    assert.equal(limits.reset, seconds);
    assert.equal(refused.headers.get("access-control-allow-origin"), "*");
  });

  it("keeps refusing every method and path under /api/v1/ until the window ends", async () => {
    const answers = [
      await post(base, "/api/v1/decode", { morse: "." }),
      await get(base, "/api/v1/chart"),
      await get(base, "/api/v1/nope"),
      await send(base, "PUT", "/api/v1/audio"),
      await get(base, "/api/v1/encode"),
    ];
    for (const answer of answers) {
      assertError(answer, 429, /second/);
      assert.match(answer.headers.get("retry-after") ?? "", /^[1-9]\d*$/);
      assert.equal(limitsOf(answer, 3, 60).remaining, 0);
    }
  });

  it("still answers preflights while refusing requests", async () => {
    const preflight = await send(base, "OPTIONS", "/api/v1/encode", {
      headers: { origin: "https://example.org", "access-control-request-method": "POST" },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.text, "");
  });
});

describe("a short window (1 second)", () => {
  let server: TestServer;

  before(async () => {
    server = await serverWith({ enforce: true, quota: 2, windowSeconds: 1 });
  });

  after(async () => {
    await server.close();
  });

  it("resets the counter once the window has passed", async () => {
    const first = await get(server.url, "/api/v1/encode", { text: "e" });
    assert.equal(first.status, 200);
    assert.deepEqual(limitsOf(first, 2, 1), { policy: '"default";q=2;w=1', remaining: 1, reset: 1, limit: 2 });
    assert.equal((await get(server.url, "/api/v1/encode", { text: "e" })).status, 200);
    const refused = await get(server.url, "/api/v1/encode", { text: "e" });
    assertError(refused, 429);
    assert.equal(refused.headers.get("retry-after"), "1");

    await sleep(1_200);

    const again = await get(server.url, "/api/v1/encode", { text: "e" });
    assert.equal(again.status, 200, again.text);
    assert.equal(limitsOf(again, 2, 1).remaining, 1);
    const second = await get(server.url, "/api/v1/encode", { text: "e" });
    assert.equal(second.status, 200, second.text);
    assert.equal(limitsOf(second, 2, 1).remaining, 0);
  });
});
