/**
 * One live stream (GET /api/v1/listen): PCM in binary frames, decoded on a thread of the
 * live pool (live-pool.ts), each event sent back as one JSON text frame. The client ends
 * its side with an empty binary frame, and gets the last events, an `end` event and a 1000
 * close. Frames that are not PCM close the socket (1003, 1009) with a JSON reason; a client
 * that sends nothing for 30 s (LIVE_IDLE_S) is closed as idle (never one that has ended its side while
 * its audio is still being decoded). A client faster than LIVE_STREAM.maxSpeed times real
 * time, or than the decoder, is paused: its audio never piles up.
 */
import type { FastifyBaseLogger } from "fastify";
import type { WebSocket } from "ws";
import type { ListenerOptions, ListenEvent, ListenSummary, SpotEvent } from "../audio/index.js";
import { DEFAULT_REPORTER, type Sideband, type Spot } from "../core/index.js";
import { badFrame, frameTooLarge, idleStream, malformedFrame, type StreamClose, streamFailed, streamRateLimited, streamShutdown } from "./errors.js";
import { LIVE_STREAM, type PCM_FORMATS } from "./limits.js";
import type { LivePool, RemoteListener, StreamAnswer } from "./live-pool.js";
import type { Metrics } from "./metrics.js";
import { durationInMicroseconds } from "./microseconds.js";

export type PcmFormat = (typeof PCM_FORMATS)[number];

/** What a stream needs of the server. */
export interface LiveStreamContext {
  metrics: Metrics;
  log: FastifyBaseLogger;
  pool: LivePool;
  /** A client that sends nothing for this long is closed, ms. */
  idleMs: number;
  /** Counts a minute of audio against the client's rate limit; calls back when over it. */
  countMinute: (over: (retryAfterSeconds: number) => void) => void;
  closed: (stream: LiveStream) => void;
  /** Told of each spot a stream with spots makes, with its reporter (the DX-cluster feed). */
  spotted: (spot: Spot, reporter: string) => void;
}

export interface LiveStreamOptions {
  sampleRate: number;
  format?: PcmFormat;
  frequency?: number;
  wpm?: number;
  signals?: "all";
  alphabet?: string;
  /** `1`: spot the stations heard (with signals=all and dial). */
  spots?: "1";
  dial?: number;
  sideband?: Sideband;
  reporter?: string;
}

/** What a stream's listener is asked for: the query's options, its spots placed on the band. */
export function listenerOptionsOf(options: LiveStreamOptions): ListenerOptions {
  const { sampleRate, frequency, wpm, signals, alphabet, spots, dial, sideband } = options;
  return { sampleRate, frequency, wpm, signals, alphabet, ...(spots === "1" ? { spots: { dial: dial!, sideband } } : {}) };
}

/** A spot event's spot, as POST /api/v1/spots gives it. */
function spotOfEvent(event: SpotEvent): Spot {
  const { type: _type, signal: _signal, emittedAtMs: _at, ...spot } = event;
  return spot;
}

const BYTES_PER_SAMPLE: Record<PcmFormat, number> = { s16le: 2, f32le: 4 };

/** The samples of a frame, copied where the frame's bytes are not aligned for the typed array (a batch copies them again, for the decoder's thread). */
function samplesOf(frame: Buffer, format: PcmFormat): Int16Array | Float32Array {
  const size = BYTES_PER_SAMPLE[format];
  const bytes = frame.byteOffset % size === 0 ? frame : Buffer.from(frame);
  const n = bytes.length / size;
  return format === "s16le" ? new Int16Array(bytes.buffer, bytes.byteOffset, n) : new Float32Array(bytes.buffer, bytes.byteOffset, n);
}

