import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { splitIntoCharacters } from "../../../../src/audio/decoder/characters/letter-split.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

describe("splitIntoCharacters", () => {
  it("cuts where the gaps are longest, into characters that exist", () => {
    // "...---" (no character) with its longest gap after the third element: S O.
    assert.deepEqual(splitIntoCharacters(DEFAULT_TUNING, "...---", [1, 1, 1.6, 1, 1]), ["...", "---"]);
    // The same elements with the longest gap after the second: I and ".---" (J).
    assert.deepEqual(splitIntoCharacters(DEFAULT_TUNING, "...---", [1, 1.6, 1, 1, 1]), ["..", ".---"]);
  });

  it("cuts as often as the gaps allow, and only at gaps of 1.4 dots or more", () => {
    assert.deepEqual(splitIntoCharacters(DEFAULT_TUNING, "-.-.--.---", [1, 1, 1, 1.5, 1, 1, 1, 1.5, 1]), ["-.-.", "--.-", "--"]);
    assert.equal(splitIntoCharacters(DEFAULT_TUNING, "...---", [1, 1, 1.3, 1, 1]), undefined);
  });

  it("reads no prosign into a run: one read from noise costs several characters", () => {
    // "...-.-." cut at its longest gap would be <SK> E; the best cut into letters is S C.
    assert.deepEqual(splitIntoCharacters(DEFAULT_TUNING, "...-.-.", [1, 1, 1.5, 1, 1, 1.9]), ["...", "-.-."]);
  });
});
