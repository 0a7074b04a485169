import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { selectInPlace } from "../../src/audio/stats.js";
import { rng } from "../../bench/lib/corpus.js";

describe("selectInPlace", () => {
  it("finds the k-th smallest as sorting would, in random, sorted, reversed and repetitive arrays", () => {
    const random = rng(9);
    for (let round = 0; round < 300; round++) {
      const n = 1 + Math.floor(random() * 300);
      const values = Float32Array.from({ length: n }, () => (round % 3 === 0 ? Math.floor(random() * 4) : random()));
      if (round % 5 === 1) values.sort();
      if (round % 5 === 2) values.sort().reverse();
      const sorted = Float32Array.from(values).sort();
      for (const q of [0, 0.25, 0.5, 0.9, 0.97, 1]) {
        const k = Math.min(n - 1, Math.floor(q * n));
        assert.equal(selectInPlace(values, k), sorted[k], `round ${round}, n ${n}, k ${k}`);
      }
    }
  });
});
