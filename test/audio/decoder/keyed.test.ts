import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  alongMarks,
  durationsOf,
  edgesOf,
  keyedFromDurations,
  keyedFromRuns,
  markMask,
  runsOf,
  sameKeyed,
  type Run,
} from "../../../src/audio/decoder/keyed.js";

/** Alternating durations, whole ms, from a mark: odd in number, so that a mark ends them. */
const durations = fc
  .array(fc.integer({ min: 1, max: 300 }), { minLength: 1, maxLength: 40 })
  .map((d) => (d.length % 2 === 0 ? d.slice(1) : d))
  .filter((d) => d.length > 0);

describe("keyed", () => {
  it("keyedFromDurations and durationsOf round-trip, marks and gaps alternating from the first mark's start", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), durations, (start, ds) => {
        const keyed = keyedFromDurations(start, ds);
        assert.deepEqual(durationsOf(keyed), ds);
        keyed.forEach((e, i) => {
          assert.equal(e.mark, i % 2 === 0);
          assert.equal(e.startMs, i === 0 ? start : keyed[i - 1]!.startMs + keyed[i - 1]!.durationMs);
        });
      }),
      { numRuns: 50 },
    );
  });

  it("runsOf covers every block with alternating runs, and keyedFromRuns brings the keying back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 500 }), durations, fc.integer({ min: 0, max: 500 }), fc.constantFrom(1, 2, 0.5), (lead, ds, tail, blockMs) => {
        const keyed = keyedFromDurations(
          lead * blockMs,
          ds.map((d) => d * blockMs),
        );
        const n = lead + ds.reduce((a, b) => a + b, 0) + tail;
        const runs = runsOf(keyed, blockMs, n);
        let at = 0;
        runs.forEach((r, i) => {
          assert.equal(r.start, at);
          if (i > 0) assert.notEqual(r.mark, runs[i - 1]!.mark);
          at += r.length;
        });
        assert.equal(at, n);
        assert.ok(sameKeyed(keyedFromRuns(runs, blockMs), keyed));
      }),
      { numRuns: 50 },
    );
  });

  it("keyedFromRuns drops the gaps at either end and keeps the searches' labels", () => {
    const runs: Run[] = [
      { mark: false, start: 0, length: 10 },
      { mark: true, start: 10, length: 3, dash: true },
      { mark: false, start: 13, length: 1, kind: 0 },
      { mark: true, start: 14, length: 1, dash: false },
      { mark: false, start: 15, length: 5 },
    ];
    assert.deepEqual(keyedFromRuns(runs, 2), [
      { mark: true, startMs: 20, durationMs: 6, dash: true },
      { mark: false, startMs: 26, durationMs: 2, ends: 0 },
      { mark: true, startMs: 28, durationMs: 2, dash: false },
    ]);
    assert.deepEqual(keyedFromRuns([{ mark: false, start: 0, length: 9 }], 1), []);
  });

  it("markMask marks the blocks inside marks, clamped to the recording", () => {
    const keyed = keyedFromDurations(2, [3, 2, 10]);
    assert.deepEqual([...markMask(keyed, 1, 12)], [0, 0, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1]);
    // Blocks of 2 ms: the marks at 2-5 and 7-17 ms cover blocks 1-2 and, cut at the end, none.
    assert.deepEqual([...markMask(keyed, 2, 4)], [0, 1, 1, 0]);
  });

  it("alongMarks holds each mark's value from its start to the next mark's, the first also before it", () => {
    // Marks at 2, 6 and 10 ms.
    const keyed = keyedFromDurations(2, [2, 2, 2, 2, 2]);
    assert.deepEqual([...alongMarks(keyed, [7, 8, 9], 1, 14)], [7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 9, 9, 9, 9]);
    // Fewer values than marks: the last holds to the end.
    assert.deepEqual([...alongMarks(keyed, [7, 8], 1, 12)], [7, 7, 7, 7, 7, 7, 8, 8, 8, 8, 8, 8]);
  });

  it("edgesOf lists every edge, a mark's start at -1/2 and its end at +1/2", () => {
    const { at, side } = edgesOf(keyedFromDurations(100, [60, 60, 180]));
    assert.deepEqual([...at], [100, 160, 220, 400]);
    assert.deepEqual([...side], [-0.5, 0.5, -0.5, 0.5]);
    assert.deepEqual([...edgesOf([]).at], [0]);
  });

  it("sameKeyed tells keyings apart by any start, length or kind", () => {
    const a = keyedFromDurations(10, [60, 60, 180]);
    assert.ok(sameKeyed(a, keyedFromDurations(10, [60, 60, 180])));
    assert.ok(!sameKeyed(a, keyedFromDurations(11, [60, 60, 180])));
    assert.ok(!sameKeyed(a, keyedFromDurations(10, [60, 60, 181])));
    assert.ok(!sameKeyed(a, a.slice(0, 1)));
  });
});
