/**
 * Fuzzing every endpoint over a real socket (GitHub issue 6), sent byte for byte with `net`:
 * random methods, paths and query strings. What every answer must be: test/robustness/fuzz.ts.
 */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import { serveForTests } from "../helpers/server.js";
import { describe, send } from "./raw.js";
import { ANY_CONTENT_TYPES, KNOWN_PATHS, METHODS, brokenPath, checkAnswer, fuzzing, method, path, queryString } from "./fuzz.js";

const server = serveForTests();
const { check, assertStillServing, runProperty } = fuzzing(server);

suite("fuzz: methods and paths", () => {
  const requestWith = (paths: fc.Arbitrary<string>) =>
    fc.record({
      method,
      target: fc.tuple(paths, queryString).map(([p, q]) => p + q),
      contentType: fc.option(fc.constantFrom(...ANY_CONTENT_TYPES), { nil: undefined }),
      body: fc.option(fc.oneof(fc.json({ maxDepth: 3 }), fc.string({ maxLength: 50 })), { nil: undefined }),
    });
  /** `runs` requests drawn from `requests`, each answer checked. */
  const checkRequests = (requests: ReturnType<typeof requestWith>, runs: number) =>
    runProperty(
      requests,
      async ({ method: m, target, contentType, body }) => {
        const headers: Record<string, string> = contentType === undefined ? {} : { "Content-Type": contentType };
        await check({ method: m, target, headers, body });
      },
      runs,
    );

  test("random methods on known, mutated and random paths (with random query strings) answer < 500, with CORS, JSON on /api/v1/", async () => {
    await checkRequests(requestWith(path), 500);
  });

  test("random methods on paths with broken percent-escapes answer < 500, with CORS, JSON", async () => {
    await checkRequests(requestWith(brokenPath), 200);
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
