/** The answer of POST /api/v1/spots (API.md section 9): the stations heard, each a spot. */
import { Type } from "typebox";
import { Success } from "./schemas.js";

/** A station heard (API.md section 9). */
export const Spot = Type.Object({
  call: Type.String({
    description: "Its call sign: a valid one (the ITU's allocated prefixes, section 9's structure), heard twice, or once after DE or before K, AR or BK",
  }),
  frequencyKHz: Type.Number({ description: "Where it is: dial + pitch / 1000 in USB, dial - pitch / 1000 in LSB, kHz to 0.1" }),
  audioHz: Type.Number({ description: "Its pitch in the recording, Hz" }),
  snrDb: Type.Number({ description: "Its power while keyed against the noise in 3 kHz, dB (estimated)" }),
  wpm: Type.Number({ description: "Its speed, words per minute" }),
  kind: Type.Unsafe<"CQ" | "DX" | "BEACON">({
    type: "string",
    enum: ["CQ", "DX", "BEACON"],
    description: "CQ: it calls CQ or TEST, or signs QRZ/DE after a CQ; DX: it signs without calling; BEACON: one short message repeated, no other station",
  }),
  firstMs: Type.Number({ description: "Start of its first sending of the call, ms into the recording" }),
  lastMs: Type.Number({ description: "End of its last sending of the call, ms into the recording" }),
  heard: Type.String({ description: "The decoded text around the call, at most 60 characters" }),
});

export const SpotsResult = Type.Object({
  success: Success,
  spots: Type.Array(Spot, {
    description:
      "Every station heard, by frequency; a call one character off a call spotted within 1 kHz in the last 10 minutes is that call misread and left out, " +
      "and the same call within 0.5 kHz is one spot per 10 minutes",
  }),
});
