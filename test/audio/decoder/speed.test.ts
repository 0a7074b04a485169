import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { dotMs } from "../../../src/core/units.js";
import { searchSpeed } from "../../../src/audio/decoder/speed.js";
import { keyedBaseband } from "../../fixtures/baseband.js";
import { gaussian, rng } from "../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../src/audio/decoder/tuning.js";

const TEXT = "CQ CQ DE W1AW W1AW K";

describe("searchSpeed", () => {
  it("finds the dot length of 25 wpm (48 ms) in noise, and of 8 and 45 wpm", () => {
    for (const [wpm, noise] of [
      [25, 0.7],
      [8, 0.7],
      [45, 0.3],
    ] as const) {
      const { bb } = keyedBaseband(TEXT, wpm, { noise, seed: wpm });
      const found = searchSpeed(DEFAULT_TUNING, bb)?.dotMs;
      assert.ok(found !== undefined && Math.abs(found / dotMs(wpm) - 1) < 0.1, `${wpm} wpm: ${found} ms against ${dotMs(wpm)}`);
    }
  });

  it("near the rung a reading before chose, finds what the whole ladder finds; near another, only what that one's rungs read", () => {
    const { bb } = keyedBaseband(TEXT, 20, { noise: 0.5, seed: 3 });
    const whole = searchSpeed(DEFAULT_TUNING, bb);
    assert.ok(whole !== undefined);
    assert.deepEqual(searchSpeed(DEFAULT_TUNING, bb, whole.rungMs), whole);
    const far = searchSpeed(DEFAULT_TUNING, bb, 4 * whole.rungMs);
    assert.ok(far === undefined || Math.abs(Math.log2(far.rungMs / whole.rungMs)) >= 1.5, `rung ${far?.rungMs} ms`);
  });

  it("finds no speed in noise alone", () => {
    const random = rng(1);
    const n = 5000;
    const bb = { re: Float32Array.from({ length: n }, () => gaussian(random)), im: Float32Array.from({ length: n }, () => gaussian(random)), blockMs: 1 };
    assert.equal(searchSpeed(DEFAULT_TUNING, bb), undefined);
  });

  it("reads marks all of one length as dots at a usual speed, not dashes at three times it (S at 15 wpm, not TTT at 45)", () => {
    for (const [text, wpm] of [
      ["S", 15],
      ["SSS S", 15],
      ["H", 20],
      ["EE", 20],
      ["5", 12],
      ["O", 20],
      ["TTT", 25],
      ["MO", 18],
    ] as const) {
      const { bb } = keyedBaseband(text, wpm, { noise: 0.05, seed: 5 });
      const found = searchSpeed(DEFAULT_TUNING, bb)?.dotMs;
      assert.ok(found !== undefined && Math.abs(found / dotMs(wpm) - 1) < 0.15, `${text} at ${wpm} wpm: ${found} ms against ${dotMs(wpm)}`);
    }
  });
});
