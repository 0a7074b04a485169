/**
 * Sends a WAV as it is rendered, into a few buffers that are reused once the socket has
 * taken them: memory stays flat however long the audio (88 minutes at most), and no
 * garbage piles up between collections, as a fresh buffer per chunk would make it.
 */
import type { FastifyReply } from "fastify";
import type { OutgoingHttpHeaders } from "node:http";
import type { WavRenderer } from "../audio/index.js";
import { PacedWrites } from "./paced-writes.js";

/** Samples per chunk: 32 KiB of 16-bit PCM. */
const CHUNK_SAMPLES = 16_384;
/** Chunks in flight at once: enough to keep the socket busy. */
const BUFFERS = 4;

export async function sendWav(reply: FastifyReply, renderer: WavRenderer): Promise<void> {
  const response = reply.raw;
  reply.hijack(); // fastify hooks have set their headers; onResponse still runs at the end
  response.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    "content-type": "audio/wav",
    "content-length": renderer.byteLength,
    "content-disposition": 'inline; filename="morse.wav"',
  });
  if (reply.request.method === "HEAD") return void response.end();
  response.write(renderer.header());

  const free: Buffer[] = Array.from({ length: BUFFERS }, () => Buffer.alloc(2 * CHUNK_SAMPLES));
  const writes = new PacedWrites(response, BUFFERS);
  for (let start = 0; start < renderer.sampleCount; start += CHUNK_SAMPLES) {
    if (!(await writes.room())) return; // the client went away: stop rendering
    const buffer = free.pop()!; // as many buffers as writes in flight: one is free
    const length = Math.min(CHUNK_SAMPLES, renderer.sampleCount - start);
    writes.write(renderer.fill(start, length, buffer), () => free.push(buffer));
  }
  response.end();
}
