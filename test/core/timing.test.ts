import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gapUnitMs, type Segment, timeline } from "../../src/core/index.js";

/** The sequence as "type:units" steps, for readable expectations. */
function steps(sequence: Segment[], unitMs: number, gapMs = unitMs): string[] {
  return sequence.map(({ type, durationMs }) =>
    type === "silence" && durationMs !== unitMs ? `gap:${+(durationMs / gapMs).toFixed(9)}` : `${type}:${+(durationMs / unitMs).toFixed(9)}`,
  );
}

function assertContiguous(sequence: Segment[]): void {
  assert.equal(sequence[0]?.startMs, 0);
  for (let i = 1; i < sequence.length; i++) {
    assert.equal(sequence[i]!.startMs, sequence[i - 1]!.startMs + sequence[i - 1]!.durationMs, `segment ${i}`);
  }
}

describe("audio timeline", () => {
  it("the seed's example: a dot, then a one-unit silence, at 20 wpm", () => {
    const t = timeline("I", { wpm: 20 });
    assert.equal(t.unitMs, 60);
    assert.deepEqual(t.sequence, [
      { type: "dot", startMs: 0, durationMs: 60 },
      { type: "silence", startMs: 60, durationMs: 60 },
      { type: "dot", startMs: 120, durationMs: 60 },
    ]);
    assert.equal(t.durationMs, 180);
    assert.equal(t.morse, "..");
  });

  it("defaults: 20 wpm, fwpm = wpm", () => {
    const t = timeline("E");
    assert.equal(t.wpm, 20);
    assert.equal(t.fwpm, 20);
    assert.equal(t.unitMs, 60);
  });

  it("dash 3 units, 1 between elements, 3 between letters, 7 between words, nothing before or after", () => {
    const t = timeline("AT  B", { wpm: 10 });
    assert.equal(t.unitMs, 120);
    assert.deepEqual(steps(t.sequence, t.unitMs), [
      "dot:1",
      "silence:1",
      "dash:3",
      "gap:3",
      "dash:3",
      "gap:7",
      "dash:3",
      "silence:1",
      "dot:1",
      "silence:1",
      "dot:1",
      "silence:1",
      "dot:1",
    ]);
    assert.equal(t.morse, ".- - / -...");
  });

  it("PARIS is 50 units including the word gap", () => {
    const t = timeline("PARIS PARIS", { wpm: 20 });
    assert.equal(t.durationMs, (50 + 43) * 60);
  });

  it("a prosign is one character: no letter gaps inside it", () => {
    const t = timeline("<SK>", { wpm: 20 });
    assert.deepEqual(steps(t.sequence, t.unitMs), [
      "dot:1",
      "silence:1",
      "dot:1",
      "silence:1",
      "dot:1",
      "silence:1",
      "dash:3",
      "silence:1",
      "dot:1",
      "silence:1",
      "dash:3",
    ]);
    assert.equal(t.morse, "...-.-");
  });

  it("Farnsworth stretches only the letter and word gaps", () => {
    const t = timeline("E E", { wpm: 20, fwpm: 10 });
    const gap = ((60 * 20 - 37.2 * 10) / (19 * 20 * 10)) * 1000;
    assert.equal(gapUnitMs(20, 10), gap);
    assert.ok(Math.abs(gap - 217.894737) < 1e-5); // 4.14 s of spacing per word over 19 units
    assert.deepEqual(
      t.sequence.map((s) => s.durationMs),
      [60, 7 * gap, 60],
    );
    assert.equal(t.fwpm, 10);
    const letters = timeline("EE", { wpm: 20, fwpm: 10 });
    assert.deepEqual(
      letters.sequence.map((s) => s.durationMs),
      [60, 3 * gap, 60],
    );
  });

  it("is contiguous at fractional units (wpm=13), sums taken exactly", () => {
    const t = timeline("CQ CQ DE K1ABC <AR> 73", { wpm: 13 });
    assert.equal(t.unitMs, 1200 / 13);
    assertContiguous(t.sequence);
    const last = t.sequence[t.sequence.length - 1]!;
    assert.equal(t.durationMs, last.startMs + last.durationMs);
    assertContiguous(timeline("PARIS PARIS", { wpm: 13, fwpm: 7.5 }).sequence);
  });

  it("refuses speeds out of bounds", () => {
    for (const wpm of [4.99, 50.01, NaN, Infinity]) {
      assert.throws(() => timeline("E", { wpm }), { message: "Parameter wpm must be a number between 5 and 50" });
    }
    assert.throws(() => timeline("E", { wpm: 20, fwpm: 21 }), { message: "Parameter fwpm must be a number between 5 and 20" });
    assert.throws(() => timeline("E", { wpm: 20, fwpm: 4 }), { message: "Parameter fwpm must be a number between 5 and 20" });
  });
});
