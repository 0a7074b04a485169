import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { HeardCharacter } from "../../../../src/audio/decoder/characters/heard.js";
import { Decider } from "../../../../src/audio/decoder/live/decider.js";
import type { ListenEvent } from "../../../../src/audio/index.js";

/** A character heard at 20 wpm (60 ms dots) unless `wpm` says otherwise, at 600 Hz. */
function heard(text: string, morse: string, startMs: number, endMs: number, wordStart = false, wpm = 20): HeardCharacter {
  return { text, morse, startMs, endMs, wordStart, frequency: 600, wpm };
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

  it("corrects the last character decided at the next reading only, as an event of its own", () => {
    const decider = new Decider();
    const events: ListenEvent[] = [];
    // Readings a hop apart whose times do not fall on whole milliseconds (a stream at 11025 Hz).
    decider.take(reading(false), 3000.4, false, 20, events);
    decider.take(reading(false), 3500.4, false, 20, events);
    assert.equal(text(events), "ABCDEFGH");
    const decidedH = events.find((e) => e.type === "character" && e.index === 7);
    const asFive = [...reading(false).slice(0, 7), heard("5", ".....", 2600, 2760)];
    decider.take(asFive, 4000.9, false, 20, events);
    const corrections = events.filter((e) => e.type === "correction");
    assert.deepEqual(
      corrections.map((e) => e.type === "correction" && [e.index, e.text, e.morse, e.endMs]),
      [[7, "5", ".....", 2760]],
    );
    // The event emitted before is left as it was.
    assert.equal(decidedH?.type === "character" && decidedH.text, "H");
    // Once corrected, never again.
    decider.take(reading(false), 4500.9, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 1);
    assert.equal(decider.summary(5000).output, "ABCDEFG5");
  });

  it("takes no correction from a reading after the next, nor from one at another speed", () => {
    const late = new Decider();
    const events: ListenEvent[] = [];
    late.take(reading(false), 3000, false, 20, events);
    late.take(reading(false), 3500, false, 20, events);
    late.take(reading(false), 4000, false, 20, events);
    late.take([...reading(false).slice(0, 7), heard("5", ".....", 2600, 2760)], 4500, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);

    const offSpeed = new Decider();
    offSpeed.take(reading(false), 3000, false, 20, events);
    offSpeed.take(reading(false), 3500, false, 20, events);
    // A reading at twice the speed: the H's dots read as dashes.
    offSpeed.take([...reading(false).slice(0, 7), heard("0", "-----", 2600, 2700, false, 45)], 4000, false, 45, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);
    assert.equal(offSpeed.summary(4000).output, "ABCDEFGH");
  });

  it("decides a stream's first four characters early only if one of them has more than one element", () => {
    const single = ["E.", "T-", "T-", "T-"].map((c, i) => heard(c[0]!, c.slice(1), 400 * i, 400 * i + (c[1] === "." ? 60 : 180)));
    const mixed = ["E.", "T-", "A.-", "T-"].map((c, i) => heard(c[0]!, c.slice(1), 400 * i, 400 * i + 60 * (c.length === 2 ? (c[1] === "." ? 1 : 3) : 5)));
    for (const [characters, expected] of [
      [single, ""],
      [mixed, "ETAT"],
    ] as const) {
      const decider = new Decider();
      const events: ListenEvent[] = [];
      decider.take([...characters], 1800, false, 20, events);
      decider.take([...characters], 2300, false, 20, events);
      assert.equal(text(events), expected, characters.map((c) => c.morse).join(" "));
    }
  });
});
