/** The pitch search kept under Nyquist: below 0.45 of the sample rate, 900 Hz at 2000 samples/s. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { belowNyquist, findPitch, pitchRange } from "../../../../src/audio/decoder/front-end/pitch.js";
import { decodeAudio } from "../../../../src/audio/index.js";
import { DECODE_FREQUENCY, DECODE_FREQUENCY_MAX_OF_RATE } from "../../../../src/audio/limits.js";
import { rng } from "../../../fixtures/random.js";
import { record, type Channel } from "../../../fixtures/simulator.js";

const CHANNEL: Channel = { frequency: 600, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 10, padS: 0.5 };
const keyed = (frequency: number, sampleRate: number) => record(timeline("CQ CQ DE W1AW K", { wpm: 20 }), { ...CHANNEL, frequency }, sampleRate, rng(1));

describe("belowNyquist", () => {
  it("cuts the search at 0.45 of the sample rate: 200..900 Hz at 2000 samples/s, 200..1200 Hz from 2667 up", () => {
    assert.equal(DECODE_FREQUENCY_MAX_OF_RATE, 0.45);
    assert.deepEqual(belowNyquist(DECODE_FREQUENCY, 2000), { min: 200, max: 900 });
    assert.deepEqual(belowNyquist(DECODE_FREQUENCY, 2205), { min: 200, max: 992.25 });
    assert.equal(belowNyquist(DECODE_FREQUENCY, 4000), DECODE_FREQUENCY);
    assert.equal(belowNyquist(DECODE_FREQUENCY, 8000), DECODE_FREQUENCY);
  });

  it("slides a hinted range wholly above the cut down to end there, keeping its width", () => {
    assert.deepEqual(belowNyquist(pitchRange(600), 2000), { min: 550, max: 650 });
    assert.deepEqual(belowNyquist(pitchRange(880), 2000), { min: 830, max: 900 });
    assert.deepEqual(belowNyquist(pitchRange(1100), 2000), { min: 800, max: 900 });
  });
});

describe("findPitch at 2000 samples/s", () => {
  it("finds tones from 200 to 900 Hz within 2 Hz", () => {
    for (const frequency of [200, 450, 600, 750, 900]) {
      const pitch = findPitch(keyed(frequency, 2000), 2000);
      assert.ok(pitch !== undefined && Math.abs(pitch - frequency) < 2, `${frequency} Hz: ${pitch} Hz`);
    }
  });

  it("looks no higher than 900 Hz: a 1100 Hz hint finds a 900 Hz tone, and the recording reads", () => {
    const samples = keyed(900, 2000);
    assert.ok(Math.abs(findPitch(samples, 2000, pitchRange(1100))! - 900) < 2);
    const result = decodeAudio(samples, 2000, { frequency: 1100 });
    assert.equal(result.output, "CQ CQ DE W1AW K");
    assert.equal(result.frequency, 900);
  });
});
