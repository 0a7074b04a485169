import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { analyseTimings } from "../../../../src/audio/decoder/characters/timings.js";
import { amplitude } from "../../../../src/audio/decoder/evidence/envelope.js";
import { levels } from "../../../../src/audio/decoder/evidence/levels.js";
import { durationsOf, keyedFromDurations } from "../../../../src/audio/decoder/keyed.js";
import { segment, segmentCoherent } from "../../../../src/audio/decoder/search/marks.js";
import { keyByThreshold } from "../../../../src/audio/decoder/search/threshold.js";
import { edgeError, keyedBaseband } from "../../../fixtures/baseband.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

describe("segment", () => {
  const TEXT = "CQ CQ DE W1AW W1AW K";
  /** 20 wpm: 60 ms dots, filtered over 0.85 dot as the decoder does. */
  const DOT = 60;
  const FILTER = 51;

  it("finds the marks of a keyed tone in a noisy envelope, where keying by threshold breaks up", () => {
    // Noise of unit variance per part per block: a dot's energy 15 dB over the noise density.
    for (const seed of [5, 6]) {
      const { bb, keyed } = keyedBaseband(TEXT, 20, { noise: 1, seed });
      const { env, looks } = amplitude(bb, FILTER, 100);
      const lv = levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks })!;
      const found = segment(env, lv, { tuning: DEFAULT_TUNING, blockMs: 1, filterBlocks: FILTER, looks, dotBlocks: new Float32Array(env.length).fill(DOT) });
      assert.ok(edgeError(found, keyed) < DOT / 2, `seed ${seed}: ${found.length} elements of ${keyed.length}, edges off by ${edgeError(found, keyed)} ms`);
      assert.equal(analyseTimings(DEFAULT_TUNING, durationsOf(found)).decoded.output, TEXT);
      // The same envelope keyed by threshold, at the same levels, for comparison.
      const thresholded = analyseTimings(DEFAULT_TUNING, durationsOf(keyByThreshold(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks }, lv)))
        .decoded.output;
      assert.notEqual(thresholded, TEXT, `seed ${seed}`);
    }
  });
});

describe("segmentCoherent", () => {
  const DOT = 30;
  const n = 100 * DOT;
  // Dots and gaps a dot long, as keyed by an earlier pass.
  const keyed = keyedFromDurations(
    0,
    Array.from({ length: 99 }, () => DOT),
  );
  const options = { blockMs: 1, filterBlocks: 1, looks: 1, dotBlocks: new Float32Array(n).fill(DOT), tuning: DEFAULT_TUNING };
  const clean = () => new Float32Array(n).map((_, i) => (Math.floor(i / DOT) % 2 === 0 ? 1 : 0));

  it("finds the marks of a clean in-phase component", () => {
    const found = segmentCoherent(clean(), keyed, options).keyed;
    assert.equal(found.length, 99);
    assert.ok(
      durationsOf(found).every((d) => Math.abs(d - DOT) <= DOT / 3),
      durationsOf(found).join(),
    );
  });

  it("comes back from evidence that is not finite (it used to loop until the heap ran out)", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38]) {
      const y = clean();
      y[n >> 1] = bad;
      const found = segmentCoherent(y, keyed, options).keyed;
      assert.ok(
        durationsOf(found).every((d) => Number.isFinite(d) && d > 0),
        String(bad),
      );
    }
  });
});