/** Chunks of one kind joined into a new array. */
function joined(chunks: readonly (Int16Array | Float32Array)[]): Int16Array | Float32Array {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  const out = chunks[0] instanceof Int16Array ? new Int16Array(length) : new Float32Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** A frame as one Buffer (ws hands fragmented frames over as it is told; the default is a Buffer). */
function frameBytes(data: Buffer | ArrayBuffer | Buffer[]): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

export class LiveStream {
  private readonly decoder: RemoteListener;
  private readonly format: PcmFormat;
  private readonly sampleRate: number;
  /** Who the stream's spots are reported by. */
  private readonly reporter: string;
  private readonly startedAt = performance.now();
  private idle: NodeJS.Timeout | undefined;
  /** Set while the stream's decoding waits for its pace: no faster than maxSpeed times real time. */
  private paceTimer: NodeJS.Timeout | undefined;
  private paused = false;
  private open = true;
  /** The client has ended its side (or the server is going): what is left is decoded, then the end event. */
  private ending: StreamClose | "ended" | undefined;
  /** On shutdown, when what is still undecoded is dropped (performance.now()). */
  private dropAfter = Number.POSITIVE_INFINITY;
  private flushed = false;
  private released = false;

  /** Audio received and not yet sent to the decoder, the batch the decoder has now, and all sent to it, in samples. */
  private queue: (Int16Array | Float32Array)[] = [];
  private queued = 0;
  private decoding = 0;
  private sent = 0;
  private received = 0;

  /** Minutes of audio counted against the rate limit so far. */
  private minutesCounted = 0;
  /** The calls the decoder has left out as busted, as far as the metrics have counted them. */
  private bustedCounted = 0;

  constructor(
    private readonly socket: WebSocket,
    options: LiveStreamOptions,
    private readonly context: LiveStreamContext,
  ) {
    this.format = options.format ?? "s16le";
    this.sampleRate = options.sampleRate;
    this.reporter = (options.reporter ?? DEFAULT_REPORTER).toUpperCase();
    this.decoder = context.pool.open(listenerOptionsOf(options), (answer) => this.heard(answer));
    context.metrics.liveStreams.inc();
    withReasons(socket);
    socket.on("message", (data, isBinary) => this.receive(frameBytes(data as Buffer), isBinary));
    socket.on("close", () => this.closed());
    socket.on("error", (error) => context.log.debug({ err: error }, "live stream socket error"));
    this.touch();
  }

  /**
   * Ends the stream as the server shuts down: the audio received is read for up to
   * shutdownDecodeMs, what is left then is dropped, then the last events and a 1001 close; a
   * stream that cannot finish, or a client that does not answer the close, is cut off after
   * closeAnswerMs.
   */
  shutDown(): Promise<void> {
    if (!this.open) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.socket.once("close", () => resolve()));
    this.dropAfter = performance.now() + LIVE_STREAM.shutdownDecodeMs;
    this.end(streamShutdown());
    const cutOff = setTimeout(() => this.socket.terminate(), LIVE_STREAM.closeAnswerMs);
    return closed.finally(() => clearTimeout(cutOff));
  }

  private receive(frame: Buffer, isBinary: boolean): void {
    if (!this.open || this.ending) return;
    this.touch();
    const refusal = this.refusalOf(frame, isBinary);
    if (refusal) this.close(refusal);
    else if (frame.length === 0) this.end();
    else this.take(samplesOf(frame, this.format));
  }

  /** Why a frame is not PCM, if it is not. */
  private refusalOf(frame: Buffer, isBinary: boolean): StreamClose | undefined {
    const size = BYTES_PER_SAMPLE[this.format];
    if (!isBinary) return badFrame("Frames must be binary PCM; text frames are not read");
    if (frame.length > LIVE_STREAM.maxFrameBytes) return frameTooLarge(LIVE_STREAM.maxFrameBytes);
    if (frame.length % size !== 0) return badFrame(`A ${this.format} frame holds whole samples of ${size} bytes (got ${frame.length})`);
    return undefined;
  }

  private take(samples: Int16Array | Float32Array): void {
    this.queue.push(samples);
    this.queued += samples.length;
    this.received += samples.length;
    this.countMinutes();
    this.pump();
  }

  /** Feeds the decoder (feed), then pauses or resumes the client (flow). */
  private pump(): void {
    this.feed();
    this.flow();
  }

  /**
   * Sends the decoder the next batch when it has none and the stream's pace allows it; once
   * the stream is ending and all is read, asks for its end.
   */
  private feed(): void {
    if (this.decoding > 0 || !this.open) return;
    if (performance.now() > this.dropAfter) {
      clearTimeout(this.paceTimer);
      this.paceTimer = undefined;
      this.queue = [];
      this.queued = 0;
    }
    if (this.paceTimer) return;
    if (this.queue.length > 0 && this.paced()) {
      const batch = this.nextBatch();
      this.decoding = batch.length;
      this.sent += batch.length;
      this.decoder.push(batch);
    } else if (this.queue.length === 0 && this.ending && !this.flushed) {
      this.flushed = true;
      this.decoder.flush();
    }
  }

  /** What the decoder answered: events to send on, the end, or its failure. */
  private heard(answer: StreamAnswer): void {
    if (!this.open) return;
    if (answer.kind === "failed") {
      this.context.log.error({ failure: answer.message }, "live stream failed");
      this.close(streamFailed());
      return;
    }
    this.send(answer.events);
    this.countBusted(answer.busted ?? 0);
    if (answer.kind === "end") {
      this.released = true;
      this.socket.send(JSON.stringify(endEvent(answer.summary)));
      this.close(this.ending === "ended" ? undefined : this.ending);
      return;
    }
    this.context.metrics.liveAudioSeconds.inc(this.decoding / this.sampleRate);
    this.decoding = 0;
    this.pump();
  }

  /** The metrics count the calls left out as busted since the decoder's last answer (it gives how many so far). */
  private countBusted(busted: number): void {
    if (busted > this.bustedCounted) this.context.metrics.spotsBusted.inc({ where: "live" }, busted - this.bustedCounted);
    this.bustedCounted = busted;
  }

  /** Each whole minute of audio counts one request against the client's rate limit. */
  private countMinutes(): void {
    while (this.minutesCounted < Math.floor(this.received / this.sampleRate / 60)) {
      this.minutesCounted++;
      this.context.countMinute((retryAfterSeconds) => this.close(streamRateLimited(retryAfterSeconds)));
    }
  }

  /** The next LIVE_STREAM.batchMs of the queue at most, in an array of its own (it goes to the decoder's thread). */
  private nextBatch(): Int16Array | Float32Array {
    const most = Math.max(1, Math.round((LIVE_STREAM.batchMs * this.sampleRate) / 1000));
    const parts: (Int16Array | Float32Array)[] = [];
    let samples = 0;
    while (this.queue.length > 0 && samples < most) {
      const chunk = this.queue[0]!;
      const take = Math.min(chunk.length, most - samples);
      parts.push(chunk.subarray(0, take));
      if (take === chunk.length) this.queue.shift();
      else this.queue[0] = chunk.subarray(take);
      samples += take;
    }
    this.queued -= samples;
    return joined(parts);
  }

  /**
   * Whether the stream's decoding is within its pace: no more than maxSpeed times the time it
   * has been open (after a burst), so that no client takes more of the decoders than that.
   * Else the pump waits until it is.
   */
  private paced(): boolean {
    const allowedMs = LIVE_STREAM.burstMs + LIVE_STREAM.maxSpeed * (performance.now() - this.startedAt);
    const aheadMs = (1000 * this.sent) / this.sampleRate - allowedMs;
    if (aheadMs <= 0) return true;
    this.paceTimer = setTimeout(() => {
      this.paceTimer = undefined;
      this.pump();
    }, aheadMs / LIVE_STREAM.maxSpeed);
    return false;
  }

  /** Pauses the socket while more than queueMs of the client's audio waits to be decoded, resumes it once less does. */
  private flow(): void {
    const queuedMs = (1000 * this.queued) / this.sampleRate;
    this.decoder.behind(queuedMs);
    const pause = this.open && queuedMs > LIVE_STREAM.queueMs;
    if (pause === this.paused) return;
    this.paused = pause;
    if (pause) this.socket.pause();
    else this.socket.resume();
  }

  private send(events: readonly ListenEvent[]): void {
    for (const event of events) {
      if (event.type === "character") this.context.metrics.liveLatency.observe((event.emittedAtMs - event.endMs) / 1000);
      else if (event.type === "spot") {
        this.context.metrics.spots.inc();
        this.context.spotted(spotOfEvent(event), this.reporter);
      }
      this.socket.send(JSON.stringify(event));
    }
  }

  /** The client has ended its side (or the server is going, `why`): no idle close from now on; what is left is decoded, then the end. */
  private end(why?: StreamClose): void {
    this.ending = why ?? "ended";
    clearTimeout(this.idle);
    this.pump();
  }

  private touch(): void {
    clearTimeout(this.idle);
    const { idleMs } = this.context;
    this.idle = setTimeout(() => this.close(idleStream(idleMs / 1000)), idleMs);
  }

  /** Closes with `why`'s code and JSON reason, or a plain 1000 once the stream has ended. */
  private close(why?: StreamClose): void {
    if (!this.open) return;
    this.stop();
    this.socket.resume();
    this.socket.close(why?.closeCode ?? 1000, why?.reason);
  }

  private closed(): void {
    if (this.open) this.stop();
    this.context.metrics.liveStreams.dec();
    this.context.closed(this);
  }

  /** No more timers, frames or decoding for this stream. */
  private stop(): void {
    this.open = false;
    clearTimeout(this.idle);
    clearTimeout(this.paceTimer);
    this.queue = [];
    if (!this.released) {
      this.released = true;
      this.decoder.drop();
    }
  }
}

/**
 * ws closes a frame it will not read itself (one over its payload limit: 1009; one that
 * breaks the protocol: 1002, 1007), with a bare code: the socket's close is given the JSON
 * reason the contract promises for every close of ours.
 */
function withReasons(socket: WebSocket): void {
  const close = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) => {
    const why =
      reason === undefined ? { 1009: frameTooLarge(LIVE_STREAM.maxFrameBytes), 1002: malformedFrame(), 1007: malformedFrame() }[code ?? 0] : undefined;
    close(code, reason ?? why?.reason);
  };
}

function endEvent(summary: ListenSummary) {
  return { type: "end", ...durationInMicroseconds(summary) };
}
