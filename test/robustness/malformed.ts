/**
 * Malformed and hostile HTTP over raw sockets (GitHub issue 6; malformed-*.test.ts): what every
 * refusal must be (the API's JSON with CORS, then the connection closed) and that the server
 * keeps serving.
 */
import assert from "node:assert/strict";
import type { ErrorCode } from "../../src/http/error-codes.js";
import type { FileServer } from "../helpers/server.js";
import { assertCode } from "../http/support.js";
import { exchange, isJsonResult, jsonOf, type RawResponse, type RawResult, send } from "./raw.js";

export const JSON_TYPE = "application/json; charset=utf-8";
export const CRLF = "\r\n";

export function show(result: RawResult): string {
  return `${result.ended}${result.error ? ` ${result.error}` : ""}: ${JSON.stringify(result.bytes.toString("latin1").slice(0, 800))}`;
}

/** The API's JSON error with CORS: `{success: false, error, code}`, with a code its status may carry (or exactly `code`). */
export function assertJsonError(response: RawResponse | undefined, status: number, context: string, code?: ErrorCode): void {
  assert.ok(response, `no answer: ${context}`);
  assert.equal(response.status, status, context);
  assert.equal(response.headers["access-control-allow-origin"], "*", `no CORS header: ${context}`);
  assert.equal(response.headers["content-type"], JSON_TYPE, `content type: ${context}`);
  const body = jsonOf(response);
  assert.ok(isJsonResult(body), `not a JSON result: ${context}`);
  assert.equal(body.success, false, context);
  assert.equal(typeof body.error, "string", context);
  assertCode(body, status, code, context);
}

export const encodePost = (_body: string, extra = "") => `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}${extra}`;

/** The checks that need the server of the test file. */
export function refusals(server: FileServer) {
  /** Exactly one JSON error answer, then the server closes the connection. */
  async function assertRefused(data: string | Buffer, status: number, options: { endAfterWrite?: boolean; code?: ErrorCode } = {}): Promise<RawResult> {
    const result = await exchange(server.port, data, { timeoutMs: 5000, ...options });
    const context = show(result);
    assert.equal(result.ended, "closed", `the server did not close the connection: ${context}`);
    assert.equal(result.responses.length, 1, context);
    assertJsonError(result.responses[0], status, context, options.code);
    return result;
  }

  /** The server still answers a known-good request exactly. */
  async function assertStillServing(): Promise<void> {
    const response = await send(server.port, { method: "GET", target: "/api/v1/encode?text=SOS" });
    assert.equal(response.status, 200, response.raw);
    assert.deepEqual(jsonOf(response), { success: true, input: "SOS", output: "... --- ...", characters: 3 });
  }

  return { assertRefused, assertStillServing };
}
