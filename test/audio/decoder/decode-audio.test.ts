import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../../src/core/index.js";
import { decodeAudio, encodeWav, readWav, renderWavChunks } from "../../../src/audio/index.js";
import { handKeyed, levenshtein, record, type Channel } from "../../fixtures/simulator.js";
import { gaussian, rng } from "../../fixtures/random.js";
import { elementSineMorse } from "../../fixtures/element-sine-generator.js";
import { fadeDepthForDb, lightFarnsworth, qsb, receiverMutes, secondStation, silentStretch, tightFist, zeroBeat } from "../../fixtures/conditions.js";

function rendered(text: string, wpm: number, frequency: number, sampleRate: number) {
  return readWav(Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency, sampleRate })]));
}

const QUIET: Channel = { frequency: 600, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: Infinity, padS: 0.5 };

describe("decodeAudio", () => {
  const cases: [string, number, number, number][] = [
    ["PARIS CQ", 5, 300, 8000],
    ["CQ CQ DE W1AW K", 20, 600, 22050],
    ["QTH BERLIN NAME HANS RST 599 73 <SK>", 40, 1000, 44100],
    ["CQ TEST DE K5ZD", 20, 1000, 8000],
    ["GM UR RST 5NN 73", 40, 300, 11025],
    ["SOS", 5, 1000, 48000],
    ["THE QUICK BROWN FOX 1234567890", 50, 700, 16000],
  ];
  for (const [text, wpm, frequency, sampleRate] of cases) {
    it(`round-trips ${wpm} wpm at ${frequency} Hz, ${sampleRate} samples/s`, () => {
      const { samples, sampleRate: rate } = rendered(text, wpm, frequency, sampleRate);
      const result = decodeAudio(samples, rate);
      assert.equal(result.output, text);
      assert.equal(result.morse, timeline(text).morse);
      assert.ok(Math.abs(result.wpm - wpm) <= 0.1 * wpm, `${result.wpm} wpm`);
      assert.ok(Math.abs(result.frequency - frequency) <= 3, `${result.frequency} Hz`);
      assert.equal(result.durationMs, (1000 * samples.length) / rate);
    });
  }

  it("round-trips 20 wpm from a 2000 Hz WAV, the tone at 600 Hz and at 900 Hz (0.45 of the sample rate)", () => {
    const text = "CQ CQ DE W1AW K";
    for (const frequency of [600, 900]) {
      const recorded = record(timeline(text, { wpm: 20 }), { ...QUIET, frequency }, 2000, rng(1));
      const { samples, sampleRate } = readWav(encodeWav([recorded], 2000));
      const result = decodeAudio(samples, sampleRate);
      assert.equal(result.output, text, `${frequency} Hz`);
      assert.equal(result.morse, timeline(text).morse);
      assert.ok(Math.abs(result.wpm - 20) <= 2, `${frequency} Hz: ${result.wpm} wpm`);
      assert.ok(Math.abs(result.frequency - frequency) <= 3, `${frequency} Hz: ${result.frequency} Hz`);
      assert.equal(decodeAudio(samples, sampleRate, { frequency }).output, text, `${frequency} Hz, hinted`);
    }
  });

  it("hears Morse through noise at 0 dB (3 kHz), with pitch drift, fading and silence around it", () => {
    const text = "CQ CQ DE DL1ABC DL1ABC K";
    for (const [wpm, seed] of [
      [15, 1],
      [30, 2],
    ] as const) {
      const channel = { ...QUIET, frequency: 750, snrDb: 0, driftHz: 18, fadeDepth: 0.5, fadePeriodS: 4 };
      const samples = record(timeline(text, { wpm }), channel, 11025, rng(seed));
      const result = decodeAudio(samples, 11025);
      assert.equal(result.output, text, `${wpm} wpm`);
      assert.ok(Math.abs(result.frequency - 750) <= 10, `${result.frequency} Hz`);
    }
  });

  it("copies 20 wpm at -6 dB (3 kHz) with at most one character wrong", () => {
    const text = "QTH PARIS NAME LUC RST 579 579 BK";
    const samples = record(timeline(text, { wpm: 20 }), { ...QUIET, snrDb: -6 }, 8000, rng(11));
    const result = decodeAudio(samples, 8000);
    assert.ok(levenshtein(text, result.output) <= 1, result.output);
  });

  it("follows hand keying (±20 %) that speeds up by 30 % along the way", () => {
    const text = "TNX FER QSO ES 73 GL OM";
    const keyed = handKeyed(timeline(text, { wpm: 18 }), rng(3), 0.2, 0.3);
    const samples = record(keyed, { ...QUIET, snrDb: 10 }, 8000, rng(4));
    assert.equal(decodeAudio(samples, 8000).output, text);
  });

  it("finds no Morse in noise, silence or a steady tone: empty output and a warning saying where it looked, not an error", () => {
    const noise = new Float32Array(8000 * 5);
    const random = rng(5);
    for (let i = 0; i < noise.length; i++) noise[i] = 0.2 * (random() + random() + random() - 1.5);
    const carrier = Float32Array.from({ length: 8000 * 3 }, (_, n) => 0.5 * Math.sin((2 * Math.PI * 600 * n) / 8000));
    for (const [name, samples] of [
      ["noise", noise],
      ["silence", new Float32Array(8000)],
      ["carrier", carrier],
      ["nothing", new Float32Array(0)],
    ] as const) {
      const result = decodeAudio(samples, 8000);
      const warning = "No Morse was found between 200 and 3600 Hz";
      assert.deepEqual({ ...result, durationMs: 0 }, { output: "", morse: "", characters: 0, wpm: 0, frequency: 0, durationMs: 0, warning }, name);
      assert.equal(result.durationMs, (1000 * samples.length) / 8000);
    }
    // A hinted speed skips the search, not the test for keying.
    assert.equal(decodeAudio(noise, 8000, { wpm: 20 }).output, "");
  });

  describe("lone groups of one or two marks a word gap or more away from the message, at either end", () => {
    const noisy = (text: string, seed: number) => record(timeline(text, { wpm: 20 }), { ...QUIET, snrDb: -6 }, 8000, rng(seed));

    it("are dropped in a noisy recording, where a burst of noise passes for an E or a T", () => {
      const burst = timeline("E", { wpm: 20 });
      const message = timeline("CQ DE W1AW", { wpm: 20 });
      const pause = { type: "silence" as const, startMs: 0, durationMs: 600 };
      const sequence = [...burst.sequence, pause, ...message.sequence, pause, ...timeline("T", { wpm: 20 }).sequence];
      let at = 0;
      const joined = {
        ...message,
        sequence: sequence.map((s) => {
          const t = { ...s, startMs: at };
          at += s.durationMs;
          return t;
        }),
        durationMs: 0,
      };
      joined.durationMs = at;
      assert.equal(decodeAudio(record(joined, { ...QUIET, snrDb: -6 }, 8000, rng(8)), 8000).output, "CQ DE W1AW");
      // One group after another; inside the message an E or an I stays, and so does a word of three marks at an end.
      assert.equal(decodeAudio(noisy("I E CQ DE W1AW EE", 9), 8000).output, "CQ DE W1AW");
      assert.equal(decodeAudio(noisy("CQ E I CQ", 10), 8000).output, "CQ E I CQ");
      assert.equal(decodeAudio(noisy("S CQ K", 11), 8000).output, "S CQ K");
    });

    it("are kept in a clean recording: a real I or E at either end is read", () => {
      for (const text of ["I AM OK", "E CQ T", "I E CQ EE", "A CQ N"]) {
        assert.equal(decodeAudio(rendered(text, 20, 600, 8000).samples, 8000).output, text);
        assert.equal(decodeAudio(record(timeline(text, { wpm: 20 }), { ...QUIET, snrDb: 10 }, 8000, rng(12)), 8000).output, text, `${text} at +10 dB`);
      }
    });
  });

  it("reads another generator's Morse: every element a sine started afresh, keyed hard (AG1LE's, of the Kaggle set)", () => {
    const random = rng(31);
    const cases: [string, number, number][] = [
      ["RFR FRR 4ROF 9F8R", 18, 10],
      ["K7OOLNPK60WUC5PC6L0X", 35, 20],
      ["TZ5R70XELU0DBFCMEKPZ", 43, 0],
    ];
    for (const [text, wpm, snrDb] of cases) {
      const samples = elementSineMorse(text, { wpm, frequency: 600, sampleRate: 8000, snrDb }, random);
      assert.equal(decodeAudio(samples, 8000).output, text, `${wpm} wpm at ${snrDb} dB`);
    }
  });

  it("reads the dit after a dah at the end of R, F and <AR>, at several speeds and sample rates, from both generators", () => {
    const text = "GREATER OF <AR> RF FR";
    // <AR> is keyed as +, and read so.
    const read = "GREATER OF + RF FR";
    for (const [wpm, sampleRate] of [
      [12, 8000],
      [18, 44100],
      [30, 11025],
    ] as const) {
      assert.equal(decodeAudio(rendered(text, wpm, 700, sampleRate).samples, sampleRate).output, read, `${wpm} wpm, ${sampleRate} samples/s`);
      const hard = elementSineMorse("GREATER OF RF FR", { wpm, frequency: 600, sampleRate, snrDb: 20 }, rng(wpm));
      assert.equal(decodeAudio(hard, sampleRate).output, "GREATER OF RF FR", `element-sine ${wpm} wpm, ${sampleRate} samples/s`);
    }
  });

  it("reads hard keying at 60 wpm", () => {
    const text = "5NN TU 73 K7OOLNPK60";
    const samples = elementSineMorse(text, { wpm: 60, frequency: 600, sampleRate: 8000, snrDb: 15 }, rng(60));
    assert.equal(decodeAudio(samples, 8000).output, text);
  });

  it("reads through receiver mutes (QSK): the recording zeroed for 100 to 400 ms where the key is up", () => {
    for (const { text, samples, label } of receiverMutes(12, 2)) assert.equal(decodeAudio(samples, 8000).output, text, label);
  });

  it("reads Farnsworth spacing: stretched letter gaps still join letters into words", () => {
    for (const [wpm, fwpm] of [
      [20, 8],
      [25, 10],
      [18, 12],
    ] as const) {
      const tl = timeline("PARIS PARIS CQ", { wpm, fwpm });
      const { samples, sampleRate } = readWav(Buffer.concat([...renderWavChunks(tl, { frequency: 600, sampleRate: 8000 })]));
      assert.equal(decodeAudio(samples, sampleRate).output, "PARIS PARIS CQ", `${wpm}/${fwpm} wpm`);
    }
    // And through noise, hand keyed.
    const keyed = handKeyed(timeline("CQ CQ DE W1AW W1AW K", { wpm: 20, fwpm: 10 }), rng(9), 0.15, 0);
    const samples = record(keyed, { ...QUIET, snrDb: 0 }, 8000, rng(10));
    assert.equal(decodeAudio(samples, 8000).output, "CQ CQ DE W1AW W1AW K");
  });

  it("reads light Farnsworth (overall 0.8 of the character speed) and a tight fist (letter gaps of 2 dots, word gaps of 4 or 3)", () => {
    for (const { text, samples, label } of [...lightFarnsworth(7, 3), ...tightFist(8, 3, 2, 4), ...tightFist(9, 3, 2, 3)]) {
      assert.equal(decodeAudio(samples, 8000).output, text, label);
    }
  });

  it("reads through a fade faster than the envelope's level windows (8.7 dB at 0.93 Hz, +4 dB, 27 wpm): 5 of 6 noise draws exactly", () => {
    const text = "OH7Y DE I4Z TNX 73 K";
    const channel: Channel = { ...QUIET, frequency: 596, snrDb: 4, fadeDepth: fadeDepthForDb(8.7), fadePeriodS: 1 / 0.93 };
    const outputs = [1, 2, 3, 4, 5, 6].map((seed) => decodeAudio(record(timeline(text, { wpm: 27 }), channel, 8000, rng(seed)), 8000).output);
    assert.ok(outputs.filter((o) => o === text).length >= 5, outputs.join(" | "));
  });

  it("reads through QSB 6 to 15 dB deep at 0.3 to 1 Hz, 0 to +10 dB, the marks in its troughs too", () => {
    for (const { text, samples, label } of qsb(7, 6)) assert.equal(decodeAudio(samples, 8000).output, text, label);
  });

  it("keeps the word spaces of two transmissions 20 s of noise apart", () => {
    const random = rng(12);
    const text = "CQ CQ DE W1AW K";
    const once = record(timeline(text, { wpm: 20 }), { ...QUIET, snrDb: 10 }, 8000, random);
    // The noise alone, as loud as in the recording's first 0.4 s (before the first mark).
    let power = 0;
    for (let i = 0; i < 3200; i++) power += once[i]! ** 2;
    const pause = new Float32Array(20 * 8000).map(() => Math.sqrt(power / 3200) * gaussian(random));
    const samples = new Float32Array(2 * once.length + pause.length);
    samples.set(once);
    samples.set(pause, once.length);
    samples.set(once, once.length + pause.length);
    assert.equal(decodeAudio(samples, 8000).output, `${text} ${text}`);
  });

  it("reads nothing in 10 to 20 s of noise between two weak phrases (the local squelch; -7 dB, 24 and 15 wpm)", () => {
    for (const seed of [21, 22]) {
      const { text, samples, label } = silentStretch(seed, 4)[3]!;
      assert.equal(decodeAudio(samples, 8000).output, text, label);
    }
  });

  it("reads two stations in turn (a QSO), each at its own pitch and speed", () => {
    for (const { text, samples, label } of secondStation(10, 3)) assert.equal(decodeAudio(samples, 8000).output, text, label);
  });

  it("reads two stations in turn at one pitch (zero-beat), each at its own speed", () => {
    for (const { text, samples, label } of zeroBeat(168, 3)) assert.equal(decodeAudio(samples, 8000).output, text, label);
  });

  it("takes the pitch hint to choose between two signals", () => {
    const a = rendered("AAAA AAAA", 20, 500, 8000).samples;
    const b = rendered("TEST TEST", 20, 900, 8000).samples;
    const both = new Float32Array(Math.max(a.length, b.length));
    for (let i = 0; i < both.length; i++) both[i] = 0.5 * ((a[i] ?? 0) + (b[i] ?? 0));
    assert.equal(decodeAudio(both, 8000, { frequency: 900 }).output, "TEST TEST");
    assert.equal(decodeAudio(both, 8000, { frequency: 500 }).output, "AAAA AAAA");
    assert.equal(decodeAudio(both, 8000, { frequency: 880, wpm: 20 }).frequency, 900);
  });

  it("reads through NaN and infinite samples and levels near float32's limit, and from far below ordinary levels", () => {
    // 3e38 squared overflows to Infinity: the evidence turned NaN and the mark-by-mark
    // search's way back looped until the heap ran out.
    const text = "CQ DE W1AW K";
    const { samples } = rendered(text, 20, 600, 8000);
    const scaled = (by: number) => samples.map((x) => x * by);
    const spoiled = (at: number, value: number) => {
      const s = samples.slice();
      s[at] = value;
      return s;
    };
    const middle = samples.length >> 1;
    for (const [name, input] of [
      ["3e38 peak", scaled(3e38 / 0.89)],
      ["1e-20 peak", scaled(1e-20)],
      ["a NaN", spoiled(middle, Number.NaN)],
      ["an infinity", spoiled(middle, Number.POSITIVE_INFINITY)],
      ["a -infinity", spoiled(middle, Number.NEGATIVE_INFINITY)],
      ["a spike at 3e38", spoiled(middle, 3e38)],
    ] as const) {
      assert.equal(decodeAudio(input, 8000).output, text, name);
    }
    const ruined = samples.slice();
    ruined.fill(3e38, middle);
    assert.equal(typeof decodeAudio(ruined, 8000).output, "string");
  });

  it("refuses samples it cannot use", () => {
    assert.throws(
      () => decodeAudio(new Float32Array(10), 0),
      (e: unknown) => e instanceof MorseError && e.code === "INVALID_AUDIO",
    );
    assert.throws(
      () => decodeAudio([0, 1] as unknown as Float32Array, 8000),
      (e: unknown) => e instanceof MorseError && e.code === "INVALID_AUDIO",
    );
  });
});
