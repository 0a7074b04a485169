import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../src/core/index.js";
import { decodeTimings } from "../../../src/audio/index.js";
import { setTuning, TUNING } from "../../../src/audio/decoder/tuning.js";

const durations = (text: string) => timeline(text, { wpm: 20 }).sequence.map((s) => s.durationMs);

/** Runs `body` with the tuning restored afterwards, whatever happens. */
function restoring(body: () => void): void {
  const saved = JSON.stringify(TUNING);
  try {
    body();
  } finally {
    const original = JSON.parse(saved) as Record<string, Record<string, unknown>>;
    for (const group of Object.values(original)) for (const [name, value] of Object.entries(group)) setTuning(name, value as number | unknown[]);
  }
}

describe("setTuning", () => {
  it("changes the next decode: word gaps read as letter gaps once the word gap starts at 8 dots", () => {
    restoring(() => {
      assert.equal(decodeTimings(durations("PARIS CQ")).output, "PARIS CQ");
      setTuning("WORD_GAP_FROM", "8");
      assert.equal(TUNING.timings.WORD_GAP_FROM, 8);
      assert.equal(decodeTimings(durations("PARIS CQ")).output, "PARISCQ");
    });
    assert.equal(TUNING.timings.WORD_GAP_FROM, 5);
    assert.equal(decodeTimings(durations("PARIS CQ")).output, "PARIS CQ");
  });

  it("takes an array as JSON for the weights, or as an array", () => {
    restoring(() => {
      setTuning("MARK_WEIGHTS", "[[1, 0.6], [3, 0.4]]");
      assert.deepEqual(TUNING.marks.MARK_WEIGHTS, [
        [1, 0.6],
        [3, 0.4],
      ]);
      setTuning("GAP_WEIGHTS", [
        [1, 0.5],
        [3, 0.5],
      ]);
      assert.deepEqual(TUNING.marks.GAP_WEIGHTS, [
        [1, 0.5],
        [3, 0.5],
      ]);
    });
    assert.deepEqual(TUNING.marks.MARK_WEIGHTS, [
      [1, 0.5],
      [3, 0.5],
    ]);
  });

  it("refuses unknown names and values of another shape, and changes nothing then", () => {
    const before = JSON.stringify(TUNING);
    assert.throws(() => setTuning("NO_SUCH_CONSTANT", 1), /Unknown tuning constant NO_SUCH_CONSTANT/);
    assert.throws(() => setTuning("WORD_GAP_FROM", "[5]"), /WORD_GAP_FROM takes a number/);
    assert.throws(() => setTuning("WORD_GAP_FROM", '"5"'), /WORD_GAP_FROM takes a number/);
    assert.throws(() => setTuning("MARK_WEIGHTS", 3), /MARK_WEIGHTS takes an array/);
    assert.throws(() => setTuning("WORD_GAP_FROM", "five"), SyntaxError);
    assert.equal(JSON.stringify(TUNING), before);
  });
});
