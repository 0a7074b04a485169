import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { clarity, loneEnds, noisy } from "../../../../src/audio/decoder/characters/lone-ends.js";
import { amplitude } from "../../../../src/audio/decoder/evidence/envelope.js";
import { levels } from "../../../../src/audio/decoder/evidence/levels.js";
import { keyedFromDurations, type Keyed } from "../../../../src/audio/decoder/keyed.js";
import { keyedBaseband } from "../../../fixtures/baseband.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

/** 20 wpm: a dot of 60 ms. */
const DOT = 60;

/** What was keyed for words at 20 wpm, with `pause` dots between them where a word gap would be. */
function keyedOf(words: string[], pause = 7): Keyed {
  const durations: number[] = [];
  words.forEach((word, i) => {
    if (i > 0) durations.push(pause * DOT);
    durations.push(...timeline(word, { wpm: 20 }).sequence.map((s) => s.durationMs));
  });
  return keyedFromDurations(500, durations);
}

/** How many marks of `words` loneEnds keeps. */
function kept(words: string[], pause?: number): number {
  const keyed = keyedOf(words, pause);
  const [from, to] = loneEnds(DEFAULT_TUNING, keyed, DOT);
  return keyed.slice(from, to).filter((e) => e.mark).length;
}

const marks = (text: string) => timeline(text, { wpm: 20 }).sequence.filter((s) => s.type !== "silence").length;

describe("loneEnds", () => {
  it("drops a lone E or T a word gap away at either end, and lone groups one after another", () => {
    assert.equal(kept(["E", "CQ", "DE", "W1AW"]), marks("CQ DE W1AW"));
    assert.equal(kept(["CQ", "DE", "W1AW", "T"]), marks("CQ DE W1AW"));
    assert.equal(kept(["I", "E", "CQ", "DE", "W1AW", "EE"]), marks("CQ DE W1AW"));
  });

  it("keeps an E inside a message, a group of three marks at an end, and an E a letter gap away", () => {
    assert.equal(kept(["CQ", "E", "I", "CQ"]), marks("CQ E I CQ"));
    assert.equal(kept(["S", "CQ", "K"]), marks("S CQ K"));
    assert.equal(kept(["EQ"]), marks("EQ"));
    // Closer than 5 dots is not apart.
    assert.equal(kept(["E", "CQ"], 4), marks("E CQ"));
  });

  it("copes with nothing keyed", () => {
    assert.deepEqual(loneEnds(DEFAULT_TUNING, [], DOT), [0, 0]);
  });
});

describe("noisy", () => {
  it("tells a recording where noise can pass for a mark from a clean one", () => {
    const noisyAt = (noise: number) => {
      const { bb } = keyedBaseband("CQ CQ DE W1AW K", 20, { noise, seed: 2 });
      const { env, looks } = amplitude(bb, 51, 100);
      return noisy(DEFAULT_TUNING, clarity(levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks })!));
    };
    assert.equal(noisyAt(0.02), false);
    assert.equal(noisyAt(0.7), true);
  });
});
