import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { HeardCharacter } from "../../../../src/audio/decoder/characters/heard.js";
import { Decider } from "../../../../src/audio/decoder/live/decider.js";
import type { ListenEvent } from "../../../../src/audio/index.js";

/** A character heard at 20 wpm (60 ms dots), at 600 Hz. */
function heard(text: string, morse: string, startMs: number, endMs: number, wordStart = false): HeardCharacter {
  return { text, morse, startMs, endMs, wordStart, frequency: 600, wpm: 20 };
}

/** Seven letters a letter gap apart, then `H` with or without a word space before it. */
function reading(spaceBeforeH: boolean): HeardCharacter[] {
  const letters = [...[".-", "-...", "-.-.", "-..", ".", "..-.", "--."].entries()].map(([i, morse]) => heard("ABCDEFG"[i]!, morse, 300 * i, 300 * i + 120));
  return [...letters, heard("H", "....", 2600, 2700, spaceBeforeH)];
}

/** The text the events decided, a space for each word space. */
function text(events: ListenEvent[]): string {
  return events.map((e) => (e.type === "character" ? e.text : e.type === "space" ? " " : "")).join("");
}

describe("Decider", () => {
  it("decides a character once two readings agree on it and on the word space before it", () => {
    const decider = new Decider();
    const events: ListenEvent[] = [];
    decider.take(reading(false), 3000, false, 20, events);
    assert.equal(text(events), "");
    // The second reading hears a word space before H that the first did not: H waits.
    decider.take(reading(true), 3500, false, 20, events);
    assert.equal(text(events), "ABCDEFG");
    decider.take(reading(true), 3800, false, 20, events);
    assert.equal(text(events), "ABCDEFG H");
  });
});
