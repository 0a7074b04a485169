/**
 * Sends an MP3 as it is encoded. Its length is not known before the end (LAME decides how
 * many frames the encoder's delay and the last frame take), so there is no Content-Length:
 * HTTP/1.1 sends it chunked. As for the WAV (wav-stream.ts), only a few chunks are in flight
 * at once, so that memory stays flat however long the audio, other requests are answered
 * between chunks, and a client that goes away stops the encoding.
 */
import type { FastifyReply } from "fastify";
import type { OutgoingHttpHeaders } from "node:http";
import type { Mp3Renderer } from "../audio/index.js";
import { PacedWrites } from "./paced-writes.js";

/** Samples per chunk: 2 s at 8 kHz, a third of a second at 48 kHz; 8 KiB of MP3 at 32 kbit/s. */
const CHUNK_SAMPLES = 16_384;
/** Chunks written and not yet taken by the socket, at most. */
const IN_FLIGHT = 4;

/** `renderer` is ready (its options checked): the answer starts here, so it can no longer be refused. */
export async function sendMp3(reply: FastifyReply, renderer: Mp3Renderer): Promise<void> {
  const response = reply.raw;
  reply.hijack(); // fastify hooks have set their headers; onResponse still runs at the end
  const head = reply.request.method === "HEAD";
  response.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "audio/mpeg",
    "content-disposition": 'inline; filename="morse.mp3"',
    // A HEAD says how the GET would come (Node then keeps the connection open, as after a GET).
    ...(head && reply.request.raw.httpVersion === "1.1" ? { "transfer-encoding": "chunked" } : {}),
  });
  if (head) {
    renderer.close();
    return void response.end();
  }

  const writes = new PacedWrites(response, IN_FLIGHT);
  const chunks = renderer.chunks(CHUNK_SAMPLES);
  try {
    for (const chunk of chunks) {
      if (!(await writes.room())) return; // the client went away: leaving the loop frees the encoder
      writes.write(chunk);
      // A write the socket takes at once calls back on the next tick, before any I/O is
      // read: without this, a fast client would have the whole file encoded in one go
      // while other requests wait.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    response.end();
  } catch (error) {
    // The status line is gone: the one honest signal left is to cut the stream short, so
    // that the client sees a chunked body without its last chunk, never a whole-looking file.
    const { request } = reply;
    request.log.error({ err: error, reqId: request.id, method: request.method, url: request.url }, "MP3 stream failed");
    response.destroy();
  } finally {
    chunks.return();
    renderer.close();
  }
}
