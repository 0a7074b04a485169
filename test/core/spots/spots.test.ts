import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  callsHeard,
  dxClusterLine,
  DX_COLUMNS,
  encode,
  MorseError,
  SpotLog,
  spotFrequencyKHz,
  spotsFromSignals,
  textAround,
  wordsOf,
  type SpotSignal,
} from "../../../src/core/index.js";
import { parseDxSpot } from "../../helpers/dx-cluster.js";

/** A signal whose words take 1 s each, from `startMs`. */
function signal(output: string, frequency = 700, startMs = 0): SpotSignal {
  const words = output.split(" ").map((text, i) => ({ text, startMs: startMs + 1000 * i, endMs: startMs + 1000 * i + 800 }));
  return { frequency, wpm: 25, snrDb: 12, output, startMs, endMs: words[words.length - 1]!.endMs, words };
}

const heard = (output: string) => callsHeard(wordsOf(signal(output)));

describe("calls heard on a signal", () => {
  it("takes a call heard twice, or once after DE or before K, AR or BK", () => {
    assert.deepEqual(
      heard("CQ CQ DE K1ABC K1ABC K").map((c) => [c.call, c.kind, c.sightings]),
      [["K1ABC", "CQ", 2]],
    );
    assert.deepEqual(
      heard("TEST W2XYZ").map((c) => c.call),
      [],
    );
    assert.deepEqual(
      heard("TEST W2XYZ W2XYZ").map((c) => [c.call, c.kind]),
      [["W2XYZ", "CQ"]],
    );
    for (const ending of ["K", "AR", "+", "<AR>", "BK", "<BK>"])
      assert.deepEqual(
        heard(`UR 5NN G4ABC ${ending}`).map((c) => [c.call, c.kind]),
        [["G4ABC", "DX"]],
        ending,
      );
    assert.deepEqual(
      heard("QRZ? DE DL1ABC").map((c) => [c.call, c.kind]),
      [["DL1ABC", "CQ"]],
    );
  });

  it("does not take the station called, nor plain text, reports and Q codes", () => {
    assert.deepEqual(
      heard("K1ABC K1ABC DE W2XYZ W2XYZ K").map((c) => c.call),
      ["W2XYZ"],
    );
    assert.deepEqual(heard("THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG 5NN 5NN 599 73 73 TU QRZ QRZ"), []);
    assert.deepEqual(heard("K1ABC"), []);
  });

  it("reads a word one character off DE between two calls as DE: an answer whose DE was misread", () => {
    for (const de of ["D", "E", "SE", "DT", "DEE"]) {
      assert.deepEqual(
        heard(`OK4KZI ${de} SP5EVE TNX FER CALL UR RST 579`).map((c) => [c.call, c.kind]),
        [["SP5EVE", "DX"]],
        de,
      );
      // The station called, before it, is not counted even when heard again.
      assert.deepEqual(
        heard(`OK4KZI ${de} SP5EVE 5NN OK4KZI`).map((c) => c.call),
        ["SP5EVE"],
        de,
      );
    }
    // Not between two calls, or between a call and itself, or two characters off: no DE.
    assert.deepEqual(heard("TNX E SP5EVE UR RST 579"), []);
    assert.deepEqual(
      heard("SP5EVE E SP5EVE").map((c) => c.sightings),
      [2],
    );
    assert.deepEqual(heard("OK4KZI ES SP5EVE UR RST 579"), []);
  });

  it("takes a word with a call's dits and dahs as another sending of it: a gap misjudged between characters", () => {
    const sent = (output: string, frequency = 385) => ({ ...signal(output, frequency), morse: encode(output) });
    assert.deepEqual(
      callsHeard(wordsOf(sent("CQ TEST OKONX OK9X"))).map((c) => [c.call, c.kind, c.sightings]),
      [["OK9X", "CQ", 2]],
    );
    assert.deepEqual(
      spotsFromSignals([sent("CQ TEST OKONX OK9X")], { dial: 14020 }).spots.map((s) => [s.call, s.frequencyKHz]),
      [["OK9X", 14020.4]],
    );
    // Without the Morse, or with other dits and dahs: one sending, no spot.
    assert.deepEqual(heard("CQ TEST OKONX OK9X"), []);
    assert.deepEqual(callsHeard(wordsOf(sent("CQ TEST OKOKX OK9X"))), []);
    // Nor where two calls share those dits and dahs (W1AB, AT1AB): which one ETT1AB is is unknown.
    assert.deepEqual(callsHeard(wordsOf(sent("CQ W1AB AT1AB ETT1AB"))), []);
  });

  it("calls a repeated short message with one station a beacon, and VVV DE too", () => {
    assert.deepEqual(
      heard("VVV VVV DE OH2B OH2B").map((c) => [c.call, c.kind]),
      [["OH2B", "BEACON"]],
    );
    assert.deepEqual(
      heard("4U1UN T T T 4U1UN T T T 4U1UN").map((c) => [c.call, c.kind]),
      [["4U1UN", "BEACON"]],
    );
  });

  it("judges the kind of stations taking turns on one frequency each by its own words", () => {
    assert.deepEqual(
      heard("CQ DE JA5J K VVV VVV DE 9A4N 9A4N VVV").map((c) => [c.call, c.kind]),
      [
        ["JA5J", "CQ"],
        ["9A4N", "BEACON"],
      ],
    );
    assert.deepEqual(
      heard("K1ABC DE W2XYZ W2XYZ K W2XYZ DE K1ABC K1ABC K").map((c) => [c.call, c.kind]),
      [
        ["W2XYZ", "DX"],
        ["K1ABC", "DX"],
      ],
    );
    // Another call between its sendings: no beacon.
    assert.equal(heard("VVV DE OH2B VVV DE K1ABC VVV DE OH2B").find((c) => c.call === "OH2B")?.kind, "DX");
  });

  it("times a call by its words: first and last sending, and when it qualified", () => {
    const [call] = heard("CQ CQ DE K1ABC K1ABC K");
    assert.equal(call!.firstMs, 3000);
    assert.equal(call!.lastMs, 4800);
    assert.equal(call!.qualifiedMs, 3800); // right after DE
    assert.equal(call!.heard, "CQ CQ DE K1ABC K1ABC K");
  });

  it("spreads a signal's span over its words when it has no word times", () => {
    const words = wordsOf({ output: "AB CD", startMs: 100, endMs: 600 });
    assert.deepEqual(words, [
      { text: "AB", startMs: 100, endMs: 300 },
      { text: "CD", startMs: 400, endMs: 600 },
    ]);
  });

  it("keeps the text around a call within 60 characters, the call in it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom("A", "B", "1"), minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (words, at) => {
          const i = at % words.length;
          const text = textAround(words, i);
          assert.ok(text.length <= 60);
          if (words[i]!.length <= 60) assert.ok(` ${text} `.includes(` ${words[i]} `));
        },
      ),
    );
  });
});

