/**
 * Live streams under load, over real sockets: decoding is done on threads of its own, so
 * the thread that answers requests stays free however many streams decode; a stream the
 * decoders have no room for is refused before its upgrade; a stream whose decoding is
 * behind gets its end event however long its client has been silent; SIGTERM is answered
 * at once and the process is gone within its 10 s grace.
 */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import WebSocket from "ws";
import { recordBand, type BandSignal } from "../fixtures/band.js";
import { freePorts, httpGet, parseMetrics, startInstance, stopAll, waitFor } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";

const RATE = 8000;

/** `seconds` of a band of four stations calling again and again, as s16le: costly to read with signals=all. */
function band(seconds: number): Buffer {
  const signals: BandSignal[] = [];
  for (let k = 0; k < 4; k++) {
    for (let startS = k; startS < seconds - 8; startS += 9)
      signals.push({ text: "CQ CQ DE W1AW K", wpm: 18 + 4 * k, frequency: 500 + 400 * k, snrDb: 8, startS });
  }
  const samples = recordBand({ signals, durationS: seconds, sampleRate: RATE, noiseSeed: 7 });
  return Buffer.from(Int16Array.from(samples, (x) => Math.round(x * 32767)).buffer);
}

const wsUrl = (base: string, query: string) => `${base.replace(/^http/, "ws")}/api/v1/listen?${query}`;

interface Session {
  events: Record<string, unknown>[];
  code: number;
  reason: string;
}

/** Opens a stream and sends `pcm` at once in 1 MiB frames (then the empty frame that ends it, if `end`); resolves at its close. */
function stream(url: string, pcm: Buffer, end: boolean, onOpen?: (ws: WebSocket) => void): Promise<Session> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: Record<string, unknown>[] = [];
    ws.on("unexpected-response", (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
    ws.on("error", reject);
    ws.on("message", (data) => events.push(JSON.parse(data.toString())));
    ws.on("close", (code, reason) => resolve({ events, code, reason: reason.toString() }));
    ws.on("open", () => {
      for (let at = 0; at < pcm.length; at += 1024 * 1024) ws.send(pcm.subarray(at, at + 1024 * 1024));
      if (end) ws.send(Buffer.alloc(0));
      onOpen?.(ws);
    });
  });
}

/** The answer to an upgrade: its HTTP status and JSON body when refused, or "upgraded". */
function upgrade(url: string): Promise<{ status: number; body?: Record<string, unknown>; retryAfter?: string } | "upgraded"> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    ws.on("open", () => {
      ws.close();
      resolve("upgraded");
    });
    ws.on("error", () => undefined);
    ws.on("unexpected-response", (_request, response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text), retryAfter: response.headers["retry-after"] }));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The streams open, by the /metrics `text` of a server. */
const liveStreams = (text: string) => parseMetrics(text).find((m) => m.name === "ditdah_live_streams")?.value;

/** Resolves once the server at `url` has `count` streams open. */
const untilOpen = (url: string, count: number) =>
  waitFor(`${count} open streams`, async () => (liveStreams((await httpGet(`${url}/metrics`)).text) === count ? true : undefined), 20_000, 50);

