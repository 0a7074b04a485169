/**
 * Clients that half-close: the request is written, then the client's sending side is shut
 * at once (socket.end(), as nc and simple HTTP/1.0 clients do). Every kind of route must
 * still answer in full, however late its answer is written: a static file (sent after an
 * fs.stat), the docs, a WAV streamed in many chunks, a recording decoded on a worker thread.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { renderWavChunks, timeline } from "../../src/index.js";
import { serveForTests } from "../helpers/server.js";
import { JSON_CONTENT_TYPE, type RawAnswer, rawSocket } from "./support.js";

const server = serveForTests();

const halfClosedGet = (path: string) => rawSocket(server.url, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);

/** A whole 200 answer: the status, the type, and as many body bytes as Content-Length says. */
function assertWhole(answer: RawAnswer, contentType: string | RegExp, context: string): void {
  assert.equal(answer.status, 200, `${context}: ${answer.status} ${answer.text.slice(0, 200)}`);
  const type = answer.headers.get("content-type") ?? "";
  if (typeof contentType === "string") assert.equal(type, contentType, context);
  else assert.match(type, contentType, context);
  assert.ok(answer.bytes.length > 0, context);
  assert.equal(answer.headers.get("content-length"), String(answer.bytes.length), context);
}

const webFile = (name: string) => readFileSync(new URL(`../../web/${name}`, import.meta.url));

/** The WAV the service renders for a text, at its default pitch (600 Hz). */
const wavOf = (text: string, wpm: number, sampleRate: number) => Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency: 600, sampleRate })]);

describe("a client that half-closes after its request", () => {
  it("gets a JSON endpoint's answer", async () => {
    const answer = await halfClosedGet("/api/v1/encode?text=SOS");
    assertWhole(answer, JSON_CONTENT_TYPE, "encode");
    assert.equal(answer.body.output, "... --- ...");
  });

  it("gets the playground's static files, each whole", async () => {
    for (const [path, file, type] of [
      ["/", "index.html", "text/html; charset=utf-8"],
      ["/build/page.js", "build/page.js", "application/javascript; charset=utf-8"],
      ["/playground.css", "playground.css", "text/css; charset=utf-8"],
      ["/styles/see.css", "styles/see.css", "text/css; charset=utf-8"],
      ["/styles/key.css", "styles/key.css", "text/css; charset=utf-8"],
      ["/styles/practice.css", "styles/practice.css", "text/css; charset=utf-8"],
    ] as const) {
      const answer = await halfClosedGet(path);
      assertWhole(answer, type, path);
      assert.deepEqual(answer.bytes, webFile(file), path);
    }
    // HTTP/1.0 without Connection: the connection closes after the answer by default.
    const old = await rawSocket(server.url, "GET /build/page.js HTTP/1.0\r\n\r\n");
    assertWhole(old, "application/javascript; charset=utf-8", "HTTP/1.0");
    assert.deepEqual(old.bytes, webFile("build/page.js"));
  });

  it("gets the docs page and its static files", async () => {
    const page = await halfClosedGet("/docs");
    assertWhole(page, "text/html; charset=utf-8", "/docs");
    assert.match(page.text, /swagger-ui/i);
    const style = await halfClosedGet("/docs/static/swagger-ui.css");
    assertWhole(style, /^text\/css/, "/docs/static/swagger-ui.css");
  });

  it("gets the OpenAPI document", async () => {
    const answer = await halfClosedGet("/api/v1/openapi.json");
    assertWhole(answer, JSON_CONTENT_TYPE, "openapi.json");
    assert.equal(answer.body.openapi, "3.1.0");
    assert.ok(answer.body.paths["/api/v1/encode"]);
  });

  it("gets a streamed WAV whole, short or longer than the socket buffers hold", async () => {
    // 36 MB: the first few MB fit the kernel's buffers before the server gives way to the
    // event loop and sees the client's end; the rest is written after it.
    const long = { text: "CQ CQ DE K1ABC ".repeat(10).trim(), wpm: 5, sampleRate: 48000 };
    for (const { text, wpm, sampleRate } of [{ text: "SOS", wpm: 20, sampleRate: 8000 }, long]) {
      const answer = await halfClosedGet(`/api/v1/audio.wav?text=${encodeURIComponent(text)}&wpm=${wpm}&sampleRate=${sampleRate}`);
      assertWhole(answer, "audio/wav", `${text.length} characters`);
      assert.ok(answer.bytes.equals(wavOf(text, wpm, sampleRate)), `${text.length} characters`);
    }
  });

  it("gets a recording decoded, its body sent before the end", async () => {
    const wav = wavOf("SOS", 20, 8000);
    const head = `POST /api/v1/decode-audio HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: audio/wav\r\nContent-Length: ${wav.length}\r\n\r\n`;
    const answer = await rawSocket(server.url, Buffer.concat([Buffer.from(head), wav]));
    assertWhole(answer, JSON_CONTENT_TYPE, "decode-audio");
    assert.equal(answer.body.output, "SOS");
  });
});
