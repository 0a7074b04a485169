/** The live listener with signals: "all": every signal followed apart, its events naming it. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createListener, type ListenEvent } from "../../../../src/audio/index.js";
import { bandSignalEndS, recordBand, type BandSignal } from "../../../fixtures/band.js";

const RATE = 8000;

function streamed(
  samples: Float32Array,
  sampleRate = RATE,
): { events: ListenEvent[]; summary: ReturnType<ReturnType<typeof createListener>["flush"]>["summary"] } {
  const listener = createListener({ sampleRate, signals: "all" });
  const events: ListenEvent[] = [];
  const step = sampleRate / 10;
  for (let at = 0; at < samples.length; at += step) events.push(...listener.push(samples.subarray(at, at + step)));
  const { events: last, summary } = listener.flush();
  return { events: [...events, ...last], summary };
}

/** Each signal's characters as emitted, by signal number. */
function texts(events: ListenEvent[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of events) if (e.type === "character") out.set(e.signal!, (out.get(e.signal!) ?? "") + e.text);
  return out;
}

describe("createListener with signals: all", () => {
  const sent: BandSignal[] = [
    { text: "CQ CQ DE W1AW K", wpm: 20, frequency: 600, snrDb: 10, startS: 0.5 },
    { text: "TEST DL1ABC", wpm: 25, frequency: 1500, snrDb: 6, startS: 1 },
    { text: "QRZ DE G4XYZ K", wpm: 18, frequency: 2300, snrDb: 6, startS: 8 },
  ];
  const { events, summary } = streamed(recordBand({ signals: sent, durationS: 20, sampleRate: RATE, noiseSeed: 5 }));

  it("follows every signal, each event naming it and its pitch, the characters in order", () => {
    const bySignal = texts(events);
    assert.equal(bySignal.size, 3);
    const found = events.filter((e) => e.type === "signal" && e.state === "found");
    for (const s of sent) {
      const f = found.find((e) => e.type === "signal" && Math.abs(e.frequency - s.frequency) <= 15);
      assert.ok(f, `no signal found at ${s.frequency} Hz`);
      assert.equal(bySignal.get(f.signal!), s.text.replaceAll(" ", ""));
      for (const e of events) if (e.type === "character" && e.signal === f.signal) assert.ok(Math.abs(e.frequency - s.frequency) <= 15);
    }
    for (const e of events) {
      assert.equal(typeof e.signal, "number", JSON.stringify(e));
      assert.equal(typeof e.frequency, "number", JSON.stringify(e));
    }
  });

  // Its first characters wait as a stream's first do (FIRST_WAIT_MS).
  it("picks up a signal that starts later, its first character within 6 s", () => {
    const late = events.find((e) => e.type === "character" && Math.abs(e.frequency - 2300) <= 15);
    assert.ok(late && late.type === "character");
    assert.ok(Math.abs(late.startMs - 8000) < 40, `${late.startMs} ms`);
    assert.ok(late.emittedAtMs - late.endMs <= 6000, `${late.emittedAtMs - late.endMs} ms`);
  });

  it("ends with every signal's text by pitch, the strongest-read one as the summary's", () => {
    assert.deepEqual(
      summary.signals?.map((s) => [s.output, Math.abs(s.frequency - sent.find((x) => x.text === s.output)!.frequency) <= 15]),
      sent.map((s) => [s.text, true]),
    );
    assert.equal(summary.output, "CQ CQ DE W1AW K");
    assert.equal(summary.durationMs, 20000);
  });

  it("closes a signal silent for 30 s with an event, and hears nothing in noise alone", () => {
    const short: BandSignal = { text: "TEST TEST", wpm: 22, frequency: 900, snrDb: 8, startS: 0.5 };
    const { events: long } = streamed(recordBand({ signals: [short], durationS: 45, sampleRate: RATE, noiseSeed: 6 }));
    const closed = long.filter((e) => e.type === "signal" && e.state === "closed");
    assert.equal(closed.length, 1);
    const endMs = 1000 * bandSignalEndS(short);
    assert.ok(closed[0]!.emittedAtMs >= endMs + 30000 && closed[0]!.emittedAtMs <= endMs + 32000, `${closed[0]!.emittedAtMs} ms`);
    assert.equal(texts(long).get(closed[0]!.signal!), "TESTTEST");
    const { events: none, summary: nothing } = streamed(recordBand({ signals: [], durationS: 20, sampleRate: RATE, noiseSeed: 7 }));
    assert.deepEqual(none, []);
    assert.deepEqual(nothing.signals, []);
  });
});
