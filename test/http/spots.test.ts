/** POST /api/v1/spots over a socket: the stations of a recorded band, and its refusals (API.md section 9). */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { recordBand, type BandSignal } from "../fixtures/band.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, rawRequest, send } from "./support.js";

const server = serveForTests();

const station = (text: string, wpm: number, frequency: number, snrDb: number, startS: number): BandSignal => ({ text, wpm, frequency, snrDb, startS });

/** Three stations: two calling CQ, one answering; and a signal of plain text. */
const BAND = encodeWav(
  [
    recordBand({
      signals: [
        station("CQ CQ DE K1ABC K1ABC K", 22, 500, 8, 0.5),
        station("TEST DL1XYZ DL1XYZ", 28, 1100, 4, 1),
        station("W1AW DE G4XYZ G4XYZ K", 20, 1800, 6, 0.8),
        station("NAME IS JOHN", 20, 2400, 8, 1),
      ],
      durationS: 14,
      sampleRate: 8000,
      noiseSeed: 8,
    }),
  ],
  8000,
);

function postSpots(query: string, bytes: Uint8Array = BAND, contentType = "audio/wav") {
  return rawRequest(server.url, "POST", `/api/v1/spots${query}`, {
    headers: { "content-type": contentType, "content-length": String(bytes.length) },
    chunks: [bytes],
  });
}

describe("POST /api/v1/spots", () => {
  it("answers the stations heard, sorted by frequency, each with section 9's fields", async () => {
    const body = assertSuccess(await postSpots("?dial=14025"));
    assert.deepEqual(Object.keys(body).sort(), ["spots", "success"]);
    assert.deepEqual(
      body.spots.map((s: any) => [s.call, s.frequencyKHz, s.kind]),
      [
        ["K1ABC", 14025.5, "CQ"],
        ["DL1XYZ", 14026.1, "CQ"],
        ["G4XYZ", 14026.8, "DX"],
      ],
    );
    for (const spot of body.spots) {
      assert.deepEqual(Object.keys(spot).sort(), ["audioHz", "call", "firstMs", "frequencyKHz", "heard", "kind", "lastMs", "snrDb", "wpm"]);
      assert.ok(spot.heard.includes(spot.call) && spot.heard.length <= 60);
      assert.ok(spot.firstMs < spot.lastMs);
    }
  });

  it("places spots below the dial in LSB, and takes a reporter and an alphabet", async () => {
    const body = assertSuccess(await postSpots("?dial=7030.5&sideband=lsb&reporter=n0call/p&alphabet=latin"));
    assert.deepEqual(
      body.spots.map((s: any) => [s.call, s.frequencyKHz]),
      [
        ["G4XYZ", 7028.7],
        ["DL1XYZ", 7029.4],
        ["K1ABC", 7030],
      ],
    );
  });

  it("answers an empty list for noise alone", async () => {
    const noise = encodeWav([recordBand({ signals: [], durationS: 5, sampleRate: 8000, noiseSeed: 1 })], 8000);
    assert.deepEqual(assertSuccess(await postSpots("?dial=3525", noise)).spots, []);
  });

  it("refuses a missing or bad dial, sideband, reporter or alphabet with a 400 that names it", async () => {
    assertError(await postSpots(""), 400, "Missing required parameter: dial", "MISSING_PARAMETER");
    assertError(await postSpots("?dial="), 400, "Missing required parameter: dial", "MISSING_PARAMETER");
    for (const dial of ["99", "300001", "abc", "NaN", "1e9"]) {
      assertError(await postSpots(`?dial=${dial}`), 400, "Parameter dial must be a number between 100 and 300000", "INVALID_OPTION");
    }
    assertError(await postSpots("?dial=14025&dial=7000"), 400, /dial/);
    assertError(await postSpots("?dial=14025&sideband=am"), 400, "Parameter sideband must be one of usb or lsb", "INVALID_OPTION");
    assertError(await postSpots("?dial=14025&reporter=K1%20ABC"), 400, /reporter/, "INVALID_OPTION");
    assertError(await postSpots("?dial=14025&reporter=ABCDEFGHIJKLM"), 400, /reporter/, "INVALID_OPTION");
    assertError(await postSpots("?dial=14025&alphabet=klingon"), 400, /alphabet/, "INVALID_OPTION");
  });

  it("refuses what is no recording: an empty body, bytes of no format, JSON, and GET", async () => {
    assertError(await postSpots("?dial=14025", Buffer.alloc(0)), 400, /empty/, "INVALID_AUDIO");
    assertError(await postSpots("?dial=14025", Buffer.from("not a recording at all")), 400, undefined, "INVALID_AUDIO");
    assertError(await send(server.url, "POST", "/api/v1/spots?dial=14025", { body: { dial: 14025 } }), 415, /audio\/wav/, "UNSUPPORTED_MEDIA_TYPE");
    const answer = await get(server.url, "/api/v1/spots", { dial: "14025" });
    assertError(answer, 405, undefined, "METHOD_NOT_ALLOWED");
    assert.match(answer.headers.get("allow") ?? "", /POST/);
  });

  it("is in the OpenAPI document with its query and answer", async () => {
    const doc = assertSuccess2(await get(server.url, "/api/v1/openapi.json"));
    const operation = doc.paths["/api/v1/spots"].post;
    assert.deepEqual(operation.parameters.map((p: any) => [p.name, p.required ?? false]).sort(), [
      ["alphabet", false],
      ["dial", true],
      ["reporter", false],
      ["sideband", false],
    ]);
    const spot = operation.responses["200"].content["application/json"].schema.properties.spots.items;
    assert.deepEqual(Object.keys(spot.properties).sort(), ["audioHz", "call", "firstMs", "frequencyKHz", "heard", "kind", "lastMs", "snrDb", "wpm"]);
    assert.ok(operation.requestBody.content["audio/wav"]);
  });
});

/** The OpenAPI document has no success field: its body as it is. */
function assertSuccess2(answer: { status: number; body: any }): any {
  assert.equal(answer.status, 200);
  return answer.body;
}
