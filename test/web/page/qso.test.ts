/** Rounds of QSO-like text (web/page/qso.ts), under Node: no page needed. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { charactersInPlay, KOCH_ORDER, lessonOf, seededRandom } from "../../../web/page/koch.js";
import { FEWEST_EXCHANGES, FILLS, firstQsoLearned, qsoText } from "../../../web/page/qso.js";
import { drawRound } from "../../../web/page/rounds.js";

const CALL = /^[A-Z]{1,2}[0-9][A-Z]{1,3}$/;

describe("rounds of QSO text", () => {
  it("comes once three exchanges can be spelled, and says at which lesson until then", () => {
    const first = firstQsoLearned();
    assert.ok(first > 2 && first <= KOCH_ORDER.length);
    assert.equal(qsoText(charactersInPlay(first - 1), 7, seededRandom(1)), undefined);
    const early = drawRound("qso", charactersInPlay(first - 1), 5, 5, seededRandom(1));
    assert.ok("reason" in early && early.reason.endsWith(`(at lesson ${lessonOf(first)})`), JSON.stringify(early));
    assert.ok(FEWEST_EXCHANGES >= 3);
    assert.ok(typeof qsoText(charactersInPlay(first), 7, seededRandom(1)) === "string");
  });

  it("spells only the characters in play, at every lesson from its first", () => {
    for (let learned = firstQsoLearned(); learned <= KOCH_ORDER.length; learned++) {
      const inPlay = new Set(charactersInPlay(learned));
      for (let seed = 0; seed < 20; seed++) {
        const text = qsoText([...inPlay], 7, seededRandom(seed))!;
        for (const character of text.replaceAll(" ", "")) assert.ok(inPlay.has(character), `lesson ${lessonOf(learned)}: ${text} holds ${character}`);
      }
    }
  });

  it("reads as one contact: the exchanges in their order, the same call signs, name and QTH throughout", () => {
    const order = ["RST", "NAME", "QTH", "RIG", "WX", "73"];
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const text = qsoText(KOCH_ORDER, 7, seededRandom(seed))!;
      const words = text.split(" ");
      assert.ok(new Set(words.filter((word) => CALL.test(word))).size <= 2, text);
      const places = order.map((word) => words.indexOf(word)).filter((at) => at >= 0);
      assert.deepEqual(
        places,
        [...places].sort((a, b) => a - b),
        text,
      );
      for (const slot of ["RST", "NAME", "QTH", "RIG", "ANT", "WX"]) {
        assert.ok(new Set(words.filter((word) => FILLS[slot]!.includes(word))).size <= 1, `${slot} in ${text}`);
      }
      seen.add(text);
    }
    // Made up afresh each round.
    assert.ok(seen.size > 190, `${seen.size} different of 200`);
  });

  it("sends as many exchanges as asked, fewer words for fewer exchanges, and scores them word by word", () => {
    const lengths = (count: number) => Array.from({ length: 50 }, (_, seed) => qsoText(KOCH_ORDER, count, seededRandom(seed))!.split(" ").length);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    assert.ok(mean(lengths(1)) < mean(lengths(3)) && mean(lengths(3)) < mean(lengths(7)));
    const round = drawRound("qso", KOCH_ORDER, 5, 4, seededRandom(3));
    assert.ok("items" in round);
    assert.equal(round.items.join(" "), qsoText(KOCH_ORDER, 4, seededRandom(3)));
  });
});
