import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { TimedCharacter } from "../../../../src/audio/decoder/characters/timed.js";
import { Decider } from "../../../../src/audio/decoder/live/decider.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";
import type { ListenEvent } from "../../../../src/audio/index.js";

/** A character timed at 20 wpm (60 ms dots) unless `wpm` says otherwise, at 600 Hz. */
function timed(text: string, morse: string, startMs: number, endMs: number, wordStart = false, wpm = 20): TimedCharacter {
  return { text, morse, startMs, endMs, wordStart, frequency: 600, wpm };
}

/** Seven letters a letter gap apart, then `H` with or without a word space before it. */
function reading(spaceBeforeH: boolean): TimedCharacter[] {
  const letters = [...[".-", "-...", "-.-.", "-..", ".", "..-.", "--."].entries()].map(([i, morse]) => timed("ABCDEFG"[i]!, morse, 300 * i, 300 * i + 120));
  return [...letters, timed("H", "....", 2600, 2700, spaceBeforeH)];
}

/** The text the events decided, a space for each word space. */
function text(events: ListenEvent[]): string {
  return events.map((e) => (e.type === "character" ? e.text : e.type === "space" ? " " : "")).join("");
}

/** A decider that has decided A N, a stream's first two characters, before the speed is known; their audio kept. */
function decidedEarly(): { decider: Decider; events: ListenEvent[] } {
  const decider = new Decider(DEFAULT_TUNING);
  const events: ListenEvent[] = [];
  const first = [timed("A", ".-", 0, 240), timed("N", "-.", 600, 840)];
  decider.take(first, 1500, false, 20, events);
  assert.equal(decider.take(first, 2000, false, 20, events), 0);
  assert.equal(text(events), "AN");
  assert.equal(decider.knowsSpeed, false);
  return { decider, events };
}

