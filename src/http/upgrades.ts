/**
 * Requests that ask to upgrade the connection. Node hands every one of them to the server's
 * 'upgrade' listeners, and @fastify/websocket would answer any that is not a well-formed
 * WebSocket handshake with ws's own text/html 400. Here a WebSocket handshake for a
 * WebSocket route goes on to @fastify/websocket, checked first so that a malformed one is
 * refused in JSON by the route; any other upgrade (h2c from `curl --http2`, a WebSocket
 * handshake on a plain route) is served as the plain HTTP request it also is, which
 * RFC 9110 section 7.8 allows a server to do.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { badHandshake, type HttpError } from "./errors.js";

/** The request again, without its Upgrade header and the `upgrade` token of Connection. */
function withoutUpgrade(request: IncomingMessage, head: Buffer): Buffer {
  const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    const value = raw[i + 1]!;
    const lower = name.toLowerCase();
    if (lower === "upgrade") continue;
    if (lower === "connection") {
      const options = value.split(",").map((option) => option.trim());
      const kept = options.filter((option) => option !== "" && option.toLowerCase() !== "upgrade");
      if (kept.length > 0) lines.push(`${name}: ${kept.join(", ")}`);
      continue;
    }
    lines.push(`${name}: ${value}`);
  }
  return Buffer.concat([Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1"), head]);
}

/**
 * Gives the connection back to the HTTP server with the request as it would have come
 * without its Upgrade: Node's own parser then reads its body, its framing and whatever is
 * pipelined after it, as for any request.
 */
function serveAsPlainHttp(server: Server, request: IncomingMessage, socket: Duplex, head: Buffer): void {
  const resume = () => {
    socket.unshift(withoutUpgrade(request, head));
    server.emit("connection", socket);
  };
  // A pipelined request before this one may still be answering, on the connection's
  // previous parser: its response must finish first, or this one would queue behind it
  // forever. (Node keeps the response in progress on the socket; it has no public accessor.)
  const pending = (socket as { _httpMessage?: ServerResponse | null })._httpMessage;
  if (pending && !pending.writableFinished) pending.once("finish", resume);
  else resume();
}

/**
 * Lets the upgrade listeners registered so far (@fastify/websocket's) see only the
 * requests `isWebSocket` picks; every other upgrade is served as plain HTTP.
 */
export function serveOtherUpgradesAsHttp(server: Server, isWebSocket: (request: IncomingMessage) => boolean): void {
  const listeners = server.listeners("upgrade") as ((request: IncomingMessage, socket: Duplex, head: Buffer) => void)[];
  server.removeAllListeners("upgrade");
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!isWebSocket(request)) return serveAsPlainHttp(server, request, socket, head);
    for (const listener of listeners) listener.call(server, request, socket, head);
  });
}

/** A GET that asks for WebSocket (ws compares the whole Upgrade header, as here). */
export const asksForWebSocket = (request: IncomingMessage): boolean => request.method === "GET" && request.headers.upgrade?.toLowerCase() === "websocket";

const KEY = /^[+/0-9A-Za-z]{22}==$/;
const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PROTOCOLS = new RegExp(`^${TOKEN}(?:[ \\t]*,[ \\t]*${TOKEN})*$`);

/** The JSON refusal of a WebSocket handshake that ws would refuse in text/html (its checks, in its order), or nothing. */
export function handshakeError(headers: IncomingMessage["headers"]): HttpError | undefined {
  if (!KEY.test(headers["sec-websocket-key"] ?? "")) {
    return badHandshake("Sec-WebSocket-Key must be 16 bytes in base64 (RFC 6455 section 4.1)");
  }
  const version = +(headers["sec-websocket-version"] ?? "");
  if (version !== 13 && version !== 8) {
    return badHandshake("Sec-WebSocket-Version must be 13", { "sec-websocket-version": "13, 8" });
  }
  const protocols = headers["sec-websocket-protocol"];
  if (protocols !== undefined) {
    const names = protocols.split(",").map((name) => name.trim());
    if (!PROTOCOLS.test(protocols) || new Set(names).size !== names.length) {
      return badHandshake("Sec-WebSocket-Protocol must list distinct tokens, separated by commas");
    }
  }
  return undefined;
}