describe("spot frequency", () => {
  it("is dial + audio in USB, dial - audio in LSB, to 0.1 kHz", () => {
    assert.equal(spotFrequencyKHz(14025, 700), 14025.7);
    assert.equal(spotFrequencyKHz(14025, 700, "lsb"), 14024.3);
    assert.equal(spotFrequencyKHz(7000, 1449), 7001.4);
    assert.equal(spotFrequencyKHz(7000, 1451), 7001.5);
  });

  it("lies within 0.05 kHz of the exact frequency, on either sideband", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 300_000_000 }),
        fc.integer({ min: 200, max: 3600 }),
        fc.constantFrom("usb" as const, "lsb" as const),
        (dialHz, audio, sideband) => {
          const exact = (dialHz + (sideband === "usb" ? audio : -audio)) / 1000;
          const f = spotFrequencyKHz(dialHz / 1000, audio, sideband);
          assert.ok(Math.abs(f - exact) <= 0.05 + 1e-9, `${f} for ${exact}`);
          assert.equal(Math.round(f * 10) / 10, f);
        },
      ),
    );
  });
});

describe("the spot rules", () => {
  it("busted: a call one character off a call spotted within 1 kHz in the last 10 minutes", () => {
    const log = new SpotLog();
    log.add({ call: "K1ABC", frequencyKHz: 14025.7, atMs: 0 });
    assert.equal(log.verdict("K1ABD", 14026.5, 60_000).is, "busted");
    assert.equal(log.verdict("K1ABD", 14026.8, 60_000).is, "new"); // 1.1 kHz away
    assert.equal(log.verdict("K1ABD", 14025.7, 600_000).is, "new"); // 10 minutes later
    assert.equal(log.verdict("K1XYZ", 14025.7, 60_000).is, "new");
  });

  it("once per 10 minutes: the same call within 0.5 kHz is a repeat", () => {
    const log = new SpotLog();
    log.add({ call: "K1ABC", frequencyKHz: 14025.7, atMs: 0 });
    assert.equal(log.verdict("K1ABC", 14026.2, 599_999).is, "repeat");
    assert.equal(log.verdict("K1ABC", 14026.3, 60_000).is, "new");
    assert.equal(log.verdict("K1ABC", 14025.7, 600_000).is, "new");
    log.forget(600_000);
    assert.equal(log.size, 0);
  });

  it("spots each station of a band once, sorted by frequency, the one heard more over its misreading", () => {
    const { spots, busted } = spotsFromSignals(
      [
        signal("CQ CQ DE K1ABC K1ABC K", 700),
        signal("CQ DE K1ABD K", 720), // the same station, misread on a split signal
        signal("TEST DL1XYZ DL1XYZ", 450),
        signal("CQ CQ DE K1ABC K1ABC K", 710, 30_000), // repeated within 10 minutes
        signal("THE QUICK BROWN FOX", 1500),
      ],
      { dial: 14025 },
    );
    assert.equal(busted, 1);
    assert.deepEqual(
      spots.map((s) => [s.call, s.frequencyKHz, s.kind, s.audioHz]),
      [
        ["DL1XYZ", 14025.5, "CQ", 450],
        ["K1ABC", 14025.7, "CQ", 700],
      ],
    );
    assert.deepEqual([spots[1]!.firstMs, spots[1]!.lastMs], [3000, 34_800]);
  });

  it("spots a station again after 10 minutes", () => {
    const { spots } = spotsFromSignals([signal("CQ DE K1ABC K", 700), signal("CQ DE K1ABC K", 700, 700_000)], { dial: 7000, sideband: "lsb" });
    assert.deepEqual(
      spots.map((s) => [s.call, s.frequencyKHz, s.firstMs]),
      [
        ["K1ABC", 6999.3, 2000],
        ["K1ABC", 6999.3, 702_000],
      ],
    );
  });

  it("refuses a dial out of bounds, or another sideband", () => {
    for (const dial of [99, 300_001, Number.NaN]) assert.throws(() => spotsFromSignals([], { dial }), MorseError);
    assert.throws(() => spotsFromSignals([], { dial: 14025, sideband: "am" as "usb" }), /sideband/);
  });
});

