/** The pitch search over the whole passband, up to 0.45 of the sample rate: 3600 Hz at 8000 samples/s, 900 Hz at 2000. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { findPitch } from "../../../../src/audio/decoder/front-end/pitch.js";
import { decodeAudio, MorseError } from "../../../../src/index.js";
import { DECODE_FREQUENCY_MAX_OF_RATE } from "../../../../src/audio/limits.js";
import { rng } from "../../../fixtures/random.js";
import { record, type Channel } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const TEXT = "CQ CQ DE W1AW K";
const CHANNEL: Channel = { frequency: 600, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 10, padS: 0.5 };
const keyed = (frequency: number, sampleRate: number) => record(timeline(TEXT, { wpm: 20 }), { ...CHANNEL, frequency }, sampleRate, rng(1));

describe("findPitch at 2000 samples/s", () => {
  it("finds tones from 200 to 900 Hz within 2 Hz", () => {
    assert.equal(DECODE_FREQUENCY_MAX_OF_RATE, 0.45);
    for (const frequency of [200, 450, 600, 750, 900]) {
      const pitch = findPitch(DEFAULT_TUNING, keyed(frequency, 2000), 2000);
      assert.ok(pitch !== undefined && Math.abs(pitch - frequency) < 2, `${frequency} Hz: ${pitch} Hz`);
    }
  });
});

describe("the whole passband", () => {
  it("reads a station anywhere from 200 Hz to 0.45 of the rate, told nothing", () => {
    for (const [frequency, sampleRate] of [
      [1259, 8000],
      [1489, 8000],
      [2500, 8000],
      [3500, 8000],
      [3000, 11025],
      [3900, 44100],
    ] as const) {
      const result = decodeAudio(keyed(frequency, sampleRate), sampleRate);
      assert.equal(result.output, TEXT, `${frequency} Hz at ${sampleRate}`);
      assert.ok(Math.abs(result.frequency - frequency) <= 1, `${frequency} Hz at ${sampleRate}: ${result.frequency}`);
      assert.equal(result.warning, undefined);
    }
  });

  it("reads a pitch hinted up to 0.45 of the recording's own rate, above the passband searched unhinted", () => {
    const samples = keyed(9000, 44100);
    assert.equal(decodeAudio(samples, 44100).output, "");
    const hinted = decodeAudio(samples, 44100, { frequency: 9000 });
    assert.equal(hinted.output, TEXT);
    assert.equal(hinted.frequency, 9000);
  });

  it("refuses a pitch hinted beyond what the recording holds, naming the bound", () => {
    assert.throws(
      () => decodeAudio(keyed(900, 2000), 2000, { frequency: 1100 }),
      (e: unknown) => e instanceof MorseError && e.code === "INVALID_OPTION" && /200 to 900 Hz for a recording at 2000 samples\/s/.test(e.message),
    );
    assert.throws(() => decodeAudio(keyed(900, 8000), 8000, { frequency: 150 }), MorseError);
  });

  it("says where it looked when it finds nothing", () => {
    const silence = new Float32Array(8000 * 3);
    assert.equal(decodeAudio(silence, 8000).warning, "No Morse was found between 200 and 3600 Hz");
    assert.equal(decodeAudio(silence, 8000, { frequency: 1000 }).warning, "No Morse was found between 950 and 1050 Hz");
  });
});
