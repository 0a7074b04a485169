import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { amplitude } from "../../../../src/audio/decoder/evidence/envelope.js";
import { levels } from "../../../../src/audio/decoder/evidence/levels.js";
import { coherentEvidence, envelopeEvidence, evidenceOfRuns } from "../../../../src/audio/decoder/evidence/likelihood.js";
import { modelFromLevels } from "../../../../src/audio/decoder/evidence/models.js";
import { keyedFromDurations, runsOf, type Keyed } from "../../../../src/audio/decoder/keyed.js";
import { keyedBaseband } from "../../../fixtures/baseband.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

/** The share of `keyed`'s marks whose middle third sums to evidence above 0, and of its gaps' below 0. */
function rightSides(evidence: Float32Array, keyed: Keyed): { marks: number; gaps: number } {
  const right = { marks: 0, gaps: 0 };
  const count = { marks: 0, gaps: 0 };
  for (const e of keyed) {
    const from = Math.round(e.startMs + e.durationMs / 3);
    const sum = evidence.subarray(from, Math.round(e.startMs + (2 * e.durationMs) / 3)).reduce((a, b) => a + b, 0);
    const side = e.mark ? "marks" : "gaps";
    count[side]++;
    if (e.mark ? sum > 0 : sum < 0) right[side]++;
  }
  return { marks: right.marks / count.marks, gaps: right.gaps / count.gaps };
}

describe("envelopeEvidence", () => {
  it("speaks for key down on marks and for key up in gaps, through noise", () => {
    const { bb, keyed } = keyedBaseband("CQ CQ DE W1AW W1AW K", 20, { noise: 0.7, seed: 1 });
    const { env, looks } = amplitude(bb, 51, 100);
    const model = modelFromLevels(DEFAULT_TUNING, levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: 60, looks })!, looks);
    const { marks, gaps } = rightSides(envelopeEvidence(env, model, 51), keyed);
    assert.ok(marks > 0.95 && gaps > 0.95, `marks ${marks}, gaps ${gaps}`);
  });
});

describe("evidenceOfRuns", () => {
  it("speaks for key down on marks and for key up in gaps of the in-phase component, the less the more noise is assumed", () => {
    const random = rng(2);
    const keyed = keyedFromDurations(
      0,
      Array.from({ length: 199 }, () => 40),
    );
    const y = new Float32Array(8000).map((_, i) => (Math.floor(i / 40) % 2 === 0 ? 0.5 : 0) + 0.5 * gaussian(random));
    const measured = evidenceOfRuns(DEFAULT_TUNING, y, runsOf(keyed, 1, y.length), 1, 1)!;
    const { marks, gaps } = rightSides(measured.evidence, keyed);
    assert.ok(marks > 0.95 && gaps > 0.95, `marks ${marks}, gaps ${gaps}`);
    const doubled = evidenceOfRuns(DEFAULT_TUNING, y, runsOf(keyed, 1, y.length), 1, 2)!;
    doubled.evidence.forEach((e, i) => {
      assert.ok(Math.abs(e - measured.evidence[i]! / 2) < 1e-5, `block ${i}`);
    });
  });
});

