import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Baseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { inPhase, phaseCarry, phaseWindow } from "../../../../src/audio/decoder/evidence/in-phase.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { keyedFromDurations } from "../../../../src/audio/decoder/keyed.js";

describe("inPhase", () => {
  /** 3 s of 1 ms blocks: a tone at phase 0.7 over [from, to) for each span, plus `other` (a tone 300 Hz off) over its span. */
  function tones(spans: readonly [number, number, number][], other?: [number, number]): Baseband {
    const n = 3000;
    const bb: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: 1 };
    for (const [from, to, level] of spans)
      for (let i = from; i < to; i++) {
        bb.re[i] = level * Math.cos(0.7);
        bb.im[i] = level * Math.sin(0.7);
      }
    if (other)
      for (let i = other[0]; i < other[1]; i++) {
        bb.re[i] = bb.re[i]! + Math.cos(0.6 * Math.PI * i);
        bb.im[i] = bb.im[i]! + Math.sin(0.6 * Math.PI * i);
      }
    return bb;
  }
  const sum = (y: Float32Array, from: number, to: number): number => y.subarray(from, to).reduce((a, b) => a + b, 0);

  it("turns the marks onto their own phase", () => {
    const bb = tones([
      [500, 560, 1],
      [620, 680, 1],
    ]);
    const marks = new Uint8Array(3000).fill(1, 500, 560).fill(1, 620, 680);
    const y = inPhase(bb, marks, 150, 10);
    assert.ok(Math.abs(y[530]! - 1) < 1e-6 && Math.abs(y[650]! - 1) < 1e-6);
  });

  it("finds tone far from every mark found, on the phase of the nearest marks (a letter the segmentation missed)", () => {
    // Marks found at 500..680; a weaker letter at 1500..1700 that no mark covers.
    const bb = tones([
      [500, 560, 1],
      [620, 680, 1],
      [1500, 1700, 0.4],
    ]);
    const marks = new Uint8Array(3000).fill(1, 500, 560).fill(1, 620, 680);
    const y = inPhase(bb, marks, 150, 10);
    assert.ok(Math.abs(sum(y, 1500, 1700) / 200 - 0.4) < 1e-6, `${sum(y, 1500, 1700) / 200}`);
  });

  it("does not take a neighbouring station's tone for ours where no mark is near", () => {
    const bb = tones(
      [
        [500, 560, 1],
        [620, 680, 1],
      ],
      [1500, 2500],
    );
    const marks = new Uint8Array(3000).fill(1, 500, 560).fill(1, 620, 680);
    const y = inPhase(bb, marks, 150, 10);
    // A dot of 60 ms over it sums to next to nothing against the 60 of a tone of ours.
    for (let at = 1500; at + 60 <= 2500; at += 60) assert.ok(Math.abs(sum(y, at, at + 60)) < 3, `at ${at}: ${sum(y, at, at + 60)}`);
  });

  /** Marks of 60 ms, 60 ms apart from 500 ms on, each at its own phase (`phases[k]`). */
  function restarted(phases: readonly number[]): { bb: Baseband; marks: Uint8Array } {
    const n = 3000;
    const bb: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: 1 };
    const marks = new Uint8Array(n);
    for (const [k, phase] of phases.entries())
      for (let i = 500 + 120 * k; i < 560 + 120 * k; i++) {
        bb.re[i] = Math.cos(phase);
        bb.im[i] = Math.sin(phase);
        marks[i] = 1;
      }
    return { bb, marks };
  }

  it("keeps the reference within each mark where the phase starts afresh at every element", () => {
    const { bb, marks } = restarted([0, 2, 4, 1, 3]);
    const across = inPhase(bb, marks, 150, 10);
    const within = inPhase(bb, marks, 150, 10, "mark");
    for (let k = 0; k < 5; k++) assert.ok(Math.abs(sum(within, 500 + 120 * k, 560 + 120 * k) / 60 - 1) < 1e-6, `mark ${k}`);
    // Over the recording the marks' phases cancel: some marks read well under their level.
    assert.ok(Math.min(...[0, 1, 2, 3, 4].map((k) => sum(across, 500 + 120 * k, 560 + 120 * k) / 60)) < 0.5);
  });

  it("measures how the phase carries from mark to mark: fully for one oscillator, not at all for restarted ones", () => {
    const keyed = keyedFromDurations(500, [60, 60, 60, 60, 60, 60, 60, 60, 60]);
    assert.ok(Math.abs(phaseCarry(restarted([0.3, 0.3, 0.3, 0.3, 0.3]).bb, keyed, 150) - 1) < 1e-6);
    assert.ok(phaseCarry(restarted([0, 2, 4, 1, 3]).bb, keyed, 150) < 0);
    assert.ok(Number.isNaN(phaseCarry(restarted([0]).bb, keyedFromDurations(500, [60]), 150)));
  });
});

describe("phaseWindow", () => {
  /** 4 s of 1 ms blocks keyed dot, dash, dot, ... (60 and 180 ms marks, 60 ms gaps), the tone's phase turning at `offsetHz`, with complex noise of `noise` RMS. */
  function keyedTone(offsetHz: number, noise: number, seed: number): { bb: Baseband; marks: Uint8Array } {
    const n = 4000;
    const bb: Baseband = { re: new Float32Array(n), im: new Float32Array(n), blockMs: 1 };
    const marks = new Uint8Array(n);
    for (let at = 100, k = 0; at + 180 < n - 100; k++) {
      const length = k % 2 === 0 ? 60 : 180;
      marks.fill(1, at, at + length);
      at += length + 60;
    }
    const random = rng(seed);
    for (let i = 0; i < n; i++) {
      const phase = (2 * Math.PI * offsetHz * i) / 1000;
      bb.re[i] = marks[i]! * Math.cos(phase) + noise * Math.SQRT1_2 * gaussian(random);
      bb.im[i] = marks[i]! * Math.sin(phase) + noise * Math.SQRT1_2 * gaussian(random);
    }
    return { bb, marks };
  }
  const choice = { halfWindows: [25, 50, 100, 150], exclude: 8, scope: "recording" as const, errors: 1, fewestMarks: 0 };

  it("spans as far as a steady tone's phase holds, in noise and out of it", () => {
    const clean = keyedTone(0, 0.01, 1);
    assert.equal(phaseWindow(clean.bb, clean.marks, choice), 150);
    const noisy = keyedTone(0, 3, 2);
    assert.equal(phaseWindow(noisy.bb, noisy.marks, choice), 150);
  });

  it("narrows for a tone whose phase turns within a character (a quarter turn in 60 ms)", () => {
    const turning = keyedTone(4, 0.1, 3);
    assert.equal(phaseWindow(turning.bb, turning.marks, choice), 25);
    // On fewer marks than it asks for, the longest window stands.
    assert.equal(phaseWindow(turning.bb, turning.marks, { ...choice, fewestMarks: 100 }), 150);
  });
});
