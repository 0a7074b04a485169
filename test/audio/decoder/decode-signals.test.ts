/** decodeSignals: every signal of a band read apart. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio, decodeSignals, type SignalDecode } from "../../../src/audio/index.js";
import { decodeSignalsTimed } from "../../../src/audio/decoder/decode-signals.js";
import { findSignals } from "../../../src/audio/decoder/front-end/signals.js";
import { recordBand, type BandSignal } from "../../fixtures/band.js";
import { zeroBeat } from "../../fixtures/conditions.js";
import { DEFAULT_TUNING } from "../../../src/audio/decoder/tuning.js";

function signal(text: string, wpm: number, frequency: number, snrDb: number, startS = 0.5): BandSignal {
  return { text, wpm, frequency, snrDb, startS };
}

function band(signals: BandSignal[], durationS = 16, sampleRate = 8000, noiseSeed = 11) {
  return { samples: recordBand({ signals, durationS, sampleRate, noiseSeed }), sampleRate };
}

/** The decode within 20 Hz of `frequency`. */
function at(signals: SignalDecode[], frequency: number): SignalDecode {
  const found = signals.find((s) => Math.abs(s.frequency - frequency) <= 20);
  assert.ok(found, `nothing read near ${frequency} Hz: ${JSON.stringify(signals.map((s) => s.frequency))}`);
  return found;
}

