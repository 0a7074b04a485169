import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { BasebandMixer, toBaseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const RATE = 8000;
const PITCH = 700;

/** One second of a 700 Hz tone keyed down from 0.2 to 0.8 s (amplitude 0.1), in white noise of RMS 0.01 (+17 dB in 3 kHz). */
function keyedTone(seed: number): Float32Array {
  const random = rng(seed);
  return Float32Array.from({ length: RATE }, (_, n) => {
    const down = n >= 0.2 * RATE && n < 0.8 * RATE;
    return (down ? 0.1 * Math.cos((2 * Math.PI * PITCH * n) / RATE) : 0) + 0.01 * gaussian(random);
  });
}

/** Adds a burst of white noise `db` over the background noise, `ms` long, starting at `atS`. */
function addCrash(samples: Float32Array, atS: number, ms: number, db: number, seed: number): void {
  const random = rng(seed);
  const rms = 0.01 * 10 ** (db / 20);
  for (let n = Math.round(atS * RATE); n < Math.round((atS + ms / 1000) * RATE); n++) samples[n]! += rms * gaussian(random);
}

/** Each block's magnitude. */
const magnitudes = (bb: { re: Float32Array; im: Float32Array }) => Array.from(bb.re, (re, i) => Math.hypot(re, bb.im[i]!));

/** The mixer's own blocks, with nothing bridged. */
const unbridged = (samples: Float32Array) => magnitudes(new BasebandMixer(DEFAULT_TUNING, RATE, PITCH).push(samples));

describe("toBaseband bridging static crashes", () => {
  it("leaves a keyed tone in noise as the mixer gave it, with a neighbour keyed 1 kHz away", () => {
    const samples = keyedTone(1);
    for (let n = 0.3 * RATE; n < 0.5 * RATE; n++) samples[n]! += 0.3 * Math.cos((2 * Math.PI * (PITCH + 1000) * n) / RATE);
    assert.deepEqual(magnitudes(toBaseband(DEFAULT_TUNING, samples, RATE, PITCH)), unbridged(samples));
  });

  it("draws the tone straight through crashes 25 to 35 dB over the noise, 3 to 40 ms long, over marks and gaps", () => {
    const samples = keyedTone(2);
    const crashes = [
      { atS: 0.1, ms: 20, db: 30 },
      { atS: 0.35, ms: 3, db: 35 },
      { atS: 0.5, ms: 40, db: 25 },
      { atS: 0.9, ms: 10, db: 35 },
    ];
    for (const [k, c] of crashes.entries()) addCrash(samples, c.atS, c.ms, c.db, 10 + k);
    const bridged = magnitudes(toBaseband(DEFAULT_TUNING, samples, RATE, PITCH));
    const raw = unbridged(samples);
    for (const { atS, ms } of crashes) {
      const blocks = Array.from({ length: ms }, (_, k) => Math.round(atS * 1000) + k);
      const down = atS >= 0.2 && atS < 0.8;
      // Key down the tone's block is 0.05 in magnitude, its image rippling ±0.011 over it; key up the noise's is about 0.0035.
      for (const b of blocks) {
        if (down) assert.ok(Math.abs(bridged[b]! - 0.05) < 0.015, `${atS} s, block ${b}: ${bridged[b]} (unbridged ${raw[b]})`);
        else assert.ok(bridged[b]! < 0.015, `${atS} s, block ${b}: ${bridged[b]} (unbridged ${raw[b]})`);
      }
      // Without the bridge the crash stands out of what the tone did there.
      assert.ok(Math.max(...blocks.map((b) => Math.abs(raw[b]! - (down ? 0.05 : 0)))) > 0.03, `${atS} s stands out unbridged`);
    }
  });
});
