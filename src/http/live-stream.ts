/**
 * One live stream (GET /api/v1/listen): PCM in binary frames fed to the library's
 * listener, each event sent back as one JSON text frame. The client ends its side with an
 * empty binary frame, and gets the last events, an `end` event and a 1000 close. Frames
 * that are not PCM close the socket (1003, 1009) with a JSON reason; a socket idle for 30 s
 * is closed; a client sending faster than LIVE_STREAM.maxSpeed times real time is paused.
 */
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import { createListener, type Listener, type ListenEvent, type ListenSummary } from "../audio/index.js";
import { badFrame, frameTooLarge, idleStream, type StreamClose, streamFailed, streamRateLimited, streamShutdown } from "./errors.js";
import { LIVE_STREAM, type PCM_FORMATS } from "./limits.js";
import type { Metrics } from "./metrics.js";
import { durationInMicroseconds } from "./microseconds.js";

export type PcmFormat = (typeof PCM_FORMATS)[number];

/** What a stream needs of the server. */
export interface LiveStreamContext {
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** Counts a minute of audio against the client's rate limit; calls back when over it. */
  countMinute: (over: (retryAfterSeconds: number) => void) => void;
  closed: (stream: LiveStream) => void;
}

export interface LiveStreamOptions {
  sampleRate: number;
  format?: PcmFormat;
  frequency?: number;
  wpm?: number;
  signals?: "all";
  alphabet?: string;
}

const BYTES_PER_SAMPLE: Record<PcmFormat, number> = { s16le: 2, f32le: 4 };

/** The samples of a frame, copied where the frame's bytes are not aligned for the typed array. */
function samplesOf(frame: Buffer, format: PcmFormat): Int16Array | Float32Array {
  const size = BYTES_PER_SAMPLE[format];
  const bytes = frame.byteOffset % size === 0 ? frame : Buffer.from(frame);
  const n = bytes.length / size;
  return format === "s16le" ? new Int16Array(bytes.buffer, bytes.byteOffset, n) : new Float32Array(bytes.buffer, bytes.byteOffset, n);
}

/** A frame as one Buffer (ws hands fragmented frames over as it is told; the default is a Buffer). */
function frameBytes(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

export class LiveStream {
  private readonly listener: Listener;
  private readonly format: PcmFormat;
  private readonly startedAt = performance.now();
  private idle: NodeJS.Timeout | undefined;
  private resume: NodeJS.Timeout | undefined;
  private open = true;

  /** Minutes of audio counted against the rate limit so far. */
  private minutesCounted = 0;

  constructor(
    private readonly socket: WebSocket,
    options: LiveStreamOptions,
    private readonly context: LiveStreamContext,
  ) {
    this.format = options.format ?? "s16le";
    const { sampleRate, frequency, wpm, signals, alphabet } = options;
    this.listener = createListener({ sampleRate, frequency, wpm, signals, alphabet });
    context.metrics.liveStreams.inc();
    socket.on("message", (data, isBinary) => this.receive(frameBytes(data as Buffer), isBinary));
    socket.on("close", () => this.closed());
    socket.on("error", (error) => context.log.debug({ err: error }, "live stream socket error"));
    this.touch();
  }

  /** Ends the stream as the server shuts down: its last events, then a 1001 close; a client that does not answer the close is cut off. */
  shutDown(): Promise<void> {
    if (!this.open) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.socket.once("close", () => resolve()));
    this.finish(streamShutdown());
    const cutOff = setTimeout(() => this.socket.terminate(), LIVE_STREAM.closeAnswerMs);
    return closed.finally(() => clearTimeout(cutOff));
  }

  /**
   * Frames wait here while the stream is paused: the socket is paused too, so they are only
   * those ws had already read, a socket buffer's worth at most.
   */
  private readonly waiting: { frame: Buffer; isBinary: boolean }[] = [];

  private receive(frame: Buffer, isBinary: boolean): void {
    this.touch();
    this.waiting.push({ frame, isBinary });
    this.drain();
  }

  private drain(): void {
    while (this.open && !this.resume && this.waiting.length > 0) {
      const { frame, isBinary } = this.waiting.shift()!;
      this.take(frame, isBinary);
    }
  }

  private take(frame: Buffer, isBinary: boolean): void {
    const refusal = this.refusalOf(frame, isBinary);
    if (refusal) this.close(refusal);
    else if (frame.length === 0) this.finish();
    else this.hear(frame);
  }

  /** Why a frame is not PCM, if it is not. */
  private refusalOf(frame: Buffer, isBinary: boolean): StreamClose | undefined {
    const size = BYTES_PER_SAMPLE[this.format];
    if (!isBinary) return badFrame("Frames must be binary PCM; text frames are not read");
    if (frame.length > LIVE_STREAM.maxFrameBytes) return frameTooLarge(LIVE_STREAM.maxFrameBytes);
    if (frame.length % size !== 0) return badFrame(`A ${this.format} frame holds whole samples of ${size} bytes (got ${frame.length})`);
    return undefined;
  }

  private hear(frame: Buffer): void {
    const before = this.listener.receivedMs;
    try {
      this.send(this.listener.push(samplesOf(frame, this.format)));
    } catch (error) {
      this.context.log.error({ err: error }, "live stream failed");
      this.close(streamFailed());
      return;
    }
    this.context.metrics.liveAudioSeconds.inc((this.listener.receivedMs - before) / 1000);
    this.countMinutes();
    this.pace();
  }

  /** Each whole minute of audio counts one request against the client's rate limit. */
  private countMinutes(): void {
    while (this.minutesCounted < Math.floor(this.listener.receivedMs / 60_000)) {
      this.minutesCounted++;
      this.context.countMinute((retryAfterSeconds) => this.close(streamRateLimited(retryAfterSeconds)));
    }
  }

  /** Pauses the socket while the audio received is ahead of what maxSpeed allows by now. */
  private pace(): void {
    const allowedMs = LIVE_STREAM.burstMs + LIVE_STREAM.maxSpeed * (performance.now() - this.startedAt);
    const aheadMs = this.listener.receivedMs - allowedMs;
    if (aheadMs <= 0 || this.resume || !this.open) return;
    this.socket.pause();
    this.resume = setTimeout(() => {
      this.resume = undefined;
      if (!this.open) return;
      this.socket.resume();
      this.drain();
    }, aheadMs / LIVE_STREAM.maxSpeed);
  }

  private send(events: readonly ListenEvent[]): void {
    for (const event of events) {
      if (event.type === "character") this.context.metrics.liveLatency.observe((event.emittedAtMs - event.endMs) / 1000);
      this.socket.send(JSON.stringify(event));
    }
  }

  /** The client has ended its side (or the server is going): the last events, the end event, the close. */
  private finish(why?: StreamClose): void {
    const { events, summary } = this.listener.flush();
    this.send(events);
    this.socket.send(JSON.stringify(endEvent(summary)));
    this.close(why);
  }

  private touch(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => this.close(idleStream(LIVE_STREAM.idleMs / 1000)), LIVE_STREAM.idleMs);
  }

  /** Closes with `why`'s code and JSON reason, or a plain 1000 once the stream has ended. */
  private close(why?: StreamClose): void {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idle);
    clearTimeout(this.resume);
    this.socket.resume();
    this.socket.close(why?.closeCode ?? 1000, why?.reason);
  }

  private closed(): void {
    this.open = false;
    clearTimeout(this.idle);
    clearTimeout(this.resume);
    this.context.metrics.liveStreams.dec();
    this.context.closed(this);
  }
}

function endEvent(summary: ListenSummary) {
  return { type: "end", ...durationInMicroseconds(summary) };
}
