import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { followMarks, type Baseband } from "../../src/audio/envelope.js";
import { gaussian } from "../../bench/audio-corpus.js";
import { rng } from "../../bench/lib/corpus.js";

/** 10 s of 1 ms blocks: marks of 60 ms every 120 ms, at a pitch `offsetHz` off (plus `slopeHz` per second), with some noise. */
function keyedTone(offsetHz: number, slopeHz: number): { bb: Baseband; marks: Uint8Array } {
  const n = 10_000;
  const bb: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: 1 };
  const marks = new Uint8Array(n);
  const random = rng(3);
  let phase = 0.7;
  for (let i = 0; i < n; i++) {
    phase += (2 * Math.PI * (offsetHz + (slopeHz * i) / 1000)) / 1000;
    const on = i % 120 < 60 ? 1 : 0;
    marks[i] = on;
    bb.re[i] = on * Math.cos(phase) + 0.3 * gaussian(random);
    bb.im[i] = on * Math.sin(phase) + 0.3 * gaussian(random);
  }
  return { bb, marks };
}

/** The largest turn of the marks' phase from one second to the next, radians. */
function phaseWander(bb: Baseband, marks: Uint8Array): number {
  const phases: number[] = [];
  for (let s = 0; s < 10; s++) {
    let re = 0;
    let im = 0;
    for (let i = 1000 * s; i < 1000 * (s + 1); i++) if (marks[i] === 1) { re += bb.re[i]!; im += bb.im[i]!; }
    phases.push(Math.atan2(im, re));
  }
  let worst = 0;
  for (let s = 1; s < phases.length; s++) {
    const turn = Math.abs(Math.atan2(Math.sin(phases[s]! - phases[s - 1]!), Math.cos(phases[s]! - phases[s - 1]!)));
    worst = Math.max(worst, turn);
  }
  return worst;
}

describe("followMarks", () => {
  it("takes out a pitch offset left over, steady or drifting, measured on the marks", () => {
    for (const [offset, slope] of [[1.5, 0], [-2, 0], [0.5, 0.1]] as const) {
      const { bb, marks } = keyedTone(offset, slope);
      assert.ok(phaseWander(bb, marks) > 1, `${offset} Hz: before ${phaseWander(bb, marks)}`);
      const followed = followMarks(bb, marks);
      assert.ok(phaseWander(followed, marks) < 0.3, `${offset} Hz, ${slope} Hz/s: after ${phaseWander(followed, marks)}`);
    }
  });

  it("leaves a baseband without marks as it is", () => {
    const { bb } = keyedTone(1, 0);
    const followed = followMarks(bb, new Uint8Array(bb.re.length));
    assert.deepEqual([...followed.re.subarray(0, 50)], [...bb.re.subarray(0, 50)]);
    assert.deepEqual([...followed.im.subarray(0, 50)], [...bb.im.subarray(0, 50)]);
  });
});
