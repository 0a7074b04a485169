import type { FastifyInstance } from "fastify";
import { timeline } from "../../core/index.js";
import { audioJson } from "../audio-json.js";
import { TAGS } from "../docs.js";
import { registerGetAndPost } from "../endpoints.js";
import { FREQUENCY } from "../limits.js";
import { timelineInMicroseconds } from "../microseconds.js";
import { AudioParams, AudioResult } from "../schemas.js";

export function audioRoutes(app: FastifyInstance): void {
  registerGetAndPost(app, {
    url: "/api/v1/audio",
    summary: "Timed tones and silences for playing a text as Morse",
    tag: TAGS.morse.name,
    params: AudioParams,
    result: AudioResult,
    handle: ({ text, wpm, fwpm, frequency, alphabet }, reply) => {
      const result = { success: true, text, frequency: frequency ?? FREQUENCY.default, ...timelineInMicroseconds(timeline(text, { wpm, fwpm, alphabet })) };
      // Only once the timeline is built: an error thrown before goes out by the error schema.
      reply.type("application/json; charset=utf-8").serializer(audioJson);
      return result;
    },
  });
}
