/** /api/v1/audio.mp3 over a real socket: the MP3 read back with mpg123, its text with decodeAudio. */
import assert from "node:assert/strict";
import http from "node:http";
import { describe, it } from "node:test";
import { decodeAudio, WavRenderer } from "../../src/audio/index.js";
import { timeline } from "../../src/core/index.js";
import { PAD_MS } from "../../src/audio/limits.js";
import { MP3_BITRATE, SAMPLE_RATE } from "../../src/http/limits.js";
import { serveForTests } from "../helpers/server.js";
import { decodeMp3, mp3Frames } from "../helpers/mp3.js";
import { assertError, assertSuccess, get, post, rawRequest, rawSocket } from "./support.js";

const server = serveForTests();
const PATH = "/api/v1/audio.mp3";

async function mp3(params: Record<string, string>): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(`${server.url}${PATH}?${new URLSearchParams(params)}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function postMp3(body: unknown): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(`${server.url}${PATH}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function assertMp3Answer(response: Response): void {
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "audio/mpeg");
  assert.equal(response.headers.get("content-disposition"), 'inline; filename="morse.mp3"');
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  assert.match(response.headers.get("ratelimit") ?? "", /^"default";r=\d+;t=\d+$/);
  // Its length is known only at its end: chunked, never a Content-Length that could lie.
  assert.equal(response.headers.get("content-length"), null);
  assert.equal(response.headers.get("transfer-encoding"), "chunked");
}