describe("live streams under load", () => {
  const server = serveForTests({ liveThreads: 1 });

  it("answers /healthz and /metrics within a second while three signals=all streams decode as fast as they may", { timeout: 120_000 }, async () => {
    const pcm = band(60);
    const sockets: WebSocket[] = [];
    const sessions = [0, 1, 2].map(() => stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all`), pcm, false, (ws) => sockets.push(ws)));
    await untilOpen(server.url, 3);
    let slowest = 0;
    for (let k = 0; k < 20; k++) {
      for (const path of ["/healthz", "/metrics"]) {
        const started = performance.now();
        const answer = await httpGet(`${server.url}${path}`);
        slowest = Math.max(slowest, performance.now() - started);
        assert.equal(answer.status, 200);
        // The streams are all there, decoding, the whole time.
        if (path === "/metrics") assert.equal(liveStreams(answer.text), 3);
      }
      await sleep(100);
    }
    for (const ws of sockets) ws.terminate();
    await Promise.allSettled(sessions);
    assert.ok(slowest < 1000, `the slowest answer took ${slowest.toFixed(0)} ms`);
  });

  it("refuses a stream while the decoders are full and behind, with a JSON 503 and Retry-After, and takes one again once they are not", {
    timeout: 120_000,
  }, async () => {
    const sockets: WebSocket[] = [];
    const heavy = stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all`), band(120), false, (ws) => sockets.push(ws));
    const query = `sampleRate=${RATE}`;
    let refused: Awaited<ReturnType<typeof upgrade>> = "upgraded";
    for (let k = 0; k < 100 && refused === "upgraded"; k++) {
      await sleep(200);
      refused = await upgrade(wsUrl(server.url, query));
    }
    assert.ok(refused !== "upgraded", "never refused");
    assert.equal(refused.status, 503);
    assert.deepEqual(refused.body, { success: false, error: "The live decoders are at capacity: try again in a few seconds", code: "BUSY" });
    assert.equal(refused.retryAfter, "2");
    for (const ws of sockets) ws.terminate();
    await heavy.catch(() => undefined);
    let again = await upgrade(wsUrl(server.url, query));
    for (let k = 0; k < 50 && again !== "upgraded"; k++) {
      await sleep(200);
      again = await upgrade(wsUrl(server.url, query));
    }
    assert.equal(again, "upgraded");
  });
});

describe("a stream whose decoding is behind", () => {
  const server = serveForTests({ liveThreads: 1, liveIdleMs: 1000 });

  it("gets its end event, however long its client has been silent (idle after 1 s here)", { timeout: 120_000 }, async () => {
    // 20 s of four stations, signals=all, on one thread: seconds of decoding after the client's last frame.
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all`), band(20), true);
    assert.equal(session.code, 1000, session.reason);
    const end = session.events.at(-1)!;
    assert.equal(end.type, "end");
    assert.equal(end.durationMs, 20_000);
  });

  it("is closed as idle when its client sends nothing, and has not ended its side", async () => {
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}`), band(2), false);
    assert.equal(session.code, 1000);
    assert.deepEqual(JSON.parse(session.reason), { success: false, error: "Nothing received for 1 s", code: "IDLE" });
  });

  it("reads on past a NaN or an infinity in a stream above 8 kHz, as silence", async () => {
    const rate = 16000;
    const samples = recordBand({
      signals: [{ text: "CQ CQ DE K1ABC K", wpm: 20, frequency: 700, snrDb: 15, startS: 0.5 }],
      durationS: 12,
      sampleRate: rate,
      noiseSeed: 3,
    });
    samples[rate] = Number.NaN;
    samples[2 * rate] = Number.POSITIVE_INFINITY;
    const session = await stream(wsUrl(server.url, `sampleRate=${rate}&format=f32le`), Buffer.from(samples.buffer), true);
    assert.equal(session.events.at(-1)!.output, "CQ CQ DE K1ABC K");
  });
});

describe("SIGTERM under live load", () => {
  after(stopAll);

  it("is answered at once: three signals=all streams get their end and a 1001, and the process is gone within 10 s", { timeout: 120_000 }, async () => {
    const [port] = await freePorts(1);
    const instance = await startInstance(port!, {});
    const pcm = band(60);
    const sessions = [0, 1, 2].map(() => stream(wsUrl(instance.url, `sampleRate=${RATE}&signals=all`), pcm, false));
    // Signalled once all three are open, each a minute of audio behind.
    await untilOpen(instance.url, 3);
    const signalled = performance.now();
    instance.process.signal("SIGTERM");
    const exited = await instance.process.exited;
    const tookMs = performance.now() - signalled;
    assert.equal(exited.code, 0, instance.process.describe());
    assert.ok(tookMs < 10_000, `exited ${tookMs.toFixed(0)} ms after SIGTERM`);
    for (const session of await Promise.all(sessions)) {
      assert.equal(session.code, 1001, session.reason);
      assert.equal(session.events.at(-1)!.type, "end");
    }
  });
});
