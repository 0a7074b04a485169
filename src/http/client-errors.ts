/**
 * Requests Node's HTTP parser refuses before fastify sees them (bad request lines,
 * oversized headers, timeouts) still get the API's JSON error and CORS, then the
 * connection is closed.
 */
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { RATE_LIMIT_HEADERS } from "./rate-limit/index.js";

function answerFor(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW": return [431, "Request line or headers are too large"];
    case "ERR_HTTP_REQUEST_TIMEOUT": return [408, "Request timed out"];
    default: return [400, "Malformed HTTP request"];
  }
}

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = answerFor(error.code);
  const body = JSON.stringify({ success: false, error: message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    "Content-Type: application/json; charset=utf-8\r\n" +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    "Access-Control-Allow-Origin: *\r\n" +
    `Access-Control-Expose-Headers: ${RATE_LIMIT_HEADERS.join(", ")}\r\n` +
    "Connection: close\r\n\r\n" + body,
  );
}
