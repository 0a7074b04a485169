/** The page's iambic keyer (web/page/iambic.ts), a pure state machine, and its timings read as text (web/page/key-text.ts). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { IambicKeyer, type IambicMode, type KeyEdge, type Paddle } from "../../../web/page/iambic.js";
import { KeyedText, type KeyedView } from "../../../web/page/key-text.js";

/** A dot at 20 wpm, ms. */
const UNIT = 60;

/** A paddle pressed (down) or let go at `atMs`. */
interface Step {
  readonly atMs: number;
  readonly paddle: Paddle;
  readonly down: boolean;
}

const press = (paddle: Paddle, atMs: number): Step => ({ atMs, paddle, down: true });
const release = (paddle: Paddle, atMs: number): Step => ({ atMs, paddle, down: false });

/** Wakes the keyer whenever it asks to, as the page's timer does, up to `untilMs`. */
function wakeUntil(keyer: IambicKeyer, untilMs: number): KeyEdge[] {
  const edges: KeyEdge[] = [];
  for (let due = keyer.nextChangeMs(); due !== undefined && due <= untilMs; due = keyer.nextChangeMs()) edges.push(...keyer.advance(due));
  return edges;
}

/** The key edges of the keyer given `steps` in order, woken on time (or, with `wake: false`, only by the steps and once at the end). */
function keyed(mode: IambicMode, steps: readonly Step[], { wake = true, keyer = new IambicKeyer(mode, UNIT) } = {}): KeyEdge[] {
  const edges: KeyEdge[] = [];
  for (const step of steps) {
    if (wake) edges.push(...wakeUntil(keyer, step.atMs));
    edges.push(...(step.down ? keyer.press(step.paddle, step.atMs) : keyer.release(step.paddle, step.atMs)));
  }
  const lastMs = steps.at(-1)?.atMs ?? 0;
  edges.push(...(wake ? wakeUntil(keyer, lastMs + 10_000) : keyer.advance(lastMs + 10_000)));
  assert.equal(keyer.sending, false, "the keyer stops once the paddles are let go");
  return edges;
}

/** The edges as Morse: "." for each dit sent, "-" for each dah. */
function morseOf(edges: readonly KeyEdge[]): string {
  return edges
    .filter((edge) => edge.down)
    .map((edge) => (edge.paddle === "dit" ? "." : "-"))
    .join("");
}

/** The key-down and key-up durations between the edges, ms. */
function durationsOf(edges: readonly KeyEdge[]): number[] {
  return edges.slice(1).map((edge, i) => edge.atMs - edges[i]!.atMs);
}

describe("the iambic keyer", () => {
  it("sends one dit or one dah for a tap, at once, a dit 1 unit long and a dah 3", () => {
    for (const mode of ["A", "B"] as const) {
      const dit = keyed(mode, [press("dit", 1000), release("dit", 1010)]);
      assert.deepEqual(dit, [
        { down: true, atMs: 1000, paddle: "dit" },
        { down: false, atMs: 1060, paddle: "dit" },
      ]);
      const dah = keyed(mode, [press("dah", 1000), release("dah", 1010)]);
      assert.deepEqual(durationsOf(dah), [3 * UNIT]);
      assert.equal(dah[0]!.atMs, 1000);
    }
  });

  it("repeats a held paddle's element with 1-unit gaps, finishing the one under way when let go", () => {
    // Dits start every 2 units: at 0, 120 and 240; let go during the third.
    const dits = keyed("A", [press("dit", 0), release("dit", 250)]);
    assert.equal(morseOf(dits), "...");
    assert.deepEqual(durationsOf(dits), [60, 60, 60, 60, 60]);
    // Let go in the gap after the third dit: the keyer looks at the paddle at the gap's end, when it is up.
    assert.equal(morseOf(keyed("A", [press("dit", 0), release("dit", 350)])), "...");
    // Dahs start every 4 units: at 0, 240 and 480.
    const dahs = keyed("B", [press("dah", 0), release("dah", 500)]);
    assert.equal(morseOf(dahs), "---");
    assert.deepEqual(durationsOf(dahs), [180, 60, 180, 60, 180]);
  });

  it("alternates while both paddles are squeezed, starting with the first pressed", () => {
    for (const mode of ["A", "B"] as const) {
      // Dit at 0, dah 120 to 300, dit 360, dah 480 to 660: let go during that dah (and, in mode B, the dit was down during it).
      const edges = keyed(mode, [press("dit", 0), press("dah", 20), release("dit", 500), release("dah", 500)]);
      assert.equal(morseOf(edges), mode === "A" ? ".-.-" : ".-.-.");
      assert.deepEqual(durationsOf(edges).slice(0, 7), [60, 60, 180, 60, 60, 60, 180]);
    }
  });

  it("in mode A stops with the element under way when a squeeze is let go; in mode B sends one more alternate element", () => {
    // C (-.-.) squeezed dah first: dah 0-180, dit 240-300, dah 360-540, dit 600-660.
    const squeeze = (releaseMs: number) => [press("dah", 0), press("dit", 30), release("dit", releaseMs), release("dah", releaseMs)];
    // Let go during the second dah.
    assert.equal(morseOf(keyed("A", squeeze(380))), "-.-");
    assert.equal(morseOf(keyed("B", squeeze(380))), "-.-.");
    // Let go during the last dit.
    assert.equal(morseOf(keyed("A", squeeze(620))), "-.-.");
    assert.equal(morseOf(keyed("B", squeeze(620))), "-.-.-");
    // Mode B's extra element comes from the other paddle down during the element, whichever is let go first.
    assert.equal(morseOf(keyed("B", [press("dah", 0), press("dit", 30), release("dah", 380), release("dit", 400)])), "-.-.");
    assert.equal(morseOf(keyed("B", [press("dah", 0), press("dit", 30), release("dit", 380), release("dah", 400)])), "-.-.");
  });

  it("remembers a paddle tapped while an element sounds (paddle memory), in both modes", () => {
    for (const mode of ["A", "B"] as const) {
      // A dit tapped during a held dah's mark comes after it; the dah paddle let go meanwhile.
      assert.equal(morseOf(keyed(mode, [press("dah", 0), press("dit", 50), release("dit", 80), release("dah", 100)])), "-.");
      // ...and during its gap.
      assert.equal(morseOf(keyed(mode, [press("dah", 0), release("dah", 100), press("dit", 200), release("dit", 220)])), "-.");
      // A dit tapped again during the gap after a dit.
      const edges = keyed(mode, [press("dit", 0), release("dit", 30), press("dit", 80), release("dit", 100)]);
      assert.equal(morseOf(edges), "..");
      assert.deepEqual(durationsOf(edges), [60, 60, 60]);
    }
  });

  it("starts again from idle at the press, so the gap before it is the hand's", () => {
    const edges = keyed("B", [press("dit", 0), release("dit", 10), press("dah", 500), release("dah", 510)]);
    assert.equal(morseOf(edges), ".-");
    assert.deepEqual(durationsOf(edges), [60, 440, 180]);
  });

  it("gives the same edges at the same exact times however late it is woken", () => {
    const steps = [press("dah", 0), press("dit", 30), release("dit", 620), release("dah", 620), press("dit", 2000), release("dit", 2300)];
    for (const mode of ["A", "B"] as const) assert.deepEqual(keyed(mode, steps, { wake: false }), keyed(mode, steps));
  });

  it("takes a new speed from the next element on", () => {
    const keyer = new IambicKeyer("A", UNIT);
    keyer.press("dah", 0);
    keyer.unitMs = 120;
    const edges = [{ down: true, atMs: 0, paddle: "dah" as const }, ...keyed("A", [release("dah", 300)], { keyer })];
    assert.equal(morseOf(edges), "--");
    // The first dah at 20 wpm (180 ms and its 60 ms gap), the second at 10 wpm.
    assert.deepEqual(durationsOf(edges), [180, 60, 360]);
  });
});

