import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { median, runningMedian, selectInPlace, slidingMedians, splitInTwo } from "../../../src/audio/dsp/stats.js";
import { rng } from "../../fixtures/random.js";

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

describe("runningMedian", () => {
  it("takes the median of each value's neighbourhood, fewer at the ends", () => {
    assert.deepEqual([...runningMedian([5, 1, 9, 2, 8, 3], 1)], [5, 5, 2, 8, 3, 8]);
    assert.deepEqual([...runningMedian([4, 4, 100, 4, 4], 2)], [4, 4, 4, 4, 4]);
    assert.deepEqual([...runningMedian([7], 20)], [7]);
    assert.deepEqual([...runningMedian([], 3)], []);
  });

  it("agrees with sorting each window, on random values", () => {
    const random = rng(4);
    const values = Array.from({ length: 200 }, () => Math.round(1000 * random()) / 8);
    const medians = runningMedian(values, 7);
    values.forEach((_, i) => {
      const window = values.slice(Math.max(0, i - 7), i + 8).sort((a, b) => a - b);
      assert.equal(medians[i], window[window.length >> 1]);
    });
  });
});

describe("slidingMedians", () => {
  it("gives each place the median of its window cut at the ends, exactly as median does, with ties and repeats", () => {
    const random = rng(12);
    for (let round = 0; round < 200; round++) {
      const n = 1 + Math.floor(random() * 80);
      const values = Float64Array.from({ length: n }, () => (round % 2 === 0 ? Math.floor(random() * 5) : random() * 1e3));
      const half = Math.floor(random() * 12);
      const from = Math.floor(random() * n);
      const to = from + Math.floor(random() * (n - from));
      const medians = slidingMedians(values, from, to, half);
      assert.equal(medians.length, to - from + 1);
      for (let k = from; k <= to; k++) {
        const window = values.subarray(Math.max(0, k - half), Math.min(n - 1, k + half) + 1);
        assert.equal(medians[k - from], median(window), `round ${round}, place ${k}`);
      }
    }
  });

  it("gives nothing for an empty range", () => {
    assert.equal(slidingMedians([1, 2, 3], 2, 1, 1).length, 0);
  });
});

describe("splitInTwo", () => {
  const sse = (values: number[]) => {
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    return values.reduce((a, v) => a + (v - mean) ** 2, 0);
  };

  it("splits where the two groups' squared deviations are least, as trying every split does", () => {
    const random = rng(4);
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(random() * 40);
      const sorted = Array.from({ length: n }, () => (random() < 0.5 ? random() : 3 + random() * 2)).sort((a, b) => a - b);
      const { split, lowMean, highMean, mean } = splitInTwo(sorted);
      let bestSplit = 1;
      for (let k = 1; k < n; k++) {
        if (sse(sorted.slice(0, k)) + sse(sorted.slice(k)) < sse(sorted.slice(0, bestSplit)) + sse(sorted.slice(bestSplit)) - 1e-9) bestSplit = k;
      }
      assert.equal(split, bestSplit);
      assert.ok(Math.abs(lowMean - sorted.slice(0, split).reduce((a, b) => a + b, 0) / split) < 1e-9);
      assert.ok(Math.abs(highMean - sorted.slice(split).reduce((a, b) => a + b, 0) / (n - split)) < 1e-9);
      assert.ok(Math.abs(mean - sorted.reduce((a, b) => a + b, 0) / n) < 1e-9);
    }
  });

  it("keeps one value, or none, as one group", () => {
    assert.deepEqual(splitInTwo([2]), { split: 1, lowMean: 2, highMean: 2, mean: 2 });
    assert.equal(splitInTwo([]).split, 0);
  });
});
