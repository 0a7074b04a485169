import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { Decimator } from "../../../src/audio/dsp/decimator.js";

const tone = (hz: number, rate: number, n: number) => Float32Array.from({ length: n }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));

/** Root mean square of the second half (past the filter's start). */
function rms(x: Float32Array): number {
  let sum = 0;
  const from = x.length >> 1;
  for (let i = from; i < x.length; i++) sum += x[i]! ** 2;
  return Math.sqrt(sum / (x.length - from));
}

describe("Decimator", () => {
  it("passes a Morse tone and stops what would fold onto it (48 kHz to 8 kHz)", () => {
    const passed = new Decimator(6).push(tone(1000, 48000, 48000));
    assert.equal(passed.length, 8000);
    assert.ok(rms(passed) / Math.SQRT1_2 > 0.9, `${rms(passed)}`);
    // 7 kHz and 9 kHz land on 1 kHz at 8000 samples/s.
    for (const hz of [7000, 9000, 15_000]) {
      const folded = rms(new Decimator(6).push(tone(hz, 48000, 48000))) / Math.SQRT1_2;
      assert.ok(20 * Math.log10(folded) < -30, `${hz} Hz: ${(20 * Math.log10(folded)).toFixed(1)} dB`);
    }
  });

  it("gives the same samples however the input is cut", () => {
    const input = Float32Array.from({ length: 5000 }, (_, i) => Math.sin(i * 0.37) + 0.3 * Math.cos(i * 2.1));
    const whole = new Decimator(5).push(input);
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5000 }), { maxLength: 12 }), (cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), input.length];
        const decimator = new Decimator(5);
        const parts = at.slice(1).map((end, i) => decimator.push(input.subarray(at[i]!, end)));
        const joined = Float32Array.from(parts.flatMap((p) => [...p]));
        assert.deepEqual(joined, whole);
      }),
      { numRuns: 50 },
    );
  });

  it("with factor 1 keeps every sample", () => {
    const input = Float32Array.of(0.5, -0.25, 1);
    assert.deepEqual(new Decimator(1).push(input), input);
    assert.throws(() => new Decimator(0), RangeError);
  });
});
