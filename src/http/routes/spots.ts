import type { FastifyInstance } from "fastify";
import type { Spot } from "../../core/index.js";
import type { AudioDecoder } from "../audio-decoder.js";
import type { DecodeAdmission } from "../decode-admission.js";
import { DEFAULT_REPORTER } from "../limits.js";
import { SpotsQuery } from "../schemas.js";
import { SpotsResult } from "../spot-schemas.js";
import { recordingRoute } from "./recording-route.js";

/** Told of each recording's spots, with its reporter (the DX-cluster feed). */
export type SpotsHeard = (spots: readonly Spot[], reporter: string) => void;

export const SPOTS_PATH = "/api/v1/spots";

/**
 * The stations heard in a recording (API.md section 9): the body is the file, as for
 * decode-audio, taken by the same admission, read on the same threads and stopped as it
 * is; the query places it on the band.
 */
export async function spotsRoutes(app: FastifyInstance, decoder: AudioDecoder, admission: DecodeAdmission, heard: SpotsHeard = () => {}): Promise<void> {
  await recordingRoute<SpotsQuery>(app, admission, {
    path: SPOTS_PATH,
    summary: "The stations heard in a recording of a band: call, frequency, speed, strength and kind, as a CW skimmer spots them",
    query: SpotsQuery,
    result: SpotsResult,
    read: async (body, mediaType, { dial, sideband, reporter, alphabet }, gone) => {
      const read = await decoder.spots(body, mediaType, { dial, sideband, alphabet }, gone);
      app.metrics.spots.inc(read.spots.length);
      if (read.busted > 0) app.metrics.spotsBusted.inc({ where: "recording" }, read.busted);
      heard(read.spots, (reporter ?? DEFAULT_REPORTER).toUpperCase());
      return { success: true, spots: read.spots };
    },
  });
}
