/** The codes of the API's errors: data only, so that the schemas can list them without importing the errors. */
import { MORSE_ERROR_CODES } from "../core/errors.js";

/**
 * The `code` of every error answer, with what it means: a stable word for programs, where
 * the message is for people. The core's codes come through as they are, so that library
 * and API users read the same codes. The OpenAPI document lists them from here.
 */
export const ERROR_CODES = {
  MISSING_PARAMETER: "A required parameter is absent, null or empty",
  INVALID_PARAMETER: "A required parameter is not a string, or is over its length limit",
  ...MORSE_ERROR_CODES,
  INVALID_BODY: "The JSON body is empty, is not valid JSON, or is not a JSON object",
  MALFORMED_REQUEST: "The HTTP request itself is malformed: its request line, a header, its framing or its URL, or it lacks a Host",
  BAD_REQUEST: "Any other request that cannot be served as sent (e.g. a Range outside a file); the message says why",
  NOT_FOUND: "No such path",
  METHOD_NOT_ALLOWED: "The path does not take this method; the Allow header lists the methods it takes",
  REQUEST_TIMEOUT: "The request did not arrive in time",
  PAYLOAD_TOO_LARGE: "The body is larger than the endpoint's limit, which the message gives",
  UNSUPPORTED_MEDIA_TYPE: "The body's Content-Type is not one the endpoint reads",
  EXPECTATION_FAILED: "An Expect header other than 100-continue",
  HEADERS_TOO_LARGE: "The request line or headers are too large",
  RATE_LIMITED: "Over the rate limit (only when enforcement is on); Retry-After says when to come back (a live stream over it is closed with 1008)",
  BUSY: "The decoders are at capacity: too many recordings are being received or decoded, or the live decoders are full; Retry-After says when to come back",
  DECODE_TIMEOUT: "The recording could not be decoded in the time a request may take, and was stopped; the message says what to try",
  UPGRADE_REQUIRED: "A WebSocket endpoint was asked for without the upgrade to WebSocket",
  BAD_FRAME: "A live stream's frame is not PCM: a text frame, or bytes that are not whole samples (the close reason, code 1003)",
  FRAME_TOO_LARGE: "A live stream's frame is over 1 MiB (the close reason, code 1009)",
  MALFORMED_FRAME: "A live stream's frame broke the WebSocket protocol: unmasked, a bad opcode or length, invalid UTF-8 (the close reason, code 1002 or 1007)",
  IDLE: "A live stream sent nothing for 30 s (the close reason, code 1000)",
  SHUTTING_DOWN: "The server is shutting down: a live stream gets its last events, then this (the close reason, code 1001)",
  INTERNAL: "A bug; the details go to the server's log, not to the client",
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
