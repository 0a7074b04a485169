import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { dotMs } from "../../../src/core/units.js";
import { searchDot } from "../../../src/audio/decoder/speed.js";
import { keyedBaseband } from "../../fixtures/baseband.js";
import { gaussian, rng } from "../../fixtures/random.js";

const TEXT = "CQ CQ DE W1AW W1AW K";

describe("searchDot", () => {
  it("finds the dot length of 25 wpm (48 ms) in noise, and of 8 and 45 wpm", () => {
    for (const [wpm, noise] of [
      [25, 0.7],
      [8, 0.7],
      [45, 0.3],
    ] as const) {
      const { bb } = keyedBaseband(TEXT, wpm, { noise, seed: wpm });
      const found = searchDot(bb);
      assert.ok(found !== undefined && Math.abs(found / dotMs(wpm) - 1) < 0.1, `${wpm} wpm: ${found} ms against ${dotMs(wpm)}`);
    }
  });

  it("finds no speed in noise alone", () => {
    const random = rng(1);
    const n = 5000;
    const bb = { re: Float32Array.from({ length: n }, () => gaussian(random)), im: Float32Array.from({ length: n }, () => gaussian(random)), blockMs: 1 };
    assert.equal(searchDot(bb), undefined);
  });
});
