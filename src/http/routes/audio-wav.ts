import type { FastifyInstance } from "fastify";
import { WavRenderer } from "../../audio/index.js";
import { timeline } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { registerGetAndPost } from "../endpoints.js";
import { FREQUENCY, SAMPLE_RATE } from "../limits.js";
import { WavParams, WavResult } from "../schemas.js";
import { sendWav } from "../wav-stream.js";

/** The timeline of /api/v1/audio as sound, streamed as it is rendered. */
export function audioWavRoutes(app: FastifyInstance): void {
  registerGetAndPost(app, {
    url: "/api/v1/audio.wav",
    summary: "A text as Morse audio: mono 16-bit PCM WAV",
    tag: TAGS.audio.name,
    params: WavParams,
    result: WavResult,
    handle: ({ text, wpm, fwpm, alphabet, frequency = FREQUENCY.default, sampleRate = SAMPLE_RATE.default }, reply) =>
      // Everything that can refuse the request does so here, before the answer starts.
      sendWav(reply, new WavRenderer(timeline(text, { wpm, fwpm, alphabet }), { frequency, sampleRate })),
  });
}
