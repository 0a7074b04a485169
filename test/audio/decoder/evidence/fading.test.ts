import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fastFading } from "../../../../src/audio/decoder/evidence/fading.js";
import { toBaseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { timeline } from "../../../../src/core/index.js";
import { rng } from "../../../fixtures/random.js";
import { fadeDepthForDb } from "../../../fixtures/conditions.js";
import { type Channel, fadeGain, record } from "../../../fixtures/simulator.js";

const RATE = 8000;
const WPM = 20;
const DOT_MS = 60;
const TEXT = "CQ CQ DE W1AW W1AW K QTH BOSTON NAME JOHN";

/** The baseband of TEXT at 700 Hz, +10 dB, faded `db` deep from peak to trough over `periodS`. */
function faded(db: number, periodS: number, seed: number) {
  const channel: Channel = { frequency: 700, driftHz: 0, fadeDepth: fadeDepthForDb(db), fadePeriodS: periodS, snrDb: 10, padS: 0.5 };
  const keying = timeline(TEXT, { wpm: WPM });
  const bb = toBaseband(record(keying, channel, RATE, rng(seed)), RATE, 700);
  // The blocks where the key is down, the recording starting padS before the first mark.
  const keyDown = keying.sequence
    .filter((s) => s.type !== "silence")
    .flatMap((s) => Array.from({ length: Math.floor(s.durationMs / bb.blockMs) }, (_, k) => Math.round((1000 * channel.padS + s.startMs) / bb.blockMs) + k));
  return { bb, channel, keyDown };
}

/** Pearson's correlation of two equal-length series. */
function correlation(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) [mx, my] = [mx + x[i]! / n, my + y[i]! / n];
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i]! - mx) * (y[i]! - my);
    sxx += (x[i]! - mx) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

describe("fastFading", () => {
  it("follows a fast fade (12 dB at 0.7 Hz) mark by mark, troughs and peaks", () => {
    const { bb, channel, keyDown } = faded(12, 1 / 0.7, 1);
    const gain = fastFading(bb, DOT_MS);
    assert.ok(gain, "a fast fade is found");
    // Where the key is down the gain is the tone's level, troughs included (between marks it is drawn straight).
    const truth = keyDown.map((i) => Math.log(fadeGain(channel, (i * bb.blockMs) / 1000)));
    const r = correlation(
      keyDown.map((i) => Math.log(gain[i]!)),
      truth,
    );
    assert.ok(r > 0.9, `the gain follows the fade: r = ${r.toFixed(3)}`);
    const sorted = Float32Array.from(gain).sort();
    assert.ok(sorted[Math.floor(0.95 * sorted.length)]! / sorted[Math.floor(0.05 * sorted.length)]! > 2.5, "peaks and troughs");
  });

  it("leaves a slow fade (6 dB over 7 s) and a steady tone alone", () => {
    assert.equal(fastFading(faded(6, 7, 2).bb, DOT_MS), undefined);
    assert.equal(fastFading(faded(0, 5, 3).bb, DOT_MS), undefined);
  });

  it("takes no clicks between a steady tone's marks (5 ms bursts at three times its level) for the troughs of a fade", () => {
    const channel: Channel = { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 10, padS: 0.5 };
    const samples = record(timeline(TEXT, { wpm: WPM }), channel, RATE, rng(5));
    const peak = samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    for (let at = 0.1 * RATE; at + 0.005 * RATE < samples.length; at += 0.23 * RATE)
      for (let n = 0; n < 0.005 * RATE; n++) samples[at + n]! += 3 * peak * Math.sin((2 * Math.PI * 700 * n) / RATE);
    assert.equal(fastFading(toBaseband(samples, RATE, 700), DOT_MS), undefined);
  });

  it("finds no fade in noise alone", () => {
    const noise = record(timeline("E", { wpm: WPM }), { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: -60, padS: 20 }, RATE, rng(4));
    assert.equal(fastFading(toBaseband(noise, RATE, 700), DOT_MS), undefined);
  });
});
