import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { timedCharacters, transmissionsOf } from "../../../../src/audio/decoder/characters/timed.js";
import { keyedFromDurations } from "../../../../src/audio/decoder/keyed.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

/** Key-down and key-up durations of `text` at `wpm`. */
function durations(text: string, wpm: number): number[] {
  return timeline(text, { wpm }).sequence.map((s) => s.durationMs);
}

/** The characters of `text` timed by `keyed` (its durations, from 0 ms), read at `wpm` and 600 Hz. */
function timed(text: string, keyed: number[], wpm: number) {
  const decoded = { output: text, morse: timeline(text).morse, characters: 0, wpm };
  return timedCharacters(DEFAULT_TUNING, decoded, keyedFromDurations(0, keyed), 0, 600);
}

describe("timedCharacters", () => {
  it("times each character by its marks, at the reading's speed", () => {
    const characters = timed("PARIS PARIS", durations("PARIS PARIS", 20), 20);
    assert.equal(characters.map((c) => c.text).join(""), "PARISPARIS");
    assert.deepEqual(
      characters.map((c) => c.wordStart),
      [false, false, false, false, false, true, false, false, false, false],
    );
    // P (.--.) is 11 dots of 60 ms; A begins a letter gap later.
    assert.deepEqual([characters[0]!.startMs, characters[0]!.endMs, characters[1]!.startMs], [0, 660, 840]);
    assert.ok(characters.every((c) => c.wpm === 20));
  });

  it("gives each transmission of a reading its own speed: a station after a pause keys at its own", () => {
    const pauseMs = DEFAULT_TUNING.timings.TRANSMISSION_PAUSE_DOTS * 60;
    for (const gapMs of [pauseMs, 1000, 2000]) {
      const keyed = [...durations("CQ DE W1AW K", 20), gapMs, ...durations("W1AW DE G4XYZ", 12)];
      // A reading's speed is the median over all it holds.
      const characters = timed("CQ DE W1AW K W1AW DE G4XYZ", keyed, 16);
      assert.equal(characters.map((c) => c.text).join(""), "CQDEW1AWKW1AWDEG4XYZ");
      const speeds = [...new Set(characters.map((c) => c.wpm))];
      assert.deepEqual(speeds, [20, 12], `after ${gapMs} ms`);
      assert.equal(
        characters.findIndex((c) => c.wpm === 12),
        9,
      );
    }
    // A word gap is no pause: one transmission, one speed.
    const wordGap = timed("CQ DE W1AW K W1AW DE G4XYZ", [...durations("CQ DE W1AW K", 20), 7 * 60, ...durations("W1AW DE G4XYZ", 12)], 16);
    assert.ok(wordGap.every((c) => c.wpm === 16));
  });
});

describe("transmissionsOf", () => {
  it("spans each transmission from its first mark to its last; one span without a pause, none without characters", () => {
    const first = durations("CQ DE W1AW K", 20);
    const firstMs = first.reduce((a, b) => a + b, 0);
    const keyed = keyedFromDurations(0, [...first, 2000, ...durations("W1AW DE G4XYZ", 12)]);
    const decoded = { output: "CQ DE W1AW K W1AW DE G4XYZ", morse: timeline("CQ DE W1AW K W1AW DE G4XYZ").morse, characters: 0, wpm: 16 };
    const spans = transmissionsOf(DEFAULT_TUNING, decoded, keyed);
    assert.deepEqual(
      spans.map((s) => s.startMs),
      [0, firstMs + 2000],
    );
    assert.equal(spans[0]!.endMs, firstMs);
    assert.equal(spans[1]!.endMs, keyed.at(-1)!.startMs + keyed.at(-1)!.durationMs);
    const one = keyedFromDurations(0, durations("CQ DE W1AW K", 20));
    assert.equal(transmissionsOf(DEFAULT_TUNING, { ...decoded, output: "CQ DE W1AW K", morse: timeline("CQ DE W1AW K").morse, wpm: 20 }, one).length, 1);
    assert.deepEqual(transmissionsOf(DEFAULT_TUNING, { output: "", morse: "", characters: 0, wpm: 0 }, []), []);
  });
});
