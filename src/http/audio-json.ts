/**
 * The JSON of GET|POST /api/v1/audio, written for its shape. The answer is a timeline of
 * hundreds of segments, and the schema's serializer (fast-json-stringify) takes about twice
 * as long for it as this; the output is the same, byte for byte (test/http/audio-json.test.ts,
 * against that serializer compiled from AudioResult, which stays the documented schema).
 */
import type { Static } from "typebox";
import type { AudioResult } from "./schemas.js";

/** AudioResult as JSON, its keys in the schema's order. */
export function audioJson(result: Static<typeof AudioResult>): string {
  let sequence = "";
  for (const s of result.sequence) {
    sequence += `${sequence === "" ? "" : ","}{"type":"${s.type}","startMs":${s.startMs},"durationMs":${s.durationMs}}`;
  }
  return (
    `{"success":${result.success},"text":${JSON.stringify(result.text)},"morse":${JSON.stringify(result.morse)},` +
    `"wpm":${result.wpm},"frequency":${result.frequency},"unitMs":${result.unitMs},"fwpm":${result.fwpm},` +
    `"durationMs":${result.durationMs},"sequence":[${sequence}]}`
  );
}
