/**
 * The threads that decode live streams (live-worker.ts), so that a stream's decoding never
 * holds up the thread that answers requests: health checks, metrics and every other
 * request are answered however many streams are open. A stream is placed on the thread
 * least busy of late; while every thread is busier than LIVE_POOL.admitBelow of its time,
 * no new stream is taken (the caller refuses it), rather than slowing every stream open.
 */
import { Worker } from "node:worker_threads";
import type { ListenerOptions } from "../audio/index.js";
import { LIVE_POOL } from "./limits.js";
import type { FromWorker, ToWorker } from "./live-worker.js";

/**
 * A thread running live-worker: built, the .js beside this file; under tsx (tests,
 * development), the TypeScript source, imported by a one-line script once it has
 * registered tsx's hooks in the thread (a thread does not take the process's).
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith(".js")) return new Worker(new URL("./live-worker.js", import.meta.url));
  const [tsx, source] = [import.meta.resolve("tsx/esm/api"), new URL("./live-worker.ts", import.meta.url).href].map((url) => JSON.stringify(url));
  return new Worker(`import(${tsx}).then(({ register }) => { register(); return import(${source}); })`, { eval: true });
}

/** How busy a thread has been: the time its messages took, over a sliding window. */
class Busy {
  private readonly spans: { at: number; ms: number }[] = [];

  add(ms: number): void {
    this.spans.push({ at: performance.now(), ms });
  }

  /** The share of the last LIVE_POOL.windowMs spent decoding. */
  share(): number {
    const since = performance.now() - LIVE_POOL.windowMs;
    while (this.spans.length > 0 && this.spans[0]!.at < since) this.spans.shift();
    return this.spans.reduce((sum, s) => sum + s.ms, 0) / LIVE_POOL.windowMs;
  }
}

interface Thread {
  worker: Worker;
  busy: Busy;
  /** Each stream's audio received and not yet decoded, ms. */
  behind: Map<number, number>;
}

/** What a stream hears from its thread. */
export type StreamAnswer = FromWorker;

/** One stream's line to its thread. */
export interface RemoteListener {
  push(samples: Int16Array | Float32Array): void;
  flush(): void;
  drop(): void;
  /** Says how much of the stream's audio, ms, waits to be decoded. */
  behind(ms: number): void;
}

export class LivePool {
  private readonly threads: Thread[] = [];
  private readonly handlers = new Map<number, (answer: StreamAnswer) => void>();
  private nextId = 0;

  constructor(private readonly size: number) {}

  /** Whether a new stream would slow the open ones: every thread busy and behind. */
  get full(): boolean {
    const behind = (t: Thread) => [...t.behind.values()].reduce((a, b) => a + b, 0) > LIVE_POOL.behindMs;
    return this.threads.length === this.size && this.threads.every((t) => t.busy.share() >= LIVE_POOL.admitBelow && behind(t));
  }

  /** Opens a stream's listener on the thread least busy; its answers go to `heard`. */
  open(options: ListenerOptions, heard: (answer: StreamAnswer) => void): RemoteListener {
    const thread = this.leastBusy();
    const id = this.nextId++;
    this.handlers.set(id, heard);
    thread.behind.set(id, 0);
    const post = (message: ToWorker, transfer: ArrayBuffer[] = []) => thread.worker.postMessage(message, transfer);
    post({ kind: "open", id, options });
    return {
      push: (samples) => post({ kind: "push", id, samples }, [samples.buffer as ArrayBuffer]),
      flush: () => post({ kind: "flush", id }),
      drop: () => {
        post({ kind: "drop", id });
        this.leave(thread, id);
      },
      behind: (ms) => {
        if (thread.behind.has(id)) thread.behind.set(id, ms);
      },
    };
  }

  /** Ends every thread. */
  async close(): Promise<void> {
    await Promise.all([...this.threads].map((t) => t.worker.terminate()));
  }

  /** A stream's answers are no longer wanted. */
  private leave(thread: Thread, id: number): void {
    this.handlers.delete(id);
    thread.behind.delete(id);
  }

  private leastBusy(): Thread {
    if (this.threads.length < this.size) return this.start();
    const load = (t: Thread) => t.busy.share() + t.behind.size / 1e6;
    return this.threads.reduce((a, b) => (load(b) < load(a) ? b : a));
  }

  private start(): Thread {
    const thread: Thread = { worker: startWorker(), busy: new Busy(), behind: new Map() };
    thread.worker.on("message", (answer: StreamAnswer) => {
      thread.busy.add(answer.busyMs);
      this.handlers.get(answer.id)?.(answer);
      if (answer.kind !== "events") this.leave(thread, answer.id);
    });
    // A thread that dies (out of memory, a bug) fails its streams, saying why; the next stream starts another.
    let why = "";
    thread.worker.on("error", (error) => {
      why = `: ${error.stack ?? error.message}`;
    });
    thread.worker.once("exit", (code) => {
      this.threads.splice(this.threads.indexOf(thread), 1);
      for (const id of [...thread.behind.keys()]) {
        this.handlers.get(id)?.({ id, kind: "failed", message: `the decoding thread ended (exit code ${code})${why}`, busyMs: 0 });
        this.leave(thread, id);
      }
    });
    // A thread does not stop while the process runs: its streams' sockets keep the process alive.
    thread.worker.unref();
    this.threads.push(thread);
    return thread;
  }
}
