import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { timeline, type Segment } from "../../../../src/core/index.js";
import { decodeAudio } from "../../../../src/audio/index.js";
import { keyedCharacters } from "../../../../src/audio/decoder/characters/keyed-characters.js";
import { transcribe } from "../../../../src/audio/decoder/characters/transcript.js";
import { STANDARD } from "../../../../src/audio/decoder/characters/spacing.js";
import { fitGrid, onGrid, segmentOnGrid } from "../../../../src/audio/decoder/search/grid.js";
import { durationsOf, keyedFromDurations, type Keyed } from "../../../../src/audio/decoder/keyed.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { handKeyed, levenshtein, record } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

/** About 300 edges. */
const LONG_TEXT = "CQ CQ DE W1AW W1AW K QTH BOSTON NAME JOHN RIG K3 PWR 100W ANT DIPOLE TNX FER QSO 73";
/** One block per ms; 20 wpm. */
const UNIT = 60;
const LEVEL = 0.5;

/** The key timings of a sequence from its first mark, each edge moved by `jitter` units (standard deviation). */
function keyedOf(sequence: readonly Segment[], startMs: number, jitter = 0, seed = 1): Keyed {
  const random = rng(seed);
  const edges = [startMs];
  for (const s of sequence) edges.push(edges[edges.length - 1]! + s.durationMs);
  const moved = edges.map((t) => t + jitter * UNIT * gaussian(random));
  return keyedFromDurations(
    moved[0]!,
    moved.slice(1).map((t, i) => t - moved[i]!),
  );
}

/** Evidence (one value per 1 ms block) for a sequence after `lead` ms: +LEVEL while keyed, -LEVEL between, `noise` added. */
function evidenceOf(sequence: readonly Segment[], lead: number, tail: number, noise = 0, seed = 1): Float32Array {
  const total = lead + tail + sequence.reduce((sum, s) => sum + Math.round(s.durationMs), 0);
  const evidence = new Float32Array(total).fill(-LEVEL);
  let at = lead;
  for (const s of sequence) {
    if (s.type !== "silence") evidence.fill(LEVEL, at, at + Math.round(s.durationMs));
    at += Math.round(s.durationMs);
  }
  const random = rng(seed);
  for (let i = 0; i < total && noise > 0; i++) evidence[i] = evidence[i]! + noise * gaussian(random);
  return evidence;
}

/** The text decoded on the grid fitted to `keyed`; the check for weak characters sees `clean`, the squelch no noise (these tests are about the search). */
function decodeOnGrid(evidence: Float32Array, keyed: Keyed, clean = evidence): string {
  const grid = fitGrid(DEFAULT_TUNING, keyed, UNIT * 1.03);
  assert.ok(grid && onGrid(DEFAULT_TUNING, grid, keyed), `misfit ${grid?.misfit}`);
  const runs = segmentOnGrid(DEFAULT_TUNING, evidence, grid, 1);
  const found = keyedCharacters(
    runs,
    1,
    { y: clean, amplitude: new Float32Array(evidence.length).fill(LEVEL), noise: new Float32Array(evidence.length) },
    { tuning: DEFAULT_TUNING, dotBlocks: new Float32Array(evidence.length).fill(UNIT), spacing: STANDARD },
  );
  return found ? transcribe(DEFAULT_TUNING, found, 20).output : "";
}

describe("fitGrid", () => {
  it("finds the unit and the phase of machine keying from edges a little off, starting 3 % off the unit", () => {
    const { sequence } = timeline("CQ CQ DE W1AW W1AW K PARIS 73", { wpm: 20 });
    for (const seed of [1, 2, 3]) {
      const grid = fitGrid(DEFAULT_TUNING, keyedOf(sequence, 437, 0.05, seed), UNIT * 1.03);
      assert.ok(grid, `seed ${seed}`);
      assert.ok(Math.abs(grid.unitMs / UNIT - 1) < 0.002, `unit ${grid.unitMs}`);
      const phase = ((((437 - grid.startMs) / UNIT) % 1) + 1) % 1;
      assert.ok(Math.min(phase, 1 - phase) < 0.05, `phase ${phase}`);
      assert.ok(grid.misfit < 0.08, `misfit ${grid.misfit}`);
    }
  });

  it("finds no grid in hand keying (±20 % per element), short or long", () => {
    for (const text of ["CQ CQ DE W1AW W1AW K PARIS 73", LONG_TEXT]) {
      const base = timeline(text, { wpm: 20 });
      for (const seed of [1, 2, 3, 4, 5]) {
        const keyed = keyedOf(handKeyed(base, rng(seed), 0.2, 0).sequence, 500);
        const grid = fitGrid(DEFAULT_TUNING, keyed, UNIT);
        assert.ok(!grid || !onGrid(DEFAULT_TUNING, grid, keyed), `seed ${seed}: misfit ${grid?.misfit}`);
      }
    }
  });

  it("takes a long message's edges for machine keying further off the grid than a short one's", () => {
    // Edges moved by 0.18 units (standard deviation): -10 dB at 40 wpm.
    const keyed = keyedOf(timeline(LONG_TEXT, { wpm: 20 }).sequence, 500, 0.18);
    const grid = fitGrid(DEFAULT_TUNING, keyed, UNIT);
    assert.ok(keyed.length + 1 >= 200 && grid && grid.misfit > 0.16, `misfit ${grid?.misfit}`);
    assert.ok(onGrid(DEFAULT_TUNING, grid, keyed));
    // The same misfit over 100 edges.
    assert.ok(!onGrid(DEFAULT_TUNING, grid, keyed.slice(0, 99)));
  });

  it("puts the lines on the marks' edges when the marks are keyed wider (not half a unit off, with marks a unit wider)", () => {
    const { sequence } = timeline("CQ CQ DE W1AW W1AW K PARIS 73", { wpm: 20 });
    const keyed = keyedOf(sequence, 437);
    // Each mark 0.4 units wider, 0.2 at either end (a slow filter's keying).
    const wide = keyedFromDurations(
      keyed[0]!.startMs - 0.2 * UNIT,
      durationsOf(keyed).map((d, i) => d + (i % 2 === 0 ? 0.4 : -0.4) * UNIT),
    );
    for (const guess of [0.97, 1, 1.03]) {
      const grid = fitGrid(DEFAULT_TUNING, wide, UNIT * guess)!;
      const phase = ((((437 - grid.startMs) / UNIT) % 1) + 1) % 1;
      assert.ok(Math.min(phase, 1 - phase) < 0.05, `guess ${guess}: phase ${phase}`);
    }
  });

  it("needs a few edges", () => {
    assert.equal(fitGrid(DEFAULT_TUNING, keyedFromDurations(0, [60, 60, 60]), UNIT), undefined);
  });
});

