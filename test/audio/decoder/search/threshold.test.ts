import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { durationsOf, keyedFromDurations, type Keyed } from "../../../../src/audio/decoder/keyed.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";
import { keyByThreshold } from "../../../../src/audio/decoder/search/threshold.js";
import { gaussian, rng } from "../../../fixtures/random.js";

/** 20 wpm: a dot of 60 blocks of 1 ms. */
const OPTIONS = { blockMs: 1, dotMs: 60, looks: 1, tuning: DEFAULT_TUNING };

/** A clean envelope of "PARIS PARIS CQ" after a second of silence (and as much after): 1 keyed, 0.05 between. */
function envelope(): { env: Float32Array; keyed: Keyed } {
  const durations = timeline("PARIS PARIS CQ", { wpm: 20 }).sequence.map((s) => s.durationMs);
  const keyed = keyedFromDurations(1000, durations);
  const env = new Float32Array(2000 + durations.reduce((a, b) => a + b, 0)).fill(0.05);
  for (const e of keyed) if (e.mark) env.fill(1, e.startMs, e.startMs + e.durationMs);
  return { env, keyed };
}

describe("keyByThreshold", () => {
  it("keys a clean envelope with the durations sent", () => {
    const { env, keyed } = envelope();
    assert.deepEqual(keyByThreshold(env, OPTIONS), keyed);
  });

  it("debounces blips and dropouts shorter than a third of a dot, at the ends too", () => {
    const { env, keyed } = envelope();
    // Noise blips of 15 ms in the silence before, amid letter and word gaps and after; dropouts of 15 ms inside dashes.
    const amid = keyed.filter((e) => !e.mark && e.durationMs >= 180).map((e) => e.startMs + e.durationMs / 2);
    for (const at of [300, ...amid, env.length - 400]) env.fill(1, at, at + 15);
    for (const e of keyed) if (e.mark && e.durationMs === 180) env.fill(0.05, e.startMs + 80, e.startMs + 95);
    assert.deepEqual(keyByThreshold(env, OPTIONS), keyed);
    // Blips of a half dot are marks.
    env.fill(1, 300, 330);
    const found = keyByThreshold(env, OPTIONS);
    assert.equal(found.length, keyed.length + 2);
    assert.deepEqual(durationsOf(found).slice(0, 2), [30, 1000 - 330]);
  });

  it("holds its key through noise within the hysteresis", () => {
    const { env, keyed } = envelope();
    const random = rng(1);
    // ±4 % of the span at most: inside the hysteresis of 10 % either side of the threshold.
    const wobbly = env.map((x) => x + 0.013 * Math.max(-3, Math.min(3, gaussian(random))));
    const found = keyByThreshold(wobbly, OPTIONS);
    assert.equal(found.length, keyed.length);
    found.forEach((e, i) => {
      assert.ok(Math.abs(e.durationMs - keyed[i]!.durationMs) <= 1, `element ${i}: ${e.durationMs} against ${keyed[i]!.durationMs}`);
    });
  });

  it("keys nothing in a flat envelope, or noise", () => {
    assert.deepEqual(keyByThreshold(new Float32Array(5000).fill(0.3), OPTIONS), []);
    const random = rng(2);
    const noise = Float32Array.from({ length: 5000 }, () => Math.hypot(gaussian(random), gaussian(random)));
    assert.deepEqual(keyByThreshold(noise, OPTIONS), []);
  });
});
