/**
 * A route whose body is a recording (decode-audio, spots): its own context, so that the
 * recording parser and its body limit apply there only; taken only where `admission` has a
 * place for it; the body checked present and the read stopped once nobody waits for it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { TObject, TSchema } from "typebox";
import { MEDIA_TYPE_FORMATS } from "../../audio/index.js";
import { watchClient } from "../client-watch.js";
import type { DecodeAdmission } from "../decode-admission.js";
import { TAGS } from "../docs.js";
import { mediaType, paramsNormalizer, requireMediaType } from "../endpoints.js";
import { emptyRecording } from "../errors.js";
import { RECORDING_BODY_LIMIT } from "../limits.js";
import { recordingBodyParser } from "../recording-body.js";
import { errorResponses, RecordingBody } from "../schemas.js";

/** The media types a recording is read in: each format's, and application/octet-stream (told apart by its bytes). */
export const RECORDING_MEDIA_TYPES = Object.keys(MEDIA_TYPE_FORMATS);

export interface RecordingRoute<Query> {
  path: string;
  summary: string;
  query: TObject;
  result: TSchema;
  /** The answer to a recording's bytes of `mediaType` with `query`; `gone` fires when the client leaves. */
  read: (body: Buffer, mediaType: string, query: Query, gone: AbortSignal) => Promise<object>;
}

export async function recordingRoute<Query>(app: FastifyInstance, admission: DecodeAdmission, route: RecordingRoute<Query>): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser(RECORDING_MEDIA_TYPES, { bodyLimit: RECORDING_BODY_LIMIT }, recordingBodyParser(RECORDING_BODY_LIMIT));
    scope.post(
      route.path,
      {
        bodyLimit: RECORDING_BODY_LIMIT,
        // The body is a file, not JSON to validate: it is described for the docs only.
        config: { swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({ schema: { ...schema, body: RecordingBody }, url }) },
        schema: {
          summary: route.summary,
          tags: [TAGS.audio.name],
          querystring: route.query,
          consumes: RECORDING_MEDIA_TYPES,
          response: { 200: route.result, ...errorResponses },
        },
        // A recording of another type takes no place; one beyond the places is refused before its body is read.
        onRequest: [requireMediaType(RECORDING_MEDIA_TYPES), admission.admit],
        ...paramsNormalizer("query", route.query),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        // No body at all (no Content-Length) is no Buffer; an empty one is said so, not sniffed.
        const body = request.body as Buffer | undefined;
        if (!body?.length) throw emptyRecording();
        const client = watchClient(reply);
        return route.read(body, mediaType(request), request.query as Query, client.gone).finally(() => client.stop());
      },
    );
  });
}
