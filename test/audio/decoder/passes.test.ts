import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { STANDARD } from "../../../src/audio/decoder/characters/spacing.js";
import { fastFading, type Reading } from "../../../src/audio/decoder/passes.js";

/** A reading whose coherent model's amplitude is `level(ms)` at 1 ms blocks for 20 s, measured over a half-window of 200 ms. */
function readingWith(level: (ms: number) => number, levelHalfWindow = 200): Reading {
  const amplitude = Float32Array.from({ length: 20_000 }, (_, ms) => level(ms));
  const analysis = { decoded: { output: "", morse: "", characters: 0, wpm: 20 }, misfit: 0, dots: new Float64Array(0), spacing: STANDARD };
  return { keyed: [], analysis, model: { amplitude, noise: new Float32Array(20_000).fill(1), levelHalfWindow } };
}

/** A fade `db` deep from peak to trough, `hz` times a second. */
const fade = (db: number, hz: number) => (ms: number) => 10 ** ((-db / 20) * (0.5 - 0.5 * Math.cos((2 * Math.PI * hz * ms) / 1000)));

describe("fastFading", () => {
  it("gives the fade as a gain around 1 where the level swings by 2 or more within a level window (12 dB at 0.7 Hz)", () => {
    const gain = fastFading(readingWith(fade(12, 0.7)), 1, 60)!;
    assert.ok(gain !== undefined);
    const sorted = Float32Array.from(gain).sort();
    assert.ok(Math.abs(sorted[sorted.length >> 1]! - 1) < 1e-6, "median 1");
    assert.ok(Math.max(...gain) / Math.min(...gain) > 3.5, "the whole swing");
  });

  it("leaves a slow fade (6 dB over 7 s), a steady tone and a reading no coherent pass made alone", () => {
    assert.equal(fastFading(readingWith(fade(6, 1 / 7)), 1, 60), undefined);
    assert.equal(
      fastFading(
        readingWith(() => 1, Infinity),
        1,
        60,
      ),
      undefined,
    );
    const { keyed, analysis } = readingWith(() => 1);
    assert.equal(fastFading({ keyed, analysis }, 1, 60), undefined);
  });
});
