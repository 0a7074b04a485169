import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { timeline } from "../../../../src/core/index.js";
import { toBaseband } from "../../../../src/audio/decoder/front-end/baseband.js";
import { findPitches } from "../../../../src/audio/decoder/front-end/pitch.js";
import { type Turn, turns } from "../../../../src/audio/decoder/front-end/turns.js";
import { DECODE_FREQUENCY } from "../../../../src/audio/limits.js";
import { rng } from "../../../fixtures/random.js";
import { record, type Channel } from "../../../fixtures/simulator.js";
import { DEFAULT_TUNING } from "../../../../src/audio/decoder/tuning.js";

const RATE = 8000;
const station = (text: string, wpm: number, frequency: number, seed: number): Float32Array =>
  record(timeline(text, { wpm }), { frequency, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 5, padS: 0.75 } satisfies Channel, RATE, rng(seed));

function joined(a: Float32Array, b: Float32Array): Float32Array {
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function mixed(a: Float32Array, b: Float32Array): Float32Array {
  return new Float32Array(Math.max(a.length, b.length)).map((_, i) => (a[i] ?? 0) + 0.7 * (b[i] ?? 0));
}

/** The turns decodeAudio finds. */
function turnsOf(samples: Float32Array): Turn[] {
  const { first, second } = findPitches(DEFAULT_TUNING, samples, RATE, DECODE_FREQUENCY, DEFAULT_TUNING.turns.TURN_MIN_SEPARATION_HZ)!;
  return turns(DEFAULT_TUNING, samples, RATE, { frequency: first, bb: toBaseband(DEFAULT_TUNING, samples, RATE, first) }, second);
}

describe("turns", () => {
  it("cuts a QSO between its two stations, each at its own pitch, in the pause between them", () => {
    const first = station("CQ CQ DE N0CALL K", 14, 615, 1);
    const second = station("N0CALL DE W1XYZ K", 28, 730, 2);
    const found = turnsOf(joined(first, second));
    assert.equal(found.length, 2);
    assert.ok(Math.abs(found[0]!.frequency - 615) < 5 && Math.abs(found[1]!.frequency - 730) < 5, JSON.stringify(found));
    // The pause is the last 0.75 s of the first recording and the first 0.75 s of the second.
    assert.ok(Math.abs(found[0]!.to - first.length) < 0.75 * RATE, `cut at ${found[0]!.to}, the turn changes at ${first.length}`);
    assert.equal(found[1]!.from, found[0]!.to);
    assert.equal(found[1]!.to, first.length + second.length);
  });

  it("leaves one turn for one station, and for two keying at the same time", () => {
    const one = station("CQ CQ DE N0CALL N0CALL K", 18, 600, 3);
    assert.equal(turnsOf(one).length, 1);
    const both = mixed(one, station("TEST DE W1XYZ W1XYZ TEST", 22, 760, 4));
    assert.equal(turnsOf(both).length, 1);
  });
});
