import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { segmentCoherent } from "../../src/audio/decoder/search/marks.js";
import { coherentEvidence } from "../../src/audio/decoder/evidence/likelihood.js";
import { durationsOf, keyedFromDurations } from "../../src/audio/decoder/keyed.js";
import { gaussian } from "../../bench/audio-corpus.js";
import { rng } from "../../bench/lib/corpus.js";

describe("segmentCoherent", () => {
  const DOT = 30;
  const n = 100 * DOT;
  // Dots and gaps a dot long, as keyed by an earlier pass.
  const keyed = keyedFromDurations(0, Array.from({ length: 99 }, () => DOT));
  const options = { blockMs: 1, filterBlocks: 1, looks: 1, dotBlocks: new Float32Array(n).fill(DOT) };
  const clean = () => new Float32Array(n).map((_, i) => (Math.floor(i / DOT) % 2 === 0 ? 1 : 0));

  it("finds the marks of a clean in-phase component", () => {
    const found = segmentCoherent(clean(), keyed, options);
    assert.equal(found.length, 99);
    assert.ok(durationsOf(found).every((d) => Math.abs(d - DOT) <= DOT / 3), durationsOf(found).join());
  });

  it("comes back from evidence that is not finite (it used to loop until the heap ran out)", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 3e38]) {
      const y = clean();
      y[n >> 1] = bad;
      const found = segmentCoherent(y, keyed, options);
      assert.ok(durationsOf(found).every((d) => Number.isFinite(d) && d > 0), String(bad));
    }
  });
});

describe("coherentEvidence", () => {
  // Dots and gaps 40 ms long for 30 s, in noise of unit variance per block.
  const DOT = 40;
  const n = 30_000;
  const keyed = keyedFromDurations(0, Array.from({ length: n / DOT - 1 }, () => DOT));
  const received = (level: (i: number) => number): Float32Array => {
    const random = rng(3);
    return new Float32Array(n).map((_, i) => (Math.floor(i / DOT) % 2 === 0 ? level(i) : 0) + gaussian(random));
  };

  it("takes a steady tone's amplitude from all its marks, not from the noise near each", () => {
    const measured = coherentEvidence(received(() => 0.8), keyed, 1, 1)!;
    const { amplitude } = measured;
    assert.ok(amplitude.every((a) => a === amplitude[0]), `${Math.min(...amplitude)} to ${Math.max(...amplitude)}`);
    assert.ok(Math.abs(amplitude[0]! - 0.8) < 0.03, String(amplitude[0]));
  });

  it("follows a fading tone's amplitude", () => {
    // Depth 0.6, period 6 s: the level is 1 at 0, 6, 12 s... and 0.4 at 3, 9, 15 s...
    const level = (i: number): number => 1 - 0.6 * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / 6000));
    const { amplitude } = coherentEvidence(received(level), keyed, 1, 1)!;
    for (const at of [6000, 12_000, 18_000]) assert.ok(amplitude[at]! > 0.85, `peak at ${at}: ${amplitude[at]}`);
    for (const at of [9000, 15_000, 21_000]) assert.ok(amplitude[at]! < 0.6, `trough at ${at}: ${amplitude[at]}`);
  });
});
