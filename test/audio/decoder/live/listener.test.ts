import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../../../src/core/index.js";
import { createListener, decodeAudio, DEFAULT_TUNING, type ListenEvent, type ListenerOptions } from "../../../../src/audio/index.js";
import { dotMs } from "../../../../src/core/units.js";
import { characterErrors, record, type Channel } from "../../../fixtures/simulator.js";
import { rng } from "../../../fixtures/random.js";

const RATE = 8000;
const CLEAN: Channel = { frequency: 650, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 20, padS: 0.8 };

function recorded(text: string, wpm: number, channel: Partial<Channel> = {}, seed = 1): Float32Array {
  return record(timeline(text, { wpm }), { ...CLEAN, ...channel }, RATE, rng(seed));
}

/** Two recordings, the second after the first. */
function oneAfterTheOther(a: Float32Array, b: Float32Array): Float32Array {
  const both = new Float32Array(a.length + b.length);
  both.set(a);
  both.set(b, a.length);
  return both;
}

const TWO_STATIONS = "CQ CQ DE W1AW W1AW K W1AW DE DL1ABC DL1ABC K";

/**
 * One station at `wpm` and 600 Hz, then after a pause (`padS` of silence after it and before
 * the next) another at `newWpm` and `newFrequency`, +10 dB (seeds `seed` and the next): what a
 * listener says, the first change it says, and how long after the new station's first
 * character (W, 9 dots) it came, ms.
 */
function newStation(o: { wpm: number; newWpm: number; newFrequency: number; padS: number; seed: number }) {
  const a = recorded("CQ CQ DE W1AW W1AW K", o.wpm, { frequency: 600, snrDb: 10, padS: o.padS }, o.seed);
  const b = recorded("W1AW DE DL1ABC DL1ABC K", o.newWpm, { frequency: o.newFrequency, snrDb: 10, padS: o.padS }, o.seed + 1);
  const { events, summary } = listen(oneAfterTheOther(a, b), whole(1024));
  const firstEndMs = (1000 * a.length) / RATE + 1000 * o.padS + 9 * dotMs(o.newWpm);
  const change = events.find((e) => e.type === "signal" && e.state === "changed");
  const signals = JSON.stringify(events.filter((e) => e.type === "signal"));
  return { events, summary, change, afterMs: change ? change.emittedAtMs - firstEndMs : Number.POSITIVE_INFINITY, signals };
}

/** Everything a listener says about `samples`, pushed in chunks of the sizes `sizes` gives in turn. */
function listen(samples: Float32Array | Int16Array, sizes: () => number, options: Partial<ListenerOptions> = {}) {
  const listener = createListener({ sampleRate: RATE, ...options });
  const events: ListenEvent[] = [];
  for (let at = 0; at < samples.length; ) {
    const n = Math.max(1, sizes());
    events.push(...listener.push(samples.subarray(at, at + n)));
    at += n;
  }
  const { events: last, summary } = listener.flush();
  events.push(...last);
  return { events, summary };
}

const characters = (events: ListenEvent[]) => events.filter((e) => e.type === "character");
const whole = (n: number) => () => n;

