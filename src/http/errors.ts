/**
 * Every HTTP error the service answers with, defined in one place, and the mapping
 * from what can go wrong (validation, body parsing, core refusals, bugs) to them.
 */
import type { FastifyError } from "fastify";
import { STATUS_CODES } from "node:http";
import { MorseError } from "../core/index.js";
import { describeValidationError } from "./validation-messages.js";

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const JSON_BODY_LIMIT = 64 * 1024;

export const notFound = (method: string, path: string) => new HttpError(404, `Not found: ${method} ${path}`);

export const methodNotAllowed = (method: string, path: string, allowed: readonly string[]) =>
  new HttpError(405, `Method ${method} is not allowed on ${path}; allowed: ${allowed.join(", ")}`, {
    allow: allowed.join(", "),
  });

export const unsupportedMediaType = (expected: string) =>
  new HttpError(415, `Unsupported content type: send ${expected}`);

export const bodyTooLarge = (limit: number) =>
  new HttpError(413, `Request body is too large: the limit is ${limit} bytes (${formatBytes(limit)})`);

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MiB` : `${bytes / 1024} KiB`;
}

export const invalidJson = () => new HttpError(400, "Request body is not valid JSON");

export const emptyBody = () => new HttpError(400, "Request body is empty: send a JSON object");

export const notAnObject = () => new HttpError(400, "Request body must be a JSON object");

export const badRequest = (message: string) => new HttpError(400, message);

/** The request cannot be trusted to be what it seems: the connection is closed after the answer. */
export const missingHost = () =>
  new HttpError(400, "Missing Host header: HTTP/1.1 requests must name the host", { connection: "close" });

export const rateLimited = (seconds: number) =>
  new HttpError(429, `Rate limit exceeded: try again in ${seconds} second${seconds === 1 ? "" : "s"}`, {
    "retry-after": String(seconds),
  });

export const internalError = () => new HttpError(500, "Internal server error");

/** Fastify's own errors, by code, as ours. */
function fromFastifyCode(error: FastifyError, bodyLimit: number): HttpError | undefined {
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE": return bodyTooLarge(bodyLimit);
    case "FST_ERR_CTP_EMPTY_JSON_BODY": return emptyBody();
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE": return unsupportedMediaType("application/json");
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH": return badRequest("Request body length does not match Content-Length");
    case "FST_ERR_BAD_URL": return badRequest("The request URL is malformed");
    default:
      // A body that secure-json-parse or JSON.parse refused.
      if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") return invalidJson();
      return undefined;
  }
}

/** Whatever was thrown, as the error the client gets; `bodyLimit` is the route's, for 413. */
export function toHttpError(error: unknown, bodyLimit = JSON_BODY_LIMIT): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof MorseError) return badRequest(error.message);
  const fastifyError = error as FastifyError;
  if (fastifyError?.validation) return badRequest(describeValidationError(fastifyError.validation, fastifyError.validationContext));
  return fromFastifyCode(fastifyError, bodyLimit) ?? (fastifyError?.statusCode && fastifyError.statusCode < 500
    ? new HttpError(fastifyError.statusCode, STATUS_CODES[fastifyError.statusCode] ?? "Bad request")
    : internalError());
}