describe("Decider", () => {
  it("decides a character once two readings agree on it and on the word space before it", () => {
    const decider = new Decider(DEFAULT_TUNING);
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
    const decider = new Decider(DEFAULT_TUNING);
    const events: ListenEvent[] = [];
    // Readings a hop apart whose times do not fall on whole milliseconds (a stream at 11025 Hz).
    decider.take(reading(false), 3000.4, false, 20, events);
    decider.take(reading(false), 3500.4, false, 20, events);
    assert.equal(text(events), "ABCDEFGH");
    const decidedH = events.find((e) => e.type === "character" && e.index === 7);
    const asFive = [...reading(false).slice(0, 7), timed("5", ".....", 2600, 2760)];
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
    const late = new Decider(DEFAULT_TUNING);
    const events: ListenEvent[] = [];
    late.take(reading(false), 3000, false, 20, events);
    late.take(reading(false), 3500, false, 20, events);
    late.take(reading(false), 4000, false, 20, events);
    late.take([...reading(false).slice(0, 7), timed("5", ".....", 2600, 2760)], 4500, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);

    const offSpeed = new Decider(DEFAULT_TUNING);
    offSpeed.take(reading(false), 3000, false, 20, events);
    offSpeed.take(reading(false), 3500, false, 20, events);
    // A reading at twice the speed: the H's dots read as dashes.
    offSpeed.take([...reading(false).slice(0, 7), timed("0", "-----", 2600, 2700, false, 45)], 4000, false, 45, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);
    assert.equal(offSpeed.summary(4000).output, "ABCDEFGH");
  });

  it("decides a character on one reading where the readings come a second apart, two agreeing where they come half a second apart", () => {
    const { FOLLOWED_HOP_MS, HOP_MS, FOLLOWED_DECIDE_MS } = DEFAULT_TUNING.live;
    // I, a letter gap and FOLLOWED_DECIDE_MS before a reading a second after the second.
    const nowMs = 3500 + FOLLOWED_HOP_MS;
    const endMs = nowMs - 3 * 60 - FOLLOWED_DECIDE_MS;
    const withI = [...reading(false), timed("I", "..", endMs - 180, endMs)];
    for (const [followedHops, decided] of [
      [true, "ABCDEFGHI"],
      [false, "ABCDEFGH"],
    ] as const) {
      const decider = new Decider(DEFAULT_TUNING);
      const events: ListenEvent[] = [];
      decider.take(reading(false), 3000, false, 20, events);
      assert.equal(decider.follows, false);
      decider.take(reading(false), 3500, false, 20, events);
      assert.equal(decider.follows, true);
      decider.followedHops = followedHops;
      assert.equal(decider.hopMs, followedHops ? FOLLOWED_HOP_MS : HOP_MS);
      decider.take(withI, nowMs, false, 20, events);
      assert.equal(text(events), decided, `${decider.hopMs} ms apart`);
    }
  });

  it("knows a fast stream's speed from four characters only if one of them has more than one element", () => {
    const single = ["E.", "T-", "T-", "T-"].map((c, i) => timed(c[0]!, c.slice(1), 400 * i, 400 * i + (c[1] === "." ? 60 : 180)));
    const mixed = ["E.", "T-", "A.-", "T-"].map((c, i) => timed(c[0]!, c.slice(1), 400 * i, 400 * i + 60 * (c.length === 2 ? (c[1] === "." ? 1 : 3) : 5)));
    for (const [characters, knows] of [
      [single, false],
      [mixed, true],
    ] as const) {
      const decider = new Decider(DEFAULT_TUNING);
      const events: ListenEvent[] = [];
      decider.take([...characters], 1800, false, 20, events);
      decider.take([...characters], 2300, false, 20, events);
      decider.take([...characters], 2800, false, 20, events);
      // Decided either way, as two readings agree on them.
      assert.equal(text(events), characters.map((c) => c.text).join(""));
      assert.equal(decider.knowsSpeed, knows, characters.map((c) => c.morse).join(" "));
    }
  });

  it("decides a stream's first characters before its speed is known, and corrects those two readings that know it read otherwise", () => {
    const decider = new Decider(DEFAULT_TUNING);
    const events: ListenEvent[] = [];
    // Noise, then I S read as T T, T T T at three times the speed: two readings agree.
    const fast = [timed("E", ".", 200, 230, false, 60), ...[600, 900, 1600, 1900, 2200].map((at, i) => timed("T", "-", at, at + 100, i === 2, 60))];
    decider.take(fast, 2800, false, 60, events);
    decider.take(fast, 3300, false, 60, events);
    assert.equal(text(events), "ETT TTT");
    assert.equal(decider.knowsSpeed, false);
    // Readings at 20 wpm, the first character waited 5 s: I S, then E T E T E T.
    const slow = [
      timed("I", "..", 600, 1000),
      timed("S", "...", 1600, 2300),
      ...[..."ETETET"].map((t, i) => timed(t, t === "E" ? "." : "-", 3000 + 400 * i, 3000 + 400 * i + (t === "E" ? 60 : 180), i === 0)),
    ];
    // The first reading that knows the speed reads them so, but the one before did not: nothing yet.
    decider.take(slow, 5300, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);
    decider.take(slow, 5800, false, 20, events);
    const corrections = events.filter((e) => e.type === "correction");
    assert.deepEqual(
      corrections.map((e) => e.type === "correction" && [e.index, e.text, e.morse, e.space]),
      [
        [0, "", "", false],
        [1, "I", "..", false],
        [2, "", "", false],
        [3, "S", "...", false],
        [4, "", "", false],
        [5, "", "", false],
      ],
    );
    assert.equal(decider.knowsSpeed, true);
    // Once corrected, never again; what follows is decided as it comes.
    decider.take(slow, 6300, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 6);
    assert.equal(decider.summary(6300).output, "IS ETETET");
  });

  it("passes over one reading far off the speed before the speed is known, and takes a change of speed the next reading confirms", () => {
    const decider = new Decider(DEFAULT_TUNING);
    const events: ListenEvent[] = [];
    // A V at 13 wpm (92 ms dots); a reading in between takes its dots for dashes at 30 wpm.
    const v = [timed("V", "...-", 800, 1630, false, 13)];
    decider.take(v, 2000, false, 13, events);
    decider.take([timed("T", "-", 800, 890, false, 30), timed("M", "--", 1350, 1630, false, 30)], 2500, false, 30, events);
    assert.equal(text(events), "");
    decider.take(v, 3000, false, 13, events);
    assert.equal(text(events), "V");
    // The speed changes to 30 wpm and stays: the reading passed over counts as the one before.
    const fast = [timed("M", "--", 3500, 3800, false, 30)];
    decider.take(fast, 4500, false, 30, events);
    decider.take(fast, 5000, false, 30, events);
    assert.equal(text(events), "V M");
  });

  it("knows the speed from eight characters only when the reading before read the same speed", () => {
    const decider = new Decider(DEFAULT_TUNING);
    const events: ListenEvent[] = [];
    // Eight characters at 28 wpm after a reading at 20 wpm: a rung of the speed ladder apart (√2), no speed to know yet.
    const fast = [..."ETTTTNTE"].map((t, i) => timed(t, t === "E" ? "." : t === "N" ? "-." : "-", 300 * i, 300 * i + 120, false, 28));
    decider.take(fast.slice(0, 3), 2000, false, 20, events);
    decider.take(fast, 2500, false, 28, events);
    assert.equal(decider.knowsSpeed, false);
    // The next reading reads them at the same speed: now it is known.
    decider.take(fast, 3000, false, 28, events);
    assert.equal(decider.knowsSpeed, true);
  });

  it("lets a stream's first characters go, and their audio, when silence follows them", () => {
    const { decider, events } = decidedEarly();
    // Nothing heard after them: once the first has waited 5 s, READ_AGAIN_READINGS readings settle them as they are.
    let undecidedMs = 0;
    for (let atMs = 2500; atMs <= 5000 + 500 * (DEFAULT_TUNING.live.READ_AGAIN_READINGS + 1); atMs += 500)
      undecidedMs = decider.take([], atMs, false, 20, events);
    assert.equal(decider.knowsSpeed, true);
    assert.ok(undecidedMs > 5000, `audio kept from ${undecidedMs} ms`);
    assert.equal(decider.summary(9000).output, "AN");
  });

  it("leaves a stream's first characters as they were decided when the readings that know the speed never agree", () => {
    const { decider, events } = decidedEarly();
    // Readings after the first has waited 5 s, each reading the start otherwise.
    const r = (startMs: number) => timed("R", ".-.", startMs, startMs + 240);
    const k = (startMs: number) => timed("K", "-.-", startMs, startMs + 240);
    for (let i = 0; i < DEFAULT_TUNING.live.READ_AGAIN_READINGS + 2; i++)
      decider.take(i % 2 ? [r(0), k(600)] : [k(0), r(600)], 5300 + 500 * i, false, 20, events);
    assert.equal(events.filter((e) => e.type === "correction").length, 0);
    assert.equal(decider.knowsSpeed, true);
    assert.equal(decider.summary(9000).output, "AN");
  });
});
