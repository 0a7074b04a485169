import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { fadeOf } from "../../../../src/audio/decoder/evidence/fading.js";
import { toBaseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { timeline } from "../../../../src/core/index.js";
import { rng } from "../../../fixtures/random.js";
import { fadeDepthForDb } from "../../../fixtures/conditions.js";
import { type Channel, fadeGain, record } from "../../../fixtures/simulator.js";
import { type Fading, simulate, stream } from "../../../fixtures/channel/index.js";
import { keyedTimeline } from "../../../fixtures/channel/keying.js";
import { rayleighFade } from "../../../fixtures/channel/rayleigh.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const RATE = 8000;
const WPM = 20;
const DOT_MS = 60;
const TEXT = "CQ CQ DE W1AW W1AW K QTH BOSTON NAME JOHN";

/** The baseband of TEXT at 700 Hz, +10 dB, faded `db` deep from peak to trough over `periodS`. */
function faded(db: number, periodS: number, seed: number) {
  const channel: Channel = { frequency: 700, driftHz: 0, fadeDepth: fadeDepthForDb(db), fadePeriodS: periodS, snrDb: 10, padS: 0.5 };
  const keying = timeline(TEXT, { wpm: WPM });
  const bb = toBaseband(DEFAULT_TUNING, record(keying, channel, RATE, rng(seed)), RATE, 700);
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

/** Texts keyed at 24 wpm and 700 Hz, +20 dB, through flat Rayleigh fading of `spreadHz`: the fade found, the true fade's magnitude at a block, the keying, and the block at the middle of each mark. */
function rayleighFaded(spreadHz: number, seed: number, text: string) {
  const keying = { kind: "keyer" as const };
  const sim = { text, wpm: 24, keying, fading: { kind: "rayleigh" as const, spreadHz }, snrDb: 20, pitchHz: 700, sampleRate: RATE, seed };
  const samples = simulate({ ...sim, normalise: false });
  const fade = fadeOf(DEFAULT_TUNING, toBaseband(DEFAULT_TUNING, samples, RATE, sim.pitchHz), 50);
  const g = rayleighFade(samples.length, RATE, spreadHz, stream(seed, 1));
  // Blocks are 1 ms, 8 samples; the recording starts 1 s before the first mark.
  const truth = (block: number) => Math.hypot(g.re[block * 8]!, g.im[block * 8]!);
  const sequence = keyedTimeline(text, 24, keying, stream(seed, 0)).sequence;
  const middles = sequence.filter((s) => s.type !== "silence").map((s) => Math.round(1000 + s.startMs + s.durationMs / 2));
  return { fade, truth, sequence, middles };
}

describe("fadeOf", () => {
  it("follows a fast fade (12 dB at 0.7 Hz) mark by mark, troughs and peaks", () => {
    const { bb, channel, keyDown } = faded(12, 1 / 0.7, 1);
    const fade = fadeOf(DEFAULT_TUNING, bb, DOT_MS);
    assert.equal(fade?.fast, true, "a fast fade is found");
    const gain = fade!.gain;
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

  it("takes out a deep slow fade of a clear tone (Rayleigh, 0.1 Hz spread, +20 dB) as slow, following it mark by mark", () => {
    const { fade, truth, middles } = rayleighFaded(0.1, 21, `${TEXT} ${TEXT} ${TEXT}`);
    assert.ok(fade, "a fade is found");
    assert.equal(fade.fast, false);
    const r = correlation(
      middles.map((i) => Math.log(fade.gain[i]!)),
      middles.map((i) => Math.log(truth(i))),
    );
    assert.ok(r > 0.9, `the gain follows the fade: r = ${r.toFixed(3)}`);
  });

  it("reads a slow fade's level where each mark has filled the filter: between two marks the gain stays at theirs, not at their ramps' half", () => {
    const { fade, sequence } = rayleighFaded(0.1, 21, `${TEXT} ${TEXT} ${TEXT}`);
    assert.equal(fade?.fast, false, "a slow fade is found");
    const middle = (s: (typeof sequence)[number]) => Math.round(1000 + s.startMs + s.durationMs / 2);
    const shares: number[] = [];
    for (let k = 1; k + 1 < sequence.length; k++) {
      const [before, gap, after] = [sequence[k - 1]!, sequence[k]!, sequence[k + 1]!];
      if (gap.type !== "silence" || before.type === "silence" || after.type === "silence") continue;
      shares.push(fade.gain[middle(gap)]! / Math.sqrt(fade.gain[middle(before)]! * fade.gain[middle(after)]!));
    }
    const sorted = Float64Array.from(shares).sort();
    const usual = sorted[sorted.length >> 1]!;
    // Drawn from the marks' ramps as well, it stood at 0.5 of their level in every gap.
    assert.ok(shares.length >= 100, `${shares.length} gaps`);
    assert.ok(
      usual > 0.9 && usual < 1.1,
      `the gain in a gap over its marks': median ${usual.toFixed(2)}, 10th percentile ${sorted[Math.floor(0.1 * sorted.length)]!.toFixed(2)}`,
    );
  });

  it("leaves a slow fade (6 dB over 7 s) and a steady tone alone", () => {
    assert.equal(fadeOf(DEFAULT_TUNING, faded(6, 7, 2).bb, DOT_MS), undefined);
    assert.equal(fadeOf(DEFAULT_TUNING, faded(0, 5, 3).bb, DOT_MS), undefined);
  });

  it("takes no clicks between a steady tone's marks (5 ms bursts at three times its level) for the troughs of a fade", () => {
    const channel: Channel = { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 10, padS: 0.5 };
    const samples = record(timeline(TEXT, { wpm: WPM }), channel, RATE, rng(5));
    const peak = samples.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    for (let at = 0.1 * RATE; at + 0.005 * RATE < samples.length; at += 0.23 * RATE)
      for (let n = 0; n < 0.005 * RATE; n++) samples[at + n]! += 3 * peak * Math.sin((2 * Math.PI * 700 * n) / RATE);
    assert.equal(fadeOf(DEFAULT_TUNING, toBaseband(DEFAULT_TUNING, samples, RATE, 700), DOT_MS), undefined);
  });

  it("finds no fade in noise alone", () => {
    const noise = record(timeline("E", { wpm: WPM }), { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: -60, padS: 20 }, RATE, rng(4));
    assert.equal(fadeOf(DEFAULT_TUNING, toBaseband(DEFAULT_TUNING, noise, RATE, 700), DOT_MS), undefined);
  });

  it("follows a Rayleigh fade of 1 Hz spread within each dash, where it turns in tens of milliseconds (+20 dB, 24 wpm)", () => {
    const { fade, truth: magnitude, sequence } = rayleighFaded(1, 17, TEXT);
    assert.ok(fade, "a fast fade is found");
    const { gain } = fade;
    const truth = (block: number) => Math.log(magnitude(block));
    // Each dash's level change from its first quarter to its last, as measured and as faded.
    const measured: number[] = [];
    const faded: number[] = [];
    for (const s of sequence) {
      if (s.type !== "dash") continue;
      const start = Math.round(1000 + s.startMs);
      const early = start + Math.round(s.durationMs / 4);
      const late = start + Math.round((3 * s.durationMs) / 4);
      if (Math.min(truth(early), truth(late)) < Math.log(0.1)) continue; // a trough deeper than the gain follows
      measured.push(Math.log(gain[late]! / gain[early]!));
      faded.push(truth(late) - truth(early));
    }
    const r = correlation(measured, faded);
    assert.ok(measured.length >= 15, `${measured.length} dashes`);
    assert.ok(r > 0.8, `within a dash the gain moves with the fade: r = ${r.toFixed(3)}`);
  });

  it("follows a 1 Hz fade down to the marks deep in its troughs, 16 to 30 dB under its mean (+20 dB, 24 wpm)", () => {
    const text = `${TEXT} ${TEXT} ${TEXT}`;
    const ratios: number[] = [];
    for (const seed of [17, 18, 19]) {
      const { fade, truth, middles } = rayleighFaded(1, seed, text);
      assert.ok(fade, "a fast fade is found");
      // At the middle of every mark: the gain over the fade, as a share of the recording's median share.
      const shares = middles.map((i) => fade.gain[i]! / truth(i));
      const usual = Float64Array.from(shares).sort()[shares.length >> 1]!;
      for (const [k, i] of middles.entries()) if (truth(i) < 0.15) ratios.push(shares[k]! / usual);
    }
    const close = ratios.filter((r) => r > 2 / 3 && r < 1.5).length;
    // A gain drawn straight over a deep mark from the strong marks either side stands over it (8 of 21 here before the fade was followed that deep).
    assert.ok(ratios.length >= 15, `${ratios.length} deep marks`);
    assert.ok(close >= 0.7 * ratios.length, `${close} of ${ratios.length} deep marks within 1.5 times: ${ratios.map((r) => r.toFixed(2)).join(" ")}`);
  });

  it("finds a faint tone's 1 Hz fade fast, its troughs under 4 times the noise (-6 dB), and a faint steady tone steady", () => {
    const text = `${TEXT} ${TEXT}`;
    const fadeAt = (fading: Fading, seed: number) => {
      const sim = { text, wpm: 24, keying: { kind: "keyer" as const }, fading, snrDb: -6, pitchHz: 700, sampleRate: RATE, seed };
      return fadeOf(DEFAULT_TUNING, toBaseband(DEFAULT_TUNING, simulate(sim), RATE, sim.pitchHz), 50);
    };
    const seeds = Array.from({ length: 12 }, (_, k) => 31 + k);
    const fast = seeds.filter((seed) => fadeAt({ kind: "rayleigh", spreadHz: 1 }, seed)?.fast);
    // Judged on marks 4 times over the off level, the troughs hid and its swing read 1.7-1.9: none was found.
    assert.ok(fast.length >= 3, `found fast in ${fast.length} of ${seeds.length}`);
    for (const seed of seeds.slice(0, 3)) assert.equal(fadeAt({ kind: "none" }, seed), undefined, `seed ${seed}: no fade`);
  });
});
