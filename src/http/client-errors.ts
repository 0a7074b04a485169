/**
 * Answers written straight to the connection, for what never reaches fastify: requests
 * Node's HTTP parser refuses (bad request lines, oversized headers, timeouts), unknown
 * `Expect` headers and CONNECT. They still get the API's JSON error and CORS.
 */
import { type Server, type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { CORS_HEADERS } from "./cors.js";
import { connectNotAllowed, errorBody, expectationFailed, headersTooLarge, type HttpError, malformedRequest, requestTimeout } from "./errors.js";

function errorHeaders(body: string): Record<string, string> {
  return {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(body)),
    ...CORS_HEADERS,
    connection: "close",
  };
}

const jsonOf = (error: HttpError) => JSON.stringify(errorBody(error));

/** A whole HTTP response, as bytes for a raw socket. */
function rawResponse(error: HttpError): string {
  const body = jsonOf(error);
  const headers = Object.entries(errorHeaders(body))
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return `HTTP/1.1 ${error.statusCode} ${STATUS_CODES[error.statusCode]}\r\n${headers}\r\n${body}`;
}

/** Node's parser errors, by code, as ours. */
function answerFor(code: string | undefined): HttpError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return headersTooLarge();
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return requestTimeout();
    default:
      return malformedRequest();
  }
}

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const answer = () => socket.end(rawResponse(answerFor(error.code)));
  // A complete request before the bad one may still be answering: let it finish first.
  // (Node keeps the response in progress on the socket; it has no public accessor.)
  const pending = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending?.req.complete && !pending.writableFinished) {
    pending.once("finish", answer).once("close", () => socket.destroy());
  } else {
    answer();
  }
}

/** Answers for what Node handles before any request handler: unknown `Expect` headers and CONNECT. */
export function answerUnservedRequests(server: Server): void {
  server.on("checkExpectation", (request: IncomingMessage, response: ServerResponse) => {
    const error = expectationFailed(request.headers.expect);
    const body = jsonOf(error);
    response.writeHead(error.statusCode, errorHeaders(body)).end(body);
  });
  server.on("connect", (_request: IncomingMessage, socket: Duplex) => {
    socket.on("error", () => socket.destroy());
    socket.end(rawResponse(connectNotAllowed()));
  });
}
