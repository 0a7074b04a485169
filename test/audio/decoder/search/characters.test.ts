import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { timeline, type Segment } from "../../../../src/core/index.js";
import { searchCharacters, segmentCharacters } from "../../../../src/audio/decoder/search/characters.js";
import { transcribe } from "../../../../src/audio/decoder/characters/transcript.js";
import { stretched } from "../../../../src/audio/decoder/characters/spacing.js";
import { UNKNOWN_CHARACTER } from "../../../../src/audio/index.js";
import { patternOf } from "../../../../src/core/tables.js";
import { keyedFromDurations, type Keyed } from "../../../../src/audio/decoder/keyed.js";
import { rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const DOT_BLOCKS = 30;
const LEVEL = 0.5;
/** Noise for the noisy reads: a standard deviation of 1.4 levels, which flips a block's sign one time in four. */
const NOISE = 0.7;

/** Evidence (one value per 1 ms block) for a timeline: +LEVEL while keyed, -LEVEL between, `noise` added. */
function evidenceOf(sequence: readonly Segment[], lead: number, noise = 0, seed = 1): { evidence: Float32Array; keyed: Keyed } {
  const total = lead * 2 + sequence.reduce((sum, s) => sum + Math.round(s.durationMs), 0);
  const evidence = new Float32Array(total).fill(-LEVEL);
  const random = rng(seed);
  let at = lead;
  for (const s of sequence) {
    if (s.type !== "silence") evidence.fill(LEVEL, at, at + Math.round(s.durationMs));
    at += Math.round(s.durationMs);
  }
  for (let i = 0; i < total && noise > 0; i++) {
    // Box-Muller: a standard normal from two uniforms.
    evidence[i] = evidence[i]! + noise * Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  }
  // An earlier segmentation, as the decoder has one: the timeline itself.
  return {
    evidence,
    keyed: keyedFromDurations(
      lead,
      sequence.map((s) => Math.round(s.durationMs)),
    ),
  };
}

/** The evidence as the in-phase component it was measured on, at a steady amplitude; no noise for the squelch (these tests are about the search). */
function signalOf(evidence: Float32Array) {
  return { y: evidence, amplitude: new Float32Array(evidence.length).fill(LEVEL), noise: new Float32Array(evidence.length) };
}

function options(length: number, stretch = 1) {
  return { dotBlocks: new Float32Array(length).fill(DOT_BLOCKS), spread: 0.15, spacing: stretched(stretch), stepsPerDot: 3, tuning: DEFAULT_TUNING };
}

function decode(text: string, { noise = 0, seed = 1, fwpm }: { noise?: number; seed?: number; fwpm?: number } = {}): string {
  const tl = timeline(text, { wpm: 1200 / DOT_BLOCKS, ...(fwpm ? { fwpm } : {}) });
  const { evidence, keyed } = evidenceOf(tl.sequence, 500, noise, seed);
  const stretch = fwpm ? tl.sequence.find((s) => s.type === "silence" && s.durationMs > 2 * DOT_BLOCKS)!.durationMs / (3 * DOT_BLOCKS) : 1;
  // The check for weak characters sees the clean signal: these tests are about the search.
  const clean = evidenceOf(tl.sequence, 500).evidence;
  const found = searchCharacters(evidence, keyed, 1, signalOf(clean), options(evidence.length, stretch));
  return found ? transcribe(DEFAULT_TUNING, found, 1200 / DOT_BLOCKS).output : "";
}

describe("segmentCharacters", () => {
  it("reads clean evidence as the characters sent, letter and word gaps included", () => {
    assert.equal(decode("PARIS PARIS 73 DE DL1ABC K"), "PARIS PARIS 73 DE DL1ABC K");
    assert.equal(decode("CQ <SK> ?"), "CQ <SK> ?");
  });

  it("reads stretched letter and word gaps (Farnsworth spacing)", () => {
    assert.equal(decode("THE QUICK BROWN FOX", { fwpm: 25 }), "THE QUICK BROWN FOX");
  });

  it("reads through noise that flips a fifth of the blocks", () => {
    const tl = timeline("QTH BERLIN NAME HANS", { wpm: 1200 / DOT_BLOCKS });
    const clean = evidenceOf(tl.sequence, 500).evidence;
    for (let seed = 1; seed <= 10; seed++) {
      const noisy = evidenceOf(tl.sequence, 500, NOISE, seed).evidence;
      const flipped = noisy.filter((v, i) => Math.sign(v) !== Math.sign(clean[i]!)).length / noisy.length;
      assert.ok(flipped > 0.2, `seed ${seed}: ${flipped}`);
      assert.equal(decode("QTH BERLIN NAME HANS", { noise: NOISE, seed }), "QTH BERLIN NAME HANS", `seed ${seed}`);
    }
  });

  it("finds nothing in silence, and only characters that exist in any evidence", () => {
    const silent = new Float32Array(3000).fill(-LEVEL);
    assert.deepEqual(
      segmentCharacters(silent, 0, silent.length, options(silent.length)).map((r) => r.mark),
      [false],
    );
    fc.assert(
      fc.property(fc.array(fc.float({ min: -2, max: 2, noNaN: true }), { minLength: 1, maxLength: 1500 }), (values) => {
        const evidence = Float32Array.from(values);
        const runs = segmentCharacters(evidence, 0, evidence.length, options(evidence.length));
        // The runs cover the evidence end to end, marks and gaps alternating.
        let at = 0;
        runs.forEach((r, i) => {
          assert.equal(r.start, at);
          if (i > 0) assert.notEqual(r.mark, runs[i - 1]!.mark);
          at += r.length;
        });
        assert.equal(at, evidence.length);
        const found = searchCharacters(evidence, [], 1, signalOf(evidence), options(evidence.length));
        if (!found) return;
        const decoded = transcribe(DEFAULT_TUNING, found, 60);
        assert.ok(!decoded.output.includes(UNKNOWN_CHARACTER), decoded.output);
        for (const word of decoded.output.split(" ")) {
          for (const ch of word.replace(/<[A-Z]+>/g, "")) assert.ok(patternOf(ch) !== undefined, `${ch} in ${decoded.output}`);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("drops a character far weaker than its neighbours: a burst of noise before the message", () => {
    const tl = timeline("CQ CQ", { wpm: 1200 / DOT_BLOCKS });
    const { evidence, keyed } = evidenceOf(tl.sequence, 500);
    const burst = 500 - 9 * DOT_BLOCKS;
    evidence.fill(LEVEL, burst, burst + DOT_BLOCKS);
    const decodeWith = (burstLevel: number): string => {
      const y = Float32Array.from(evidence);
      y.fill(burstLevel, burst, burst + DOT_BLOCKS);
      return transcribe(DEFAULT_TUNING, searchCharacters(evidence, keyed, 1, signalOf(y), options(evidence.length))!, 40).output;
    };
    assert.equal(decodeWith(0.2 * LEVEL), "CQ CQ");
    assert.equal(decodeWith(LEVEL), "E CQ CQ");
  });

  it("cuts a long stretch without word gaps into spans, and loses nothing at the cuts", () => {
    // 700 E's with letter gaps only: 2800 dots, over five spans.
    const text = "E".repeat(700);
    assert.equal(decode(text), text);
  });
});
