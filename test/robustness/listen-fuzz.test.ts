/**
 * Fuzzing the live stream (GET /api/v1/listen) over a real socket: random queries, and
 * random sequences of frames (binary of any length, text, empty, over 1 MiB). Every
 * upgrade refused is a JSON error under 500; every stream ends in a close with 1000, 1003
 * or 1009, a JSON reason with each refusal, and only JSON events before it; afterwards
 * the server still reads a known stream exactly.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import WebSocket from "ws";
import { renderWavChunks } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { serveForTests } from "../helpers/server.js";
import { fuzzRuns } from "../helpers/fuzz-runs.js";

const server = serveForTests();
const EVENT_TYPES = ["character", "correction", "space", "signal", "spot", "end"];

type Frame = { kind: "binary"; bytes: Uint8Array } | { kind: "text"; text: string } | { kind: "huge" };

interface Outcome {
  status?: number;
  body?: unknown;
  code?: number;
  reason?: string;
  events: Record<string, unknown>[];
}

function run(query: string, frames: Frame[], closeAfterMs = 300): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace(/^http/, "ws")}/api/v1/listen${query}`);
    const events: Record<string, unknown>[] = [];
    ws.on("unexpected-response", (request, response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => {
        request.destroy();
        resolve({ status: response.statusCode, body: JSON.parse(text), events });
      });
    });
    ws.on("error", () => undefined);
    ws.on("message", (data, isBinary) => {
      if (isBinary) reject(new Error("a binary frame from the server"));
      events.push(JSON.parse(data.toString()));
    });
    let closer: NodeJS.Timeout | undefined;
    ws.on("close", (code, reason) => {
      // A close timer left running would hold the process open for up to closeAfterMs after the tests.
      clearTimeout(closer);
      resolve({ code, reason: reason.toString(), events });
    });
    ws.on("open", () => {
      for (const frame of frames) {
        if (ws.readyState !== WebSocket.OPEN) return;
        if (frame.kind === "text") ws.send(frame.text);
        else ws.send(frame.kind === "huge" ? Buffer.alloc(1024 * 1024 + 4) : frame.bytes, { binary: true });
      }
      // Ended, or left to the server's checks; a stream still open is closed by the client.
      closer = setTimeout(() => ws.close(), closeAfterMs);
    });
  });
}

const frameArb: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 6, arbitrary: fc.uint8Array({ maxLength: 4000 }).map((bytes) => ({ kind: "binary" as const, bytes })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 50 }).map((text) => ({ kind: "text" as const, text })) },
  { weight: 1, arbitrary: fc.constant({ kind: "binary" as const, bytes: new Uint8Array(0) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "huge" as const }) },
);

const queryArb = fc.oneof(
  fc.constantFrom(
    "?sampleRate=8000",
    "?sampleRate=8000&format=f32le",
    "?sampleRate=44100&wpm=20&frequency=700",
    "?sampleRate=4000&format=s16le",
    "?sampleRate=8000&signals=all",
    "?sampleRate=8000&signals=all&spots=1&dial=14025",
    "?sampleRate=8000&signals=all&spots=1&dial=7030&sideband=lsb&reporter=K1ABC",
  ),
  fc.string({ maxLength: 40 }).map((s) => `?sampleRate=${encodeURIComponent(s)}`),
  fc
    .dictionary(fc.constantFrom("sampleRate", "format", "wpm", "frequency", "signals", "alphabet", "x"), fc.string({ maxLength: 8 }))
    .map((d) => `?${new URLSearchParams(d)}`),
  // The spots' parameters, each fuzzed beside the others given right, or missing.
  fc
    .record(
      {
        spots: fc.oneof(fc.constant("1"), fc.string({ maxLength: 4 })),
        dial: fc.oneof(fc.double({ min: -1e6, max: 1e6 }).map(String), fc.string({ maxLength: 8 })),
        sideband: fc.oneof(fc.constantFrom("usb", "lsb"), fc.string({ maxLength: 4 })),
        reporter: fc.oneof(fc.constantFrom("K1ABC", "dl/w1aw"), fc.string({ maxLength: 14 })),
        signals: fc.oneof(fc.constant("all"), fc.string({ maxLength: 4 })),
      },
      { requiredKeys: [] },
    )
    .map((d) => `?sampleRate=8000&${new URLSearchParams(d)}`),
);

describe("GET /api/v1/listen under fuzzing", () => {
  it("answers every query and every sequence of frames cleanly, and still reads a stream afterwards", { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, fc.array(frameArb, { maxLength: 8 }), async (query, frames) => {
        const outcome = await run(query, frames);
        if (outcome.status !== undefined) {
          assert.ok(outcome.status >= 400 && outcome.status < 500, `${query}: ${outcome.status}`);
          assert.equal((outcome.body as { success: boolean }).success, false);
          return;
        }
        assert.ok([1000, 1003, 1005, 1009].includes(outcome.code!), `close ${outcome.code}`);
        if (outcome.code === 1003 || outcome.code === 1009) assert.equal(JSON.parse(outcome.reason!).success, false);
        for (const e of outcome.events) assert.ok(EVENT_TYPES.includes(e.type as string), JSON.stringify(e));
      }),
      { numRuns: fuzzRuns(60) },
    );
    const wav = Buffer.concat([...renderWavChunks(timeline("TEST", { wpm: 20 }), { frequency: 600, sampleRate: 8000 })]);
    // Decoding runs on a worker thread, so the end can take longer than the fuzz runs' 300 ms.
    const good = await run(
      "?sampleRate=8000",
      [
        { kind: "binary", bytes: wav.subarray(44) },
        { kind: "binary", bytes: new Uint8Array(0) },
      ],
      30_000,
    );
    assert.equal(good.code, 1000);
    assert.equal(good.events.at(-1)?.output, "TEST");
  });
});
