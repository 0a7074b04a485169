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
    for (const [group, constants] of Object.entries(original)) {
      for (const [name, value] of Object.entries(constants)) setTuning(`${group}.${name}`, value as number | unknown[]);
    }
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

  it("sets a constant named with its group, group.NAME, as well as bare", () => {
    restoring(() => {
      setTuning("band.DETECT_WINDOW_MS", "3000");
      setTuning("LEVEL_WINDOW_MS", 1500);
      assert.deepEqual([TUNING.band.DETECT_WINDOW_MS, TUNING.levels.LEVEL_WINDOW_MS], [3000, 1500]);
    });
    assert.deepEqual([TUNING.band.DETECT_WINDOW_MS, TUNING.levels.LEVEL_WINDOW_MS], [2000, 1000]);
  });

  it("holds no name in more than one group", () => {
    const groupsOf = new Map<string, string[]>();
    for (const [group, constants] of Object.entries(TUNING))
      for (const name of Object.keys(constants)) groupsOf.set(name, [...(groupsOf.get(name) ?? []), group]);
    const shared = [...groupsOf].filter(([, groups]) => groups.length > 1).map(([name]) => name);
    assert.deepEqual(shared, []);
  });

  it("refuses unknown names, qualified or not, and values of another shape, and changes nothing then", () => {
    const before = JSON.stringify(TUNING);
    assert.throws(() => setTuning("NO_SUCH_CONSTANT", 1), /Unknown tuning constant NO_SUCH_CONSTANT/);
    assert.throws(() => setTuning("pitch.DETECT_WINDOW_MS", 1), { message: "Unknown tuning constant pitch.DETECT_WINDOW_MS" });
    assert.throws(() => setTuning("nogroup.DETECT_WINDOW_MS", 1), { message: "Unknown tuning constant nogroup.DETECT_WINDOW_MS" });
    assert.throws(() => setTuning("band.", 1), { message: "Unknown tuning constant band." });
    assert.throws(() => setTuning("toString.name", 1), { message: "Unknown tuning constant toString.name" });
    assert.throws(() => setTuning("band.DETECT_WINDOW_MS", "[5]"), /band.DETECT_WINDOW_MS takes a number/);
    assert.throws(() => setTuning("WORD_GAP_FROM", "[5]"), /WORD_GAP_FROM takes a number/);
    assert.throws(() => setTuning("WORD_GAP_FROM", '"5"'), /WORD_GAP_FROM takes a number/);
    assert.throws(() => setTuning("MARK_WEIGHTS", 3), /MARK_WEIGHTS takes an array/);
    assert.throws(() => setTuning("WORD_GAP_FROM", "five"), SyntaxError);
    assert.equal(JSON.stringify(TUNING), before);
  });
});
