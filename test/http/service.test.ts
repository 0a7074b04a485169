/** The service's own endpoints: health, readiness, metrics, the OpenAPI document and the docs page. */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { serveForTests, startServer } from "../helpers/server.js";
import { get } from "./support.js";

const server = serveForTests();

describe("health and readiness", () => {
  it("/healthz and /readyz answer ok", async () => {
    for (const path of ["/healthz", "/readyz"]) {
      const answer = await get(server.url, path);
      assert.equal(answer.status, 200, path);
      assert.deepEqual(answer.body, { success: true, status: "ok" });
    }
  });

  it("/readyz turns 503 once shutdown has begun", async () => {
    const other = await startServer();
    try {
      other.app.readiness.startShutdown();
      const answer = await get(other.url, "/readyz");
      assert.equal(answer.status, 503);
      assert.deepEqual(answer.body, { success: false, status: "shutting down" });
      assert.equal(answer.headers.get("connection"), "close");
    } finally {
      await other.close();
    }
  });
});

describe("/metrics", () => {
  const series = (text: string, name: string, labels: string) =>
    Number(new RegExp(`^${name}\\{${labels.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\\} (\\S+)$`, "m").exec(text)?.[1] ?? NaN);

  it("counts requests by route, method and status, with a latency histogram and process metrics", async () => {
    const before = (await get(server.url, "/metrics")).text;
    await get(server.url, "/api/v1/encode", { text: "SOS" });
    await get(server.url, "/api/v1/encode", { text: "#" });
    await get(server.url, "/api/v1/nope");
    const response = await fetch(`${server.url}/metrics`);
    assert.match(response.headers.get("content-type") ?? "", /^text\/plain/);
    const text = await response.text();
    const count = (labels: string) => (series(text, "ditdah_http_requests_total", labels) || 0) - (series(before, "ditdah_http_requests_total", labels) || 0);
    assert.equal(count('route="/api/v1/encode",method="GET",status="200"'), 1);
    assert.equal(count('route="/api/v1/encode",method="GET",status="400"'), 1);
    assert.equal(count('route="unmatched",method="GET",status="404"'), 1);
    const histogram = series(text, "ditdah_http_request_duration_seconds_count", 'route="/api/v1/encode",method="GET"');
    assert.ok(histogram >= 2, `histogram count ${histogram}`);
    assert.equal(series(text, "ditdah_http_request_duration_seconds_bucket", 'le="+Inf",route="/api/v1/encode",method="GET"'), histogram);
    assert.match(text, /^ditdah_rate_limit_store_up 1$/m);
    assert.match(text, /^ditdah_rate_limit_store_errors_total 0$/m);
    assert.match(text, /^process_cpu_user_seconds_total /m);
  });
});

