import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { BasebandMixer, toBaseband, withoutFade } from "../../../../src/audio/decoder/front-end/baseband.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const tone = (frequency: number, sampleRate: number, seconds: number, amplitude = 0.8, phase = 0.3): Float32Array =>
  Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, n) => amplitude * Math.cos((2 * Math.PI * frequency * n) / sampleRate + phase));

describe("toBaseband", () => {
  it("turns a tone at the mixing frequency into a constant: half its amplitude, at its phase", () => {
    // 1 kHz into 1 ms blocks: the mixing's image at 2 kHz sums to nothing over each block.
    const bb = toBaseband(DEFAULT_TUNING, tone(1000, 8000, 2), 8000, 1000);
    assert.equal(bb.blockMs, 1);
    assert.equal(bb.re.length, 2000);
    for (let b = 0; b < bb.re.length; b++) {
      assert.ok(Math.abs(bb.re[b]! - 0.4 * Math.cos(0.3)) < 1e-5 && Math.abs(bb.im[b]! - 0.4 * Math.sin(0.3)) < 1e-5, `block ${b}: ${bb.re[b]} ${bb.im[b]}`);
    }
  });

  it("holds a tone about 1 kHz away to -46 dB through a triangular window, where it folds to near the pitch", () => {
    // A block's sum lets it through at -26 dB: a strong station 1 kHz from a quiet channel of a band was read there (5WTK K from PY5WTK K).
    for (const sampleRate of [8000, 11025, 44100]) {
      for (const away of [-1049, -1000, -955, 955, 1000, 1049]) {
        const bb = toBaseband(DEFAULT_TUNING, tone(1200 + away, sampleRate, 2), sampleRate, 1200, "triangle");
        // The tone folds to `away` less the nearest multiple of the block rate: its amplitude there, by one bin of a Fourier transform.
        const blockRate = 1000 / bb.blockMs;
        const folded = away - blockRate * Math.round(away / blockRate);
        let [re, im] = [0, 0];
        for (let b = 1; b < bb.re.length; b++) {
          const turn = (-2 * Math.PI * folded * b) / blockRate;
          re += bb.re[b]! * Math.cos(turn) - bb.im[b]! * Math.sin(turn);
          im += bb.re[b]! * Math.sin(turn) + bb.im[b]! * Math.cos(turn);
        }
        const db = 20 * Math.log10(Math.hypot(re, im) / (bb.re.length - 1) / 0.4);
        assert.ok(db < -46, `${sampleRate} samples/s, ${away} Hz away: ${db.toFixed(1)} dB`);
      }
    }
  });

  it("turns a tone 5 Hz above the mixing frequency by 5 turns a second, at any sample rate", () => {
    for (const sampleRate of [8000, 11025, 44100]) {
      const bb = toBaseband(DEFAULT_TUNING, tone(705, sampleRate, 3), sampleRate, 700);
      // The phase turned over 40 blocks, averaged over the recording (the mixing's image, which
      // a block's integration passes in part, biases it a little).
      let re = 0;
      let im = 0;
      for (let b = 40; b < bb.re.length; b++) {
        re += bb.re[b]! * bb.re[b - 40]! + bb.im[b]! * bb.im[b - 40]!;
        im += bb.im[b]! * bb.re[b - 40]! - bb.re[b]! * bb.im[b - 40]!;
      }
      const hz = (Math.atan2(im, re) / (2 * Math.PI)) * (1000 / (40 * bb.blockMs));
      assert.ok(Math.abs(hz - 5) < 0.2, `${sampleRate} samples/s: ${hz} Hz`);
      assert.ok(Math.abs(bb.blockMs - 1) < 0.05, `${bb.blockMs} ms blocks`);
    }
  });
});

