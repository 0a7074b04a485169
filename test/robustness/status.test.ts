/**
 * Status codes under fuzzing (GitHub issue 6): which answer wins when a request is wrong
 * in several ways at once. API.md section 2: an unknown path is a 404 and a known path
 * with a wrong method a 405 with `Allow`; neither depends on the body that came with it.
 * Regressions found by the fuzzing are named as such.
 */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { assertCode } from "../http/support.js";
import { describe, isJsonResult, jsonOf, type RawResponse, type Request, send } from "./raw.js";

const server = serveForTests();

function assertJsonError(request: Request, response: RawResponse, status: number): void {
  const context = describe(request, response);
  assert.equal(response.status, status, context);
  assert.equal(response.headers["access-control-allow-origin"], "*", context);
  if (request.method === "HEAD") return;
  const body = jsonOf(response);
  assert.ok(isJsonResult(body), context);
  assert.equal(body.success, false, context);
  assertCode(body, status, undefined, context);
}

const BODIES: [string, string][] = [
  ["invalid JSON", "{"],
  ["an empty JSON body", ""],
  ["a JSON body over 64 KiB", JSON.stringify({ a: "x".repeat(70_000) })],
];

suite("the path and the method are judged before the body", () => {
  for (const [name, body] of BODIES) {
    test(`regression: an unknown path with ${name} answers 404 (not 400/413)`, async () => {
      for (const [method, target] of [
        ["POST", "/api/v1/nope"],
        ["POST", "/nope"],
        ["PUT", "/api/v1/encode/extra"],
      ] as const) {
        const request = { method, target, headers: { "Content-Type": "application/json" }, body };
        assertJsonError(request, await send(server.port, request), 404);
      }
    });

    test(`regression: a known path with a wrong method and ${name} answers 405 with Allow (not 400/413)`, async () => {
      for (const [method, target, allow] of [
        ["POST", "/api/v1/chart", "GET, HEAD, OPTIONS"],
        ["PUT", "/api/v1/encode", "GET, HEAD, POST, OPTIONS"],
        ["DELETE", "/api/v1/decode", "GET, HEAD, POST, OPTIONS"],
        ["PATCH", "/api/v1/audio.wav", "GET, HEAD, POST, OPTIONS"],
        ["DELETE", "/api/v1/decode-audio", "POST, OPTIONS"],
        ["GET", "/api/v1/spots", "POST, OPTIONS"],
      ] as const) {
        const request = { method, target, headers: { "Content-Type": "application/json" }, body };
        const response = await send(server.port, request);
        assertJsonError(request, response, 405);
        assert.equal(response.headers.allow, allow, describe(request, response));
      }
    });
  }

  test("a wrong method with a body of another type answers 405 with Allow", async () => {
    for (const type of ["text/plain", "audio/wav", "application/xml"]) {
      const request = { method: "POST", target: "/api/v1/chart", headers: { "Content-Type": type }, body: "RIFF" };
      const response = await send(server.port, request);
      assertJsonError(request, response, 405);
      assert.equal(response.headers.allow, "GET, HEAD, OPTIONS");
    }
  });

  test("a GET with a body (even invalid JSON) is answered from its query string", async () => {
    const request = { method: "GET", target: "/api/v1/encode?text=SOS", headers: { "Content-Type": "application/json" }, body: "{" };
    const response = await send(server.port, request);
    assert.equal(response.status, 200, describe(request, response));
    assert.deepEqual(jsonOf(response), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
  });

  test("an OPTIONS preflight with a body is still 204", async () => {
    const request = { method: "OPTIONS", target: "/api/v1/encode", headers: { "Content-Type": "application/json" }, body: "{" };
    const response = await send(server.port, request);
    assert.equal(response.status, 204, describe(request, response));
    assert.equal(response.headers["access-control-allow-origin"], "*");
  });
});

suite("service paths are known paths too", () => {
  const SERVICE_PATHS: [string, string][] = [
    ["/healthz", "GET, HEAD, OPTIONS"],
    ["/readyz", "GET, HEAD, OPTIONS"],
    ["/metrics", "GET, HEAD, OPTIONS"],
    ["/api/v1/openapi.json", "GET, HEAD, OPTIONS"],
    ["/docs", "GET, HEAD, OPTIONS"],
  ];
  for (const [path, allow] of SERVICE_PATHS) {
    test(`regression: POST, PUT and DELETE on ${path} answer 405 with Allow: ${allow} (not 404)`, async () => {
      for (const method of ["POST", "PUT", "DELETE"]) {
        const request = { method, target: path };
        const response = await send(server.port, request);
        assertJsonError(request, response, 405);
        // The exact list is the implementation's choice; GET must be in it.
        assert.match(response.headers.allow ?? "", /\bGET\b/, `${describe(request, response)} (e.g. Allow: ${allow})`);
      }
    });
  }

  test("the docs page's and the playground's own paths answer wrong methods with 405 and their exact Allow", async () => {
    for (const path of ["/docs/", "/docs/json", "/docs/yaml", "/docs/static/index.html", "/", "/index.html", "/build/page.js", "/styles/key.css"]) {
      const request = { method: "DELETE", target: path };
      const response = await send(server.port, request);
      assertJsonError(request, response, 405);
      assert.equal(response.headers.allow, "GET, HEAD, OPTIONS", describe(request, response));
    }
    // A pattern is not a path: what it does not serve stays a 404, whatever the method.
    for (const method of ["GET", "DELETE"]) {
      const request = { method, target: "/docs/static/no-such-file.js" };
      assertJsonError(request, await send(server.port, request), 404);
    }
  });

  test("HEAD is answered on every GET route as GET is, without a body", async () => {
    const doc = jsonOf(await send(server.port, { method: "GET", target: "/api/v1/openapi.json" })) as { paths: Record<string, object> };
    const paths = Object.entries(doc.paths)
      .filter(([, methods]) => "get" in methods)
      .map(([path]) => path);
    assert.ok(paths.length >= 9, paths.join(" "));
    for (const path of paths) {
      const get = await send(server.port, { method: "GET", target: path });
      const head = await send(server.port, { method: "HEAD", target: path });
      assert.equal(head.status, get.status, describe({ method: "HEAD", target: path }, head));
      assert.equal(head.body.length, 0, path);
    }
  });

  test("HEAD on a POST-only path answers 405 with Allow, without a body", async () => {
    const request = { method: "HEAD", target: "/api/v1/decode-audio" };
    const response = await send(server.port, request);
    assertJsonError(request, response, 405);
    assert.equal(response.headers.allow, "POST, OPTIONS");
    assert.equal(response.body.length, 0);
  });
});