describe("the live listener", () => {
  const samples = recorded("CQ CQ DE W1AW W1AW K", 22);

  it("reads clean Morse as the batch decoder does, character by character as it is sent", () => {
    const { events, summary } = listen(samples, whole(4096));
    assert.equal(summary.output, decodeAudio(samples, RATE).output);
    assert.equal(summary.output, "CQ CQ DE W1AW W1AW K");
    const read = characters(events);
    assert.equal(read.map((e) => e.text).join(""), "CQCQDEW1AWW1AWK");
    assert.deepEqual(
      read.map((e) => e.index),
      read.map((_, i) => i),
    );
    // Decided as the stream goes: all but the last few before the stream ends.
    assert.ok(read.filter((e) => e.emittedAtMs < (1000 * samples.length) / RATE - 1000).length >= read.length - 3);
    assert.equal(events.filter((e) => e.type === "space").length, 5);
  });

  it("gives the same events however the stream is cut: 1 sample, 128, 4096, at random", () => {
    const short = recorded("TEST DE K5ZD", 25);
    const random = rng(7);
    const expected = listen(short, whole(4096));
    for (const sizes of [whole(1), whole(128), () => Math.floor(random() * 3000)]) assert.deepEqual(listen(short, sizes), expected);
  });

  it("takes Int16 chunks as it takes Float32", () => {
    const ints = Int16Array.from(samples, (x) => Math.round(x * 32767));
    assert.equal(listen(ints, whole(512)).summary.output, "CQ CQ DE W1AW W1AW K");
  });

  it("with the window unbounded, gives the batch decoder's text exactly, at every SNR", () => {
    for (const snrDb of [10, -3, -8]) {
      const noisy = recorded("QTH BERLIN NAME HANS RST 599", 18, { snrDb, driftHz: 10 }, snrDb + 50);
      const { summary } = listen(noisy, whole(2048), { window: "unbounded" });
      assert.deepEqual(summary, decodeAudio(noisy, RATE), `${snrDb} dB`);
    }
  });

  it("reads a 48 kHz stream brought down to 8 kHz as it arrives, with the same times", () => {
    const high = record(timeline("CQ CQ DE W1AW W1AW K", { wpm: 22 }), CLEAN, 48000, rng(1));
    const { events, summary } = listen(high, () => 4800, { sampleRate: 48000 });
    assert.equal(summary.output, "CQ CQ DE W1AW W1AW K");
    const atEight = characters(listen(samples, whole(800)).events);
    characters(events).forEach((e, i) => {
      assert.ok(Math.abs(e.startMs - atEight[i]!.startMs) <= 10, `${e.text}: ${e.startMs} and ${atEight[i]!.startMs} ms`);
    });
  });

  it("reads a 2 kHz stream, the lowest rate a recording is read at", () => {
    const low = record(timeline("CQ CQ DE W1AW W1AW K", { wpm: 22 }), CLEAN, 2000, rng(1));
    const { summary } = listen(low, () => 200, { sampleRate: 2000 });
    assert.equal(summary.output, "CQ CQ DE W1AW W1AW K");
    assert.equal(summary.output, decodeAudio(low, 2000).output);
  });

  it("times each character where it was sent", () => {
    const tl = timeline("PARIS", { wpm: 20 });
    const { events } = listen(recorded("PARIS", 20), whole(1000));
    const read = characters(events);
    assert.equal(read.length, 5);
    const padMs = 1000 * CLEAN.padS;
    // P starts with the first mark; S ends with the last.
    assert.ok(Math.abs(read[0]!.startMs - padMs) <= 15, `${read[0]!.startMs}`);
    assert.ok(Math.abs(read[4]!.endMs - (padMs + tl.durationMs)) <= 15, `${read[4]!.endMs}`);
  });

  it("emits every character within 1.5 s of its last mark at 20 wpm and above, within 1.5 s plus 3 dots below, the stream's first ones too", () => {
    for (const wpm of [8, 13, 20, 30, 45]) {
      const { events } = listen(recorded("VVV CQ DE G4XYZ G4XYZ PSE K", wpm, { snrDb: 6 }, wpm), whole(800));
      const read = characters(events);
      assert.ok(read.length >= 20, `${wpm} wpm: ${read.length} characters`);
      const budget = 1500 + (wpm < 20 ? 3 * dotMs(wpm) : 0);
      // The stream's end decides its last characters: only those inside it count.
      const lastEnd = read[read.length - 1]!.emittedAtMs;
      for (const e of read) if (e.emittedAtMs < lastEnd) assert.ok(e.emittedAtMs - e.endMs <= budget, `${wpm} wpm: ${e.text} ${e.emittedAtMs - e.endMs} ms`);
    }
  });

  it("emits a stream's first characters before its speed is known, and corrects each once where the speed, once known, reads it otherwise", () => {
    // I and S, dots alone, read as T T and T T T at three times the speed until L shows a dash beside a dot.
    const { events, summary } = listen(recorded("IS LUCK FOX", 10), whole(800));
    const read = characters(events);
    assert.equal(
      read
        .slice(0, 5)
        .map((e) => e.text)
        .join(""),
      "TTTTT",
    );
    const budget = 1500 + 3 * dotMs(10);
    assert.ok(read[0]!.emittedAtMs - read[0]!.endMs <= budget, `emitted ${read[0]!.emittedAtMs - read[0]!.endMs} ms after its end`);
    const corrections = events.filter((e) => e.type === "correction");
    assert.deepEqual(corrections.map((e) => e.index).sort(), [0, 1, 2, 3, 4]);
    assert.deepEqual(corrections.map((e) => e.text).sort(), ["", "", "", "I", "S"]);
    assert.equal(summary.output, "IS LUCK FOX");
    // Read right from the start, nothing is corrected.
    const mixed = listen(recorded("CQ CQ DE G4XYZ K", 25), whole(800)).events;
    assert.equal(
      characters(mixed)
        .map((e) => e.text)
        .join(""),
      "CQCQDEG4XYZK",
    );
    assert.equal(mixed.filter((e) => e.type === "correction").length, 0);
    assert.ok(mixed.find((e) => e.type === "character")!.emittedAtMs < 2500);
  });

  it("follows a new station at another pitch and speed, within 3 s of its first character", () => {
    const a = recorded("CQ CQ DE W1AW K", 18, { frequency: 550, padS: 1 }, 3);
    const b = recorded("W1AW DE DL1ABC K", 30, { frequency: 800, padS: 1 }, 4);
    const both = oneAfterTheOther(a, b);
    const { events, summary } = listen(both, whole(1024));
    assert.equal(summary.output, "CQ CQ DE W1AW K W1AW DE DL1ABC K");
    const bStartMs = (1000 * a.length) / RATE + 1000;
    const change = events.find((e) => e.type === "signal" && e.state === "changed");
    assert.ok(change && change.type === "signal", JSON.stringify(events.filter((e) => e.type === "signal")));
    assert.ok(Math.abs(change.frequency - 800) <= 5 && Math.abs(change.wpm - 30) <= 4, JSON.stringify(change));
    assert.ok(change.emittedAtMs - bStartMs <= 3000, `${change.emittedAtMs - bStartMs} ms`);
    const first = events.find((e) => e.type === "signal");
    assert.ok(first?.type === "signal" && first.state === "found" && Math.abs(first.frequency - 550) <= 5);
  });

  it("hears a new station at another pitch while it follows the last one's speed, within 3 s of its first character", () => {
    const { summary, change, afterMs, signals } = newStation({ wpm: 12, newWpm: 25, newFrequency: 800, padS: 2, seed: 13 });
    assert.equal(summary.output, TWO_STATIONS);
    assert.ok(change?.type === "signal" && Math.abs(change.frequency - 800) <= 5, signals);
    assert.ok(afterMs <= 3000, `${afterMs} ms`);
  });

  it("follows a new station at the same pitch and a faster speed, within 3 s of its first character", () => {
    const { summary, change, afterMs, signals } = newStation({ wpm: 20, newWpm: 28, newFrequency: 600, padS: 1, seed: 3 });
    assert.equal(summary.output, TWO_STATIONS);
    assert.ok(change?.type === "signal" && Math.abs(change.wpm - 28) <= 2, signals);
    assert.ok(afterMs <= 3000, `${afterMs} ms`);
  });

  it("takes a new station at the same pitch and half the speed as a change of speed, and reads it", () => {
    const a = recorded("CQ CQ DE W1AW W1AW K", 25, { padS: 1 }, 3);
    const b = recorded("W1AW DE DL1ABC DL1ABC K", 12, { padS: 1 }, 4);
    const both = oneAfterTheOther(a, b);
    const { events, summary } = listen(both, whole(1024));
    assert.match(summary.output, /^CQ CQ DE W1AW W1AW K .*DE DL1ABC DL1ABC K$/);
    const bStartMs = (1000 * a.length) / RATE + 1000;
    const change = events.find((e) => e.type === "signal" && e.state === "changed" && e.emittedAtMs > bStartMs);
    assert.ok(change && change.type === "signal" && Math.abs(change.wpm - 12) <= 2, JSON.stringify(events.filter((e) => e.type === "signal")));
  });

  it("corrects a new station's first letter, misread at the old speed, and says the change within 3 s of it", () => {
    const { events, summary, change, afterMs, signals } = newStation({ wpm: 25, newWpm: 12, newFrequency: 600, padS: 1, seed: 13 });
    assert.equal(summary.output, TWO_STATIONS);
    assert.ok(change?.type === "signal" && Math.abs(change.wpm - 12) <= 2, signals);
    assert.ok(afterMs <= 3000, `${afterMs} ms`);
    const corrected = events.find((e) => e.type === "correction");
    assert.ok(corrected?.type === "correction" && corrected.text === "W", JSON.stringify(corrected));
  });

  it("hears nothing in noise alone, and says a signal is lost once it falls silent", () => {
    const noise = recorded("E", 20, { snrDb: -40, padS: 30 }, 9);
    assert.equal(characters(listen(noise, whole(4000)).events).length, 0);
    const then = recorded("CQ CQ DE W1AW K", 20, { padS: 0.5 }, 10);
    const silence = new Float32Array(RATE * 12);
    const stream = new Float32Array(then.length + silence.length);
    stream.set(then);
    const { events } = listen(stream, whole(4000));
    const lost = events.find((e) => e.type === "signal" && e.state === "lost");
    assert.ok(lost, "no lost event");
    assert.ok(lost.emittedAtMs - (1000 * then.length) / RATE <= DEFAULT_TUNING.live.SIGNAL_LOST_MS + 1000);
  });

  it("keeps a window of seconds however long the stream runs", () => {
    const listener = createListener({ sampleRate: RATE });
    const minute = recorded("CQ CQ DE W1AW W1AW K ".repeat(4).trim(), 25, { snrDb: 0, padS: 0.2 }, 11);
    let longest = 0;
    for (let round = 0; round < 5; round++)
      for (let at = 0; at < minute.length; at += 4000) {
        listener.push(minute.subarray(at, at + 4000));
        longest = Math.max(longest, listener.windowMs);
      }
    assert.ok(listener.receivedMs > 100_000);
    assert.ok(longest <= DEFAULT_TUNING.live.MAX_WINDOW_MS, `${longest} ms`);
    assert.ok(longest <= 12_000, `${longest} ms kept`);
  });

  it("keeps more context for a signal that stands barely above the noise, and still reads it; reads a clear one's last seconds", () => {
    const { CONTEXT_MS, WEAK_CONTEXT_MS, FOLLOWED_CONTEXT_MS, FOLLOWED_HOP_MS } = DEFAULT_TUNING.live;
    const text = "CQ CQ DE W1AW W1AW K QTH BOSTON NAME JOHN";
    /** The longest window kept and the longest reading read in the stream's second half, once the signal's strength is known, and the text read. */
    const kept = (snrDb: number) => {
      const samples = recorded(text, 20, { snrDb, padS: 0.5 }, 12);
      const listener = createListener({ sampleRate: RATE });
      let longest = 0;
      let longestRead = 0;
      for (let at = 0; at < samples.length; at += 4000) {
        listener.push(samples.subarray(at, at + 4000));
        if (at <= samples.length / 2) continue;
        longest = Math.max(longest, listener.windowMs);
        longestRead = Math.max(longestRead, listener.readMs);
      }
      return { longest, longestRead, output: listener.flush().summary.output };
    };
    const clear = kept(0);
    assert.equal(clear.output, text);
    assert.ok(clear.longest < WEAK_CONTEXT_MS, `${clear.longest} ms kept at 0 dB`);
    // Its readings read from FOLLOWED_CONTEXT_MS before the oldest undecided moment, which lies at most two hops behind (the whole window: CONTEXT_MS before it).
    assert.ok(clear.longestRead <= FOLLOWED_CONTEXT_MS + 2 * FOLLOWED_HOP_MS, `${clear.longestRead} ms read at 0 dB`);
    const weak = kept(-10);
    assert.ok(weak.longest >= WEAK_CONTEXT_MS && weak.longest < WEAK_CONTEXT_MS + CONTEXT_MS, `${weak.longest} ms kept at -10 dB`);
    assert.ok(weak.longestRead >= WEAK_CONTEXT_MS, `${weak.longestRead} ms read at -10 dB`);
    assert.ok(characterErrors(text, weak.output) <= 4, weak.output);
  });

  it("reads a clear signal it follows a second apart, a weak one every half second", () => {
    const { HOP_MS, FOLLOWED_HOP_MS } = DEFAULT_TUNING.live;
    const text = "CQ CQ DE W1AW W1AW K QTH BOSTON NAME JOHN";
    /** The stream times between the readings that decided characters in the stream's second half (the end's own decisions left out). */
    const apart = (snrDb: number) => {
      const samples = recorded(text, 20, { snrDb, padS: 0.5 }, 12);
      const endMs = (1000 * samples.length) / RATE;
      const times = [...new Set(characters(listen(samples, whole(4000)).events).map((e) => e.emittedAtMs))].filter((t) => t > endMs / 2 && t < endMs);
      return times.slice(1).map((t, i) => t - times[i]!);
    };
    const clear = apart(0);
    assert.ok(clear.length >= 5 && clear.every((ms) => ms % FOLLOWED_HOP_MS === 0) && !clear.includes(HOP_MS), `0 dB: ${clear}`);
    assert.ok(apart(-10).includes(HOP_MS), "-10 dB");
  });

  it("refuses a sample rate out of range, a chunk of another type, and audio after the end", () => {
    for (const sampleRate of [1999, 96001, Number.NaN]) assert.throws(() => createListener({ sampleRate }), MorseError);
    const listener = createListener({ sampleRate: RATE });
    assert.throws(() => listener.push([0.1, 0.2] as unknown as Float32Array), MorseError);
    listener.flush();
    assert.throws(() => listener.push(new Float32Array(10)), MorseError);
    assert.throws(() => listener.flush(), MorseError);
  });
});
