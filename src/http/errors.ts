/**
 * Every HTTP error the service answers with, defined in one place (their codes, with what
 * each means, are in error-codes.ts): the errors, their JSON body, and the mapping from
 * what can go wrong (validation, body parsing, core refusals, bugs) to them.
 */
import type { FastifyError } from "fastify";
import { STATUS_CODES } from "node:http";
import { MorseError, type MorseErrorCode } from "../core/errors.js";
import type { ErrorCode } from "./error-codes.js";
import { formatBytes, JSON_BODY_LIMIT } from "./limits.js";
import { describeValidationError } from "./validation-messages.js";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** The JSON body of every error answer (API.md section 2). */
export const errorBody = (error: HttpError) => ({ success: false, error: error.message, code: error.code });

export const upgradeRequired = (path: string) =>
  new HttpError(426, "UPGRADE_REQUIRED", `${path} is a WebSocket: open it with Upgrade: websocket`, { upgrade: "websocket", connection: "Upgrade" });

/** Why a live stream was closed: the WebSocket close code and its JSON reason (API.md section 8). */
export class StreamClose {
  constructor(
    readonly closeCode: number,
    readonly code: ErrorCode,
    readonly message: string,
  ) {}

  /** The close frame's reason: the error body, within the 123 bytes a reason may take. */
  get reason(): string {
    return JSON.stringify({ success: false, error: this.message, code: this.code }).slice(0, 123);
  }
}

export const badFrame = (message: string) => new StreamClose(1003, "BAD_FRAME", message);
export const malformedFrame = () => new StreamClose(1002, "MALFORMED_FRAME", "A frame broke the WebSocket protocol");
export const frameTooLarge = (limit: number) => new StreamClose(1009, "FRAME_TOO_LARGE", `A frame may hold ${formatBytes(limit)} at most`);
export const idleStream = (seconds: number) => new StreamClose(1000, "IDLE", `Nothing received for ${seconds} s`);
export const streamShutdown = () => new StreamClose(1001, "SHUTTING_DOWN", "The server is shutting down");
export const streamRateLimited = (seconds: number) => new StreamClose(1008, "RATE_LIMITED", rateLimited(seconds).message);
export const streamFailed = () => new StreamClose(1011, "INTERNAL", "Internal server error");

export const notFound = (method: string, path: string) => new HttpError(404, "NOT_FOUND", `Not found: ${method} ${path}`);

export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]) =>
  new HttpError(405, "METHOD_NOT_ALLOWED", `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`, {
    allow: allowed.join(", "),
  });

/** CONNECT asks for a tunnel: there is no path to name. */
export const connectNotAllowed = () => new HttpError(405, "METHOD_NOT_ALLOWED", "Method CONNECT is not allowed: this is not a proxy");

export const unsupportedMediaType = (expected: string) => new HttpError(415, "UNSUPPORTED_MEDIA_TYPE", `Unsupported content type: send ${expected}`);

export const bodyTooLarge = (limit: number) =>
  new HttpError(413, "PAYLOAD_TOO_LARGE", `Request body is too large: the limit is ${limit} bytes (${formatBytes(limit)})`);

export const invalidJson = () => new HttpError(400, "INVALID_BODY", "Request body is not valid JSON");

export const emptyBody = () => new HttpError(400, "INVALID_BODY", "Request body is empty: send a JSON object");

/** A recording's body with no bytes: its first bytes are no format's because there are none. */
export const emptyRecording = () =>
  new HttpError(400, "INVALID_AUDIO", "Request body is empty: send a recording (WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC) as the body");

export const malformedRequest = (message = "Malformed HTTP request") => new HttpError(400, "MALFORMED_REQUEST", message);

export const contentLengthMismatch = () => malformedRequest("Request body length does not match Content-Length");

/** A WebSocket handshake that cannot be completed, refused before the upgrade. */
export const badHandshake = (message: string, headers: Record<string, string> = {}) => new HttpError(400, "MALFORMED_REQUEST", message, headers);

/** The request cannot be trusted to be what it seems: the connection is closed after the answer. */
export const missingHost = () => new HttpError(400, "MALFORMED_REQUEST", "Missing Host header: HTTP/1.1 requests must name the host", { connection: "close" });

export const requestTimeout = () => new HttpError(408, "REQUEST_TIMEOUT", "Request timed out");

export const headersTooLarge = () => new HttpError(431, "HEADERS_TOO_LARGE", "Request line or headers are too large");

export const expectationFailed = (expectation: string | undefined) =>
  new HttpError(417, "EXPECTATION_FAILED", `Expectation not supported: ${expectation}; only 100-continue is`);

export const rateLimited = (seconds: number) =>
  new HttpError(429, "RATE_LIMITED", `Rate limit exceeded: try again in ${seconds} second${seconds === 1 ? "" : "s"}`, {
    "retry-after": String(seconds),
  });

/**
 * A recording refused before its body is read: the connection is closed after the answer, so
 * that the body the client may already be sending is not read at all.
 */
export const busy = (retryAfterSeconds: number) =>
  new HttpError(503, "BUSY", "Too many recordings are being decoded: try again in a few seconds", {
    "retry-after": String(retryAfterSeconds),
    connection: "close",
  });

/** A live stream refused before its upgrade: the threads that decode streams are full. */
export const liveBusy = (retryAfterSeconds: number) =>
  new HttpError(503, "BUSY", "The live decoders are at capacity: try again in a few seconds", {
    "retry-after": String(retryAfterSeconds),
  });

/** A decode stopped at its deadline, and what may go faster. */
export const decodeTimedOut = (deadlineMs: number, queued: number) =>
  new HttpError(
    503,
    "DECODE_TIMEOUT",
    `The recording could not be decoded within ${deadlineMs / 1000} s${queued > 0 ? ` (${queued} before it in the queue)` : ""} and was stopped: ` +
      "send a shorter recording, or decode it without signals=all",
  );

export const internalError = () => new HttpError(500, "INTERNAL", "Internal server error");

/** Fastify's own errors, by code, as ours. */
function fromFastifyCode(error: FastifyError, bodyLimit: number): HttpError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return bodyTooLarge(bodyLimit);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return emptyBody();
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return unsupportedMediaType("application/json");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return contentLengthMismatch();
    case "FST_ERR_BAD_URL":
      return malformedRequest("The request URL is malformed");
    default:
      // A body that secure-json-parse or JSON.parse refused.
      if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") return invalidJson();
      return undefined;
  }
}

/** The status of a core refusal where it is not 400: a recording too long is too large a body, as API.md's 413 is. */
const MORSE_ERROR_STATUS: Partial<Record<MorseErrorCode, number>> = { RECORDING_TOO_LONG: 413 };

/** Whatever was thrown, as the error the client gets; `bodyLimit` is the route's, for 413. */
export function toHttpError(error: unknown, bodyLimit = JSON_BODY_LIMIT): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof MorseError) return new HttpError(MORSE_ERROR_STATUS[error.code] ?? 400, error.code, error.message);
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) {
    const { code, message } = describeValidationError(fastifyError.validation, fastifyError.validationContext);
    return new HttpError(400, code, message);
  }
  return (
    fromFastifyCode(fastifyError, bodyLimit) ??
    (fastifyError?.statusCode && fastifyError.statusCode < 500
      ? // e.g. @fastify/static's 416 for a Range outside a playground file.
        new HttpError(fastifyError.statusCode, "BAD_REQUEST", STATUS_CODES[fastifyError.statusCode] ?? "Bad request")
      : internalError())
  );
}
