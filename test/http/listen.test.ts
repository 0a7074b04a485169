import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { timeline } from "../../src/core/index.js";
import { record, type Channel } from "../fixtures/simulator.js";
import { recordBand } from "../fixtures/band.js";
import { rng } from "../fixtures/random.js";
import { frames, refusedUpgrade, type Session, stream, wsUrl } from "../helpers/listen-client.js";
import { serveForTests, startServer } from "../helpers/server.js";
import { freePorts, httpGet, parseMetrics, startInstance, stopAll } from "../helpers/processes.js";

const RATE = 8000;
const CHANNEL: Channel = { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 15, padS: 0.6 };
const TEXT = "CQ CQ DE W1AW W1AW K";
const samples = record(timeline(TEXT, { wpm: 22 }), CHANNEL, RATE, rng(3));
const s16 = Buffer.from(Int16Array.from(samples, (x) => Math.round(x * 32767)).buffer);

const reasonOf = (session: Session) => JSON.parse(session.reason) as { success: boolean; code: string; error: string };

describe("GET /api/v1/listen (WebSocket)", () => {
  const server = serveForTests();

  it("with alphabet, writes each character and the whole text in that alphabet", async () => {
    const greek = record(timeline("ΑΒΓ ΔΕ ΑΒΓ", { wpm: 22 }), CHANNEL, RATE, rng(4));
    const pcm = Buffer.from(Int16Array.from(greek, (x) => Math.round(x * 32767)).buffer);
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&alphabet=greek`), frames(pcm, 1600));
    assert.equal(session.code, 1000);
    assert.equal(
      session.events
        .filter((e) => e.type === "character")
        .map((e) => e.text)
        .join(""),
      "ΑΒΓΔΕΑΒΓ",
    );
    assert.equal(session.events.at(-1)!.output, "ΑΒΓ ΔΕ ΑΒΓ");
    const bad = await refusedUpgrade(wsUrl(server.url, `sampleRate=${RATE}&alphabet=elvish`));
    assert.equal(bad.status, 400);
    assert.match(String(bad.body.error), /^Parameter alphabet must be one of latin, /);
  });

  it("reads PCM as it comes, one JSON event per frame, and ends with the whole text and a 1000 close", async () => {
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}`), frames(s16, 1600));
    assert.equal(session.code, 1000);
    const characters = session.events.filter((e) => e.type === "character");
    assert.equal(characters.map((e) => e.text).join(""), TEXT.replaceAll(" ", ""));
    for (const e of characters) for (const key of ["index", "morse", "startMs", "endMs", "emittedAtMs", "frequency", "wpm"]) assert.ok(key in e, key);
    const durationMs = (1000 * samples.length) / RATE;
    assert.ok(characters.filter((e) => (e.emittedAtMs as number) < durationMs - 1000).length >= characters.length - 3, "decided as the audio came");
    assert.equal(session.events.filter((e) => e.type === "space").length, 5);
    const end = session.events[session.events.length - 1]!;
    assert.deepEqual({ type: end.type, output: end.output }, { type: "end", output: TEXT });
    assert.ok(Math.abs((end.frequency as number) - 700) <= 5);
    assert.ok(session.events.some((e) => e.type === "signal" && e.state === "found"));
  });

  it("with signals=all, tags every event with its signal and ends with every signal's text", async () => {
    const sent = [
      { text: "CQ CQ DE W1AW K", wpm: 20, frequency: 600, snrDb: 10, startS: 0.5 },
      { text: "TEST DL1ABC", wpm: 25, frequency: 1500, snrDb: 8, startS: 1 },
    ];
    const band = recordBand({ signals: sent, durationS: 12, sampleRate: RATE, noiseSeed: 4 });
    const pcm = Buffer.from(Int16Array.from(band, (x) => Math.round(x * 32767)).buffer);
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all`), frames(pcm, 1600));
    assert.equal(session.code, 1000);
    const end = session.events.at(-1)!;
    assert.equal(end.type, "end");
    const signals = end.signals as { signal: number; frequency: number; output: string }[];
    assert.deepEqual(
      signals.map((s) => s.output),
      sent.map((s) => s.text),
    );
    for (const e of session.events.slice(0, -1)) {
      assert.equal(typeof e.signal, "number", JSON.stringify(e));
      assert.equal(typeof e.frequency, "number", JSON.stringify(e));
    }
    for (const s of signals) {
      const own = session.events.filter((e) => e.type === "character" && e.signal === s.signal);
      assert.equal(own.map((e) => e.text).join(""), s.output.replaceAll(" ", ""));
    }
    const bad = await fetch(`${server.url}/api/v1/listen?sampleRate=8000&signals=some`);
    assert.equal(bad.status, 400);
  });

  it("ends with durationMs to the microsecond, signals=all too", async () => {
    // At 11025 samples a second, a length in ms that a float writes in 17 digits.
    const odd = record(timeline("E", { wpm: 20 }), { ...CHANNEL, padS: 0.3 }, 11025, rng(5));
    const exact = (1000 * odd.length) / 11025;
    assert.notEqual(exact, Math.round(exact * 1000) / 1000);
    const pcm = Buffer.from(Int16Array.from(odd, (x) => Math.round(x * 32767)).buffer);
    for (const query of ["sampleRate=11025", "sampleRate=11025&signals=all"]) {
      const end = (await stream(wsUrl(server.url, query), frames(pcm, 2 * 1103))).events.at(-1)!;
      assert.deepEqual([end.type, end.durationMs], ["end", Math.round(exact * 1000) / 1000], query);
    }
  });

  it("takes f32le too", async () => {
    const f32 = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&format=f32le&wpm=22`), frames(f32, 4000));
    assert.equal(session.events.at(-1)!.output, TEXT);
  });

  it("refuses a bad query with a 400 in JSON before the upgrade, and a plain GET with a 426", async () => {
    for (const query of ["", "sampleRate=1000", "sampleRate=8000&format=u8", "sampleRate=8000&wpm=500", "sampleRate=abc"]) {
      const { status, body } = await refusedUpgrade(wsUrl(server.url, query));
      assert.equal(status, 400, query);
      assert.equal(body.success, false);
      assert.match(String(body.code), /MISSING_PARAMETER|INVALID_OPTION|INVALID_PARAMETER/, query);
      if (query.includes("format")) assert.match(String(body.error), /s16le.*f32le/, "a wrong format is told the formats there are");
    }
    const plain = await httpGet(`${server.url}/api/v1/listen?sampleRate=8000`);
    assert.equal(plain.status, 426);
    assert.equal(JSON.parse(plain.text).code, "UPGRADE_REQUIRED");
  });

  it("closes on a text frame or broken samples with 1003, and on a frame over 1 MiB with 1009, each with a JSON reason", async () => {
    const text = await stream(wsUrl(server.url, `sampleRate=${RATE}`), ["hello"], { end: false });
    assert.equal(text.code, 1003);
    assert.equal(reasonOf(text).code, "BAD_FRAME");
    const odd = await stream(wsUrl(server.url, `sampleRate=${RATE}`), [Buffer.alloc(3)], { end: false });
    assert.equal(odd.code, 1003);
    assert.match(reasonOf(odd).error, /whole samples/);
    const f32 = await stream(wsUrl(server.url, `sampleRate=${RATE}&format=f32le`), [Buffer.alloc(6)], { end: false });
    assert.equal(f32.code, 1003);
    const big = await stream(wsUrl(server.url, `sampleRate=${RATE}`), [Buffer.alloc(1024 * 1024 + 2)], { end: false });
    assert.equal(big.code, 1009);
    assert.equal(reasonOf(big).code, "FRAME_TOO_LARGE");
    // Far over the limit, the frame is refused by ws itself, before it is read: the same JSON reason.
    const huge = await stream(wsUrl(server.url, `sampleRate=${RATE}`), [Buffer.alloc(3 * 1024 * 1024)], { end: false });
    assert.equal(huge.code, 1009);
    assert.equal(reasonOf(huge).code, "FRAME_TOO_LARGE");
    // A frame with a reserved opcode (3) breaks the protocol: 1002, with a JSON reason too.
    const broken = await stream(wsUrl(server.url, `sampleRate=${RATE}`), [], {
      end: false,
      onOpen: (ws) => (ws as unknown as { _socket: import("node:net").Socket })._socket.write(Buffer.from([0x83, 0x80, 1, 2, 3, 4])),
    });
    assert.equal(broken.code, 1002);
    assert.equal(reasonOf(broken).code, "MALFORMED_FRAME");
    // The server still serves.
    assert.equal((await httpGet(`${server.url}/healthz`)).status, 200);
  });

  it("slows a client that sends faster than 20 times real time, rather than buffering its audio", async () => {
    // 130 s of silence in 1 MiB frames: 10 s may come at once, the other 120 s take 6 s at 20x.
    const silence = Buffer.alloc(130 * RATE * 4);
    const started = performance.now();
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&format=f32le`), frames(silence, 1024 * 1024));
    const elapsed = performance.now() - started;
    assert.equal(session.code, 1000);
    assert.equal(session.events.at(-1)!.durationMs, 130_000);
    assert.ok(elapsed >= 5_500, `${elapsed} ms`);
  });

  it("counts open streams, the audio decoded and the latency of its characters in /metrics", async () => {
    await stream(wsUrl(server.url, `sampleRate=${RATE}`), frames(s16, 8000));
    const metrics = parseMetrics((await httpGet(`${server.url}/metrics`)).text);
    const value = (name: string) => metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    assert.equal(value("ditdah_live_streams"), 0);
    assert.ok(value("ditdah_live_audio_seconds_total") >= samples.length / RATE);
    assert.ok(value("ditdah_live_character_latency_seconds_count") >= 15);
  });

  it("closes a stream idle for 30 s", { timeout: 40_000 }, async () => {
    const started = performance.now();
    const idle = await stream(wsUrl(server.url, `sampleRate=${RATE}`), [s16.subarray(0, 1600)], { end: false });
    assert.equal(idle.code, 1000);
    assert.equal(reasonOf(idle).code, "IDLE");
    assert.ok(performance.now() - started >= 29_000);
  });
});

describe("live streams and the rest of the service", () => {
  after(stopAll);

  it("counts each stream opened against the rate limit, and each minute of its audio", { timeout: 30_000 }, async () => {
    const limited = await startServer({ rateLimit: { enforce: true, quota: 3, windowSeconds: 60 } });
    try {
      for (let i = 0; i < 2; i++) assert.equal((await stream(wsUrl(limited.url, `sampleRate=${RATE}`), [])).code, 1000);
      // The third stream is the quota's last request; its first minute of audio goes over.
      const minutes = Buffer.alloc(2 * 60 * RATE * 2);
      const over = await stream(wsUrl(limited.url, `sampleRate=${RATE}`), frames(minutes, 64_000), { end: false });
      assert.equal(over.code, 1008);
      assert.equal(reasonOf(over).code, "RATE_LIMITED");
      const { status, body } = await refusedUpgrade(wsUrl(limited.url, `sampleRate=${RATE}`));
      assert.equal(status, 429);
      assert.equal(body.code, "RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });

  it("on SIGTERM, sends an open stream its last events and closes it with 1001 before exiting", { timeout: 40_000 }, async () => {
    const [port] = await freePorts(1);
    const instance = await startInstance(port!, {});
    const session = stream(wsUrl(instance.url, `sampleRate=${RATE}`), frames(s16, 1600), {
      end: false,
      // Signalled once most of the text is read, not after a fixed time: a stream's audio is read
      // for at most 3 s after the signal, and on a loaded machine more than 3 s of it was left.
      onOpen: (ws) => {
        let characters = 0;
        ws.on("message", (data) => {
          if (JSON.parse(String(data)).type === "character" && ++characters === 12) instance.process.signal("SIGTERM");
        });
      },
    });
    const { code, events, reason } = await session;
    assert.equal(code, 1001);
    assert.equal(JSON.parse(reason).code, "SHUTTING_DOWN");
    const end = events.at(-1)!;
    assert.equal(end.type, "end");
    assert.equal(end.output, TEXT);
    const exit = await instance.process.exitWithin(10_000);
    assert.deepEqual(exit, { code: 0, signal: null });
  });
});
