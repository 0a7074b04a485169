/** A client of the live stream (GET /api/v1/listen), for tests: a session's events and close, or the refusal of its upgrade. */
import assert from "node:assert/strict";
import WebSocket from "ws";

export interface Session {
  events: Record<string, unknown>[];
  code: number;
  reason: string;
}

export function wsUrl(base: string, query: string): string {
  return `${base.replace(/^http/, "ws")}/api/v1/listen?${query}`;
}

/** Opens a stream, sends `frames` (then the empty frame that ends it, unless `end` is false), collects events until the close. */
export function stream(url: string, frames: (Buffer | string)[], options: { end?: boolean; onOpen?: (ws: WebSocket) => void } = {}): Promise<Session> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    const events: Record<string, unknown>[] = [];
    ws.on("unexpected-response", (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.on("error", reject);
    ws.on("message", (data, isBinary) => {
      assert.equal(isBinary, false);
      events.push(JSON.parse(data.toString()));
    });
    ws.on("close", (code, reason) => resolve({ events, code, reason: reason.toString() }));
    ws.on("open", () => {
      for (const frame of frames) ws.send(frame, { binary: typeof frame !== "string" });
      if (options.end !== false) ws.send(Buffer.alloc(0), { binary: true });
      options.onOpen?.(ws);
    });
  });
}

/** The HTTP answer to an upgrade that is refused before it happens. */
export function refusedUpgrade(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on("open", () => reject(new Error("upgraded")));
    ws.on("error", () => undefined);
    ws.on("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
  });
}

export function frames(bytes: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
  return out;
}
