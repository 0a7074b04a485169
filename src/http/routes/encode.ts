import type { FastifyInstance } from "fastify";
import { codePointLength, encode } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { registerGetAndPost } from "../endpoints.js";
import { EncodeParams, EncodeResult } from "../schemas.js";

export function encodeRoutes(app: FastifyInstance): void {
  registerGetAndPost(app, {
    url: "/api/v1/encode",
    summary: "Encode text to Morse",
    tag: TAGS.morse.name,
    params: EncodeParams,
    result: EncodeResult,
    handle: ({ text, ...options }) => ({
      success: true,
      input: text,
      output: encode(text, options),
      characters: codePointLength(text),
    }),
  });
}
