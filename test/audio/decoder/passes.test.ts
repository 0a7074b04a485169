import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { toBaseband } from "../../../src/audio/decoder/front-end/baseband.js";
import { followDrift } from "../../../src/audio/decoder/front-end/drift.js";
import { sameKeyed } from "../../../src/audio/decoder/keyed.js";
import { coherentPasses, envelopePasses, phaseReferenceOf, type Pass } from "../../../src/audio/decoder/passes.js";
import { searchSpeed } from "../../../src/audio/decoder/speed.js";
import { DEFAULT_TUNING, type Tuning } from "../../../src/audio/decoder/tuning.js";
import { tuningWith } from "../../../src/audio/decoder/tuning-overrides.js";
import { timeline } from "../../../src/core/index.js";
import { rng } from "../../fixtures/random.js";
import { record } from "../../fixtures/simulator.js";

describe("coherentPasses", () => {
  const ONE_PASS = tuningWith({ COHERENT_PASSES: 1 });

  /** The passes one at a time (coherentPasses at one pass each, `tuning`'s COHERENT_PASSES of them), as the loop made them before it knew cycles: every pass, the first too; the last is what it returned. */
  function passOneByOne(tuning: Tuning, ...[bb, first, phase]: Parameters<typeof coherentPasses> extends [Tuning, ...infer Rest] ? Rest : never): Pass[] {
    const passes = [first];
    for (let k = 1; k <= tuning.passes.COHERENT_PASSES; k++) {
      passes.push(coherentPasses(ONE_PASS, bb, passes[k - 1]!, phase));
      // The loop stopped once a pass keyed what the one before did (or keyed nothing: the pass before again).
      if (sameKeyed(passes[k]!.keyed, passes[k - 1]!.keyed)) break;
    }
    return passes;
  }

  /** Whether some pass keys what a pass two or more before it keyed: the passes go round a cycle. */
  const cycles = (passes: Pass[]) => passes.some((r, n) => passes.slice(1, Math.max(1, n - 1)).some((earlier) => sameKeyed(earlier.keyed, r.keyed)));

  it("ends where the passes one by one end, the model too, where they go round a cycle (at 14 to 17 passes, every place in it)", () => {
    let cycled = 0;
    for (let seed = 0; seed < 12 && cycled < 2; seed++) {
      const text = "CQ CQ DE W1AW W1AW K QTH BOSTON";
      const channel = { frequency: 600, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: -6, padS: 0.5 };
      const samples = record(timeline(text, { wpm: 20 }), channel, 8000, rng(seed));
      const bb = toBaseband(DEFAULT_TUNING, samples, 8000, 600);
      followDrift(DEFAULT_TUNING, bb);
      const dotMs = searchSpeed(DEFAULT_TUNING, bb)!.dotMs;
      const first = envelopePasses(DEFAULT_TUNING, bb, dotMs, undefined, dotMs)!;
      const phase = phaseReferenceOf(DEFAULT_TUNING, bb, first, false);
      if (!cycles(passOneByOne(DEFAULT_TUNING, bb, first, phase))) continue;
      cycled++;
      for (const count of [14, 15, 16, 17]) {
        const tuning = tuningWith({ COHERENT_PASSES: count });
        const oneByOne = passOneByOne(tuning, bb, first, phase);
        const last = oneByOne[oneByOne.length - 1]!;
        const read = coherentPasses(tuning, bb, first, phase);
        assert.ok(sameKeyed(read.keyed, last.keyed), `seed ${seed}, ${count} passes: the same marks and gaps`);
        assert.deepEqual(read.analysis, last.analysis);
        assert.deepEqual(read.model, last.model, `seed ${seed}, ${count} passes: the same model`);
      }
    }
    assert.equal(cycled, 2, "recordings whose passes go round a cycle");
  });
});
