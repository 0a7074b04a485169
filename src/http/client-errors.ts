/**
 * Answers written straight to the connection, for what never reaches fastify: requests
 * Node's HTTP parser refuses (bad request lines, oversized headers, timeouts), unknown
 * `Expect` headers and CONNECT. They still get the API's JSON error and CORS.
 */
import { type Server, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { CORS_HEADERS } from "./cors.js";

function errorHeaders(body: string): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    ...CORS_HEADERS,
    connection: "close",
  };
}

const errorBody = (message: string) => JSON.stringify({ success: false, error: message });

/** A whole HTTP response, as bytes for a raw socket. */
function rawResponse(status: number, message: string): string {
  const body = errorBody(message);
  const headers = Object.entries(errorHeaders(body)).map(([name, value]) => `${name}: ${value}\r\n`).join("");
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`;
}

function answerFor(code: string | undefined): [number, string] {
  switch (code) {
    case "HPE_HEADER_OVERFLOW": return [431, "Request line or headers are too large"];
    case "ERR_HTTP_REQUEST_TIMEOUT": return [408, "Request timed out"];
    default: return [400, "Malformed HTTP request"];
  }
}

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] = answerFor(error.code);
  const answer = () => socket.end(rawResponse(status, message));
  // A complete request before the bad one may still be answering: let it finish first.
  // (Node keeps the response in progress on the socket; it has no public accessor.)
  const pending = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending && pending.req.complete && !pending.writableFinished) {
    pending.once("finish", answer).once("close", () => socket.destroy());
  } else {
    answer();
  }
}

/** Answers for what Node handles before any request handler: unknown `Expect` headers and CONNECT. */
export function answerUnservedRequests(server: Server): void {
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    const body = errorBody(`Expectation not supported: ${request.headers.expect}; only 100-continue is`);
    response.writeHead(417, errorHeaders(body)).end(body);
  });
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    socket.end(rawResponse(405, "Method CONNECT is not allowed: this is not a proxy"));
  });
}
