import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { usableSamples } from "../../../../src/audio/decoder/front-end/usable-samples.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

describe("usableSamples", () => {
  it("passes an ordinary recording through untouched, silence included", () => {
    for (const samples of [Float32Array.of(0.5, -0.25, 0), Float32Array.of(3000, -2), new Float32Array(8), Float32Array.of(1e-6, -1e-7)]) {
      assert.equal(usableSamples(DEFAULT_TUNING, samples), samples);
    }
  });

  it("takes NaN for silence, clips infinities and spikes, and brings the level to 1", () => {
    const samples = new Float32Array(2000).map((_, i) => (i % 2 ? 0.5 : -0.5));
    samples[10] = Number.NaN;
    samples[11] = Number.POSITIVE_INFINITY;
    samples[12] = Number.NEGATIVE_INFINITY;
    samples[13] = 3e38;
    const usable = usableSamples(DEFAULT_TUNING, samples);
    assert.notEqual(usable, samples);
    assert.deepEqual([...usable.subarray(8, 15)], [-1, 1, 0, 100, -100, 100, -1]);
  });

  it("rescales levels near float32's limit and far below ordinary ones, keeping their shape", () => {
    for (const by of [1e38, 1e-30]) {
      const samples = Float32Array.from({ length: 1000 }, (_, i) => by * Math.sin(i / 7));
      const usable = usableSamples(DEFAULT_TUNING, samples);
      const level = Math.max(...usable);
      assert.ok(level > 0.99 && level < 1.01, `${by}: ${level}`);
      usable.forEach((x, i) => {
        assert.ok(Math.abs(x - level * Math.sin(i / 7)) < 1e-3, `${by} at ${i}: ${x}`);
      });
    }
  });
});