describe("segmentOnGrid", () => {
  it("reads clean evidence on the grid, silence and a pause included", () => {
    const { sequence } = timeline("CQ <SK> 73 DE ? PARIS", { wpm: 20 });
    const evidence = evidenceOf(sequence, 777, 1500);
    assert.equal(decodeOnGrid(evidence, keyedOf(sequence, 777)), "CQ <SK> 73 DE ? PARIS");
    // A pause of 20 units in the middle is a word gap, however long.
    const paused = timeline("TEST", { wpm: 20 }).sequence;
    const pause: Segment = { type: "silence", startMs: 0, durationMs: 20 * UNIT };
    const both = [...paused, pause, ...timeline("DE K1ABC", { wpm: 20 }).sequence];
    assert.equal(decodeOnGrid(evidenceOf(both, 300, 300), keyedOf(both, 300)), "TEST DE K1ABC");
  });

  it("reads through noise that flips the sign of a third of the blocks, over 10 seeds", () => {
    const { sequence } = timeline("QTH BERLIN NAME HANS 599", { wpm: 20 });
    for (let seed = 1; seed <= 10; seed++) {
      const evidence = evidenceOf(sequence, 500, 500, 1.2, seed);
      assert.equal(decodeOnGrid(evidence, keyedOf(sequence, 500), evidenceOf(sequence, 500, 500)), "QTH BERLIN NAME HANS 599", `seed ${seed}`);
    }
  });

  it("finds nothing in silence", () => {
    const silence = new Float32Array(3000).fill(-LEVEL);
    const runs = segmentOnGrid(DEFAULT_TUNING, silence, { startMs: 0, unitMs: UNIT, misfit: 0 }, 1);
    assert.deepEqual(
      runs.map((r) => [r.start, r.length, r.mark]),
      [[0, 3000, false]],
    );
  });

  it("covers any evidence end to end with alternating runs, marks one or three units long on the grid's lines (but where the recording cuts them)", () => {
    fc.assert(
      fc.property(
        fc.float32Array({ minLength: 200, maxLength: 3000, noNaN: true, noDefaultInfinity: true, min: -2, max: 2 }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        (evidence, startMs) => {
          const runs = segmentOnGrid(DEFAULT_TUNING, evidence, { startMs, unitMs: UNIT, misfit: 0 }, 1);
          let at = 0;
          runs.forEach((r, i) => {
            assert.equal(r.start, at);
            assert.ok(r.length > 0);
            if (i > 0) assert.notEqual(r.mark, runs[i - 1]!.mark);
            // A unit at least half inside the recording counts: a mark there is cut at the start or the end.
            const cut = r.start === 0 || r.start + r.length === evidence.length;
            if (r.mark && !cut) {
              assert.ok(Math.abs(r.length - (r.dash ? 3 : 1) * UNIT) <= 1, `mark of ${r.length}`);
              const line = (r.start - startMs) / UNIT;
              assert.ok(Math.abs(line - Math.round(line)) * UNIT <= 1, `mark at ${r.start}`);
            }
            at += r.length;
          });
          assert.equal(at, evidence.length);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("machine keying read on its grid by decodeAudio", () => {
  it("copies 35 wpm at -10 dB (3 kHz) with at most 14 characters wrong over five recordings of 41", () => {
    // The grid makes 8 errors here (18 over the noises 2 to 11); the character search alone,
    // whose lengths and edges float (the grid turned off with MAX_GRID_MISFIT -1), makes 20 (37).
    const text = "CQ CQ DE W1AW W1AW K GM UR RST 579 579 BK";
    let errors = 0;
    for (let seed = 2; seed <= 6; seed++) {
      const channel = { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: -10, padS: 1 };
      errors += levenshtein(text, decodeAudio(record(timeline(text, { wpm: 35 }), channel, 8000, rng(seed)), 8000).output);
    }
    assert.ok(errors <= 14, `${errors} errors`);
  });
});
