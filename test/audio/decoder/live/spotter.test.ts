/** Live spotting: a band listener with `spots` sends a spot event the moment a call qualifies. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkListenerOptions, createListener, type ListenEvent, type SpotEvent } from "../../../../src/audio/index.js";
import { LiveSpotter } from "../../../../src/audio/decoder/live/spotter.js";
import { encode, MorseError } from "../../../../src/core/index.js";
import { bandWordEndsS, recordBand, type BandSignal } from "../../../fixtures/band.js";

const RATE = 8000;
const station = (text: string, wpm: number, frequency: number, snrDb: number, startS: number): BandSignal => ({ text, wpm, frequency, snrDb, startS });

/** The events of a band streamed through a spotting listener in 100 ms chunks. */
function streamed(samples: Float32Array, dial = 14025): ListenEvent[] {
  const listener = createListener({ sampleRate: RATE, signals: "all", spots: { dial } });
  const events: ListenEvent[] = [];
  const step = RATE / 10;
  for (let at = 0; at < samples.length; at += step) events.push(...listener.push(samples.subarray(at, at + step)));
  return [...events, ...listener.flush().events];
}

const spotsIn = (events: ListenEvent[]) => events.filter((e): e is SpotEvent => e.type === "spot");

/** When a call sent on a signal qualifies, s: the end of its second sending, of its sending after DE, or of the K after it. */
function qualifiesAtS(s: BandSignal, call: string): number {
  const words = s.text.split(" ");
  const ends = bandWordEndsS(s);
  const at = words.flatMap((w, i) => (w === call ? [i] : []));
  const times = [ends[at[1] ?? -1], ...at.map((i) => (words[i - 1] === "DE" ? ends[i] : words[i + 1] === "K" ? ends[i + 1] : undefined))];
  return Math.min(...times.filter((t): t is number => t !== undefined));
}

describe("live spots", () => {
  const calling = [
    { call: "K1ABC", kind: "CQ", signal: station("CQ CQ DE K1ABC K1ABC K", 22, 450, 10, 0.5) },
    { call: "DL1XYZ", kind: "CQ", signal: station("TEST DL1XYZ DL1XYZ TEST", 28, 700, 4, 1.2) },
    { call: "JA1ZZ", kind: "CQ", signal: station("CQ DE JA1ZZ JA1ZZ K", 18, 1000, 0, 0.8) },
    { call: "G4XYZ", kind: "DX", signal: station("K1ABC DE G4XYZ G4XYZ K", 20, 2100, 3, 1.5) },
  ] as const;
  const plain = station("THE QUICK BROWN FOX 5NN TU", 20, 2850, 8, 1);
  const events = streamed(recordBand({ signals: [...calling.map((c) => c.signal), plain], durationS: 20, sampleRate: RATE, noiseSeed: 5 }));
  const spots = spotsIn(events);

  it("spots each station once, at its frequency, with its kind; plain text gives none", () => {
    assert.deepEqual(spots.map((s) => s.call).sort(), calling.map((c) => c.call).sort());
    for (const { call, kind, signal } of calling) {
      const spot = spots.find((s) => s.call === call)!;
      assert.equal(spot.kind, kind, call);
      assert.ok(Math.abs(spot.frequencyKHz - (14025 + signal.frequency / 1000)) <= 0.1 + 1e-9, `${call} at ${spot.frequencyKHz}`);
      assert.ok(spot.heard.includes(call) && spot.heard.length <= 60, spot.heard);
      assert.ok(Math.abs(spot.wpm - signal.wpm) <= 2, `${call}: ${spot.wpm} wpm`);
      // The event names the signal its characters came on.
      assert.ok(events.some((e) => e.type === "character" && e.signal === spot.signal && Math.abs(e.frequency - spot.audioHz) <= 10));
    }
  });

  it("sends a spot within 5 s of stream after the call qualifies, before the stream ends", () => {
    for (const { call, signal } of calling) {
      const spot = spots.find((s) => s.call === call)!;
      const lateMs = spot.emittedAtMs - 1000 * qualifiesAtS(signal, call);
      assert.ok(lateMs > 0 && lateMs <= 5000, `${call}: ${lateMs} ms after it qualified`);
      assert.ok(spot.emittedAtMs < 20_000, `${call}: spotted only at the end`);
    }
  });

  it("spots nothing in noise alone", () => {
    assert.deepEqual(spotsIn(streamed(recordBand({ signals: [], durationS: 15, sampleRate: RATE, noiseSeed: 21 }))), []);
  });
});