describe("BasebandMixer", () => {
  for (const window of ["sum", "triangle"] as const) {
    it(`gives the same blocks as the whole recording mixed at once, however the samples arrive (${window})`, () => {
      const samples = Float32Array.from({ length: 4410 }, (_, n) => Math.sin(n * 0.09) + 0.2 * Math.cos(n * 1.7));
      const whole = toBaseband(DEFAULT_TUNING, samples, 11025, 650, window);
      fc.assert(
        fc.property(fc.array(fc.integer({ min: 0, max: samples.length }), { maxLength: 20 }), (cuts) => {
          const at = [0, ...cuts.sort((a, b) => a - b), samples.length];
          const mixer = new BasebandMixer(DEFAULT_TUNING, 11025, 650, window);
          const parts = at.slice(1).map((end, i) => mixer.push(samples.subarray(at[i]!, end)));
          assert.deepEqual(Float32Array.from(parts.flatMap((p) => [...p.re])), whole.re);
          assert.deepEqual(Float32Array.from(parts.flatMap((p) => [...p.im])), whole.im);
        }),
        { numRuns: 100 },
      );
    });
  }

  // The oracle: every sample's cosine and sine worked out from its own index, weighted by the window.
  const sumWeight = (n: number, b: number) => (n >= 8 * b ? 1 / 8 : 0);
  // Rising over the block before (0.5 to 7.5 of 64), falling over its own; the first block's own half counts twice.
  const triangleWeight = (n: number, b: number) => ((n < 8 * b ? n - 8 * b + 8.5 : 8 * b + 7.5 - n) * (b === 0 ? 2 : 1)) / 64;
  for (const [window, weight] of [
    ["sum", sumWeight],
    ["triangle", triangleWeight],
  ] as const) {
    it(`mixes as the exact oscillator does over a long recording, though it works out a block's phase exactly only now and then (${window})`, () => {
      const [sampleRate, frequency] = [8000, 733.3];
      const samples = Float32Array.from({ length: 30 * sampleRate }, (_, n) => Math.sin(n * 0.31) + 0.5 * Math.cos(n * 0.0917 + 1));
      const bb = toBaseband(DEFAULT_TUNING, samples, sampleRate, frequency, window);
      const omega = (2 * Math.PI * frequency) / sampleRate;
      let worst = 0;
      for (let b = 0; b < bb.re.length; b++) {
        let [re, im] = [0, 0];
        for (let n = Math.max(0, 8 * b - 8); n < 8 * b + 8; n++) {
          re += weight(n, b) * samples[n]! * Math.cos(omega * n);
          im -= weight(n, b) * samples[n]! * Math.sin(omega * n);
        }
        worst = Math.max(worst, Math.abs(bb.re[b]! - re), Math.abs(bb.im[b]! - im));
      }
      assert.equal(bb.re.length, 30_000);
      assert.ok(worst < 1e-6, `largest difference ${worst}`);
    });
  }

  it("answers a push too short to complete a block with no block, and completes it with the next", () => {
    const mixer = new BasebandMixer(DEFAULT_TUNING, 8000, 600);
    assert.equal(mixer.block, 8);
    assert.equal(mixer.push(new Float32Array(5).fill(1)).re.length, 0);
    assert.equal(mixer.push(new Float32Array(5).fill(1)).re.length, 1);
  });
});

describe("withoutFade", () => {
  it("divides each block by the fade's gain, at most MAX_FADE_GAIN either way", () => {
    const most = DEFAULT_TUNING.baseband.MAX_FADE_GAIN;
    const bb = { re: Float32Array.from([1, 2, 4, 1]), im: Float32Array.from([0, -2, 1, 1]), blockMs: 1 };
    const flat = withoutFade(DEFAULT_TUNING, bb, Float32Array.from([1, 2, 0.5, 10 * most]));
    assert.deepEqual([...flat.re], [1, 1, 8, 1 / most].map(Math.fround));
    assert.deepEqual([...flat.im], [0, -1, 2, 1 / most].map(Math.fround));
    assert.equal(flat.blockMs, 1);
  });
});