describe("the OpenAPI document and the docs page", () => {
  it("is OpenAPI 3.1 and lists every endpoint, method and parameter", async () => {
    const { status, body: doc } = await get(server.url, "/api/v1/openapi.json");
    assert.equal(status, 200);
    assert.equal(doc.openapi, "3.1.0");
    const parameters = (path: string, method: string) => (doc.paths[path][method].parameters ?? []).map((p: { name: string }) => p.name).sort();
    const bodyFields = (path: string) => Object.keys(doc.paths[path].post.requestBody.content["application/json"].schema.properties).sort();
    assert.deepEqual(parameters("/api/v1/encode", "get"), ["alphabet", "dashChar", "dotChar", "separator", "text"]);
    assert.deepEqual(bodyFields("/api/v1/encode"), ["alphabet", "dashChar", "dotChar", "separator", "text"]);
    assert.deepEqual(parameters("/api/v1/decode", "get"), ["alphabet", "dashChar", "dotChar", "morse", "separator"]);
    assert.deepEqual(bodyFields("/api/v1/decode"), ["alphabet", "dashChar", "dotChar", "morse", "separator"]);
    assert.deepEqual(parameters("/api/v1/audio", "get"), ["alphabet", "frequency", "fwpm", "text", "wpm"]);
    assert.deepEqual(parameters("/api/v1/audio.wav", "get"), ["alphabet", "frequency", "fwpm", "sampleRate", "text", "wpm"]);
    assert.deepEqual(bodyFields("/api/v1/audio.wav"), ["alphabet", "frequency", "fwpm", "sampleRate", "text", "wpm"]);
    assert.deepEqual(parameters("/api/v1/audio.mp3", "get"), ["alphabet", "bitrate", "frequency", "fwpm", "sampleRate", "text", "wpm"]);
    assert.deepEqual(bodyFields("/api/v1/audio.mp3"), ["alphabet", "bitrate", "frequency", "fwpm", "sampleRate", "text", "wpm"]);
    assert.deepEqual(parameters("/api/v1/decode-audio", "post"), ["alphabet", "frequency", "signals", "wpm"]);
    assert.deepEqual(Object.keys(doc.paths["/api/v1/decode-audio"].post.requestBody.content).sort(), [
      "application/octet-stream",
      "audio/flac",
      "audio/mpeg",
      "audio/ogg",
      "audio/opus",
      "audio/wav",
      "audio/wave",
      "audio/x-flac",
      "audio/x-wav",
    ]);
    assert.deepEqual(parameters("/api/v1/spots", "post"), ["alphabet", "dial", "reporter", "sideband"]);
    assert.deepEqual(
      Object.keys(doc.paths["/api/v1/spots"].post.requestBody.content).sort(),
      Object.keys(doc.paths["/api/v1/decode-audio"].post.requestBody.content).sort(),
    );
    assert.deepEqual(parameters("/api/v1/chart", "get"), ["alphabet"]);
    assert.ok(doc.paths["/api/v1/alphabets"].get);
    const alphabet = doc.paths["/api/v1/chart"].get.parameters[0].schema;
    assert.deepEqual([alphabet.enum[0], alphabet.default], ["latin", "latin"]);
    assert.equal(alphabet.enum.at(-1), "american");
    // encode, the audio endpoints and decode take every alphabet, American Morse too; decode-audio every one but American.
    const enumOf = (path: string, method: string) => doc.paths[path][method].parameters.find((p: { name: string }) => p.name === "alphabet").schema.enum;
    for (const path of ["/api/v1/encode", "/api/v1/audio", "/api/v1/audio.wav", "/api/v1/audio.mp3"])
      assert.deepEqual(enumOf(path, "get"), enumOf("/api/v1/decode", "get"), path);
    assert.equal(enumOf("/api/v1/decode", "get").at(-1), "american");
    assert.ok(enumOf("/api/v1/encode", "get").includes("persian"));
    assert.ok(!enumOf("/api/v1/decode-audio", "post").includes("american"));
    for (const path of ["/healthz", "/readyz", "/metrics"]) assert.ok(doc.paths[path].get, path);
    const encode = doc.paths["/api/v1/encode"].get.responses;
    assert.deepEqual(Object.keys(encode).sort(), ["200", "4XX", "5XX"]);
    assert.ok(doc.paths["/api/v1/audio.wav"].get.responses["200"].content["audio/wav"]);
    assert.ok(doc.paths["/api/v1/audio.mp3"].get.responses["200"].content["audio/mpeg"]);
    const mp3 = (name: string) => doc.paths["/api/v1/audio.mp3"].get.parameters.find((p: { name: string }) => p.name === name).schema;
    assert.deepEqual([mp3("bitrate").enum, mp3("bitrate").default], [[32, 40, 48, 64], 32]);
    assert.deepEqual([mp3("sampleRate").enum, mp3("sampleRate").default], [[8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000], 8000]);
    const wpm = doc.paths["/api/v1/audio"].get.parameters.find((p: { name: string }) => p.name === "wpm");
    assert.deepEqual([wpm.schema.minimum, wpm.schema.maximum, wpm.schema.default], [5, 50, 20]);
  });

  it("has package.json's version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    assert.equal(doc.info.version, version);
  });

  it("declares the tags Morse, Audio and Operations, and puts every operation under exactly one", async () => {
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    const declared = doc.tags.map((tag: { name: string }) => tag.name);
    assert.deepEqual(declared, ["Morse", "Audio", "Operations"]);
    for (const tag of doc.tags) assert.ok(typeof tag.description === "string" && tag.description.length > 0, tag.name);
    // Written out here, not read from the server, so that an operation moved to another group fails.
    const expected: Record<string, string> = {
      "/api/v1/encode": "Morse",
      "/api/v1/decode": "Morse",
      "/api/v1/chart": "Morse",
      "/api/v1/alphabets": "Morse",
      "/api/v1/audio": "Morse",
      "/api/v1/audio.wav": "Audio",
      "/api/v1/audio.mp3": "Audio",
      "/api/v1/decode-audio": "Audio",
      "/api/v1/spots": "Audio",
      "/api/v1/listen": "Audio",
      "/healthz": "Operations",
      "/readyz": "Operations",
      "/metrics": "Operations",
      "/api/v1/openapi.json": "Operations",
    };
    assert.deepEqual(Object.keys(doc.paths).sort(), Object.keys(expected).sort());
    for (const [path, operations] of Object.entries<Record<string, { tags?: string[] }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        assert.deepEqual(operation.tags, [expected[path]], `${method} ${path}`);
      }
    }
  });

  it("the docs page is served from the server itself, no CDN", async () => {
    const response = await fetch(`${server.url}/docs/`);
    const html = await response.text();
    assert.equal(response.status, 200);
    assert.match(html, /swagger-ui/i);
    assert.doesNotMatch(html, /https?:\/\/(?!localhost|127\.0\.0\.1)[^"']*\.(js|css)/);
    const script = /src="([^"]+\.js)"/.exec(html)?.[1];
    assert.ok(script, "the page loads a script");
    // Read whole: a body left unread holds its connection, and the server's close waits for it.
    const served = await fetch(new URL(script!, `${server.url}/docs/`));
    assert.equal(served.status, 200);
    assert.ok((await served.arrayBuffer()).byteLength > 0);
  });
});
