import type { FastifyInstance } from "fastify";
import { limits, timeline } from "../../core/index.js";
import { type MethodRegistry, registerGetAndPost } from "../endpoints.js";
import { AudioParams, AudioResult } from "../schemas.js";

export function audioRoutes(app: FastifyInstance, methods: MethodRegistry): void {
  registerGetAndPost(app, methods, {
    url: "/api/v1/audio",
    summary: "Timed tones and silences for playing a text as Morse",
    params: AudioParams,
    result: AudioResult,
    handle: ({ text, wpm, fwpm, frequency }) => ({
      success: true, text, frequency: frequency ?? limits.FREQUENCY.default, ...timeline(text, { wpm, fwpm }),
    }),
  });
}
