/**
 * A thread of live decoding (live-pool.ts): the listeners of many streams, each fed the
 * chunks its stream's socket received, off the thread that answers requests. Every message
 * is answered with what it decided and how long it took, so that the pool knows how busy
 * the thread is.
 */
import { parentPort } from "node:worker_threads";
import { createListener, type Listener, type ListenerOptions, type ListenEvent, type ListenSummary } from "../audio/index.js";

export type ToWorker =
  | { kind: "open"; id: number; options: ListenerOptions }
  | { kind: "push"; id: number; samples: Int16Array | Float32Array }
  | { kind: "flush"; id: number }
  | { kind: "drop"; id: number };

/** A stream's listener's answer to a message; `busted`, where it spots, the calls it has left out as busted so far. */
type Answer = { id: number } & (
  | { kind: "events"; events: ListenEvent[]; busted?: number }
  | { kind: "end"; events: ListenEvent[]; summary: ListenSummary; busted?: number }
  | { kind: "failed"; message: string }
);

/** An answer, and how long the message took to handle, ms. */
export type FromWorker = Answer & { busyMs: number };

const listeners = new Map<number, Listener>();

/** What a message makes of its stream's listener: its answer, without the time it took. */
function handle(message: ToWorker): Answer | undefined {
  const { id } = message;
  switch (message.kind) {
    case "open":
      listeners.set(id, createListener(message.options));
      return undefined;
    case "push": {
      const listener = listeners.get(id);
      return { id, kind: "events", events: listener?.push(message.samples) ?? [], busted: listener?.busted };
    }
    case "flush": {
      const listener = listeners.get(id);
      listeners.delete(id);
      return listener ? { id, kind: "end", ...listener.flush(), busted: listener.busted } : { id, kind: "failed", message: "no such stream" };
    }
    case "drop":
      listeners.delete(id);
      return undefined;
  }
}

parentPort?.on("message", (message: ToWorker) => {
  const started = performance.now();
  let answer: Answer | undefined;
  try {
    answer = handle(message);
  } catch (error) {
    listeners.delete(message.id);
    answer = { id: message.id, kind: "failed", message: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  if (answer) parentPort?.postMessage({ ...answer, busyMs: performance.now() - started } as FromWorker);
});
