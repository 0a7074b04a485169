import type { FastifyInstance } from "fastify";
import { decodeToResult } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { registerGetAndPost } from "../endpoints.js";
import { DecodeParams, DecodeResult } from "../schemas.js";

export function decodeRoutes(app: FastifyInstance): void {
  registerGetAndPost(app, {
    url: "/api/v1/decode",
    summary: "Decode Morse to text",
    tag: TAGS.morse.name,
    params: DecodeParams,
    result: DecodeResult,
    handle: ({ morse, ...options }) => ({ success: true, input: morse, ...decodeToResult(morse, options) }),
  });
}
