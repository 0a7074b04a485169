import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { movingAverage } from "../../../src/audio/dsp/moving-average.js";
import { rng } from "../../fixtures/random.js";

/** The mean of x over [i - (length >> 1), i - (length >> 1) + length), cut at the ends, summed afresh at every i. */
function direct(x: Float32Array, length: number): number[] {
  const before = length >> 1;
  return Array.from(x, (_, i) => {
    const window = x.subarray(Math.max(0, i - before), Math.min(x.length, i - before + Math.max(1, length)));
    return window.reduce((sum, v) => sum + v, 0) / window.length;
  });
}

describe("movingAverage", () => {
  it("averages each value's centred window, fewer at the ends, for windows shorter and longer than the input", () => {
    const random = rng(4);
    for (const n of [0, 1, 2, 5, 40]) {
      const x = Float32Array.from({ length: n }, () => random() - 0.5);
      for (const length of [0, 1, 2, 3, 4, 7, n - 1, n, n + 1, 2 * n + 3]) {
        const got = movingAverage(x, length);
        const want = direct(x, length);
        assert.equal(got.length, n);
        for (let i = 0; i < n; i++) assert.ok(Math.abs(got[i]! - want[i]!) < 1e-6, `n ${n}, length ${length}, i ${i}: ${got[i]} against ${want[i]}`);
      }
    }
  });
});