describe("the keyer's timings read as text", () => {
  /** What `steps` key, read by the page's reading of the key line. */
  function read(mode: IambicMode, steps: readonly Step[]): KeyedView {
    const reading = new KeyedText(20);
    for (const edge of keyed(mode, steps)) {
      if (edge.down) reading.down(edge.atMs);
      else reading.up(edge.atMs);
    }
    reading.silence(Number.MAX_SAFE_INTEGER);
    return reading.view;
  }

  it("reads a squeezed C in mode A and mode B, and K where mode A is let go early", () => {
    const squeeze = (releaseMs: number) => [press("dah", 0), press("dit", 30), release("dit", releaseMs), release("dah", releaseMs)];
    assert.equal(read("A", squeeze(620)).text, "C");
    assert.equal(read("B", squeeze(380)).text, "C");
    assert.equal(read("A", squeeze(380)).text, "K");
    assert.equal(read("B", squeeze(620)).wpm, 20);
  });

  it("ends a word after a pause of a word gap, and reads the next one at the speed read", () => {
    const reading = new KeyedText(20);
    /** Keys `marks` from `startMs` with 1-dot gaps at 8 wpm (a dot of 150 ms); returns the last key-up. */
    const key = (startMs: number, marks: readonly number[]) => {
      let atMs = startMs;
      for (const mark of marks) {
        reading.down(atMs);
        reading.up(atMs + mark);
        atMs += mark + 150;
      }
      return atMs - 150;
    };
    const end = key(0, [450, 150, 450, 450]);
    assert.deepEqual(reading.view, { text: "Y", morse: "-.--", wpm: 8 });
    // A letter gap (3 dots) settles the letter; a word gap (7) ends the word.
    assert.equal(reading.nextSilenceMs(), end + 450);
    assert.equal(reading.silence(end + 449), false);
    assert.equal(reading.silence(end + 450), true);
    assert.equal(reading.nextSilenceMs(), end + 1050);
    assert.equal(reading.silence(end + 1050), true);
    assert.deepEqual(reading.view, { text: "Y", morse: "-.-- /", wpm: 8 });
    assert.equal(reading.nextSilenceMs(), undefined);
    // One mark of 150 ms alone would be a dash at the 20 wpm first assumed: the speed read makes it a dot.
    key(end + 60_000, [150]);
    assert.equal(reading.view.text, "Y E");
    // A keyer's speed settles a word it starts: 150 ms is a dash at 30 wpm.
    reading.silence(Number.MAX_SAFE_INTEGER);
    reading.down(200_000, 30);
    reading.up(200_150);
    assert.equal(reading.view.text, "Y E T");
    reading.clear();
    assert.deepEqual(reading.view, { text: "", morse: "", wpm: 0 });
  });

  it("ends a word after 2 s of silence at the slowest speeds", () => {
    const reading = new KeyedText(5);
    // One dash of 1 s: a dot of a third of that, 7 dots 2.3 s.
    reading.down(0);
    reading.up(1000);
    reading.silence(2999);
    assert.equal(reading.nextSilenceMs(), 3000);
    reading.silence(3000);
    assert.equal(reading.view.morse, "- /");
  });
});
