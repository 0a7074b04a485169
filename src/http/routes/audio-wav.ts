import { Readable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { audioLimits, renderWavChunks, wavByteLength } from "../../audio/index.js";
import { limits, timeline } from "../../core/index.js";
import { type MethodRegistry, registerGetAndPost } from "../endpoints.js";
import { WavParams, WavResult } from "../schemas.js";

/** The timeline of /api/v1/audio as sound, streamed chunk by chunk: 40 minutes of audio never sits in memory. */
export function audioWavRoutes(app: FastifyInstance, methods: MethodRegistry): void {
  registerGetAndPost(app, methods, {
    url: "/api/v1/audio.wav",
    summary: "A text as Morse audio: mono 16-bit PCM WAV",
    params: WavParams,
    result: WavResult,
    handle: ({ text, wpm, fwpm, frequency = limits.FREQUENCY.default, sampleRate = audioLimits.SAMPLE_RATE.default }, reply) => {
      const sound = timeline(text, { wpm, fwpm });
      const chunks = renderWavChunks(sound, { frequency, sampleRate });
      reply.type("audio/wav");
      reply.header("content-length", wavByteLength(sound, sampleRate));
      reply.header("content-disposition", 'inline; filename="morse.wav"');
      return Readable.from(chunks, { objectMode: false });
    },
  });
}
