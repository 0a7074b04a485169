/**
 * Request helpers for the HTTP tests: every request goes over a real socket to a
 * server from test/helpers/server.ts. fetch where it can say what we mean; node:http
 * where fetch cannot (no Content-Type at all, chunked bodies).
 */
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { ERROR_CODES, type ErrorCode } from "../../src/http/error-codes.js";

export interface Answer {
  status: number;
  headers: Headers;
  /** The raw body text. */
  text: string;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  body: any;
}

export interface RequestOptions {
  /** Sent as is (a string), or serialized (anything else but undefined). */
  body?: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

function parse(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One request with fetch. A body without contentType is sent as application/json. */
export async function send(base: string, method: string, path: string, options: RequestOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    headers["content-type"] = options.contentType ?? "application/json";
  } else if (options.contentType !== undefined) {
    headers["content-type"] = options.contentType;
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: parse(text) };
}

/** A query string from parameters; an array value repeats the parameter. */
export function query(params: Record<string, string | readonly string[]>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") search.append(key, value);
    else for (const item of value) search.append(key, item);
  }
  const s = search.toString();
  return s ? `?${s}` : "";
}

export const get = (base: string, path: string, params: Record<string, string | readonly string[]> = {}) => send(base, "GET", `${path}${query(params)}`);

export const post = (base: string, path: string, body: unknown, contentType = "application/json") => send(base, "POST", path, { body, contentType });

/**
 * One request with node:http, for what fetch cannot express: a body without any
 * Content-Type, or a body sent in chunks without Content-Length.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; chunks?: readonly (string | Uint8Array)[] } = {},
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, path, method, headers: options.headers ?? {}, agent: false }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (chunk: Buffer) => parts.push(chunk));
      response.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
        }
        resolve({ status: response.statusCode ?? 0, headers, text, body: parse(text) });
      });
      response.on("error", reject);
    });
    // The server may answer (413) and close before it has read everything we send.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

export interface RawAnswer extends Answer {
  /** The body's bytes as they came (a binary body is no text). */
  bytes: Buffer;
  /** The statuses of the interim (1xx) answers before it. */
  interim: number[];
}

/**
 * Writes raw bytes to the server, shuts the sending side at once (socket.end(data), as nc
 * and simple HTTP/1.0 clients do) and reads until the server closes the connection: for
 * requests that are not valid HTTP, which no client library will send, and for clients
 * that half-close.
 */
export function rawSocket(base: string, data: string | Buffer): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.end(data));
    const parts: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error("no answer within 5 s")));
    socket.on("data", (chunk: Buffer) => parts.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      let raw = Buffer.concat(parts);
      // An HTTP/1.1 client passes over interim (1xx) answers: the final answer follows them.
      const interim: number[] = [];
      for (let status = /^HTTP\/1\.[01] (1\d\d) /.exec(raw.toString("latin1", 0, 13)); status && raw.includes("\r\n\r\n"); ) {
        interim.push(Number(status[1]));
        raw = raw.subarray(raw.indexOf("\r\n\r\n") + 4);
        status = /^HTTP\/1\.[01] (1\d\d) /.exec(raw.toString("latin1", 0, 13));
      }
      const end = raw.indexOf("\r\n\r\n");
      const [statusLine = "", ...lines] = raw
        .subarray(0, end === -1 ? raw.length : end)
        .toString("utf8")
        .split("\r\n");
      const headers = new Headers();
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      const bytes = end === -1 ? Buffer.alloc(0) : raw.subarray(end + 4);
      const text = bytes.toString("utf8");
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text, body: parse(text), bytes, interim });
    });
  });
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/** What a stack trace or an internal detail looks like in a message. */
const LEAK = /\n\s*at\s|\bat .+:\d+:\d+|node_modules|\.ts:\d+|\.js:\d+|Error:|FST_/;

/**
 * The codes each status may carry (API.md section 2), written out here rather than read
 * from the server, so that a code that moved to another status fails the tests.
 */
export const CODES_BY_STATUS: Readonly<Record<number, readonly ErrorCode[]>> = {
  400: [
    "MISSING_PARAMETER",
    "INVALID_PARAMETER",
    "INVALID_OPTION",
    "UNSUPPORTED_CHARACTER",
    "INVALID_MORSE",
    "EMPTY_INPUT",
    "INVALID_AUDIO",
    "INVALID_BODY",
    "MALFORMED_REQUEST",
    "BAD_REQUEST",
  ],
  // @fastify/static refuses a path such as /docs/static/index.html/%2e (a dot segment) as 403.
  403: ["BAD_REQUEST"],
  404: ["NOT_FOUND"],
  405: ["METHOD_NOT_ALLOWED"],
  408: ["REQUEST_TIMEOUT"],
  413: ["PAYLOAD_TOO_LARGE", "RECORDING_TOO_LONG"],
  415: ["UNSUPPORTED_MEDIA_TYPE"],
  416: ["BAD_REQUEST"],
  417: ["EXPECTATION_FAILED"],
  429: ["RATE_LIMITED"],
  431: ["HEADERS_TOO_LARGE"],
  500: ["INTERNAL"],
  503: ["BUSY", "DECODE_TIMEOUT"],
};

/** Asserts that an error body's code is one of the API's, and one its status may carry (or exactly `code`). */
export function assertCode(body: Record<string, unknown>, status: number, code: ErrorCode | undefined, context: string): void {
  assert.equal(typeof body.code, "string", context);
  assert.ok(Object.hasOwn(ERROR_CODES, body.code as string), `unknown code: ${context}`);
  assert.ok(CODES_BY_STATUS[status]?.includes(body.code as ErrorCode), `code ${body.code} with status ${status}: ${context}`);
  if (code !== undefined) assert.equal(body.code, code, context);
}

/**
 * Asserts an error answer: the status, the JSON content type, a body that is exactly
 * `{success: false, error: <string>, code: <CODE>}` with no stack trace, a code that its
 * status may carry, and, when given, the message (a string: exactly; a RegExp: matches)
 * and the code.
 */
export function assertError(answer: Answer, status: number, message?: string | RegExp, code?: ErrorCode): string {
  const context = `${answer.status} ${answer.text}`;
  assert.equal(answer.status, status, context);
  assert.equal(answer.headers.get("content-type"), JSON_CONTENT_TYPE, context);
  assert.ok(answer.body !== null && typeof answer.body === "object" && !Array.isArray(answer.body), context);
  assert.deepEqual(Object.keys(answer.body).sort(), ["code", "error", "success"], context);
  assert.equal(answer.body.success, false, context);
  assert.equal(typeof answer.body.error, "string", context);
  const error: string = answer.body.error;
  assert.ok(error.length > 0, context);
  assert.doesNotMatch(error, LEAK, context);
  assert.doesNotMatch(answer.text, LEAK, context);
  if (typeof message === "string") assert.equal(error, message, context);
  else if (message) assert.match(error, message, context);
  assertCode(answer.body, status, code, context);
  return error;
}

/** Asserts a success answer: 200, JSON content type, `success: true`; returns the body. */
export function assertSuccess(answer: Answer): any {
  const context = `${answer.status} ${answer.text.slice(0, 500)}`;
  assert.equal(answer.status, 200, context);
  assert.equal(answer.headers.get("content-type"), JSON_CONTENT_TYPE, context);
  assert.equal(answer.body?.success, true, context);
  return answer.body;
}

/** A header's comma-separated list, trimmed, lower case. */
export function headerList(headers: Headers, name: string): string[] {
  return (headers.get(name) ?? "")
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== "");
}