describe("GET|POST /api/v1/audio.mp3", () => {
  it("answers a mono MP3 at the asked rate and bitrate that reads back as the text, as long as the timeline", async () => {
    const params = { text: "CQ DE K1ABC", wpm: "18", frequency: "700", sampleRate: "16000", bitrate: "48" };
    const { response, bytes } = await mp3(params);
    assertMp3Answer(response);
    for (const frame of mp3Frames(bytes)) assert.deepEqual([frame.sampleRate, frame.bitrate, frame.mono], [16000, 48, true]);

    const { samples, sampleRate } = await decodeMp3(bytes);
    assert.equal(sampleRate, 16000);
    // The WAV's samples, its padding included, no more: the Info frame says LAME's delay and padding.
    const rendered = new WavRenderer(timeline(params.text, { wpm: 18 }), { frequency: 700, sampleRate: 16000 }).sampleCount;
    assert.equal(samples.length, rendered);
    const timing = assertSuccess(await get(server.url, "/api/v1/audio", params));
    const offMs = (1000 * samples.length) / sampleRate - (timing.durationMs + 2 * PAD_MS);
    assert.ok(Math.abs(offMs) <= 500 / sampleRate, `${offMs} ms more than the timeline and its padding: over half a sample`);

    const heard = decodeAudio(samples, sampleRate);
    assert.deepEqual([heard.output, heard.frequency, Math.round(heard.wpm)], ["CQ DE K1ABC", 700, 18]);
  });

  it("takes a JSON body, numbers as numbers or decimal strings, and answers the same bytes as GET", async () => {
    const { bytes: byGet } = await mp3({ text: "SOS", wpm: "25", sampleRate: "22050", bitrate: "64" });
    for (const body of [
      { text: "SOS", wpm: 25, sampleRate: 22050, bitrate: 64 },
      { text: "SOS", wpm: "25", sampleRate: "22050", bitrate: "64.0" },
    ]) {
      const { response, bytes } = await postMp3(body);
      assertMp3Answer(response);
      assert.ok(bytes.equals(byGet), JSON.stringify(body));
    }
    const { samples, sampleRate } = await decodeMp3(byGet);
    assert.equal(sampleRate, 22050);
    assert.equal(decodeAudio(samples, sampleRate).output, "SOS");
  });

  it(`defaults to ${SAMPLE_RATE.default} samples/s at ${MP3_BITRATE.default} kbit/s: a quarter of the WAV's size or less`, async () => {
    const params = { text: "CQ CQ CQ DE K1ABC K1ABC K", wpm: "20" };
    const { bytes } = await mp3(params);
    const frames = mp3Frames(bytes);
    assert.deepEqual(new Set(frames.map((f) => `${f.sampleRate} ${f.bitrate}`)), new Set([`${SAMPLE_RATE.default} ${MP3_BITRATE.default}`]));
    const wav = Buffer.from(await (await fetch(`${server.url}/api/v1/audio.wav?${new URLSearchParams(params)}`)).arrayBuffer());
    assert.ok(bytes.length <= 0.27 * wav.length, `MP3 ${bytes.length} bytes, WAV ${wav.length}`);
    // At a higher rate the WAV grows and the MP3 does not.
    const wav48 = Buffer.from(await (await fetch(`${server.url}/api/v1/audio.wav?${new URLSearchParams({ ...params, sampleRate: "48000" })}`)).arrayBuffer());
    const { bytes: mp348 } = await mp3({ ...params, sampleRate: "48000" });
    assert.ok(mp348.length <= 0.05 * wav48.length, `MP3 ${mp348.length} bytes, WAV ${wav48.length}`);
  });

  it("refuses bad parameters before the first byte, in the API's JSON", async () => {
    const bitrates = "Parameter bitrate must be one of 32, 40, 48 or 64";
    for (const bitrate of ["31", "56", "65", "128", "32.5", "abc", ""]) {
      assertError(await get(server.url, PATH, { text: "E", bitrate }), 400, bitrate === "" ? /bitrate/ : bitrates, "INVALID_OPTION");
    }
    assertError(await post(server.url, PATH, { text: "E", bitrate: 56 }), 400, bitrates, "INVALID_OPTION");
    assertError(await post(server.url, PATH, { text: "E", bitrate: [32] }), 400, /bitrate/, "INVALID_OPTION");
    const rates = "Parameter sampleRate must be one of 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000";
    for (const sampleRate of ["7999", "10000", "44000", "96000", "8000.5"]) {
      assertError(await get(server.url, PATH, { text: "E", sampleRate }), 400, rates, "INVALID_OPTION");
    }
    assertError(await post(server.url, PATH, { text: "E", sampleRate: 10000 }), 400, rates, "INVALID_OPTION");
    assertError(
      await get(server.url, PATH, { text: "E", frequency: "1001" }),
      400,
      "Parameter frequency must be a number between 200 and 1000",
      "INVALID_OPTION",
    );
    assertError(await get(server.url, PATH, { text: "E", wpm: "20", fwpm: "30" }), 400, undefined, "INVALID_OPTION");
    assertError(await get(server.url, PATH, {}), 400, "Missing required parameter: text", "MISSING_PARAMETER");
    assertError(await post(server.url, PATH, { text: null }), 400, "Missing required parameter: text", "MISSING_PARAMETER");
    assertError(await get(server.url, PATH, { text: "#" }), 400, 'Cannot encode character "#" at position 1', "UNSUPPORTED_CHARACTER");
    assertError(await get(server.url, PATH, { text: "   " }), 400, undefined, "EMPTY_INPUT");
    assertError(await get(server.url, PATH, { text: "E".repeat(1001) }), 400, "Parameter text must be at most 1000 characters (got 1001)", "INVALID_PARAMETER");
    assertError(await post(server.url, PATH, '{"text":', "application/json"), 400, undefined, "INVALID_BODY");
    assertError(await post(server.url, PATH, { text: "E" }, "text/plain"), 415, undefined, "UNSUPPORTED_MEDIA_TYPE");
    const put = await rawRequest(server.url, "PUT", `${PATH}?text=E`);
    assertError(put, 405, undefined, "METHOD_NOT_ALLOWED");
    assert.equal(put.headers.get("allow"), "GET, HEAD, POST, OPTIONS");
  });

  it("answers HEAD like GET, without a body", async () => {
    const response = await fetch(`${server.url}${PATH}?text=E`, { method: "HEAD" });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "audio/mpeg");
    assert.equal((await response.arrayBuffer()).byteLength, 0);
    const refused = await rawRequest(server.url, "HEAD", `${PATH}?text=E&bitrate=1`);
    assert.deepEqual([refused.status, refused.headers.get("content-type"), refused.text], [400, "application/json; charset=utf-8", ""]);
  });

  it("answers an HTTP/1.0 client that half-closes with the whole file, ended by closing the connection", async () => {
    const { bytes: whole } = await mp3({ text: "SOS SOS", sampleRate: "12000" });
    const answer = await rawSocket(server.url, `GET ${PATH}?text=SOS%20SOS&sampleRate=12000 HTTP/1.0\r\nHost: x\r\n\r\n`);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("transfer-encoding"), null);
    assert.ok(answer.bytes.equals(whole), `${answer.bytes.length} bytes against ${whole.length}`);
  });

  it("streams: the longest input (88 minutes) flows while other requests are answered, and stops when the client goes", async () => {
    const text = "0".repeat(1000);
    const url = new URL(`${server.url}${PATH}?text=${text}&wpm=5`);
    const whole = (await mp3({ text: "PARIS", wpm: "20" })).bytes;
    let received = 0;
    let answeredMeanwhile = 0;
    await new Promise<void>((resolve, reject) => {
      const request = http.get(url, (response) => {
        assert.equal(response.headers["content-type"], "audio/mpeg");
        response.once("data", async () => {
          // The body has started and is far from done: the server must still answer others.
          for (let i = 0; i < 5; i++) if ((await get(server.url, "/api/v1/encode", { text: "SOS" })).status === 200) answeredMeanwhile++;
          assert.ok(!response.complete, "still streaming");
          request.destroy(); // going away midway
          resolve();
        });
        response.on("data", (chunk: Buffer) => {
          received += chunk.length;
        });
        response.on("error", () => {});
      });
      request.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" ? resolve() : reject(error)));
    });
    assert.equal(answeredMeanwhile, 5);
    assert.ok(received > 0 && received < (4000 * 88 * 60) / 2, `${received} bytes`);
    // The server is none the worse: the same file as before, whole.
    assert.ok((await mp3({ text: "PARIS", wpm: "20" })).bytes.equals(whole));
  });
});
