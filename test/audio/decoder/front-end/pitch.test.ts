import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { findPitch, pitchRange } from "../../../../src/audio/decoder/front-end/pitch.js";
import { DECODE_FREQUENCY } from "../../../../src/audio/limits.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { record, type Channel } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const CHANNEL: Channel = { frequency: 713, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 0, padS: 0.5 };
const keyedTone = (channel: Channel, sampleRate: number, seed = 1): Float32Array =>
  record(timeline("CQ CQ DE W1AW K", { wpm: 20 }), channel, sampleRate, rng(seed));

describe("findPitch", () => {
  it("finds a keyed 713 Hz tone in noise (0 dB in 3 kHz) within 2 Hz, at any sample rate", () => {
    for (const sampleRate of [8000, 11025, 44100]) {
      const pitch = findPitch(DEFAULT_TUNING, keyedTone(CHANNEL, sampleRate), sampleRate);
      assert.ok(pitch !== undefined && Math.abs(pitch - 713) < 2, `${sampleRate} samples/s: ${pitch} Hz`);
    }
  });

  it("ignores a mains hum ten times as strong as the tone, its harmonics and a rumble (coloured noise)", () => {
    const sampleRate = 8000;
    const samples = keyedTone({ ...CHANNEL, snrDb: 10 }, sampleRate);
    const tone = Math.max(...samples.subarray(0, 20_000).map(Math.abs));
    const random = rng(2);
    let rumble = 0;
    for (let n = 0; n < samples.length; n++) {
      const t = n / sampleRate;
      // Brown noise, loudest at the bottom of the band: a peak is measured against its neighbourhood.
      rumble = 0.995 * rumble + 0.1 * tone * gaussian(random);
      samples[n] = samples[n]! + tone * (10 * Math.sin(2 * Math.PI * 50 * t) + 3 * Math.sin(2 * Math.PI * 100 * t) + Math.sin(2 * Math.PI * 150 * t)) + rumble;
    }
    const pitch = findPitch(DEFAULT_TUNING, samples, sampleRate);
    assert.ok(pitch !== undefined && Math.abs(pitch - 713) < 2, `${pitch} Hz`);
  });

  it("finds nothing in silence", () => {
    assert.equal(findPitch(DEFAULT_TUNING, new Float32Array(8000), 8000), undefined);
  });

  it("finds nothing in noise alone, even noise muted in step with a receiver's own keying (QSK), but a tone 10 dB under it", () => {
    const sampleRate = 8000;
    for (let seed = 1; seed <= 5; seed++) {
      const random = rng(seed);
      const noise = Float32Array.from({ length: 10 * sampleRate }, () => 0.1 * gaussian(random));
      assert.equal(findPitch(DEFAULT_TUNING, noise, sampleRate), undefined, `noise, seed ${seed}`);
      for (const { type, startMs, durationMs } of timeline("TEST DE N0CALL K", { wpm: 15 + seed }).sequence) {
        if (type !== "silence") noise.fill(0, Math.round((startMs * sampleRate) / 1000), Math.round(((startMs + durationMs) * sampleRate) / 1000));
      }
      assert.equal(findPitch(DEFAULT_TUNING, noise, sampleRate), undefined, `muted noise, seed ${seed}`);
      const weak = findPitch(DEFAULT_TUNING, keyedTone({ ...CHANNEL, snrDb: -10 }, sampleRate, seed), sampleRate);
      assert.ok(weak !== undefined && Math.abs(weak - 713) < 2, `−10 dB, seed ${seed}: ${weak} Hz`);
    }
  });

  it("searches only the range it is given: the weaker of two tones within it", () => {
    const sampleRate = 8000;
    const strong = keyedTone({ ...CHANNEL, frequency: 900, snrDb: 10 }, sampleRate);
    const weak = keyedTone({ ...CHANNEL, frequency: 480, snrDb: Infinity }, sampleRate);
    const both = strong.map((x, n) => x + 0.3 * weak[n]!);
    assert.ok(Math.abs(findPitch(DEFAULT_TUNING, both, sampleRate)! - 900) < 2);
    assert.ok(Math.abs(findPitch(DEFAULT_TUNING, both, sampleRate, pitchRange(DEFAULT_TUNING, 500, sampleRate))! - 480) < 2);
  });
});

describe("pitchRange", () => {
  it("is the whole passband told nothing, 200 Hz to 0.45 of the rate; ±50 Hz around a hint, within it", () => {
    assert.deepEqual(pitchRange(DEFAULT_TUNING, undefined, 8000), { min: DECODE_FREQUENCY.min, max: 3600 });
    assert.deepEqual(pitchRange(DEFAULT_TUNING, undefined, 2000), { min: DECODE_FREQUENCY.min, max: 900 });
    assert.deepEqual(pitchRange(DEFAULT_TUNING, 700, 8000), { min: 650, max: 750 });
    assert.deepEqual(pitchRange(DEFAULT_TUNING, 210, 8000), { min: DECODE_FREQUENCY.min, max: 260 });
    assert.deepEqual(pitchRange(DEFAULT_TUNING, 3580, 8000), { min: 3530, max: 3600 });
  });
});
