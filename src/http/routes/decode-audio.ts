import type { FastifyInstance } from "fastify";
import type { AudioDecoder } from "../audio-decoder.js";
import type { DecodeAdmission } from "../decode-admission.js";
import { durationInMicroseconds } from "../microseconds.js";
import { DecodeAudioQuery, DecodeAudioResult } from "../schemas.js";
import { recordingRoute } from "./recording-route.js";

export const DECODE_AUDIO_PATH = "/api/v1/decode-audio";

/**
 * Morse read from a recording: the body is the file itself; optional hints in the query
 * string. Taken only where `admission` has a place for it, read on `decoder`'s threads.
 */
export async function decodeAudioRoutes(app: FastifyInstance, decoder: AudioDecoder, admission: DecodeAdmission): Promise<void> {
  await recordingRoute<DecodeAudioQuery>(app, admission, {
    path: DECODE_AUDIO_PATH,
    summary: "Decode Morse from a recording: WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC (pitch and speed found by the decoder)",
    query: DecodeAudioQuery,
    result: DecodeAudioResult,
    read: async (body, mediaType, options, gone) => ({ success: true, ...durationInMicroseconds(await decoder.decode(body, mediaType, options, gone)) }),
  });
}
