/**
 * Every limit of the service, in one place: the bounds of the parameters (the core's and
 * the audio library's, which they check themselves and which are re-exported from here),
 * the limits only the service has (body sizes, a recording's length, timeouts, the decode
 * queue) and the defaults of its configuration. Schemas, error messages, docs strings, the
 * configuration and the CLI read them from here, so that no limit is written twice.
 *
 * No I/O and no fastify here: the CLI imports this module too.
 */
import { availableParallelism } from "node:os";
export { FREQUENCY, GLYPH_LENGTH, SEPARATOR_LENGTH, TEXT_MAX_LENGTH, WPM } from "../core/limits.js";
export { formatDuration } from "../core/messages.js";
export { DEFAULT_REPORTER, DIAL_KHZ, SIDEBANDS } from "../core/spots/index.js";
export {
  DECODE_FREQUENCY,
  DECODE_WPM,
  DECODE_FREQUENCY_MAX_OF_RATE,
  DECODE_RATE,
  MP3_BITRATE,
  MP3_SAMPLE_RATES,
  READ_SAMPLE_RATE,
  SAMPLE_RATE,
} from "../audio/limits.js";

/** A reporter's call, as DX-cluster lines name it: letters, digits and `/`. */
export const REPORTER = { pattern: "^[A-Za-z0-9/]{1,12}$", maxLength: 12 } as const;

const KIB = 1024;
const MIB = 1024 * KIB;

/** Largest JSON request body, in bytes. */
export const JSON_BODY_LIMIT = 64 * KIB;

/** Largest recording (of any format) posted to decode-audio, in bytes. */
export const RECORDING_BODY_LIMIT = 32 * MIB;

/**
 * Longest recording the service decodes, in seconds (15 minutes), given to the library's
 * readers by decode-audio, spots and the CLI: the library itself reads any length. A
 * compressed file is refused as soon as it decodes past it, so that a few kilobytes that
 * expand to hours never take more than this much memory and time.
 */
export const MAX_RECORDING_SECONDS = 15 * 60;

/**
 * Against slow clients: time to send the headers, the whole request, and to idle between
 * requests; Node checks the first two every `checkIntervalMs` (its default, 30 s, would let
 * a stalled client linger).
 */
export const TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 65_000, idleSocketMs: 60_000, checkIntervalMs: 1000 } as const;

/**
 * Recordings decode-audio takes at once, counted from their headers to their answer: being
 * received, waiting for a decoding thread or being decoded. Beyond `max` a request is refused
 * with 503 before its body is read (decode-admission.ts), and told to come back after
 * `retryAfterSeconds`. Each may hold its body, up to RECORDING_BODY_LIMIT (32 MiB), so `max`
 * bounds the bodies held at once: 8 × 32 MiB = 256 MiB, well under the half gigabyte a small
 * host can spare, where 32 let 1 GiB of bodies wait (and, counted only once a body was read,
 * bounded nothing: 50 uploads took 3.7 GB, issue 43). With two decoding threads, six may wait.
 */
export const DECODE_QUEUE = { max: 8, retryAfterSeconds: 5 } as const;

/**
 * The longest a recording may take to decode, from its arrival, seconds (DECODE_DEADLINE_S):
 * it is then stopped and the client told (503) before the socket's idle timeout
 * (TIMEOUTS.idleSocketMs) would cut the connection without an answer.
 */
export const DECODE_DEADLINE_S = { default: 45, min: 1, max: TIMEOUTS.idleSocketMs / 1000 - 5 } as const;

/** While a long request is worked on for a client that has shut its side, it is asked whether it is still there this often, ms (client-watch.ts). */
export const CLIENT_PROBE_MS = 1000;

/** Rate limiting's configuration (RATE_LIMIT_QUOTA, RATE_LIMIT_WINDOW_S): default and accepted range. */
export const RATE_LIMIT = {
  quota: { default: 600, min: 1, max: 1_000_000_000 },
  windowSeconds: { default: 60, min: 1, max: 86_400 },
} as const;

/** A byte count as people write limits: "32 MiB", "64 KiB". */
export function formatBytes(bytes: number): string {
  return bytes >= MIB ? `${bytes / MIB} MiB` : `${bytes / KIB} KiB`;
}

/** The PCM a live stream's binary frames may hold (mono, little-endian). */
export const PCM_FORMATS = ["s16le", "f32le"] as const;

/** A live stream (GET /api/v1/listen): its largest frame, its idle time, and how far ahead of real time it may send. */
export const LIVE_STREAM = {
  maxFrameBytes: 1024 * 1024,
  /** A stream whose client sends nothing for this long is closed, seconds (LIVE_IDLE_S). */
  idleSeconds: { default: 30, min: 1, max: 3600 },
  /** Audio taken at most this many times faster than real time; beyond, the socket is paused. */
  maxSpeed: 20,
  /** Audio that may arrive at once before the pace applies, ms. */
  burstMs: 10_000,
  /** On shutdown, how long a stream may go on decoding the audio it has received, ms: what is left after it is dropped, and the last events and the close are sent. */
  shutdownDecodeMs: 3_000,
  /** ... and how long it has in all, its client's answer to the close included, before its socket is cut, ms (the process has 10 s in all). */
  closeAnswerMs: 6_000,
  /** Audio received but not yet decoded, ms, beyond which the socket is paused until the decoder catches up: a client faster than the decoder is slowed, its audio never piles up. */
  queueMs: 10_000,
  /** At most this much audio goes to the decoder at once, ms: what a shutdown may still have to wait for. */
  batchMs: 1_000,
} as const;

/** The threads that decode live streams (live-pool.ts). */
export const LIVE_POOL = {
  /** How many (LIVE_THREADS): by default one fewer than the machine's cores, the last answering requests. */
  threads: { default: Math.max(1, availableParallelism() - 1), min: 1, max: 64 },
  /** How busy a thread has been is measured over this, ms. */
  windowMs: 2_000,
  /** A new stream is refused while every thread has been busy this share of its time, or more, ... Estimator: most of its time; the share, measured from the messages' times, moves by a tenth either way under steady load. */
  admitBelow: 0.75,
  /** ... and its streams hold more than this of audio not yet decoded, ms: they are falling behind. Estimator: two readings' worth (HOP_MS 500 to 1000 ms). */
  behindMs: 2_000,
} as const;
