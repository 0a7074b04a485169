/**
 * POST /api/v1/decode-audio over a real socket, where decoding takes long: a decode past its
 * deadline is stopped and answered with a JSON 503 before the socket's idle timeout could cut
 * the connection unanswered, and a decode whose client has gone is stopped (its thread freed).
 */
import assert from "node:assert/strict";
import http from "node:http";
import { describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { recordBand, type BandSignal } from "../fixtures/band.js";
import { httpGet, parseMetrics, waitFor } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, rawRequest, rawSocket } from "./support.js";

/** `seconds` of a band of five stations, each calling again and again: seconds of decoding with signals=all. */
function crowdedBand(seconds: number): Float32Array {
  const signals: BandSignal[] = [];
  for (let k = 0; k < 5; k++) {
    for (let startS = k; startS < seconds - 10; startS += 12)
      signals.push({ text: "CQ CQ DE W1AW W1AW K", wpm: 18 + 3 * k, frequency: 500 + 350 * k, snrDb: 5 + k, startS });
  }
  return recordBand({ signals, durationS: seconds, sampleRate: 8000, noiseSeed: 5 });
}

const wav = (samples: Float32Array) => Buffer.from(encodeWav([samples], 8000));
const bandSamples = crowdedBand(120);
const BAND = wav(bandSamples);
/** Many seconds of decoding on any machine: the band three times over, six minutes. */
const LONG_BAND = wav(Float32Array.from({ length: 3 * bandSamples.length }, (_, i) => bandSamples[i % bandSamples.length]!));
const SHORT = Buffer.from(
  encodeWav([recordBand({ signals: [{ text: "TEST", wpm: 20, frequency: 600, snrDb: 10, startS: 0.3 }], durationS: 2, sampleRate: 8000, noiseSeed: 1 })], 8000),
);

function post(url: string, bytes: Buffer, path = "/api/v1/decode-audio?signals=all") {
  return rawRequest(url, "POST", path, { headers: { "content-type": "audio/wav", "content-length": String(bytes.length) }, chunks: [bytes] });
}

async function stopped(url: string, reason: string): Promise<number> {
  const samples = parseMetrics((await httpGet(`${url}/metrics`)).text);
  return samples.find((s) => s.name === "ditdah_decodes_stopped_total" && s.labels.reason === reason)?.value ?? 0;
}

describe("a decode that takes too long", () => {
  // Long enough for a short recording on a busy machine (a new thread's start included), far too short for the band.
  const server = serveForTests({ decodeDeadlineMs: 4000 });

  it("is stopped at the deadline and answered with a JSON 503 that says so, and the next is decoded", async () => {
    const answer = await post(server.url, LONG_BAND);
    assertError(
      answer,
      503,
      "The recording could not be decoded within 4 s and was stopped: send a shorter recording, or decode it without signals=all",
      "DECODE_TIMEOUT",
    );
    assert.equal(await stopped(server.url, "deadline"), 1);
    // The stopped thread is replaced by a new one, whose start (loading the decoder) a very busy
    // machine may not finish within the deadline: the next recording is decoded once it has.
    for (let attempt = 1; ; attempt++) {
      const next = await post(server.url, SHORT, "/api/v1/decode-audio");
      if (next.status === 200 || attempt === 10) {
        assert.equal(assertSuccess(next).output, "TEST");
        break;
      }
      assertError(next, 503, /within 4 s/, "DECODE_TIMEOUT");
    }
  });
});

describe("a decode whose client has gone", () => {
  const server = serveForTests();

  it("is stopped, and its thread decodes the next recording", async () => {
    const url = new URL(server.url);
    // The long band, whose decoding lasts far longer than the server takes to find the client gone.
    await new Promise<void>((resolve) => {
      const request = http.request({ host: url.hostname, port: url.port, path: "/api/v1/decode-audio?signals=all", method: "POST", agent: false });
      request.setHeader("content-type", "audio/wav");
      request.setHeader("content-length", String(LONG_BAND.length));
      request.on("error", () => {});
      request.end(LONG_BAND, () => {
        // The whole body is sent: the server is decoding. Hang up without waiting for the answer.
        setTimeout(() => {
          request.destroy();
          resolve();
        }, 300);
      });
    });
    await waitFor("the decode stopped as gone", async () => ((await stopped(server.url, "gone")) > 0 ? true : undefined), 30_000);
    assert.equal(await stopped(server.url, "gone"), 1);
    assert.equal(assertSuccess(await post(server.url, SHORT, "/api/v1/decode-audio")).output, "TEST");
  });
});

describe("a decode whose client has shut only its sending side", () => {
  const server = serveForTests();

  it("is answered in full, after a 102 Processing a second while it is decoded", async () => {
    const head = `POST /api/v1/decode-audio?signals=all HTTP/1.1\r\nHost: x\r\nContent-Type: audio/wav\r\nContent-Length: ${BAND.length}\r\n\r\n`;
    const answer = await rawSocket(server.url, Buffer.concat([Buffer.from(head), BAND]));
    assert.equal(answer.status, 200, answer.text.slice(0, 200));
    assert.equal(answer.body.signals.length, 5);
    assert.ok(answer.interim.length > 0 && answer.interim.every((status) => status === 102), JSON.stringify(answer.interim));
    assert.equal(await stopped(server.url, "gone"), 0);
  });
});
