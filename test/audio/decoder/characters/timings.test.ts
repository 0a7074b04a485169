import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../../../src/core/index.js";
import { decodeTimings } from "../../../../src/audio/index.js";
import { STANDARD } from "../../../../src/audio/decoder/characters/spacing.js";
import { spacingBetweenCharacters } from "../../../../src/audio/decoder/characters/timings.js";
import { compressGaps } from "../../../fixtures/conditions.js";
import { handKeyed } from "../../../fixtures/simulator.js";
import { rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

function durations(text: string, wpm: number): number[] {
  return timeline(text, { wpm }).sequence.map((s) => s.durationMs);
}

const TEXT = "CQ CQ DE DL1ABC K QTH BERLIN NAME HANS RST 599 73 <SK>";

describe("decodeTimings", () => {
  it("decodes machine-sent timings at any speed, with the Morse and a speed estimate", () => {
    for (const wpm of [5, 12, 20, 35, 50]) {
      const result = decodeTimings(durations(TEXT, wpm));
      assert.equal(result.output, TEXT, `${wpm} wpm`);
      assert.equal(result.morse, timeline(TEXT).morse);
      assert.equal(result.characters, 39);
      assert.equal(result.wpm, wpm);
    }
  });

  it("reads a tight fist: letter gaps of 2 dots and word gaps of 3, 4 or 5", () => {
    /** `text` at 60 ms dots with letter and word gaps of `letter` and `word` dots. */
    const tight = (text: string, letter: number, word: number): number[] =>
      timeline(text, { wpm: 20 }).sequence.map((s) =>
        s.type !== "silence" ? s.durationMs : s.durationMs === 180 ? letter * 60 : s.durationMs === 420 ? word * 60 : 60,
      );
    assert.equal(decodeTimings(tight("CQ DE N0CALL K", 2, 4)).output, "CQ DE N0CALL K");
    assert.equal(decodeTimings(tight("VVV TEST DE TEST K", 2, 5)).output, "VVV TEST DE TEST K");
    assert.equal(decodeTimings(tight("VVV TEST DE TEST K", 2, 3)).output, "VVV TEST DE TEST K");
  });

  it("keeps the word spaces of two transmissions 20 s apart, the pause no word gap to measure by", () => {
    const once = durations("CQ CQ DE W1AW K", 20);
    for (const tight of [false, true]) {
      const sent = tight ? durations("VVV TEST DE TEST K", 20).map((d, i) => (i % 2 === 1 && d === 180 ? 120 : i % 2 === 1 && d === 420 ? 180 : d)) : once;
      const text = tight ? "VVV TEST DE TEST K" : "CQ CQ DE W1AW K";
      assert.equal(decodeTimings([...sent, 20_000, ...sent]).output, `${text} ${text}`, tight ? "a tight fist" : "standard spacing");
    }
  });

  it("tells a hand's tight word gaps from its letter gaps, and finds none in one long word", () => {
    const tight = (text: string, seed: number) =>
      handKeyed(compressGaps(timeline(text, { wpm: 20 }), 2, 3), rng(seed), 0.1, 0).sequence.map((s) => s.durationMs);
    for (let seed = 1; seed <= 10; seed++) {
      assert.equal(decodeTimings(tight(TEXT, seed)).output, TEXT, `seed ${seed}`);
      assert.equal(decodeTimings(tight("THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG", seed)).output, "THEQUICKBROWNFOXJUMPSOVERTHELAZYDOG", `seed ${seed}`);
    }
  });

  it("decodes hand keying with every element and gap off by up to ±20 %", () => {
    const base = timeline(TEXT, { wpm: 18 });
    for (let seed = 1; seed <= 20; seed++) {
      const keyed = handKeyed(base, rng(seed), 0.2, 0);
      const result = decodeTimings(keyed.sequence.map((s) => s.durationMs));
      assert.equal(result.output, TEXT, `seed ${seed}`);
      assert.ok(Math.abs(result.wpm - 18) < 2, `seed ${seed}: ${result.wpm} wpm`);
    }
  });

  it("follows a sender who speeds up from 15 to 30 wpm mid-message", () => {
    const slow = "THE QUICK BROWN FOX JUMPS OVER";
    const fast = "THE LAZY DOG 1234567890";
    const joined = [...durations(slow, 15), 7 * 60, ...durations(fast, 30)];
    assert.equal(decodeTimings(joined).output, `${slow} ${fast}`);
    // And gradually, by 40 % over the message, with ±15 % hand timing.
    const drifting = handKeyed(timeline(TEXT, { wpm: 16 }), rng(7), 0.15, 0.4);
    assert.equal(decodeTimings(drifting.sequence.map((s) => s.durationMs)).output, TEXT);
  });

  it("classifies gaps against their own clusters under Farnsworth spacing", () => {
    for (const [wpm, fwpm] of [
      [20, 8],
      [20, 5],
      [30, 15],
      [13, 10],
    ] as const) {
      const tl = timeline(TEXT, { wpm, fwpm });
      assert.equal(decodeTimings(tl.sequence.map((s) => s.durationMs)).output, TEXT, `${wpm}/${fwpm} wpm`);
    }
    const keyed = handKeyed(timeline("PARIS PARIS CQ", { wpm: 20, fwpm: 8 }), rng(2), 0.2, 0);
    assert.equal(decodeTimings(keyed.sequence.map((s) => s.durationMs)).output, "PARIS PARIS CQ");
    // Standard spacing with words of one letter stays as it was.
    assert.equal(decodeTimings(durations("E T E T CQ", 20)).output, "E T E T CQ");
  });

  it("takes out a constant lengthening of the marks (a heavy hand or a slow detector)", () => {
    const heavy = durations(TEXT, 25).map((d, i) => (i % 2 === 0 ? d + 20 : d - 20)); // 0.4 dot at 25 wpm
    assert.equal(decodeTimings(heavy).output, TEXT);
  });

  it("writes * for a sequence that is no character, and keeps going", () => {
    const unit = 60;
    // "........." (9 dots) is nothing; then E.
    const nine = Array.from({ length: 17 }, () => unit);
    const result = decodeTimings([...nine, 7 * unit, unit]);
    assert.equal(result.output, "* E");
    assert.equal(result.morse, "......... / .");
    assert.equal(result.characters, 2);
  });

  it("reads two letters run together by a shortened letter gap as those letters, cut where the gap is longest", () => {
    // C and Q with the gap between them at 1.6 dots: "-.-.--.-" is no character.
    const cq = durations("CQ", 20);
    cq[7] = 96;
    assert.equal(decodeTimings([...cq, 7 * 60, ...durations("DE", 20)]).output, "CQ DE");
    assert.equal(decodeTimings(cq).morse, "-.-. --.-");
    // The same run with every gap at one dot stays unreadable: no gap says where to cut.
    const run = durations("CQ", 20);
    run[7] = 60;
    assert.equal(decodeTimings(run).output, "*");
  });

  it("tells dots from dashes by the gaps, or by the hint, when all marks are alike", () => {
    // "EEEE" as dots with one-dot gaps inside letters would be "H"; with letter gaps it is E E E E.
    assert.equal(decodeTimings([60, 180, 60, 180, 60, 180, 60]).output, "EEEE");
    assert.equal(decodeTimings([60, 60, 60, 60, 60, 60, 60]).output, "H");
    assert.equal(decodeTimings([180, 60, 180, 60, 180]).output, "O");
    assert.equal(decodeTimings([180], { wpm: 20 }).output, "T");
    assert.equal(decodeTimings([60], { wpm: 20 }).output, "E");
  });

  it("decodes nothing to nothing and ignores a trailing key-up", () => {
    assert.deepEqual(decodeTimings([]), { output: "", morse: "", characters: 0, wpm: 0 });
    assert.equal(decodeTimings([...durations("SOS", 20), 5000]).output, "SOS");
  });

  it("refuses negative or non-finite durations", () => {
    for (const bad of [[60, -1, 60], [Number.NaN], [60, Number.POSITIVE_INFINITY, 60]]) {
      assert.throws(
        () => decodeTimings(bad),
        (e: unknown) => e instanceof MorseError && e.code === "INVALID_OPTION",
      );
    }
  });
});

describe("spacingBetweenCharacters", () => {
  it("reads gaps between characters that all stand near 3 dots as standard letter gaps, however they split", () => {
    assert.deepEqual(spacingBetweenCharacters(DEFAULT_TUNING, [2.9, 3.0, 3.3, 3.2, 3.0, 2.8]), STANDARD);
  });

  it("keeps a tight fist's letter gaps of 1.6 dots apart from its word gaps of 3", () => {
    const spacing = spacingBetweenCharacters(DEFAULT_TUNING, [1.5, 1.7, 1.6, 3.0, 1.6, 3.1, 1.5, 1.6]);
    assert.ok(spacing && Math.abs(spacing.letter - 1.6 / 3) < 0.05, JSON.stringify(spacing));
  });

  it("says nothing from fewer than four gaps", () => {
    assert.equal(spacingBetweenCharacters(DEFAULT_TUNING, [3, 3, 7]), undefined);
  });
});
