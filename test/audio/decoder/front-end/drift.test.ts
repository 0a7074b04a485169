import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Baseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { followDrift, followMarks } from "../../../../src/audio/decoder/front-end/drift.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

/** 10 s of 1 ms blocks: marks of 60 ms every 120 ms, at a pitch `offsetHz` off (plus `slopeHz` per second), with some noise. */
function keyedTone(offsetHz: number, slopeHz: number, noise = 0.3): { bb: Baseband; marks: Uint8Array } {
  const n = 10_000;
  const bb: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: 1 };
  const marks = new Uint8Array(n);
  const random = rng(3);
  let phase = 0.7;
  for (let i = 0; i < n; i++) {
    phase += (2 * Math.PI * (offsetHz + (slopeHz * i) / 1000)) / 1000;
    const on = i % 120 < 60 ? 1 : 0;
    marks[i] = on;
    bb.re[i] = on * Math.cos(phase) + noise * gaussian(random);
    bb.im[i] = on * Math.sin(phase) + noise * gaussian(random);
  }
  return { bb, marks };
}

/** The pitch offset left on the marks within blocks [from, to), Hz: the phase turned over 20 ms inside each mark. */
function offsetHz(bb: Baseband, marks: Uint8Array, from = 0, to = bb.re.length): number {
  let re = 0;
  let im = 0;
  for (let i = from; i + 20 < to; i++) {
    if (marks[i] !== 1 || marks[i + 20] !== 1) continue;
    re += bb.re[i + 20]! * bb.re[i]! + bb.im[i + 20]! * bb.im[i]!;
    im += bb.im[i + 20]! * bb.re[i]! - bb.re[i + 20]! * bb.im[i]!;
  }
  return (Math.atan2(im, re) / (2 * Math.PI)) * (1000 / 20);
}

/** The largest turn of the marks' phase from one second to the next, radians. */
function phaseWander(bb: Baseband, marks: Uint8Array): number {
  const phases: number[] = [];
  for (let s = 0; s < 10; s++) {
    let re = 0;
    let im = 0;
    for (let i = 1000 * s; i < 1000 * (s + 1); i++)
      if (marks[i] === 1) {
        re += bb.re[i]!;
        im += bb.im[i]!;
      }
    phases.push(Math.atan2(im, re));
  }
  let worst = 0;
  for (let s = 1; s < phases.length; s++) {
    const turn = Math.abs(Math.atan2(Math.sin(phases[s]! - phases[s - 1]!), Math.cos(phases[s]! - phases[s - 1]!)));
    worst = Math.max(worst, turn);
  }
  return worst;
}

describe("followDrift", () => {
  it("turns a steady 5 Hz offset back, in place", () => {
    for (const offset of [5, -5]) {
      const { bb, marks } = keyedTone(offset, 0);
      assert.ok(Math.abs(offsetHz(bb, marks) - offset) < 0.3, `before: ${offsetHz(bb, marks)} Hz`);
      followDrift(DEFAULT_TUNING, bb);
      assert.ok(Math.abs(offsetHz(bb, marks)) < 0.3, `${offset} Hz: ${offsetHz(bb, marks)} Hz left`);
    }
  });

  it("follows a pitch drifting by 2 Hz a second (from -10 to +10 Hz over the recording)", () => {
    const { bb, marks } = keyedTone(-10, 2);
    const before = [1, 8].map((s) => offsetHz(bb, marks, 1000 * s, 1000 * (s + 1)));
    assert.ok(before[0]! < -6 && before[1]! > 6, `before: ${before.join(", ")} Hz`);
    followDrift(DEFAULT_TUNING, bb);
    // Away from the ends, where the smoothing over neighbouring seconds runs out of one side.
    for (let s = 2; s < 8; s++) {
      const left = offsetHz(bb, marks, 1000 * s, 1000 * (s + 1));
      assert.ok(Math.abs(left) < 1, `second ${s}: ${left} Hz left`);
    }
  });

  it("leaves a tone on pitch on pitch, and noise alone finite", () => {
    const { bb, marks } = keyedTone(0, 0);
    followDrift(DEFAULT_TUNING, bb);
    assert.ok(Math.abs(offsetHz(bb, marks)) < 0.3);
    const silent: Baseband = { re: new Float32Array(3000), im: new Float32Array(3000), blockMs: 1 };
    followDrift(DEFAULT_TUNING, silent);
    assert.ok(silent.re.every((x) => x === 0) && silent.im.every((x) => x === 0));
  });
});

describe("followMarks", () => {
  it("takes out a pitch offset left over, steady or drifting, measured on the marks", () => {
    for (const [offset, slope] of [
      [1.5, 0],
      [-2, 0],
      [0.5, 0.1],
    ] as const) {
      const { bb, marks } = keyedTone(offset, slope);
      assert.ok(phaseWander(bb, marks) > 1, `${offset} Hz: before ${phaseWander(bb, marks)}`);
      const followed = followMarks(DEFAULT_TUNING, bb, marks);
      assert.ok(phaseWander(followed, marks) < 0.3, `${offset} Hz, ${slope} Hz/s: after ${phaseWander(followed, marks)}`);
    }
  });

  it("leaves a baseband without marks as it is", () => {
    const { bb } = keyedTone(1, 0);
    const followed = followMarks(DEFAULT_TUNING, bb, new Uint8Array(bb.re.length));
    assert.deepEqual([...followed.re.subarray(0, 50)], [...bb.re.subarray(0, 50)]);
    assert.deepEqual([...followed.im.subarray(0, 50)], [...bb.im.subarray(0, 50)]);
  });
});
