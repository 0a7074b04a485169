import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { decimate, Decimator } from "../../../src/audio/dsp/decimator.js";

const tone = (hz: number, rate: number, n: number) => Float32Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));

/** Level, dB, of a sine's output over its input's (the middle half, past the filter's ends). */
function gainDb(x: Float32Array): number {
  let sum = 0;
  const from = x.length >> 2;
  const to = x.length - from;
  for (let i = from; i < to; i++) sum += x[i]! ** 2;
  return 10 * Math.log10(sum / (to - from) / 0.5);
}

/** Pushes `input` in pieces cut at `cuts`, then flushes; the outputs joined. */
function pushedInPieces(factor: number, input: Float32Array, cuts: number[]): Float32Array {
  const at = [0, ...[...cuts].sort((a, b) => a - b), input.length];
  const decimator = new Decimator(factor);
  const parts = at.slice(1).map((end, i) => decimator.push(input.subarray(at[i]!, end)));
  parts.push(decimator.flush());
  return Float32Array.from(parts.flatMap((p) => [...p]));
}

describe("Decimator", () => {
  it("passes a receiver's whole passband and stops what would fold into it (48 kHz to 8 kHz)", () => {
    for (const hz of [300, 1000, 2500, 3500]) {
      const passed = decimate(tone(hz, 48000, 48000), 6);
      assert.equal(passed.length, 8000);
      assert.ok(Math.abs(gainDb(passed)) < 0.05, `${hz} Hz: ${gainDb(passed).toFixed(3)} dB`);
    }
    // 4500 Hz lands on 3500 Hz at 8000 samples/s; 7, 9 and 15 kHz on 1 kHz.
    for (const hz of [4500, 7000, 9000, 15_000]) {
      const folded = gainDb(decimate(tone(hz, 48000, 48000), 6));
      assert.ok(folded < -75, `${hz} Hz: ${folded.toFixed(1)} dB`);
    }
  });

  it("keeps times: a click comes out where it went in", () => {
    for (const factor of [2, 5, 6, 12]) {
      const input = new Float32Array(100 * factor);
      input[40 * factor] = 1;
      const out = decimate(input, factor);
      const peak = out.reduce((best, x, i) => (x > out[best]! ? i : best), 0);
      assert.equal(peak, 40, `factor ${factor}`);
    }
  });

  it("gives the same samples however the input is cut, and its whole ends", () => {
    const input = Float32Array.from({ length: 5000 }, (_, i) => Math.sin(i * 0.37) + 0.3 * Math.cos(i * 2.1));
    const whole = decimate(input, 5);
    assert.equal(whole.length, 1000);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 12 }), (cuts) => {
        assert.deepEqual(pushedInPieces(5, input, cuts), whole);
      }),
      { numRuns: 50 },
    );
  });

  it("takes NaN and infinities in a stream for silence, which spread no further", () => {
    const input = tone(500, 16000, 4000);
    const broken = input.slice();
    broken[1000] = Number.NaN;
    broken[3000] = Number.POSITIVE_INFINITY;
    const out = pushedInPieces(2, broken, [2000]);
    assert.ok(out.every(Number.isFinite));
    const clean = decimate(input, 2);
    assert.ok(Math.abs(out[750]! - clean[750]!) < 1e-6, "half a second from either");
  });

  it("with factor 1 keeps every sample", () => {
    const input = Float32Array.of(0.5, -0.25, 1);
    assert.deepEqual(new Decimator(1).push(input), input);
    assert.deepEqual(decimate(input, 1), input);
    assert.throws(() => new Decimator(0), RangeError);
  });
});
