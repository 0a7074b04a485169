/** The playground's files over a real socket: what is served, with which headers, and nothing else. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { assertError, rawRequest, send } from "./support.js";

const server = serveForTests();

describe("the playground's files", () => {
  it("serves the page at / with a content security policy and without rate-limit headers", async () => {
    const page = await send(server.url, "GET", "/");
    assert.equal(page.status, 200);
    assert.equal(page.headers.get("content-type"), "text/html; charset=utf-8");
    assert.equal(
      page.headers.get("content-security-policy"),
      "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    assert.equal(page.headers.get("x-content-type-options"), "nosniff");
    assert.equal(page.headers.get("access-control-allow-origin"), "*");
    // API.md counts /api/v1/ requests only.
    assert.equal(page.headers.get("ratelimit"), null);
    assert.match(page.text, /<script type="module" src="\/build\/page\.js"><\/script>/);
    assert.equal((await send(server.url, "GET", "/index.html")).text, page.text);
  });

  it("serves every file the page refers to, each with its type", async () => {
    const page = (await send(server.url, "GET", "/")).text;
    const referred = [...page.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1]!).filter((path) => !path.startsWith("/api/") && path !== "/docs");
    const types: Record<string, string> = {
      "/build/page.js": "application/javascript; charset=utf-8",
      "/favicon.svg": "image/svg+xml",
      "/icons/icon-192.png": "image/png",
      "/manifest.webmanifest": "application/manifest+json",
      "/playground.css": "text/css; charset=utf-8",
      "/styles/key.css": "text/css; charset=utf-8",
      "/styles/practice.css": "text/css; charset=utf-8",
      "/styles/see.css": "text/css; charset=utf-8",
    };
    // Page links (#…) are not files.
    assert.deepEqual(referred.filter((path) => path !== "/").sort(), Object.keys(types));
    for (const path of referred) {
      const file = await send(server.url, "GET", path);
      assert.equal(file.status, 200, path);
      assert.equal(file.headers.get("content-type"), types[path], path);
      assert.ok(file.text.length > 0, path);
    }
  });

  it("answers HEAD without a body, and other methods with a JSON 405", async () => {
    const head = await send(server.url, "HEAD", "/");
    assert.equal(head.status, 200);
    assert.equal(head.text, "");
    const post = await send(server.url, "POST", "/", { body: { text: "E" } });
    assertError(post, 405, "Method POST is not allowed on /; allowed: GET, HEAD, OPTIONS");
    assert.equal(post.headers.get("allow"), "GET, HEAD, OPTIONS");
    assertError(await send(server.url, "DELETE", "/build/page.js"), 405);
  });

  it("serves nothing else from the disk: other paths are the API's JSON 404", async () => {
    for (const path of [
      "/../package.json",
      "/%2e%2e/package.json",
      "/web/index.html",
      "/src/http/app.ts",
      "/playground.ts",
      "/.git/config",
      "//build/page.js",
      "/page/main.ts",
    ]) {
      assertError(await rawRequest(server.url, "GET", path), 404);
    }
  });
});
