/**
 * A pool of worker threads for decoding recordings (piscina): decoding takes CPU for
 * seconds on long files, and the request thread must keep answering everyone else.
 */
import { availableParallelism } from "node:os";
import { Piscina } from "piscina";
import type { AudioDecodeOptions, RecordingSpotOptions } from "../audio/index.js";
import type { DecodeOutcome, DecodeTask, RecordingDecode, RecordingSpots } from "./decode-worker.js";
import { MorseError } from "../core/index.js";
import { decodeTimedOut } from "./errors.js";
import { DECODE_QUEUE } from "./limits.js";

function workerFile(): string {
  // Under tsx (tests, development) the worker is the TypeScript source; built, it is the .js beside this file.
  const built = import.meta.url.endsWith(".js");
  return new URL(`./decode-worker.${built ? "js" : "ts"}`, import.meta.url).href;
}

/**
 * Bytes whose ArrayBuffer may be handed to another thread: `file` itself when it is the whole
 * of its ArrayBuffer (recording-body.ts reads bodies so), else a copy, as a view into a larger
 * buffer (a pool's) would take its neighbours' bytes with it.
 */
function transferable(file: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = file.buffer instanceof ArrayBuffer && file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
  return whole ? (file as Uint8Array<ArrayBuffer>) : new Uint8Array(file);
}

/** Why a decode was stopped: its deadline passed, or its client went away. */
export type StopReason = "deadline" | "gone";

export class AudioDecoder {
  /** Started on the first recording: most instances never decode one. */
  private started?: Piscina;

  /** Each decode stops `deadlineMs` after it is asked for; `stopped` is told of each that stopped before it ended. */
  constructor(
    private readonly deadlineMs: number,
    private readonly stopped: (reason: StopReason) => void = () => {},
  ) {}

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

  /**
   * The Morse in a recording (of any format we read), declared as `mediaType`, decoded as
   * `options` say (decode-recording.ts). Stopped, its thread ended, when `gone` aborts (the
   * client went away) or at the deadline (HttpError DECODE_TIMEOUT).
   *
   * The file's memory goes to the decoding thread: when `file` is the whole of its
   * ArrayBuffer, that is transferred (`file` is left empty), not copied. How many recordings
   * are taken at once is decode-admission.ts's concern; the pool's queue stays bounded too.
   */
  async decode(file: Uint8Array, mediaType: string, options: AudioDecodeOptions, gone?: AbortSignal): Promise<RecordingDecode> {
    const outcome = await this.run(file, { mediaType, options }, gone);
    if (!("result" in outcome)) throw new Error("a decode answered with spots");
    return outcome.result;
  }

  /** The spots of a recording (API.md section 9), stopped as decode is. */
  async spots(file: Uint8Array, mediaType: string, options: RecordingSpotOptions, gone?: AbortSignal): Promise<RecordingSpots> {
    const outcome = await this.run(file, { mediaType, options: {}, spots: options }, gone);
    if (!("spots" in outcome)) throw new Error("a spotting answered with a decode");
    return outcome.spots;
  }

  /** A task on a thread: its answer, or the error it was refused with. */
  private async run(file: Uint8Array, what: Omit<DecodeTask, "bytes">, gone?: AbortSignal): Promise<Exclude<DecodeOutcome, { ok: false }>> {
    const queued = this.pool.queueSize;
    const bytes = transferable(file);
    const task: DecodeTask = { bytes, ...what };
    const deadline = AbortSignal.timeout(this.deadlineMs);
    const stop = gone ? AbortSignal.any([gone, deadline]) : deadline;
    try {
      const outcome = (await this.pool.run(task, { transferList: [bytes.buffer], signal: stop })) as DecodeOutcome;
      if (!outcome.ok) throw new MorseError(outcome.code, outcome.message, { cause: outcome.cause });
      return outcome;
    } catch (error) {
      if (stop.aborted) this.stopped(deadline.aborted ? "deadline" : "gone");
      throw deadline.aborted ? decodeTimedOut(this.deadlineMs, queued) : error;
    }
  }

  async close(): Promise<void> {
    await this.started?.destroy();
  }
}
