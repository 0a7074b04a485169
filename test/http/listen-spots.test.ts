/** GET /api/v1/listen with spots=1: spot events on the socket, the same spots on the DX-cluster feed, and its query refused in JSON where wrong. */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { recordBand } from "../fixtures/band.js";
import { parseDxSpot } from "../helpers/dx-cluster.js";
import { FeedClient } from "../helpers/feed-client.js";
import { frames, refusedUpgrade, stream, wsUrl } from "../helpers/listen-client.js";
import { httpGet, parseMetrics } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";
import { assertSuccess, rawRequest } from "./support.js";

const RATE = 8000;
const SPOT_FIELDS = ["call", "frequencyKHz", "audioHz", "snrDb", "wpm", "kind", "firstMs", "lastMs", "heard"];

describe("GET /api/v1/listen?signals=all&spots=1", () => {
  const server = serveForTests({ spotsTelnet: { port: 0, host: "127.0.0.1" } });

  it("sends a spot event as each call qualifies, and the same spot to the DX-cluster feed with the reporter", async () => {
    const band = recordBand({
      signals: [
        { text: "CQ CQ DE K1ABC K1ABC K", wpm: 22, frequency: 600, snrDb: 8, startS: 0.5 },
        { text: "QRZ DE G4XYZ G4XYZ K", wpm: 25, frequency: 1500, snrDb: 6, startS: 1 },
        { text: "THE QUICK BROWN FOX", wpm: 20, frequency: 2200, snrDb: 8, startS: 1 },
      ],
      durationS: 14,
      sampleRate: RATE,
      noiseSeed: 7,
    });
    const pcm = Buffer.from(Int16Array.from(band, (x) => Math.round(x * 32767)).buffer);
    const feed = new FeedClient(server.app.dxFeed!.port);
    try {
      await feed.logIn("N0CALL");
      const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all&spots=1&dial=7020&sideband=lsb&reporter=w1aw`), frames(pcm, 1600));
      assert.equal(session.code, 1000);
      const spots = session.events.filter((e) => e.type === "spot");
      assert.deepEqual(spots.map((s) => s.call).sort(), ["G4XYZ", "K1ABC"]);
      for (const spot of spots) {
        assert.deepEqual(Object.keys(spot).sort(), [...SPOT_FIELDS, "type", "signal", "emittedAtMs"].sort());
        assert.equal(spot.kind, "CQ");
        // LSB: below the dial.
        assert.ok(Math.abs((spot.frequencyKHz as number) - (7020 - (spot.audioHz as number) / 1000)) <= 0.05 + 1e-9, JSON.stringify(spot));
        // Sent before the stream's end, and before its end event.
        assert.ok(session.events.indexOf(spot) < session.events.findIndex((e) => e.type === "end"));
      }
      const lines = [await feed.line(), await feed.line()].map((line) => parseDxSpot(line)!);
      assert.deepEqual(lines.map((l) => [l.spotter, l.call, l.kind]).sort(), [
        ["W1AW-#", "G4XYZ", "CQ"],
        ["W1AW-#", "K1ABC", "CQ"],
      ]);
      for (const line of lines) assert.equal(line.frequencyKHz, spots.find((s) => s.call === line.call)!.frequencyKHz);
    } finally {
      feed.socket.destroy();
    }
  });

  it("counts a live stream's busted calls in /metrics, as a recording's are", async () => {
    // K1ABD, one character off K1ABC and 300 Hz from it, once K1ABC is spotted: the same station misread.
    const band = recordBand({
      signals: [
        { text: "CQ CQ DE K1ABC K1ABC K", wpm: 22, frequency: 600, snrDb: 8, startS: 0.5 },
        { text: "CQ CQ DE K1ABD K1ABD K", wpm: 22, frequency: 900, snrDb: 8, startS: 8 },
      ],
      durationS: 18,
      sampleRate: RATE,
      noiseSeed: 11,
    });
    const busted = async (where: string) =>
      parseMetrics((await httpGet(`${server.url}/metrics`)).text).find((m) => m.name === "ditdah_spots_busted_total" && m.labels.where === where)?.value ?? 0;
    const before = { live: await busted("live"), recording: await busted("recording") };
    const pcm = Buffer.from(Int16Array.from(band, (x) => Math.round(x * 32767)).buffer);
    const session = await stream(wsUrl(server.url, `sampleRate=${RATE}&signals=all&spots=1&dial=7020`), frames(pcm, 1600));
    assert.equal(session.code, 1000);
    assert.deepEqual(
      session.events.filter((e) => e.type === "spot").map((s) => s.call),
      ["K1ABC"],
    );
    const wav = encodeWav([band], RATE);
    const read = assertSuccess(
      await rawRequest(server.url, "POST", "/api/v1/spots?dial=7020", {
        headers: { "content-type": "audio/wav", "content-length": String(wav.length) },
        chunks: [wav],
      }),
    );
    assert.deepEqual(
      read.spots.map((s: { call: string }) => s.call),
      ["K1ABC"],
    );
    assert.deepEqual({ live: (await busted("live")) - before.live, recording: (await busted("recording")) - before.recording }, { live: 1, recording: 1 });
  });

  it("refuses a wrong query before the upgrade, in JSON, naming the parameter", async () => {
    const base = `sampleRate=${RATE}`;
    const cases: [string, string, RegExp][] = [
      [`${base}&signals=all&spots=1`, "MISSING_PARAMETER", /^Missing required parameter: dial$/],
      [`${base}&signals=all&spots=1&dial=`, "MISSING_PARAMETER", /^Missing required parameter: dial$/],
      [`${base}&spots=1&dial=14025`, "MISSING_PARAMETER", /^Missing required parameter: signals$/],
      [`${base}&signals=all&spots=1&dial=50`, "INVALID_OPTION", /^Parameter dial must be a number between 100 and 300000$/],
      [`${base}&signals=all&spots=1&dial=abc`, "INVALID_OPTION", /dial/],
      [`${base}&signals=all&spots=yes&dial=14025`, "INVALID_OPTION", /spots.*1/],
      [`${base}&signals=all&spots=1&dial=14025&sideband=am`, "INVALID_OPTION", /sideband.*usb.*lsb/],
      [`${base}&signals=all&spots=1&dial=14025&reporter=K1%20ABC`, "INVALID_OPTION", /reporter/],
      [`${base}&signals=all&spots=1&dial=14025&dial=7000`, "INVALID_OPTION", /dial/],
    ];
    for (const [query, code, message] of cases) {
      const { status, body } = await refusedUpgrade(wsUrl(server.url, query));
      assert.equal(status, 400, query);
      assert.equal(body.success, false);
      assert.equal(body.code, code, query);
      assert.match(String(body.error), message, query);
    }
  });
});
