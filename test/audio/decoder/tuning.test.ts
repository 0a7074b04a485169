import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../../src/core/index.js";
import { createListener, decodeAudio, decodeRecording, decodeTimings, DEFAULT_TUNING, tuningWith, type Tuning } from "../../../src/audio/index.js";
import { rng } from "../../fixtures/random.js";
import { record } from "../../fixtures/simulator.js";

const durations = (text: string) => timeline(text, { wpm: 20 }).sequence.map((s) => s.durationMs);

/** Every constant's name, by group. */
const names = (tuning: Tuning) => Object.entries(tuning).flatMap(([group, constants]) => Object.keys(constants).map((name) => [group, name] as const));

describe("tuningWith", () => {
  it("makes a configuration that a decoder given it reads with, beside another decoder's: word gaps read as letter gaps once the word gap starts at 8 dots", () => {
    const late = tuningWith({ WORD_GAP_FROM: "8" });
    assert.equal(late.timings.WORD_GAP_FROM, 8);
    assert.equal(decodeTimings(durations("PARIS CQ"), { tuning: late }).output, "PARISCQ");
    assert.equal(decodeTimings(durations("PARIS CQ")).output, "PARIS CQ");
    assert.equal(decodeTimings(durations("PARIS CQ"), { tuning: DEFAULT_TUNING }).output, "PARIS CQ");
    assert.equal(decodeTimings(durations("PARIS CQ"), { tuning: late }).output, "PARISCQ");
  });

  it("keeps what is computed from a configuration apart from another's: a decode with the default reads the same after one with other character priors", () => {
    const samples = record(
      timeline("CQ DE W1AW 599 K", { wpm: 22 }),
      { frequency: 650, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: -8, padS: 0.5 },
      8000,
      rng(3),
    );
    const digits = tuningWith({
      KIND_SHARES: [0.01, 0.97, 0.01, 0.005, 0.005],
      MARK_WEIGHTS: [
        [1, 0.9],
        [3, 0.1],
      ],
    });
    const before = decodeAudio(samples, 8000);
    const other = decodeAudio(samples, 8000, { tuning: digits });
    assert.notEqual(other.output, before.output);
    assert.deepEqual(decodeAudio(samples, 8000), before);
    assert.deepEqual(decodeAudio(samples, 8000, { tuning: digits }), other);
  });

  it("takes an array as JSON for the weights, or as an array", () => {
    const tuning = tuningWith({
      MARK_WEIGHTS: "[[1, 0.6], [3, 0.4]]",
      "marks.GAP_WEIGHTS": [
        [1, 0.5],
        [3, 0.5],
      ],
    });
    assert.deepEqual(tuning.marks.MARK_WEIGHTS, [
      [1, 0.6],
      [3, 0.4],
    ]);
    assert.deepEqual(tuning.marks.GAP_WEIGHTS, [
      [1, 0.5],
      [3, 0.5],
    ]);
    assert.deepEqual(DEFAULT_TUNING.marks.MARK_WEIGHTS, [
      [1, 0.5],
      [3, 0.5],
    ]);
  });

  it("takes a name bare or qualified by its group, and leaves the rest as in the configuration it starts from", () => {
    const tuning = tuningWith({ "band.DETECT_WINDOW_MS": "3000", LEVEL_WINDOW_MS: 1500 });
    assert.deepEqual([tuning.band.DETECT_WINDOW_MS, tuning.levels.LEVEL_WINDOW_MS], [3000, 1500]);
    assert.deepEqual([DEFAULT_TUNING.band.DETECT_WINDOW_MS, DEFAULT_TUNING.levels.LEVEL_WINDOW_MS], [2000, 1000]);
    const further = tuningWith({ HOP_MS: 400 }, tuning);
    assert.deepEqual([further.band.DETECT_WINDOW_MS, further.levels.LEVEL_WINDOW_MS, further.live.HOP_MS], [3000, 1500, 400]);
    for (const [group, name] of names(DEFAULT_TUNING)) {
      if (!["DETECT_WINDOW_MS", "LEVEL_WINDOW_MS"].includes(name)) assert.deepEqual((tuning as any)[group][name], (DEFAULT_TUNING as any)[group][name]);
    }
  });

  it("holds no name in more than one group", () => {
    const all = names(DEFAULT_TUNING).map(([, name]) => name);
    assert.equal(new Set(all).size, all.length);
  });

  it("makes configurations frozen all through, the default too", () => {
    for (const tuning of [DEFAULT_TUNING, tuningWith({ CANCEL_RAMPS_MS: [1, 2] })]) {
      assert.ok(Object.isFrozen(tuning));
      for (const [group, name] of names(tuning)) {
        assert.ok(Object.isFrozen((tuning as any)[group]));
        const value = (tuning as any)[group][name];
        if (Array.isArray(value)) assert.ok(Object.isFrozen(value) && value.every((v) => typeof v === "number" || Object.isFrozen(v)), `${group}.${name}`);
      }
      assert.throws(() => {
        (tuning.timings as { WORD_GAP_FROM: number }).WORD_GAP_FROM = 6;
      }, TypeError);
    }
  });

  it("refuses unknown names, values of another shape and values out of range, as MorseError INVALID_OPTION", () => {
    const refused = (overrides: Record<string, number | string | unknown[]>, message: string | RegExp) =>
      assert.throws(
        () => tuningWith(overrides),
        (error: unknown) =>
          error instanceof MorseError &&
          error.code === "INVALID_OPTION" &&
          (typeof message === "string" ? error.message === message : message.test(error.message)),
      );
    refused({ NO_SUCH_CONSTANT: 1 }, "Unknown tuning constant NO_SUCH_CONSTANT");
    refused({ "pitch.DETECT_WINDOW_MS": 1 }, "Unknown tuning constant pitch.DETECT_WINDOW_MS");
    refused({ "nogroup.DETECT_WINDOW_MS": 1 }, "Unknown tuning constant nogroup.DETECT_WINDOW_MS");
    refused({ "band.": 1 }, "Unknown tuning constant band.");
    refused({ "toString.name": 1 }, "Unknown tuning constant toString.name");
    refused({ "band.DETECT_WINDOW_MS": "[5]" }, "band.DETECT_WINDOW_MS takes a finite number, not [5]");
    refused({ WORD_GAP_FROM: '"5"' }, 'WORD_GAP_FROM takes a finite number, not "5"');
    refused({ WORD_GAP_FROM: "five" }, "WORD_GAP_FROM takes a number or JSON, not five");
    refused({ MARK_WEIGHTS: 3 }, "MARK_WEIGHTS takes a list of [length, share] pairs, not 3");
    refused({ MARK_WEIGHTS: [[1, 2]] }, "MARK_WEIGHTS takes a list of [length, share] pairs, each a share from 0 to 1, not [[1,2]]");
    refused({ CANCEL_RAMPS_MS: [] }, "CANCEL_RAMPS_MS takes a list of numbers, not []");
    refused({ CANCEL_RAMPS_MS: [1, -2] }, "CANCEL_RAMPS_MS takes a list of numbers, each a positive number, not [1,-2]");
    refused({ WORD_GAP_FROM: 0 }, "WORD_GAP_FROM takes a positive number, not 0");
    refused({ WORD_GAP_FROM: Number.NaN }, /WORD_GAP_FROM takes a finite number/);
    refused({ ON_QUANTILE: 1.5 }, "ON_QUANTILE takes a share from 0 to 1, not 1.5");
    refused({ LADDER_STEPS: 2.5 }, "LADDER_STEPS takes a whole number, 0 or more, not 2.5");
    refused({ CHAIN: 1 }, "CHAIN takes a number, 0 or less, not 1");
    // A level in dB may be either side of 0; a count may be 0.
    assert.equal(tuningWith({ MIN_SNR_DB: 3, REFINEMENTS: 0 }).band.MIN_SNR_DB, 3);
  });

  it("is the only way to a configuration a decoder takes: a copy made by hand is refused, as MorseError INVALID_OPTION", () => {
    const copy = structuredClone(DEFAULT_TUNING) as Tuning;
    const invalid = { name: "MorseError", code: "INVALID_OPTION", message: "The tuning must be DEFAULT_TUNING or made by tuningWith" };
    assert.throws(() => decodeAudio(new Float32Array(8000), 8000, { tuning: copy }), invalid);
    assert.throws(() => decodeTimings([60, 60, 60], { tuning: copy }), invalid);
    assert.throws(() => decodeRecording(new Float32Array(8000), 8000, { signals: "all", tuning: copy }), invalid);
    assert.throws(() => createListener({ sampleRate: 8000, tuning: copy }), invalid);
    assert.throws(() => tuningWith({}, copy), invalid);
  });
});
