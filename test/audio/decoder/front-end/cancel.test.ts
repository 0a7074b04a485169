/** cancelSignal: a signal rebuilt from its marks and taken out of the samples. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { cancelSignal, type Mark } from "../../../../src/audio/decoder/front-end/cancel.js";
import { channelOf } from "../../../../src/audio/decoder/front-end/channel.js";
import { bandTimeline, recordBand, type BandSignal } from "../../../fixtures/band.js";
import { noiseRmsFor } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const RATE = 8000;

function energy(samples: Float32Array): number {
  return samples.reduce((sum, x) => sum + x * x, 0);
}

/** The marks a signal was sent with, ms into the recording, each moved by `offsetMs`. */
function sentMarks(s: BandSignal, offsetMs = 0): Mark[] {
  return bandTimeline(s)
    .sequence.filter((seg) => seg.type !== "silence")
    .map((seg) => ({ startMs: 1000 * s.startS + seg.startMs + offsetMs, endMs: 1000 * s.startS + seg.startMs + seg.durationMs + offsetMs }));
}

describe("cancelSignal", () => {
  const strong: BandSignal = { text: "PARIS PARIS", wpm: 28, frequency: 903.5, snrDb: 40, startS: 0.5, driftHz: 4 };

  it("takes a signal out to 20 dB under itself, though its marks are read a millisecond off and it drifts", () => {
    for (const offsetMs of [0, 1, -1.5]) {
      const samples = recordBand({ signals: [strong], durationS: 8, sampleRate: RATE, noiseSeed: 1 });
      const before = energy(samples);
      cancelSignal(DEFAULT_TUNING, samples, RATE, 900, sentMarks(strong, offsetMs));
      const db = 10 * Math.log10(energy(samples) / before);
      assert.ok(db < -20, `${offsetMs} ms off: ${db.toFixed(1)} dB left`);
    }
  });

  it("leaves a weaker signal 60 Hz away as it was, in its own channel", () => {
    const weak: BandSignal = { text: "TEST", wpm: 20, frequency: 960, snrDb: 25, startS: 1 };
    const both = recordBand({ signals: [strong, weak], durationS: 8, sampleRate: RATE, noiseSeed: 1 });
    const alone = recordBand({ signals: [{ ...strong, snrDb: -200 }, weak], durationS: 8, sampleRate: RATE, noiseSeed: 1 });
    // recordBand scales each recording to its peak: the two differ by the ratio of their scales.
    const noise = 4.5 * noiseRmsFor(0, RATE);
    const gain = (db: number) => 10 ** (db / 20);
    const ratio = (gain(-200) + gain(weak.snrDb) + noise) / (gain(strong.snrDb) + gain(weak.snrDb) + noise);
    const inChannel = (samples: Float32Array) => {
      const bb = channelOf(DEFAULT_TUNING, samples, RATE, weak.frequency, 25);
      return bb.re.reduce((sum, x, i) => sum + x * x + bb.im[i]! ** 2, 0);
    };
    const before = 10 * Math.log10(inChannel(both) / (ratio * ratio * inChannel(alone)));
    cancelSignal(DEFAULT_TUNING, both, RATE, 900, sentMarks(strong));
    const after = 10 * Math.log10(inChannel(both) / (ratio * ratio * inChannel(alone)));
    assert.ok(before > 3, `the strong signal's sidebands add ${before.toFixed(1)} dB to the weak one's channel`);
    assert.ok(Math.abs(after) < 0.5, `${after.toFixed(2)} dB off after`);
  });
});
