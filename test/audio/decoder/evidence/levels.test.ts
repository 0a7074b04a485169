import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { amplitude } from "../../../../src/audio/decoder/evidence/envelope.js";
import { levels } from "../../../../src/audio/decoder/evidence/levels.js";
import type { Baseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { markMask } from "../../../../src/audio/decoder/keyed.js";
import { keyedBaseband } from "../../../fixtures/baseband.js";
import { gaussian, rng } from "../../../fixtures/random.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const TEXT = "CQ CQ DE W1AW W1AW K";
/** 20 wpm, filtered as threshold keying filters it (0.7 dot). */
const DOT = 60;
const envelopeOf = (bb: Baseband) => amplitude(bb, 0.7 * DOT, 100);

describe("levels", () => {
  it("finds no keying in noise alone, however long, unless told there is some", () => {
    for (const seconds of [3, 20]) {
      const random = rng(seconds);
      const n = seconds * 1000;
      const bb: Baseband = {
        re: Float32Array.from({ length: n }, () => gaussian(random)),
        im: Float32Array.from({ length: n }, () => gaussian(random)),
        blockMs: 1,
      };
      const { env, looks } = envelopeOf(bb);
      assert.equal(levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks }), undefined, `${seconds} s`);
      assert.ok(levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks, present: true }));
    }
    assert.equal(levels(new Float32Array(0), { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks: 1, present: true }), undefined);
  });

  it("puts the threshold between the marks and the gaps of a keyed tone in noise", () => {
    const { bb, keyed } = keyedBaseband(TEXT, 20, { noise: 0.7, seed: 3 });
    const { env, looks } = envelopeOf(bb);
    const lv = levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks });
    assert.ok(lv);
    const marks = markMask(keyed, 1, env.length);
    // Mid-mark and mid-gap values against the threshold there.
    let right = 0;
    let count = 0;
    for (const e of keyed) {
      const at = Math.round(e.startMs + e.durationMs / 2);
      count++;
      if (env[at]! > lv.mid[at]! === e.mark) right++;
    }
    assert.ok(right / count > 0.9, `${right} of ${count}`);
    assert.ok(lv.span.every((s) => s > 0) && lv.off.every((o) => o > 0));
    assert.equal(marks.length, lv.mid.length);
  });

  it("lowers the threshold with the tone in a fade's trough", () => {
    // Fading to 0.3 of the level every 6 s: troughs at 3 and 9 s, peaks at 0, 6 and 12 s.
    const gain = (ms: number) => 1 - 0.7 * (0.5 - 0.5 * Math.cos((2 * Math.PI * ms) / 6000));
    const { bb } = keyedBaseband(`${TEXT} ${TEXT}`, 20, { noise: 0.1, seed: 4, gain, leadMs: 500 });
    const { env, looks } = envelopeOf(bb);
    const lv = levels(env, { tuning: DEFAULT_TUNING, blockMs: 1, dotMs: DOT, looks })!;
    for (const [trough, peak] of [
      [3000, 6000],
      [9000, 6000],
    ] as const) {
      assert.ok(lv.mid[trough]! < 0.6 * lv.mid[peak]!, `${lv.mid[trough]} at ${trough} ms against ${lv.mid[peak]} at ${peak} ms`);
    }
  });
});
