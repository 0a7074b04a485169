import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio } from "../../../../src/audio/index.js";
import { withoutCrashes } from "../../../../src/audio/decoder/front-end/crashes.js";
import { simulate } from "../../../fixtures/channel/index.js";
import { characterErrors } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const TEXTS = [
  "CQ CQ DE W1AW W1AW K",
  "QTH BOSTON MA NAME JOHN",
  "UR RST 579 579 BK",
  "TNX FER CALL 73 ES GL",
  "WX HR CLOUDY TEMP 15C",
  "RIG IS IC7300 ES DIPOLE",
];

/** The texts at 24 wpm, +10 dB, from a keyer, each at its own pitch, with `qrn` crashes a second or none. */
function recordings(ratePerS?: number) {
  return TEXTS.map((text, i) => ({
    text,
    samples: simulate({
      text,
      wpm: 24,
      keying: { kind: "keyer" },
      fading: { kind: "none" },
      snrDb: 10,
      pitchHz: 600 + 37 * i,
      sampleRate: 8000,
      seed: 7000 + i,
      ...(ratePerS ? { qrn: { ratePerS } } : {}),
    }),
  }));
}

describe("withoutCrashes", () => {
  it("passes a recording without crashes through untouched, the same array", () => {
    for (const { samples } of recordings()) assert.equal(withoutCrashes(DEFAULT_TUNING, samples, 8000), samples);
  });

  it("limits crashes to a few times the key-down level, and leaves the rest as it was", () => {
    for (const { samples } of recordings(2)) {
      const limited = withoutCrashes(DEFAULT_TUNING, samples, 8000);
      assert.notEqual(limited, samples);
      const peak = (x: Float32Array) => x.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
      assert.ok(peak(limited) < peak(samples) / 2, `${peak(limited)} against ${peak(samples)}`);
      let changed = 0;
      for (let i = 0; i < samples.length; i++) if (limited[i] !== samples[i]) changed++;
      assert.ok(changed < samples.length / 20, `${changed} of ${samples.length} samples changed`);
    }
  });

  for (const [rate, before, most] of [
    [2, 11, 0.05],
    [5, 21, 0.13],
  ] as const) {
    it(`lets the decoder read through ${rate} crashes a second at +10 dB (${before} of 125 characters wrong with the crashes limited, not bridged)`, () => {
      let errors = 0;
      let length = 0;
      for (const { text, samples } of recordings(rate)) {
        errors += characterErrors(text, decodeAudio(samples, 8000).output);
        length += text.length;
      }
      assert.ok(errors <= most * length, `${errors} of ${length}`);
    });
  }
});