describe("decodeSignals", () => {
  it("reads two signals at known pitches apart, by pitch, each with its own speed, times and level", () => {
    const sent = [signal("CQ CQ DE W1AW K", 18, 1400, 8), signal("TEST DL1ABC DL1ABC", 28, 700, 3, 1)];
    const { samples, sampleRate } = band(sent);
    const { signals, durationMs } = decodeSignals(samples, sampleRate);
    assert.equal(durationMs, 16000);
    assert.deepEqual(
      signals.map((s) => [s.signal, s.output]),
      [
        [0, "TEST DL1ABC DL1ABC"],
        [1, "CQ CQ DE W1AW K"],
      ],
    );
    assert.ok(Math.abs(signals[0]!.wpm - 28) < 2 && Math.abs(signals[1]!.wpm - 18) < 2, `${signals[0]!.wpm}, ${signals[1]!.wpm} wpm`);
    assert.ok(Math.abs(signals[0]!.startMs - 1000) < 30 && Math.abs(signals[1]!.startMs - 500) < 30);
    // The level is estimated from the spectrum: within a few dB, the stronger above.
    assert.ok(signals[1]!.snrDb > signals[0]!.snrDb && Math.abs(signals[1]!.snrDb - 8) < 4, `${signals[1]!.snrDb} dB`);
  });

  it("reads five signals of a crowded band, from 300 to 2800 Hz, at a rate of 44.1 kHz", () => {
    const sent = [
      signal("CQ TEST K5ZD", 30, 300, 10),
      signal("5NN 14 TU", 34, 650, 4),
      signal("QRZ DE G4XYZ", 16, 1000, 2),
      signal("UR RST 599 BK", 22, 1900, 0),
      signal("TNX FER QSO 73", 14, 2800, 6),
    ];
    const { samples, sampleRate } = band(sent, 16, 44100);
    const { signals } = decodeSignals(samples, sampleRate);
    assert.equal(signals.length, 5);
    for (const s of sent) assert.equal(at(signals, s.frequency).output, s.text);
  });

  it("reads two signals 50 Hz apart", () => {
    const sent = [signal("PARIS PARIS", 20, 800, 6), signal("TEST TEST", 24, 850, 6, 1)];
    const { samples, sampleRate } = band(sent);
    const { signals } = decodeSignals(samples, sampleRate);
    assert.equal(signals.length, 2);
    for (const s of sent) assert.equal(at(signals, s.frequency).output, s.text);
  });

  it("reads a signal 20 dB weaker than a neighbour 150 Hz away, and not the neighbour's clicks", () => {
    const sent = [signal("PARIS PARIS PARIS PARIS", 30, 1000, 20), signal("WEAK SIGNAL", 20, 1150, 0, 2)];
    const { samples, sampleRate } = band(sent);
    const { signals } = decodeSignals(samples, sampleRate);
    assert.deepEqual(
      signals.map((s) => s.output),
      sent.map((s) => s.text),
    );
  });

  it("reads a signal that starts halfway, from where it starts", () => {
    const sent = [signal("CQ CQ CQ DE ON4UN", 20, 600, 8), signal("QRZ DE VK2DX", 20, 1200, 8, 9)];
    const { samples, sampleRate } = band(sent, 18);
    const late = at(decodeSignals(samples, sampleRate).signals, 1200);
    assert.equal(late.output, "QRZ DE VK2DX");
    assert.ok(Math.abs(late.startMs - 9000) < 30, `${late.startMs} ms`);
  });

  it("reads two stations in turn at one pitch (zero-beat) as one signal, each at its own speed", () => {
    for (const { text, samples, label } of zeroBeat(168, 3)) {
      const { signals } = decodeSignals(samples, 8000);
      assert.equal(signals.length, 1, label);
      assert.equal(signals[0]!.output, text, label);
    }
  });

  it("reads a station 1.25 times as fast as the one before it at that pitch at its own speed", () => {
    // Read at the first station's 19.5 wpm, the second's CQ CQ was UG GW: 3 of the 6 stations the spots bench missed in its
    // recordings were read so, a transmission at 1.2 to 1.3 times the signal's speed not read at its own.
    for (const seed of [3, 4, 6]) {
      const sent = [
        signal("EA6L DE HA4NHQ HA4NHQ K EA6L DE HA4NHQ HA4NHQ K", 19, 483, -3, 3.3),
        signal("CQ CQ DE JA6TI JA6TI K CQ CQ DE JA6TI JA6TI K", 24, 492, 15, 36.9),
      ];
      const { samples, sampleRate } = band(sent, 60, 8000, seed);
      assert.equal(at(decodeSignals(samples, sampleRate).signals, 490).output, sent.map((s) => s.text).join(" "), `seed ${seed}`);
    }
  });

  it("finds no signal in band noise alone, nor in silence", () => {
    for (const seed of [1, 2, 3]) {
      const { samples, sampleRate } = band([], 30, 8000, seed);
      assert.deepEqual(findSignals(DEFAULT_TUNING, samples, sampleRate), []);
      assert.deepEqual(decodeSignals(samples, sampleRate).signals, []);
    }
    assert.deepEqual(decodeSignals(new Float32Array(8000), 8000).signals, []);
  });

  it("leaves decodeAudio's reading of the strongest signal as it was", () => {
    const sent = [signal("CQ CQ DE W1AW K", 20, 700, 12), signal("TEST", 20, 1100, 0)];
    const { samples, sampleRate } = band(sent);
    assert.equal(decodeAudio(samples, sampleRate).output, "CQ CQ DE W1AW K");
  });

  it("reads nothing of a strong station about 1 kHz away in a quiet channel's pause", () => {
    // A channel's blocks once let a tone 1 kHz away through at -26 dB, folded to within a few Hz of its pitch: a quiet
    // channel read the strong station's keying between its own transmissions (5WTK K for PY5WTK K on an hour of band).
    for (const seed of [1, 2, 4, 10]) {
      const strong = 700 + 10 * seed;
      const hand = (offset: number) => ({ jitter: 0.1, speedChange: 0, seed: seed + offset });
      const sent: BandSignal[] = [
        signal("CQ CQ DE PY5WTK PY5WTK K CQ CQ DE PY5WTK PY5WTK K", 20, strong, 19, 4),
        { ...signal("DIPOLE HOMEBREW QTH NR", 20, strong + 1049, -4, 1), hand: hand(0) },
        { ...signal("73 FB OM COLD", 29, strong + 1052, 4, 23), hand: hand(100) },
      ];
      const { samples, sampleRate } = band(sent, 45, 8000, seed);
      const quiet = at(decodeSignals(samples, sampleRate).signals, strong + 1050);
      assert.equal(quiet.output.split(" ").length, 8, `seed ${seed}: ${quiet.output}`);
    }
  });

  it("decodes a signal followed alone from where its listener needs it, and one with a neighbour within SIDEBAND_HZ wherever it is heard", () => {
    const sent = [signal("CQ CQ DE W1AW W1AW K", 20, 600, 8), signal("TEST DL1ABC DL1ABC K", 22, 1400, 8), signal("QRZ DE F5ABC K", 18, 1600, 8)];
    const { samples, sampleRate } = band(sent);
    const followed = [600, 1400, 1600].map((frequency) => ({ frequency, wpm: 20, fromMs: 8000 }));
    const starts = (signals: ReturnType<typeof decodeSignalsTimed>) => signals.map((s) => [s.frequency, s.characters[0]!.startMs] as const);
    const whole = starts(decodeSignalsTimed(DEFAULT_TUNING, samples, sampleRate));
    assert.equal(whole.length, 3);
    const narrowed = starts(decodeSignalsTimed(DEFAULT_TUNING, samples, sampleRate, {}, followed));
    const firstAt = (list: typeof whole, hz: number) => list.find(([f]) => Math.abs(f - hz) <= 20)![1];
    assert.ok(firstAt(whole, 600) < 1000, `600 Hz read from ${firstAt(whole, 600)} ms`);
    // Alone: its characters from 8 s on (less the channel's padding) only.
    assert.ok(firstAt(narrowed, 600) >= 8000 - DEFAULT_TUNING.band.PAD_MS, `600 Hz read from ${firstAt(narrowed, 600)} ms`);
    // 200 Hz apart: both decoded from where they are heard, their first characters half a second in.
    for (const hz of [1400, 1600]) assert.ok(firstAt(narrowed, hz) < 1000, `${hz} Hz read from ${firstAt(narrowed, hz)} ms`);
  });

  it("refuses what decodeAudio refuses", () => {
    assert.throws(() => decodeSignals([] as unknown as Float32Array, 8000), /Float32Array/);
    assert.throws(() => decodeSignals(new Float32Array(10), 0), /sample rate/);
  });
});
