import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { rng } from "../../../fixtures/random.js";
import { evenEdges, runningSums, SemiMarkov, type SemiMarkovModel } from "../../../../src/audio/decoder/search/semi-markov.js";

const ON = 0;
const OFF = 1;

/** Key down (+evidence) and key up (-evidence) alternating, each 1 to 3 steps long, no length priors. */
function onOff(): SemiMarkovModel {
  return {
    width: 2,
    start(search) {
      search.offer(ON, 0, 0, -1, 0);
      search.offer(OFF, 0, 0, -1, 0);
    },
    step(k, search) {
      const { sums, score } = search;
      for (let d = 1; d <= Math.min(3, k); d++) {
        const p = k - d;
        const evidence = sums[k]! - sums[p]!;
        search.offer(2 * k + ON, score[2 * p + OFF]! + evidence, d, OFF, 0);
        search.offer(2 * k + OFF, score[2 * p + ON]! - evidence, d, ON, 0);
      }
    },
  };
}

const search = (evidence: number[]): SemiMarkov => new SemiMarkov(onOff(), runningSums(Float32Array.from(evidence), evenEdges(0, 1, evidence.length)));
const kinds = (segments: { state: number; from: number; to: number }[]): string =>
  segments.map((s) => `${s.state === ON ? "on" : "off"} ${s.from}-${s.to}`).join(", ");

describe("SemiMarkov", () => {
  it("finds the best path of a problem checked by hand", () => {
    // On for 2, off for 3, on for 1: every step's evidence counts for it, 2 + 3 + 1.
    const s = search([1, 1, -1, -1, -1, 1]).run();
    const end = s.bestAt(6);
    assert.equal(s.score[end], 6);
    assert.equal(kinds(s.path(end)), "on 0-2, off 2-5, on 5-6");
  });

  it("keeps lengths within what the model allows (a run of 4 is two segments of one kind apart)", () => {
    // Four steps of key down can only be on, off, on (an off step paid for) or shorter pieces.
    const s = search([1, 1, 1, 1]).run();
    const path = s.path(s.bestAt(4));
    assert.ok(
      path.every((seg) => seg.to - seg.from <= 3),
      kinds(path),
    );
    assert.equal(path[path.length - 1]!.to, 4);
  });

  it("counts a block that is not a finite number as no evidence, and its path still ends", () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      const sums = runningSums(Float32Array.from([1, bad, 1, -1, -1]), evenEdges(0, 1, 5));
      assert.ok(sums.every(Number.isFinite), String(bad));
      assert.deepEqual([...sums], [0, 1, 1, 2, 1, 0]);
      const s = search([1, bad, 1, -1, -1]).run();
      const path = s.path(s.bestAt(5));
      assert.equal(path[0]!.from, 0);
      assert.equal(path[path.length - 1]!.to, 5);
    }
    // Within a step of several blocks, only the bad block is left out.
    assert.deepEqual([...runningSums(Float32Array.from([2, Number.NaN, 3, 1]), evenEdges(0, 2, 2))], [0, 2, 6]);
  });

  it("gives, after step k, the best path's segments that end at or before k - lag", () => {
    const evidence = [1, 1, -1, -1, -1, 1, 1, -1];
    const s = search(evidence);
    s.run(4);
    assert.equal(s.filled, 4);
    // At step 4 the best path is on 0-2, off 2-4: only the first segment ends by step 3.
    assert.equal(kinds(s.fixedLag(4, 1)), "on 0-2");
    assert.equal(kinds(s.fixedLag(4, 0)), "on 0-2, off 2-4");
    assert.equal(kinds(s.fixedLag(4, 3)), "");
    // Going on from there fills the same table as a search run at once, and what was
    // emitted stays a prefix of the final path.
    s.run();
    const whole = search(evidence).run();
    assert.deepEqual([...s.score], [...whole.score]);
    assert.equal(kinds(whole.path(whole.bestAt(8))), "on 0-2, off 2-5, on 5-7, off 7-8");
    assert.ok(kinds(whole.path(whole.bestAt(8))).startsWith(kinds(s.fixedLag(7, 2))));
  });
});

describe("SemiMarkov.settled", () => {
  it("gives at every step only what the final best path begins with", () => {
    const random = rng(5);
    const evidence = Array.from({ length: 200 }, (_, i) => (Math.floor(i / 4) % 2 === 0 ? 0.6 : -0.6) + 2 * (random() - 0.5));
    const whole = search(evidence).run();
    const final = whole.path(whole.bestAt(evidence.length));
    const live = search(evidence);
    let longest = 0;
    for (let k = 1; k <= evidence.length; k++) {
      live.run(k);
      // Segments are at most 3 steps long: every later path goes through a cell of the last 3 steps.
      const settled = live.settled(k, 3);
      assert.deepEqual(settled, final.slice(0, settled.length), `step ${k}`);
      if (settled.length > 0) longest = Math.max(longest, settled[settled.length - 1]!.to);
    }
    // ...and it does settle, close behind.
    assert.ok(longest > evidence.length - 20, String(longest));
  });
});