describe("DX-cluster lines", () => {
  it("writes section 9's example", () => {
    const line = dxClusterLine({ call: "K1ABC", frequencyKHz: 14025, snrDb: 22, wpm: 25, kind: "CQ" }, "DITDAH", new Date("2026-11-28T12:34:56Z"));
    assert.equal(line, "DX de DITDAH-#:  14025.0  K1ABC          CW    22 dB  25 WPM  CQ      1234Z");
  });

  it("are read by a parser written from the RBN's line format, as RBN lines are", () => {
    // RBN feed lines as RBN client projects quote them (rbn_parser's docs; a logging tool's tests).
    const rbn = [
      "DX de EA5WU-#:    7018.3  RW1M           CW    19 dB  18 WPM  CQ      2259Z",
      "DX de W3LPL-#:   14023.1  3Y0K           CW    24 dB  22 WPM  CQ      1834Z",
    ];
    assert.deepEqual(parseDxSpot(rbn[0]!), {
      spotter: "EA5WU-#",
      frequencyKHz: 7018.3,
      call: "RW1M",
      mode: "CW",
      snrDb: 19,
      wpm: 18,
      kind: "CQ",
      time: "2259",
    });
    assert.equal(parseDxSpot(rbn[1]!)?.call, "3Y0K");
    const ours = dxClusterLine({ call: "RW1M", frequencyKHz: 7018.3, snrDb: 19, wpm: 18, kind: "CQ" }, "EA5WU", new Date("2026-11-28T22:59:00Z"));
    assert.equal(ours, rbn[0]);
    for (const kind of ["CQ", "DX", "BEACON"] as const) {
      const line = dxClusterLine({ call: "DL/K1ABC/P", frequencyKHz: 3525.1, snrDb: -3, wpm: 8, kind }, "DITDAH", new Date());
      assert.equal(parseDxSpot(line)?.kind, kind, line);
    }
    assert.equal(parseDxSpot("DX de K1ABC:  14025.0  W1AW  nice signal  1234Z"), undefined);
  });

  it("keeps the columns for every spot and reporter that fit them", () => {
    const spot = fc.record({
      call: fc.stringMatching(/^[A-Z0-9/]{3,14}$/),
      frequencyKHz: fc.integer({ min: 1000, max: 3_000_000 }).map((f) => f / 10),
      snrDb: fc.double({ min: -30, max: 99, noNaN: true }),
      wpm: fc.double({ min: 5, max: 99, noNaN: true }),
      kind: fc.constantFrom("CQ" as const, "DX" as const, "BEACON" as const),
    });
    fc.assert(
      fc.property(spot, fc.stringMatching(/^[A-Z0-9]{1,6}$/), fc.date({ noInvalidDate: true }), (s, reporter, at) => {
        const line = dxClusterLine(s, reporter, at);
        const column = (n: number, length: number) => line.slice(n - 1, n - 1 + length);
        const f = s.frequencyKHz.toFixed(1);
        assert.equal(column(DX_COLUMNS.frequencyEnd - f.length + 1, f.length), f);
        assert.equal(column(DX_COLUMNS.call, s.call.length), s.call);
        assert.equal(column(DX_COLUMNS.mode, 2), "CW");
        assert.equal(column(DX_COLUMNS.kind, s.kind.length), s.kind);
        assert.match(column(DX_COLUMNS.time, 5), /^\d{4}Z$/);
        assert.equal(line.length, 75);
      }),
    );
  });
});
