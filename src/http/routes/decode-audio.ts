import type { FastifyInstance } from "fastify";
import type { AudioHints } from "../../audio/index.js";
import { AudioDecoder } from "../audio-decoder.js";
import { TAGS } from "../docs.js";
import { paramsNormalizer, requireMediaType } from "../endpoints.js";
import { WAV_BODY_LIMIT } from "../limits.js";
import { DecodeAudioHints, DecodeAudioResult, errorResponses, WavBody } from "../schemas.js";

export const WAV_MEDIA_TYPES = ["audio/wav", "audio/x-wav", "audio/wave", "application/octet-stream"] as const;

/** Morse read from a recording: the body is the WAV file itself; optional hints in the query string. */
export async function decodeAudioRoutes(app: FastifyInstance): Promise<void> {
  const decoder = new AudioDecoder();
  app.addHook("onClose", async () => decoder.close());
  // Its own context, so that the WAV parser and its body limit apply here only.
  await app.register(async (scope) => {
    scope.addContentTypeParser([...WAV_MEDIA_TYPES], { parseAs: "buffer", bodyLimit: WAV_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post(
      "/api/v1/decode-audio",
      {
        bodyLimit: WAV_BODY_LIMIT,
        // The body is a file, not JSON to validate: it is described for the docs only.
        config: { swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({ schema: { ...schema, body: WavBody }, url }) },
        schema: {
          summary: "Decode Morse from a WAV recording (pitch and speed found by the decoder)",
          tags: [TAGS.audio.name],
          querystring: DecodeAudioHints,
          consumes: [...WAV_MEDIA_TYPES],
          response: { 200: DecodeAudioResult, ...errorResponses },
        },
        onRequest: requireMediaType(WAV_MEDIA_TYPES),
        ...paramsNormalizer("query", DecodeAudioHints),
      },
      async (request) => ({ success: true, ...(await decoder.decode(request.body as Buffer, request.query as AudioHints)) }),
    );
  });
}