describe("evidenceOfRuns in a tone that fades fast", () => {
  // A clear tone (amplitude 1, noise 0.02 per block: 17 dB per block) keyed 40 ms on, 40 off, with a 10 ms fade-out to a fifth of its level in the middle of every mark.
  const random = rng(4);
  const keyed = keyedFromDurations(
    0,
    Array.from({ length: 199 }, () => 40),
  );
  const inFade = (i: number) => Math.floor(i / 40) % 2 === 0 && i % 40 >= 15 && i % 40 < 25;
  const y = new Float32Array(8000).map((_, i) => (Math.floor(i / 40) % 2 === 0 ? (inFade(i) ? 0.2 : 1) : 0) + 0.14 * gaussian(random));
  const runs = runsOf(keyed, 1, y.length);
  const steady = evidenceOfRuns(DEFAULT_TUNING, y, runs, 1, 1)!;
  const fading = evidenceOfRuns(DEFAULT_TUNING, y, runs, 1, 1, true)!;
  const sum = (evidence: Float32Array, keep: (i: number) => boolean) => evidence.reduce((total, e, i) => (keep(i) ? total + e : total), 0);
  const inGap = (i: number) => Math.floor(i / 40) % 2 === 1;

  const perBlock = (evidence: Float32Array, keep: (i: number) => boolean) => sum(evidence, keep) / sum(new Float32Array(y.length).fill(1), keep);

  it("makes a fade-out inside a mark cost about the log of FADE_OUT_SHARE a block, where a steady tone's evidence counts it as a gap", () => {
    const least = Math.log(DEFAULT_TUNING.evidence.FADE_OUT_SHARE);
    const [faded, steadyFaded] = [perBlock(fading.evidence, inFade), perBlock(steady.evidence, inFade)];
    assert.ok(faded > least - 0.5 && faded < 0, `${faded} a block`);
    assert.ok(steadyFaded < 2 * least, `${steadyFaded} a block without fade-outs`);
  });

  it("still speaks for key up in every gap, more than in a fade-out", () => {
    assert.equal(rightSides(fading.evidence, keyed).gaps, 1);
    assert.ok(
      perBlock(fading.evidence, inGap) < perBlock(fading.evidence, inFade) - 1,
      `gaps ${perBlock(fading.evidence, inGap)}, fade-outs ${perBlock(fading.evidence, inFade)} a block`,
    );
  });

  it("leaves a faint tone's evidence as it was: a block alone does not tell it from the noise", () => {
    const faint = y.map(
      (v, i) => (Math.floor(i / 40) % 2 === 0 ? (inFade(i) ? 0.2 : 1) : 0) * 0.2 + (v - (Math.floor(i / 40) % 2 === 0 ? (inFade(i) ? 0.2 : 1) : 0)),
    );
    assert.deepEqual(evidenceOfRuns(DEFAULT_TUNING, faint, runs, 1, 1, true)!.evidence, evidenceOfRuns(DEFAULT_TUNING, faint, runs, 1, 1)!.evidence);
  });
});

describe("coherentEvidence", () => {
  // Dots and gaps 40 ms long for 30 s, in noise of unit variance per block.
  const DOT = 40;
  const n = 30_000;
  const keyed = keyedFromDurations(
    0,
    Array.from({ length: n / DOT - 1 }, () => DOT),
  );
  const received = (level: (i: number) => number): Float32Array => {
    const random = rng(3);
    return new Float32Array(n).map((_, i) => (Math.floor(i / DOT) % 2 === 0 ? level(i) : 0) + gaussian(random));
  };

  it("takes a steady tone's amplitude from all its marks, not from the noise near each", () => {
    const measured = coherentEvidence(
      DEFAULT_TUNING,
      received(() => 0.8),
      keyed,
      1,
      1,
    )!;
    const { amplitude } = measured.model;
    assert.ok(
      amplitude.every((a) => a === amplitude[0]),
      `${Math.min(...amplitude)} to ${Math.max(...amplitude)}`,
    );
    assert.ok(Math.abs(amplitude[0]! - 0.8) < 0.03, String(amplitude[0]));
  });

  it("follows a fading tone's amplitude", () => {
    // Depth 0.6, period 6 s: the level is 1 at 0, 6, 12 s... and 0.4 at 3, 9, 15 s...
    const level = (i: number): number => 1 - 0.6 * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / 6000));
    const { amplitude } = coherentEvidence(DEFAULT_TUNING, received(level), keyed, 1, 1)!.model;
    for (const at of [6000, 12_000, 18_000]) assert.ok(amplitude[at]! > 0.85, `peak at ${at}: ${amplitude[at]}`);
    for (const at of [9000, 15_000, 21_000]) assert.ok(amplitude[at]! < 0.6, `trough at ${at}: ${amplitude[at]}`);
  });
});
