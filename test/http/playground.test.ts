/** The playground's files over a real socket: what is served, with which headers, and nothing else. */
import assert from "node:assert/strict";
import { get, type IncomingHttpHeaders } from "node:http";
import { describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { serveForTests } from "../helpers/server.js";
import { assertError, rawRequest, send } from "./support.js";

const server = serveForTests();

/** A GET's status, headers and body as bytes, as sent: no decoding of a compressed body. */
function bytesOf(url: string, headers: Record<string, string>): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers, agent: false }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (chunk: Buffer) => parts.push(chunk));
      response.on("end", () => {
        assert.equal(response.statusCode, 200, url);
        resolve({ headers: response.headers, body: Buffer.concat(parts) });
      });
      response.on("error", reject);
    }).on("error", reject);
  });
}

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
      "/build/style.css": "text/css; charset=utf-8",
      "/favicon.svg": "image/svg+xml",
      "/icons/icon-192.png": "image/png",
      "/manifest.webmanifest": "application/manifest+json",
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

  it("sends the page and its bundles compressed to a browser that accepts it (Brotli, else gzip), the same bytes once decoded", async () => {
    for (const [path, type] of [
      ["/build/page.js", "application/javascript; charset=utf-8"],
      ["/", "text/html; charset=utf-8"],
    ] as const) {
      const plain = await bytesOf(`${server.url}${path}`, {});
      assert.equal(plain.headers["content-encoding"], undefined, path);
      assert.match(plain.headers.vary ?? "", /accept-encoding/i, path);
      for (const [accepted, encoding, decoded] of [
        ["br, gzip", "br", brotliDecompressSync],
        ["gzip", "gzip", gunzipSync],
      ] as const) {
        const packed = await bytesOf(`${server.url}${path}`, { "accept-encoding": accepted });
        assert.equal(packed.headers["content-encoding"], encoding, path);
        assert.equal(packed.headers["content-type"], type, path);
        assert.ok(packed.body.length < plain.body.length / 2, `${path}, ${encoding}: ${packed.body.length} of ${plain.body.length} bytes`);
        assert.deepEqual(decoded(packed.body), plain.body, path);
      }
    }
    // The compressed copies are not files of their own.
    assertError(await send(server.url, "GET", "/build/page.js.br"), 404);
    assertError(await send(server.url, "GET", "/index.html.gz"), 404);
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
