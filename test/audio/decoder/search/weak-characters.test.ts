import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { STANDARD } from "../../../../src/audio/decoder/characters/spacing.js";
import type { Run } from "../../../../src/audio/decoder/keyed.js";
import { squelchedMarks, weakMarks } from "../../../../src/audio/decoder/search/weak-characters.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const DOT = 50;

/**
 * Runs and a signal for characters of one dot each (blocks of 1 ms, a dot of 50): each
 * entry is the in-phase level of a character's mark and the gap after it, dots. The noise
 * has unit power, so a character at level v scores v * sqrt(50) (clear at 5: v >= 0.71).
 */
function characters(spec: readonly [level: number, gapDots: number][]) {
  const runs: Run[] = [];
  const levels: number[] = [];
  let at = 0;
  for (const [level, gapDots] of spec) {
    runs.push({ mark: true, start: at, length: DOT });
    levels.push(...new Array<number>(DOT).fill(level));
    at += DOT;
    runs.push({ mark: false, start: at, length: gapDots * DOT });
    levels.push(...new Array<number>(gapDots * DOT).fill(0));
    at += gapDots * DOT;
  }
  runs.pop();
  const y = Float32Array.from(levels);
  const flat = (value: number) => new Float32Array(y.length).fill(value);
  return { runs, signal: { y, amplitude: flat(1), noise: flat(1) }, dotBlocks: flat(DOT) };
}

/** The characters (by position in `spec`) whose mark a mask drops. */
function droppedOf(mask: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < mask.length; i += 2) if (mask[i] === 1) out.push(i / 2);
  return out;
}

describe("weakMarks", () => {
  it("drops a character far weaker than its neighbours, and keeps one near their level", () => {
    const { runs, signal, dotBlocks } = characters([
      [1, 3],
      [0.4, 3],
      [1, 3],
      [0.8, 3],
      [1, 3],
    ]);
    assert.deepEqual(droppedOf(weakMarks(DEFAULT_TUNING, runs, signal, dotBlocks)), [1]);
  });
});

describe("squelchedMarks (the local squelch)", () => {
  it("drops two characters in a row that stand no clearer than noise, however alike their neighbours' level", () => {
    const { runs, signal, dotBlocks } = characters([
      [1, 3],
      [0.5, 3],
      [0.5, 3],
      [1, 3],
    ]);
    assert.deepEqual(droppedOf(squelchedMarks(DEFAULT_TUNING, runs, signal, dotBlocks, STANDARD)), [1, 2]);
  });

  it("keeps a lone unclear character among clear ones: an E or a T as often as noise", () => {
    const { runs, signal, dotBlocks } = characters([
      [1, 3],
      [0.5, 3],
      [1, 3],
    ]);
    assert.deepEqual(droppedOf(squelchedMarks(DEFAULT_TUNING, runs, signal, dotBlocks, STANDARD)), []);
  });

  it("drops a lone unclear character a pause away from the rest, and keeps a clear one", () => {
    const { runs, signal, dotBlocks } = characters([
      [1, 20],
      [0.5, 20],
      [1, 20],
      [0.9, 20],
      [1, 3],
    ]);
    assert.deepEqual(droppedOf(squelchedMarks(DEFAULT_TUNING, runs, signal, dotBlocks, STANDARD)), [1]);
  });

  it("judges a pause by the spacing: a word gap stretched by Farnsworth spacing is not one", () => {
    const spec: [number, number][] = [
      [1, 20],
      [0.5, 20],
      [1, 3],
    ];
    const { runs, signal, dotBlocks } = characters(spec);
    assert.deepEqual(droppedOf(squelchedMarks(DEFAULT_TUNING, runs, signal, dotBlocks, { letter: 2, word: 2 })), []);
  });
});