describe("LiveSpotter", () => {
  const followed = (undecidedMs: number) => [{ signal: 0, frequency: 700, snrDb: 10, wpm: 20, undecidedMs }];
  /** Character events of `text` at 20 wpm (60 ms dots), each letter 300 ms, a word gap 420 ms. */
  function characters(text: string, fromIndex = 0, fromMs = 0): { events: ListenEvent[]; endMs: number } {
    const events: ListenEvent[] = [];
    let at = fromMs;
    let index = fromIndex;
    for (const [w, word] of text.split(" ").entries()) {
      if (w > 0 || fromIndex > 0) {
        events.push({ type: "space", index, startMs: at, endMs: at + 420, emittedAtMs: 0, signal: 0 });
        at += 420;
      }
      for (const ch of word) {
        events.push({
          type: "character",
          index: index++,
          text: ch,
          morse: encode(ch),
          startMs: at,
          endMs: at + 300,
          frequency: 700,
          wpm: 20,
          emittedAtMs: 0,
          signal: 0,
        });
        at += 480;
      }
    }
    return { events, endMs: at - 180 };
  }

  it("never reads a word still being sent as a call: K1AB of K1ABC waits for its last letter", () => {
    const spotter = new LiveSpotter({ dial: 7000 });
    const first = characters("DE K1AB");
    // The next letter of the word may still come: no spot, however long the word looks whole.
    assert.deepEqual(spotter.take(first.events, followed(first.endMs + 400), first.endMs + 500, false), []);
    const rest = characters("C", 6, first.endMs + 180);
    const spots = spotter.take([...rest.events.filter((e) => e.type !== "space")], followed(rest.endMs + 400), rest.endMs + 26 * 60 + 1, false);
    assert.deepEqual(
      spots.map((s) => [s.call, s.frequencyKHz, s.kind]),
      [["K1ABC", 7000.7, "DX"]],
    );
    // Once only.
    assert.deepEqual(spotter.take([], followed(rest.endMs + 2000), rest.endMs + 3000, true), []);
  });

  it("takes a word with a call's dits and dahs, a gap misjudged between its characters, as another sending of the call", () => {
    const spotter = new LiveSpotter({ dial: 7000 });
    const sent = characters("CQ TEST OKONX OK9X CQ");
    assert.deepEqual(
      spotter.take(sent.events, followed(sent.endMs + 1000), sent.endMs + 2000, true).map((s) => [s.call, s.kind]),
      [["OK9X", "CQ"]],
    );
  });

  it("leaves a busted call out and counts it", () => {
    const spotter = new LiveSpotter({ dial: 7000 });
    const a = characters("DE K1ABC K");
    assert.equal(spotter.take(a.events, followed(a.endMs + 1000), a.endMs + 2000, false).length, 1);
    const b = characters("DE K1ABD K", 9, a.endMs + 3000);
    assert.deepEqual(spotter.take(b.events, followed(b.endMs + 1000), b.endMs + 2000, true), []);
    assert.equal(spotter.busted, 1);
  });

  it("counts a busted call once, however often its signal's words are read again", () => {
    const spotter = new LiveSpotter({ dial: 7000 });
    const a = characters("DE K1ABC K");
    assert.equal(spotter.take(a.events, followed(a.endMs + 1000), a.endMs + 2000, false).length, 1);
    const b = characters("DE K1ABD K", 9, a.endMs + 3000);
    assert.deepEqual(spotter.take(b.events, followed(b.endMs + 1000), b.endMs + 2000, false), []);
    // More words of the same signal: its words are read again, K1ABD with them.
    const more = characters("5NN TU", 17, b.endMs + 400);
    assert.deepEqual(spotter.take(more.events, followed(more.endMs + 1000), more.endMs + 2000, true), []);
    assert.equal(spotter.busted, 1);
  });
});

describe("checkListenerOptions with spots", () => {
  const refused = (options: object, message: RegExp) =>
    assert.throws(
      () => checkListenerOptions({ sampleRate: RATE, ...options }),
      (e: unknown) => e instanceof MorseError && e.code === "INVALID_OPTION" && message.test(e.message),
    );
  it("needs every signal read, and a dial and sideband in bounds", () => {
    refused({ spots: { dial: 14025 } }, /signals=all/);
    refused({ signals: "all", spots: { dial: 50 } }, /dial must be a number between 100 and 300000/);
    refused({ signals: "all", spots: { dial: 14025, sideband: "am" } }, /sideband/);
    assert.doesNotThrow(() => checkListenerOptions({ sampleRate: RATE, signals: "all", spots: { dial: 14025, sideband: "lsb" } }));
  });
});
