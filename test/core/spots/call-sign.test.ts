import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { baseCallOf, callSignIn, holderOf, isCallSign, ITU_SERIES, oneApart } from "../../../src/core/index.js";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const letter = fc.constantFrom(...LETTERS);
const digit = fc.constantFrom(..."0123456789");
const suffix = fc.array(letter, { minLength: 1, maxLength: 4 }).map((l) => l.join(""));

/** Two-character prefixes of letters only that the table allocates (DL, VK, JA, ...). */
const letterPrefixes = ITU_SERIES.flatMap(([from, to]) => {
  const out: string[] = [];
  if (!/^[A-Z]{2}/.test(from) || from[0] !== to[0]) return out;
  for (let c = from.charCodeAt(1); c <= to.charCodeAt(1); c++) out.push(from[0]! + String.fromCharCode(c));
  return out;
});

describe("call signs: the ITU's series and section 9's structure", () => {
  it("reads the calls operators send", () => {
    for (const call of [
      "K1ABC",
      "W1AW",
      "G4ABC",
      "DL1ABC",
      "JA1XYZ",
      "VK2ABC",
      "9A1A",
      "S51A",
      "A61AB",
      "4X4AB",
      "3DA0RU",
      "C6AGU",
      "2E0ABC",
      "HB9ABC",
      "4U1UN",
      "T77C",
    ]) {
      assert.equal(callSignIn(call), call, call);
    }
    for (const call of ["K1ABC/P", "K1ABC/M", "K1ABC/QRP", "K1ABC/3", "DL/K1ABC", "EA8/G4ABC", "VP2E/K1ABC", "3D2/K1ABC", "F/G4ABC/P"]) {
      assert.equal(callSignIn(call), call, call);
    }
  });

  it("refuses what is not a call: words, reports, Q codes, unallocated series and broken structure", () => {
    for (const word of [
      "CQ",
      "DE",
      "TEST",
      "5NN",
      "599",
      "73",
      "QRZ",
      "QRZ?",
      "TU",
      "K",
      "1ABC",
      "Q1ABC",
      "0A1B",
      "K1",
      "K1ABCDE",
      "KABC",
      "K12",
      "K1ABC/X",
      "K1ABC/",
      "/K1ABC",
      "DL//K1ABC",
      "K1ABC/P/P/P",
      "E91A",
      "S41A",
      "T91A",
      "D1ABC",
      "k1abc",
      "K1A2C",
      "K1*",
      "",
      "A1A",
    ]) {
      assert.equal(callSignIn(word), undefined, word);
    }
  });

  it("names the holder of a prefix, one character only where the Regulations allow it, three only where a series is split", () => {
    assert.equal(holderOf("K"), "United States of America");
    assert.equal(holderOf("DL"), "Germany");
    assert.equal(holderOf("9A"), "Croatia");
    assert.equal(holderOf("3DA"), "Eswatini");
    assert.equal(holderOf("3DN"), "Fiji");
    assert.equal(holderOf("SSN"), "Sudan");
    assert.equal(holderOf("D"), undefined);
    assert.equal(holderOf("QA"), undefined);
    assert.equal(holderOf("DLA"), undefined);
  });

  it("takes every allocated letter prefix with a digit and a suffix of 1 to 4 letters, /P and a prefix before / too", () => {
    fc.assert(
      fc.property(fc.constantFrom(...letterPrefixes), digit, suffix, fc.constantFrom("", "/P", "/M", "/QRP", "/7"), (prefix, d, s, after) => {
        const call = `${prefix}${d}${s}${after}`;
        assert.equal(callSignIn(call), call);
        assert.equal(callSignIn(`DL/${call}`), `DL/${call}`);
        assert.equal(baseCallOf(`DL/${call}`), `${prefix}${d}${s}`);
      }),
    );
  });

  it("never takes a word without a digit, or one whose suffix is not letters", () => {
    fc.assert(fc.property(fc.array(letter, { minLength: 1, maxLength: 8 }), (letters) => assert.equal(isCallSign(letters.join("")), false)));
    fc.assert(fc.property(fc.constantFrom(...letterPrefixes), digit, suffix, digit, (p, d, s, end) => assert.equal(isCallSign(`${p}${d}${s}${end}`), false)));
  });

  it("tells calls one character apart: one changed, added or dropped", () => {
    assert.equal(oneApart("K1ABC", "K1ABD"), true);
    assert.equal(oneApart("K1ABC", "K1AB"), true);
    assert.equal(oneApart("K1ABC", "K1XABC"), true);
    assert.equal(oneApart("K1ABC", "K1ABC"), false);
    assert.equal(oneApart("K1ABC", "K1AXY"), false);
    assert.equal(oneApart("K1ABC", "W2ABC"), false);
    fc.assert(
      fc.property(fc.string({ unit: letter, minLength: 1, maxLength: 8 }), fc.nat(), letter, fc.constantFrom("change", "add", "drop"), (a, at, c, how) => {
        const i = at % a.length;
        const b = how === "change" ? a.slice(0, i) + c + a.slice(i + 1) : how === "add" ? a.slice(0, i) + c + a.slice(i) : a.slice(0, i) + a.slice(i + 1);
        assert.equal(oneApart(a, b), a !== b);
        assert.equal(oneApart(b, a), oneApart(a, b));
      }),
    );
  });
});
