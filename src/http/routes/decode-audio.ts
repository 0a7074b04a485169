import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { MEDIA_TYPE_FORMATS, writtenIn } from "../../audio/index.js";
import type { AudioDecoder } from "../audio-decoder.js";
import { watchClient } from "../client-watch.js";
import type { DecodeAdmission } from "../decode-admission.js";
import { TAGS } from "../docs.js";
import { emptyRecording } from "../errors.js";
import { mediaType, paramsNormalizer, requireMediaType } from "../endpoints.js";
import { RECORDING_BODY_LIMIT } from "../limits.js";
import { durationInMicroseconds } from "../microseconds.js";
import { recordingBodyParser } from "../recording-body.js";
import { DecodeAudioQuery, DecodeAudioResult, errorResponses, RecordingBody } from "../schemas.js";

/** The media types decode-audio reads: each format's, and application/octet-stream (told apart by its bytes). */
export const RECORDING_MEDIA_TYPES = Object.keys(MEDIA_TYPE_FORMATS);

export const DECODE_AUDIO_PATH = "/api/v1/decode-audio";

/**
 * Morse read from a recording: the body is the file itself; optional hints in the query
 * string. Taken only where `admission` has a place for it, read on `decoder`'s threads.
 */
export async function decodeAudioRoutes(app: FastifyInstance, decoder: AudioDecoder, admission: DecodeAdmission): Promise<void> {
  // Its own context, so that the recording parser and its body limit apply here only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(RECORDING_MEDIA_TYPES, { bodyLimit: RECORDING_BODY_LIMIT }, recordingBodyParser(RECORDING_BODY_LIMIT));
    scope.post(
      DECODE_AUDIO_PATH,
      {
        bodyLimit: RECORDING_BODY_LIMIT,
        // The body is a file, not JSON to validate: it is described for the docs only.
        config: { swaggerTransform: ({ schema, url }: { schema: object; url: string }) => ({ schema: { ...schema, body: RecordingBody }, url }) },
        schema: {
          summary: "Decode Morse from a recording: WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC (pitch and speed found by the decoder)",
          tags: [TAGS.audio.name],
          querystring: DecodeAudioQuery,
          consumes: RECORDING_MEDIA_TYPES,
          response: { 200: DecodeAudioResult, ...errorResponses },
        },
        // A recording of another type takes no place; one beyond the places is refused before its body is read.
        onRequest: [requireMediaType(RECORDING_MEDIA_TYPES), admission.admit],
        ...paramsNormalizer("query", DecodeAudioQuery),
      },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const { signals, alphabet, ...hints } = request.query as DecodeAudioQuery;
        // No body at all (no Content-Length) is no Buffer; an empty one is said so, not sniffed.
        const body = request.body as Buffer | undefined;
        if (!body?.length) throw emptyRecording();
        // A decode nobody will read is stopped.
        const client = watchClient(reply);
        const read = await decoder.decode(body, mediaType(request), hints, signals, client.gone).finally(() => client.stop());
        return { success: true, ...durationInMicroseconds(writtenIn(read, alphabet)) };
      },
    );
  });
}
