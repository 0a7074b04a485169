/**
 * A recording's body, read into one buffer of its own that the decoding thread can take over
 * without a copy. fastify's `parseAs: "buffer"` keeps every chunk and then concatenates them
 * (twice the body at its peak), and its Buffer may be a slice of a shared pool, which must be
 * copied again before it can be transferred: three times the body for a while, per request.
 * Here a body with a Content-Length is written as it arrives into a buffer of that size; a
 * chunked one is kept in chunks and copied once, at its end, into a buffer of its own.
 */
import type { FastifyRequest } from "fastify";
import type { Readable } from "node:stream";
import { bodyTooLarge, contentLengthMismatch } from "./errors.js";

type Done = (error: Error | null, body?: Buffer) => void;

/** A buffer that is the whole of its ArrayBuffer (never a pool's slice), so it can be transferred. */
function ownBuffer(length: number): Buffer {
  return Buffer.allocUnsafeSlow(length);
}

/** A content-type parser (fastify's callback form, given the raw stream) for bodies of at most `limit` bytes. */
export function recordingBodyParser(limit: number) {
  return (request: FastifyRequest, payload: Readable, done: Done): void => {
    const declared = request.headers["content-length"];
    // Node's parser has checked that a Content-Length is a number; one over the limit is refused unread.
    const length = declared === undefined ? undefined : Number(declared);
    if (length !== undefined && length > limit) {
      done(bodyTooLarge(limit));
      return;
    }
    const sized = length === undefined ? undefined : ownBuffer(length);
    const chunks: Buffer[] = [];
    let received = 0;

    const finish = (error: Error | null, body?: Buffer) => {
      payload.off("data", onData).off("end", onEnd).off("error", onError).off("close", onClose);
      // What was received is let go with these listeners: nothing else refers to it.
      chunks.length = 0;
      done(error, body);
    };
    const onData = (chunk: Buffer) => {
      if (received + chunk.length > limit) return finish(bodyTooLarge(limit));
      if (sized) {
        // Node's parser ends a body at its Content-Length: more is not this request's.
        if (received + chunk.length > sized.length) return finish(contentLengthMismatch());
        chunk.copy(sized, received);
      } else {
        chunks.push(chunk);
      }
      received += chunk.length;
    };
    const onEnd = () => {
      if (sized) return received === sized.length ? finish(null, sized) : finish(contentLengthMismatch());
      const body = ownBuffer(received);
      let offset = 0;
      for (const chunk of chunks) offset += chunk.copy(body, offset);
      finish(null, body);
    };
    // A client that goes away mid-upload: the request is aborted (an error, then close).
    const onError = (error: Error & { statusCode?: number }) => {
      error.statusCode ??= 400;
      finish(error);
    };
    const onClose = () => onError(new Error("The request was closed before its body ended"));
    payload.on("data", onData).on("end", onEnd).on("error", onError).on("close", onClose);
    payload.resume();
  };
}
