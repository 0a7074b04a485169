/** One real-time stream through our server's GET /api/v1/listen with spots=1: its spot events, each with when it came (performance.now()). */
import WebSocket from "ws";
import { startOurServer } from "./server.js";
import { stopServer } from "./process.js";

/** 100 ms of audio a frame, each sent when its audio has "happened": the wall clock runs with the stream. */
const FRAME_MS = 100;

export async function realTimeSpots(
  samples: Float32Array,
  sampleRate: number,
  dial: number,
): Promise<{ spots: { call: string; receivedAt: number }[]; startedAt: number }> {
  const server = await startOurServer();
  try {
    const pcm = Buffer.from(Int16Array.from(samples, (x) => Math.round(x * 32767)).buffer);
    const url = `${server.baseUrl.replace(/^http/, "ws")}/api/v1/listen?sampleRate=${sampleRate}&signals=all&spots=1&dial=${dial}`;
    return await new Promise((resolve, reject) => {
      const ws = new WebSocket(url);
      const spots: { call: string; receivedAt: number }[] = [];
      let startedAt = 0;
      ws.on("error", reject);
      ws.on("message", (data) => {
        const event = JSON.parse(data.toString());
        if (event.type === "spot") spots.push({ call: event.call, receivedAt: performance.now() });
      });
      ws.on("close", () => resolve({ spots, startedAt }));
      ws.on("open", () => {
        startedAt = performance.now();
        const frameBytes = (2 * sampleRate * FRAME_MS) / 1000;
        let at = 0;
        const next = () => {
          if (at >= pcm.length) return ws.send(Buffer.alloc(0));
          ws.send(pcm.subarray(at, at + frameBytes));
          at += frameBytes;
          // The frame holding audio up to t is sent at t: its end.
          setTimeout(next, Math.max(0, startedAt + (at / 2 / sampleRate) * 1000 - performance.now()));
        };
        setTimeout(next, FRAME_MS);
      });
    });
  } finally {
    await stopServer(server);
  }
}
