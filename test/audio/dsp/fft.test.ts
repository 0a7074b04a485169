import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fft } from "../../../src/audio/dsp/fft.js";
import { rng } from "../../fixtures/random.js";

/** The discrete Fourier transform by its definition, X[k] = Σ x[n] e^(-2πi kn / N). */
function naiveDft(re: Float64Array, im: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const out = { re: new Float64Array(n), im: new Float64Array(n) };
  for (let k = 0; k < n; k++) {
    for (let j = 0; j < n; j++) {
      const angle = (-2 * Math.PI * k * j) / n;
      out.re[k] = out.re[k]! + re[j]! * Math.cos(angle) - im[j]! * Math.sin(angle);
      out.im[k] = out.im[k]! + re[j]! * Math.sin(angle) + im[j]! * Math.cos(angle);
    }
  }
  return out;
}

describe("fft", () => {
  it("matches the DFT's definition on random complex input, at every power of two up to 512", () => {
    const random = rng(1);
    for (let n = 1; n <= 512; n *= 2) {
      const re = Float64Array.from({ length: n }, () => random() - 0.5);
      const im = Float64Array.from({ length: n }, () => random() - 0.5);
      const expected = naiveDft(re, im);
      fft(re, im);
      for (let k = 0; k < n; k++) {
        assert.ok(
          Math.abs(re[k]! - expected.re[k]!) < 1e-9 && Math.abs(im[k]! - expected.im[k]!) < 1e-9,
          `n ${n}, bin ${k}: ${re[k]} ${im[k]} against ${expected.re[k]} ${expected.im[k]}`,
        );
      }
    }
  });

  it("puts a cosine on a whole bin into that bin and its mirror, N/2 each", () => {
    const n = 64;
    const re = Float64Array.from({ length: n }, (_, j) => Math.cos((2 * Math.PI * 5 * j) / n));
    const im = new Float64Array(n);
    fft(re, im);
    for (let k = 0; k < n; k++) {
      const expected = k === 5 || k === n - 5 ? n / 2 : 0;
      assert.ok(Math.abs(re[k]! - expected) < 1e-9 && Math.abs(im[k]!) < 1e-9, `bin ${k}: ${re[k]} ${im[k]}`);
    }
  });

  it("refuses lengths that are not a power of two, or real and imaginary parts of different lengths", () => {
    assert.throws(() => fft(new Float64Array(12), new Float64Array(12)), RangeError);
    assert.throws(() => fft(new Float64Array(16), new Float64Array(8)), RangeError);
  });
});
