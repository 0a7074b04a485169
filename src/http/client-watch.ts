/**
 * Whether the client of a long request is still there. A client that hangs up closes its
 * side of the connection, and so does one that only shuts its sending side to wait for the
 * answer (nc, simple HTTP/1.0 clients), which the server keeps answering (app.ts allows
 * half-open sockets): the two look alike until something is written. Once the client has
 * shut its side, a 102 Processing is written every CLIENT_PROBE_MS (an HTTP/1.1 client must
 * read and pass over any 1xx answer): to a client that has gone, the second one fails, and
 * the connection closes.
 */
import type { FastifyReply } from "fastify";
import { CLIENT_PROBE_MS } from "./limits.js";

export interface ClientWatch {
  /** Aborts when the client has gone before its answer was sent. */
  gone: AbortSignal;
  /** Stops watching: the answer is ready. */
  stop(): void;
}

export function watchClient(reply: FastifyReply): ClientWatch {
  const response = reply.raw;
  const socket = reply.request.raw.socket;
  const gone = new AbortController();
  let probe: NodeJS.Timeout | undefined;
  const onClose = () => {
    if (!response.writableFinished) gone.abort();
  };
  // 1xx answers are HTTP/1.1's: an HTTP/1.0 client gets none.
  const onEnd = () => {
    if (reply.request.raw.httpVersion !== "1.0") probe ??= setInterval(() => response.writableEnded || response.writeProcessing(), CLIENT_PROBE_MS);
  };
  response.once("close", onClose);
  socket.once("end", onEnd);
  return {
    gone: gone.signal,
    stop() {
      clearInterval(probe);
      response.off("close", onClose);
      socket.off("end", onEnd);
    },
  };
}
