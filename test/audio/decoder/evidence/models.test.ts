import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { amplitude } from "../../../../src/audio/decoder/evidence/envelope.js";
import { levels } from "../../../../src/audio/decoder/evidence/levels.js";
import { modelFromLevels, modelFromRuns, modelFromRunsCoherent } from "../../../../src/audio/decoder/evidence/models.js";
import { runsOf } from "../../../../src/audio/decoder/keyed.js";
import { keyedBaseband } from "../../../fixtures/baseband.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const TEXT = "CQ CQ DE W1AW W1AW K";
/** 20 wpm; the segmentation's filter spans 0.85 dot. */
const DOT = 60;
const FILTER = 0.85 * DOT;

describe("modelFromLevels", () => {
  it("puts the tone's amplitude between the envelope's off and on levels, and the noise above nothing", () => {
    const { bb } = keyedBaseband(TEXT, 20, { noise: 0.7, seed: 1 });
    const { env, looks } = amplitude(bb, FILTER, 100);
    const lv = levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks })!;
    const model = modelFromLevels(DEFAULT_TUNING, lv, looks);
    for (let i = 0; i < env.length; i += 97) {
      const on = lv.mid[i]! + lv.span[i]! / 2;
      assert.ok(model.amplitude[i]! > 0 && model.amplitude[i]! <= on, `${i}: ${model.amplitude[i]} against on ${on}`);
      assert.ok(model.noise[i]! > 0);
    }
    // The tone's amplitude is 1; the on level holds some noise above it.
    const middle = model.amplitude[env.length >> 1]!;
    assert.ok(middle > 0.6 && middle < 1.4, String(middle));
  });
});

describe("modelFromRuns", () => {
  it("measures the tone and the noise where marks and gaps are", () => {
    const { bb, keyed } = keyedBaseband(TEXT, 20, { noise: 0.7, seed: 2 });
    const { env } = amplitude(bb, FILTER, 100);
    const runs = runsOf(keyed, 1, env.length);
    const model = modelFromRuns(DEFAULT_TUNING, env, runs, FILTER, 1000)!;
    const at = env.length >> 1;
    assert.ok(Math.abs(model.amplitude[at]! - 1) < 0.15, `amplitude ${model.amplitude[at]}`);
    // Weighed by NOISE_WEIGHT (0.5): the envelope's mean square in the gaps, 2 × 0.7² / 51 blocks.
    const expected = (0.5 * (2 * 0.49)) / 51;
    assert.ok(Math.abs(model.noise[at]! / expected - 1) < 0.3, `noise ${model.noise[at]} against ${expected}`);
  });

  it("needs marks and gaps to measure", () => {
    const { bb } = keyedBaseband("E", 20, { noise: 0.7, leadMs: 10 });
    const { env } = amplitude(bb, FILTER, 100);
    assert.equal(modelFromRuns(DEFAULT_TUNING, env, [{ mark: false, start: 0, length: env.length }], FILTER, 1000), undefined);
  });
});

const WINDOWS = { noise: 800, level: [200, 300, 450, 800], levelBin: 1500 };

describe("modelFromRunsCoherent", () => {
  const n = 20_000;
  /** Marks and gaps of 40 blocks, the in-phase component at `level(i)` on marks, Gaussian noise of variance 0.25. */
  const received = (level: (i: number) => number) => {
    const random = rng(5);
    const y = new Float32Array(n).map((_, i) => (Math.floor(i / 40) % 2 === 0 ? level(i) : 0) + 0.5 * gaussian(random));
    const runs = Array.from({ length: n / 40 }, (_, k) => ({ mark: k % 2 === 0, start: 40 * k, length: 40 }));
    return { y, runs };
  };

  it("takes a steady tone's amplitude from all its marks, and the noise's variance from the gaps", () => {
    const { y, runs } = received(() => 0.6);
    const model = modelFromRunsCoherent(DEFAULT_TUNING, y, runs, WINDOWS)!;
    assert.ok(
      model.amplitude.every((a) => a === model.amplitude[0]),
      "one amplitude for a steady tone",
    );
    assert.ok(Math.abs(model.amplitude[0]! - 0.6) < 0.02, String(model.amplitude[0]));
    for (const at of [1000, 10_000, 19_000]) assert.ok(Math.abs(model.noise[at]! - 0.25) < 0.04, `noise ${model.noise[at]} at ${at}`);
  });

  it("follows a fading tone, window by window", () => {
    const level = (i: number) => 1 - 0.6 * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / 8000));
    const { y, runs } = received(level);
    const model = modelFromRunsCoherent(DEFAULT_TUNING, y, runs, WINDOWS)!;
    assert.ok(
      model.amplitude[8000]! > 0.85 && model.amplitude[4000]! < 0.6 && model.amplitude[12_000]! < 0.6,
      `${model.amplitude[4000]} ${model.amplitude[8000]} ${model.amplitude[12_000]}`,
    );
  });

  it("measures a fast fade's level over a window short enough to follow it (one a fixed 800-block window would average away)", () => {
    const level = (i: number) => 1 - 0.6 * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / 1600));
    const { y, runs } = received(level);
    const model = modelFromRunsCoherent(DEFAULT_TUNING, y, runs, WINDOWS)!;
    for (const peak of [3200, 9600]) assert.ok(model.amplitude[peak]! > 0.85, `peak ${model.amplitude[peak]} at ${peak}`);
    for (const trough of [4000, 10_400]) assert.ok(model.amplitude[trough]! < 0.6, `trough ${model.amplitude[trough]} at ${trough}`);
  });
});
