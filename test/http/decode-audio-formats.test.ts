/** POST /api/v1/decode-audio with MP3, Ogg Vorbis, Ogg Opus and FLAC bodies, over a real socket. */
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { timeline } from "../../src/core/index.js";
import { encodeAs, type EncodedFormat, opusOf } from "../fixtures/encoded.js";
import { rng } from "../fixtures/random.js";
import { record } from "../fixtures/simulator.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, rawRequest } from "./support.js";

const TEXT = "QRZ DE K1ABC";

/** Each format with the media types it may be sent as. */
const TYPES: [EncodedFormat, string[]][] = [
  ["mp3", ["audio/mpeg", "application/octet-stream"]],
  ["ogg-vorbis", ["audio/ogg", "application/octet-stream"]],
  ["ogg-opus", ["audio/ogg", "audio/opus", "application/octet-stream"]],
  ["flac", ["audio/flac", "audio/x-flac", "application/octet-stream"]],
];

describe("POST /api/v1/decode-audio in every format", () => {
  const server = serveForTests();
  const files = new Map<EncodedFormat, Buffer>();

  before(async () => {
    const samples = record(timeline(TEXT, { wpm: 22 }), { frequency: 700, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 6, padS: 0.4 }, 16000, rng(3));
    for (const format of ["mp3", "ogg-vorbis", "ogg-opus", "flac"] as const) files.set(format, await encodeAs(format, samples, 16000));
  });

  function postFile(bytes: Buffer, contentType: string, query = "") {
    return rawRequest(server.url, "POST", `/api/v1/decode-audio${query}`, {
      headers: { "content-type": contentType, "content-length": String(bytes.length) },
      chunks: [bytes],
    });
  }

  for (const [format, types] of TYPES) {
    it(`reads ${format} sent as ${types.join(", ")}`, async () => {
      for (const type of types) {
        const body = assertSuccess(await postFile(files.get(format)!, type));
        assert.equal(body.output, TEXT, `${format} as ${type}`);
        assert.ok(Math.abs(body.frequency - 700) <= 5, `${body.frequency} Hz`);
        assert.ok(Math.abs(body.wpm - 22) <= 2, `${body.wpm} wpm`);
      }
    });
  }

  /** The service's own rendering of `text` as `format`, at 8 kHz, 20 wpm and 700 Hz. */
  async function rendered(format: "wav" | "mp3", text: string): Promise<Buffer> {
    const response = await fetch(`${server.url}/api/v1/audio.${format}?${new URLSearchParams({ text, wpm: "20", frequency: "700", sampleRate: "8000" })}`);
    assert.equal(response.status, 200);
    return Buffer.from(await response.arrayBuffer());
  }

  it("times the service's own MP3 as its WAV: where the Morse starts and ends, and how long the recording lasts", async () => {
    const [wav, mp3] = await Promise.all([
      rendered("wav", TEXT).then(async (bytes) => assertSuccess(await postFile(bytes, "audio/wav", "?signals=all"))),
      rendered("mp3", TEXT).then(async (bytes) => assertSuccess(await postFile(bytes, "audio/mpeg", "?signals=all"))),
    ]);
    assert.equal(mp3.output, TEXT);
    assert.equal(mp3.durationMs, wav.durationMs);
    const [heard, sent] = [mp3.signals[0], wav.signals[0]];
    assert.ok(Math.abs(heard.startMs - sent.startMs) <= 3, `starts at ${heard.startMs} ms, the WAV's at ${sent.startMs}`);
    assert.ok(Math.abs(heard.endMs - sent.endMs) <= 3, `ends at ${heard.endMs} ms, the WAV's at ${sent.endMs}`);
  });

  it("says an Ogg Opus recording on one page (under a second) lasts as long as the WAV it was made of", async () => {
    const wav = await rendered("wav", "E E");
    const opus = opusOf(wav);
    const lasts = async (bytes: Buffer, type: string) => assertSuccess(await postFile(bytes, type)).durationMs;
    assert.equal(await lasts(opus, "audio/ogg"), await lasts(wav, "audio/wav"));
  });

  it("refuses a body whose bytes contradict its type (400, saying what they are), and bytes of no format", async () => {
    assertError(await postFile(files.get("mp3")!, "audio/ogg"), 400, "The body is declared audio/ogg but its bytes are an MP3 file", "INVALID_AUDIO");
    assertError(await postFile(files.get("flac")!, "audio/wav"), 400, "The body is declared audio/wav but its bytes are a FLAC file", "INVALID_AUDIO");
    assertError(
      await postFile(files.get("ogg-vorbis")!, "audio/opus"),
      400,
      "The body is declared audio/opus but its bytes are an Ogg Vorbis file",
      "INVALID_AUDIO",
    );
    assertError(await postFile(Buffer.from("just text"), "application/octet-stream"), 400, /none of WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC/, "INVALID_AUDIO");
  });

  it("refuses a file cut short before its audio, and one that expands beyond 15 minutes (413)", async () => {
    assertError(await postFile(files.get("flac")!.subarray(0, 42), "audio/flac"), 400, /FLAC file but holds no audio/, "INVALID_AUDIO");
    const long = await encodeAs("flac", new Float32Array(16 * 60 * 2000), 2000);
    assertError(await postFile(long, "audio/flac"), 413, /At most 900 s \(15 minutes\)/, "RECORDING_TOO_LONG");
  });

  it("lists every media type it reads, in the 415 and in the OpenAPI document", async () => {
    const types = ["audio/wav", "audio/x-wav", "audio/wave", "audio/mpeg", "audio/ogg", "audio/opus", "audio/flac", "audio/x-flac", "application/octet-stream"];
    assertError(await postFile(Buffer.from("{}"), "application/json"), 415, `Unsupported content type: send ${types.join(" or ")}`);
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    assert.deepEqual(Object.keys(doc.paths["/api/v1/decode-audio"].post.requestBody.content).sort(), [...types].sort());
  });
});
