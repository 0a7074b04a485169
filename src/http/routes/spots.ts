import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Spot } from "../../core/index.js";
import type { AudioDecoder } from "../audio-decoder.js";
import { watchClient } from "../client-watch.js";
import { TAGS } from "../docs.js";
import { mediaType, paramsNormalizer, requireMediaType } from "../endpoints.js";
import { emptyRecording } from "../errors.js";
import type { DecodeAdmission } from "../decode-admission.js";
import { DEFAULT_REPORTER, RECORDING_BODY_LIMIT } from "../limits.js";
import { recordingBodyParser } from "../recording-body.js";
import { errorResponses, RecordingBody, SpotsQuery } from "../schemas.js";
import { SpotsResult } from "../spot-schemas.js";
import { RECORDING_MEDIA_TYPES } from "./decode-audio.js";

/** Told of each recording's spots, with its reporter (the DX-cluster feed). */
export type SpotsHeard = (spots: readonly Spot[], reporter: string) => void;

export const SPOTS_PATH = "/api/v1/spots";

/**
 * The stations heard in a recording (API.md section 9): the body is the file, as for
 * decode-audio, taken by the same admission, read on the same threads and stopped as it
 * is; the query places it on the band.
 */
export async function spotsRoutes(app: FastifyInstance, decoder: AudioDecoder, admission: DecodeAdmission, heard: SpotsHeard = () => {}): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(RECORDING_MEDIA_TYPES, { bodyLimit: RECORDING_BODY_LIMIT }, recordingBodyParser(RECORDING_BODY_LIMIT));
    scope.post(
      SPOTS_PATH,
      {
        bodyLimit: RECORDING_BODY_LIMIT,
        config: { swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({ schema: { ...schema, body: RecordingBody }, url }) },
        schema: {
          summary: "The stations heard in a recording of a band: call, frequency, speed, strength and kind, as a CW skimmer spots them",
          tags: [TAGS.audio.name],
          querystring: SpotsQuery,
          consumes: RECORDING_MEDIA_TYPES,
          response: { 200: SpotsResult, ...errorResponses },
        },
        onRequest: [requireMediaType(RECORDING_MEDIA_TYPES), admission.admit],
        ...paramsNormalizer("query", SpotsQuery),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { dial, sideband, reporter, alphabet } = request.query as SpotsQuery;
        const body = request.body as Buffer | undefined;
        if (!body?.length) throw emptyRecording();
        const client = watchClient(reply);
        const read = await decoder.spots(body, mediaType(request), { dial, sideband, alphabet }, client.gone).finally(() => client.stop());
        app.metrics.spots.inc(read.spots.length);
        if (read.busted > 0) app.metrics.spotsBusted.inc({ where: "recording" }, read.busted);
        heard(read.spots, (reporter ?? DEFAULT_REPORTER).toUpperCase());
        return { success: true, spots: read.spots };
      },
    );
  });
}
