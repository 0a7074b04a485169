import type { FastifyInstance } from "fastify";
import { Mp3Renderer } from "../../audio/index.js";
import { timeline } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { registerGetAndPost } from "../endpoints.js";
import { FREQUENCY, MP3_BITRATE, SAMPLE_RATE } from "../limits.js";
import { sendMp3 } from "../mp3-stream.js";
import { Mp3Params, Mp3Result } from "../schemas.js";

/** The timeline of /api/v1/audio as an MP3, streamed as it is encoded. */
export function audioMp3Routes(app: FastifyInstance): void {
  registerGetAndPost(app, {
    url: "/api/v1/audio.mp3",
    summary: "A text as Morse audio: mono MP3 at a constant bitrate",
    tag: TAGS.audio.name,
    params: Mp3Params,
    result: Mp3Result,
    handle: async ({ text, wpm, fwpm, alphabet, frequency = FREQUENCY.default, sampleRate = SAMPLE_RATE.default, bitrate = MP3_BITRATE.default }, reply) =>
      // Everything that can refuse the request does so here, before the answer starts.
      sendMp3(reply, await Mp3Renderer.create(timeline(text, { wpm, fwpm, alphabet }), { frequency, sampleRate, bitrate })),
  });
}
