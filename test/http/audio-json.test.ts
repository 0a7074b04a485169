import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import fastJsonStringify from "fast-json-stringify";
import { ACCENTED, DIGITS, LETTERS, PROSIGNS, PUNCTUATION, timeline } from "../../src/core/index.js";
import { audioJson } from "../../src/http/audio-json.js";
import { timelineInMicroseconds } from "../../src/http/microseconds.js";
import { AudioResult } from "../../src/http/schemas.js";
import { serveForTests } from "../helpers/server.js";

/** The serializer fastify compiles from the route's documented schema. */
const bySchema = fastJsonStringify(AudioResult as Parameters<typeof fastJsonStringify>[0]);

/** Every character the encoder takes, prosigns as one, and spaces. */
const CHARACTERS = [LETTERS, DIGITS, PUNCTUATION, ACCENTED].flatMap((table) => Object.keys(table)).concat(Object.keys(PROSIGNS), [" "]);
const texts = fc
  .array(fc.constantFrom(...CHARACTERS), { minLength: 1, maxLength: 60 })
  .map((chars) => chars.join("").trim())
  .filter((t) => t !== "");

describe("audioJson", () => {
  const server = serveForTests();

  it("writes the bytes the schema's serializer writes, for any text, speed, spacing and pitch", () => {
    fc.assert(
      fc.property(
        texts,
        fc.integer({ min: 5, max: 50 }),
        fc.option(fc.integer({ min: 5, max: 50 })),
        fc.double({ min: 200, max: 1000, noNaN: true }),
        (text, wpm, fwpm, frequency) => {
          const result = { success: true, text, frequency, ...timeline(text, { wpm, fwpm: fwpm === null ? undefined : Math.min(fwpm, wpm) }) };
          assert.equal(audioJson(result), bySchema(result));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is what GET /api/v1/audio sends, and an error there still goes out as the error JSON", async () => {
    {
      const base = server.url;
      const ok = await fetch(`${base}/api/v1/audio?text=${encodeURIComponent('SOS "73" É')}&wpm=25&fwpm=15`);
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get("content-type"), "application/json; charset=utf-8");
      // Its times to the microsecond: the route rounds the timeline, then writes it.
      const sent = { success: true, text: 'SOS "73" É', frequency: 600, ...timelineInMicroseconds(timeline('SOS "73" É', { wpm: 25, fwpm: 15 })) };
      assert.equal(await ok.text(), bySchema(sent));
      const bad = await fetch(`${base}/api/v1/audio?text=${encodeURIComponent("SOS ~")}`);
      assert.equal(bad.status, 400);
      assert.equal(((await bad.json()) as { code: string }).code, "UNSUPPORTED_CHARACTER");
    }
  });
});
