import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { LiveText, type ListenEvent } from "../../../../src/audio/index.js";

const at = { startMs: 0, endMs: 0, emittedAtMs: 0 };
const character = (index: number, text: string): ListenEvent => ({ type: "character", index, text, morse: "", frequency: 600, wpm: 20, ...at });
const space = (index: number): ListenEvent => ({ type: "space", index, ...at });
const correction = (index: number, text: string, wordStart: boolean): ListenEvent => ({ type: "correction", index, text, morse: "", space: wordStart, ...at });

describe("LiveText", () => {
  it("writes characters and word spaces as they come", () => {
    const text = new LiveText();
    for (const e of [character(0, "C"), character(1, "Q"), space(2), character(2, "D"), character(3, "E")]) text.take(e);
    assert.equal(text.text, "CQ DE");
  });

  it("rewrites a corrected character in place: as several, as none, with or without its word space", () => {
    const text = new LiveText();
    // Noise, then I S read as T T, T T T.
    for (const e of [
      character(0, "E"),
      space(1),
      character(1, "T"),
      character(2, "T"),
      space(3),
      character(3, "T"),
      character(4, "T"),
      character(5, "T"),
      space(6),
      character(6, "K"),
    ])
      text.take(e);
    assert.equal(text.text, "E TT TTT K");
    for (const e of [
      correction(0, "", false),
      correction(1, "I", false),
      correction(2, "", false),
      correction(3, "S", false),
      correction(4, "", false),
      correction(5, "", false),
    ])
      text.take(e);
    assert.equal(text.text, "IS K");
    text.take(correction(6, "K T", true));
    assert.equal(text.text, "IS K T");
  });

  it("takes a word space announced before its character", () => {
    const text = new LiveText();
    for (const e of [character(0, "A"), space(1)]) text.take(e);
    assert.equal(text.text, "A");
    text.take(character(1, "B"));
    assert.equal(text.text, "A B");
  });
});
