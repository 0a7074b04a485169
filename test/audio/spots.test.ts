/** spotRecording: the stations of a recorded band, as spots. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { spotRecording } from "../../src/audio/index.js";
import { spotFrequencyKHz } from "../../src/core/index.js";
import { recordBand, type BandSignal } from "../fixtures/band.js";

const station = (text: string, wpm: number, frequency: number, snrDb: number, startS = 0.5): BandSignal => ({ text, wpm, frequency, snrDb, startS });

/** Stations that qualify for a spot, each with its call and kind, and signals that must give none. */
const CALLING = [
  { call: "K1ABC", kind: "CQ", signal: station("CQ CQ DE K1ABC K1ABC K", 22, 450, 10) },
  { call: "DL1XYZ", kind: "CQ", signal: station("TEST DL1XYZ DL1XYZ TEST", 28, 700, 4, 1.2) },
  { call: "JA1ZZ", kind: "CQ", signal: station("CQ DE JA1ZZ JA1ZZ K", 18, 1000, 0, 0.8) },
  { call: "VK2ABC", kind: "CQ", signal: station("CQ CQ CQ DE VK2ABC K", 25, 1350, 6, 2) },
  { call: "9A1A", kind: "CQ", signal: station("CQ TEST 9A1A 9A1A", 32, 1700, 8, 0.6) },
  { call: "G4XYZ", kind: "DX", signal: station("K1ABC DE G4XYZ G4XYZ K", 20, 2100, 3, 1.5) },
  { call: "OH2B", kind: "BEACON", signal: station("VVV VVV DE OH2B OH2B", 20, 2500, 5, 0.7) },
] as const;
const NO_SPOT = [station("THE QUICK BROWN FOX JUMPS", 20, 2850, 8, 1), station("5NN 5NN TU 73", 26, 3200, 6, 2)];

function band(signals: BandSignal[], durationS = 18, noiseSeed = 5) {
  return { samples: recordBand({ signals, durationS, sampleRate: 8000, noiseSeed }), sampleRate: 8000 };
}

describe("spotRecording", () => {
  it("spots every station of a crowded band that signs, at its frequency, with its kind; plain text and reports give none", () => {
    const { samples, sampleRate } = band([...CALLING.map((c) => c.signal), ...NO_SPOT]);
    const { spots, signals } = spotRecording(samples, sampleRate, { dial: 14025 });
    assert.ok(signals >= CALLING.length, `${signals} signals read`);
    // Recall: every station; no other call.
    assert.deepEqual(spots.map((s) => s.call).sort(), CALLING.map((c) => c.call).sort());
    for (const { call, kind, signal } of CALLING) {
      const spot = spots.find((s) => s.call === call)!;
      assert.ok(Math.abs(spot.frequencyKHz - (14025 + signal.frequency / 1000)) <= 0.1 + 1e-9, `${call} at ${spot.frequencyKHz} kHz`);
      assert.equal(spot.kind, kind, call);
      assert.ok(spot.heard.includes(call) && spot.heard.length <= 60, spot.heard);
      assert.ok(Math.abs(spot.wpm - signal.wpm) <= 2, `${call}: ${spot.wpm} wpm`);
      assert.ok(spot.firstMs >= 1000 * signal.startS - 50 && spot.lastMs > spot.firstMs, `${call}: ${spot.firstMs}..${spot.lastMs} ms`);
      assert.equal(spot.frequencyKHz, spotFrequencyKHz(14025, spot.audioHz));
    }
    // Sorted by frequency.
    assert.deepEqual(
      spots.map((s) => s.frequencyKHz),
      spots.map((s) => s.frequencyKHz).sort((a, b) => a - b),
    );
  });

  it("places the spots below the dial in LSB", () => {
    const { samples, sampleRate } = band([CALLING[0].signal, CALLING[3].signal], 12, 9);
    const { spots } = spotRecording(samples, sampleRate, { dial: 7030, sideband: "lsb" });
    assert.deepEqual(
      spots.map((s) => s.call),
      ["VK2ABC", "K1ABC"],
    );
    for (const spot of spots) assert.ok(Math.abs(spot.frequencyKHz - (7030 - spot.audioHz / 1000)) <= 0.05 + 1e-9);
  });

  it("spots nothing in noise alone", () => {
    const { samples, sampleRate } = band([], 15, 21);
    assert.deepEqual(spotRecording(samples, sampleRate, { dial: 14025 }).spots, []);
  });

  it("writes heard in the alphabet asked for, reading calls in Latin", () => {
    const { samples, sampleRate } = band([CALLING[0].signal], 10, 3);
    const [spot] = spotRecording(samples, sampleRate, { dial: 14025, alphabet: "cyrillic" }).spots;
    assert.equal(spot?.call, "K1ABC");
    assert.match(spot!.heard, /[ЦЩ]/);
  });
});

describe("spotRecording: the busted-call rule", () => {
  it("takes a call one character off a station heard more within 1 kHz for that station misread", () => {
    const { samples, sampleRate } = band(
      [station("CQ CQ DE K1ABC K1ABC K", 22, 600, 8), station("CQ DE K1ABD K", 22, 1300, 8, 1), station("CQ DE W1AW K", 22, 2000, 8, 1)],
      16,
      4,
    );
    const { spots, busted } = spotRecording(samples, sampleRate, { dial: 3525 });
    assert.deepEqual(
      spots.map((s) => s.call),
      ["K1ABC", "W1AW"],
    );
    assert.equal(busted, 1);
  });
});
