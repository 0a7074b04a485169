/**
 * A pool of worker threads for decoding recordings (piscina): decoding takes CPU for
 * seconds on long files, and the request thread must keep answering everyone else.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { AudioHints } from "../audio/index.js";
import type { DecodeOutcome, DecodeTask, RecordingDecode } from "./decode-worker.js";
import { MorseError } from "../core/index.js";
import { busy } from "./errors.js";
import { DECODE_QUEUE } from "./limits.js";

function workerFile(): string {
  // Under tsx (tests, development) the worker is the TypeScript source; built, it is the .js beside this file.
  const built = import.meta.url.endsWith(".js");
  return new URL(`./decode-worker.${built ? "js" : "ts"}`, import.meta.url).href;
}

export class AudioDecoder {
  /** Started on the first recording: most instances never decode one. */
  private started?: Piscina;

  private get pool(): Piscina {
    this.started ??= new Piscina({
      filename: workerFile(),
      minThreads: 1,
      maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
      maxQueue: DECODE_QUEUE.max,
      idleTimeout: 60_000,
    });
    return this.started;
  }

  /** The Morse in a recording (of any format we read), declared as `mediaType`; with `signals` "all", every signal's too. */
  async decode(file: Buffer, mediaType: string, hints: AudioHints, signals?: "all"): Promise<RecordingDecode> {
    if (this.pool.queueSize >= DECODE_QUEUE.max) throw busy(DECODE_QUEUE.retryAfterSeconds);
    // A copy the worker can own: the request's Buffer may share a pooled ArrayBuffer.
    const bytes = new Uint8Array(file);
    const task: DecodeTask = { bytes, mediaType, hints, signals };
    const outcome = (await this.pool.run(task, { transferList: [bytes.buffer] })) as DecodeOutcome;
    if (!outcome.ok) throw new MorseError(outcome.code, outcome.message);
    return outcome.result;
  }

  async close(): Promise<void> {
    await this.started?.destroy();
  }
}
