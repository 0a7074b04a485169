import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { segmentCoherent } from "../../src/audio/segment.js";

describe("segmentCoherent", () => {
  const DOT = 30;
  const n = 100 * DOT;
  // Dots and gaps a dot long, as keyed by an earlier pass.
  const keyed = { startMs: 0, durations: Array.from({ length: 99 }, () => DOT) };
  const options = { blockMs: 1, filterBlocks: 1, looks: 1, dotBlocks: new Float32Array(n).fill(DOT) };
  const clean = () => new Float32Array(n).map((_, i) => (Math.floor(i / DOT) % 2 === 0 ? 1 : 0));

  it("finds the marks of a clean in-phase component", () => {
    const found = segmentCoherent(clean(), keyed, options);
    assert.equal(found.durations.length, 99);
    assert.ok(found.durations.every((d) => Math.abs(d - DOT) <= DOT / 3), found.durations.join());
  });

  it("comes back from evidence that is not finite (it used to loop until the heap ran out)", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38]) {
      const y = clean();
      y[n >> 1] = bad;
      const found = segmentCoherent(y, keyed, options);
      assert.ok(found.durations.every((d) => Number.isFinite(d) && d > 0), String(bad));
    }
  });
});
