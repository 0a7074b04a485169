/** /api/v1/audio.wav and /api/v1/decode-audio over a real socket. */
import assert from "node:assert/strict";
import http from "node:http";
import { describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { PAD_MS } from "../../src/audio/limits.js";
import { timeline } from "../../src/core/index.js";
import { rng } from "../fixtures/random.js";
import { record, type Channel } from "../fixtures/simulator.js";
import { recordBand } from "../fixtures/band.js";
import { RECORDING_MEDIA_TYPES } from "../../src/http/routes/recording-route.js";
import { serveForTests } from "../helpers/server.js";
import { assertError, assertSuccess, get, post, rawRequest } from "./support.js";

const server = serveForTests();

const QUIET: Channel = { frequency: 600, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: Infinity, padS: 0.5 };

async function wav(params: Record<string, string>): Promise<{ response: Response; bytes: Buffer }> {
  const response = await fetch(`${server.url}/api/v1/audio.wav?${new URLSearchParams(params)}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function postWav(bytes: Uint8Array, contentType = "audio/wav", path = "/api/v1/decode-audio") {
  return rawRequest(server.url, "POST", path, {
    headers: { "content-type": contentType, "content-length": String(bytes.length) },
    chunks: [bytes],
  });
}

describe("GET|POST /api/v1/audio.wav", () => {
  it("answers a mono 16-bit PCM WAV of the /api/v1/audio timeline, with PAD_MS of silence at each end", async () => {
    const params = { text: "CQ DE K1ABC", wpm: "13", frequency: "700", sampleRate: "11025" };
    const { response, bytes } = await wav(params);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "audio/wav");
    assert.equal(response.headers.get("access-control-allow-origin"), "*");
    assert.equal(Number(response.headers.get("content-length")), bytes.length);
    assert.equal(bytes.toString("latin1", 0, 4), "RIFF");
    assert.equal(bytes.readUInt32LE(4), bytes.length - 8);
    assert.equal(bytes.toString("latin1", 8, 16), "WAVEfmt ");
    assert.equal(bytes.readUInt16LE(20), 1); // PCM
    assert.equal(bytes.readUInt16LE(22), 1); // mono
    assert.equal(bytes.readUInt32LE(24), 11025);
    assert.equal(bytes.readUInt16LE(34), 16);
    assert.equal(bytes.toString("latin1", 36, 40), "data");
    const timing = assertSuccess(await get(server.url, "/api/v1/audio", params));
    assert.equal(bytes.readUInt32LE(40), 2 * Math.round(((timing.durationMs + 2 * PAD_MS) * 11025) / 1000));
  });

  it("takes a JSON body too, numbers as decimal strings", async () => {
    const response = await fetch(`${server.url}/api/v1/audio.wav`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "E", sampleRate: "8000" }),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    assert.equal(response.status, 200);
    assert.equal(bytes.readUInt32LE(40), 2 * 560); // one 60 ms dot and 5 ms of silence at each end, at 8000 samples/s
  });

  it("refuses bad parameters in JSON", async () => {
    assertError(
      await get(server.url, "/api/v1/audio.wav", { text: "E", sampleRate: "7999" }),
      400,
      "Parameter sampleRate must be an integer between 8000 and 48000",
    );
    assertError(
      await get(server.url, "/api/v1/audio.wav", { text: "E", sampleRate: "8000.5" }),
      400,
      "Parameter sampleRate must be an integer between 8000 and 48000",
    );
    assertError(await get(server.url, "/api/v1/audio.wav", { text: "E", frequency: "1001" }), 400, "Parameter frequency must be a number between 200 and 1000");
    assertError(await get(server.url, "/api/v1/audio.wav", {}), 400, "Missing required parameter: text");
    assertError(await get(server.url, "/api/v1/audio.wav", { text: "#" }), 400, 'Cannot encode character "#" at position 1');
  });

  it("streams: the longest input (1000 zeros at 5 wpm, 88 minutes) flows while other requests are answered", async () => {
    const text = "0".repeat(1000); // the longest character, 22 units with its gap
    const url = new URL(`${server.url}/api/v1/audio.wav?text=${encodeURIComponent(text)}&wpm=5`);
    let received = 0;
    let declared = 0;
    let answeredMeanwhile = 0;
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, (response) => {
          declared = Number(response.headers["content-length"]);
          response.once("data", async () => {
            // The body has started and is far from done: the server must still answer others.
            for (let i = 0; i < 5; i++) if ((await get(server.url, "/api/v1/encode", { text: "SOS" })).status === 200) answeredMeanwhile++;
          });
          response.on("data", (chunk: Buffer) => {
            received += chunk.length;
          });
          response.on("end", resolve);
          response.on("error", reject);
        })
        .on("error", reject);
    });
    assert.equal(declared, 44 + 2 * Math.round((((1000 * 22 - 3) * 240 + 2 * PAD_MS) * 8000) / 1000));
    assert.equal(received, declared);
    assert.equal(answeredMeanwhile, 5);
  });
});

describe("POST /api/v1/decode-audio", () => {
  it("hears back what audio.wav sent, with its speed and pitch", async () => {
    const { bytes } = await wav({ text: "CQ CQ DE K1ABC K", wpm: "25", frequency: "800", sampleRate: "16000" });
    for (const type of ["audio/wav", "audio/x-wav", "audio/wave", "application/octet-stream"]) {
      const body = assertSuccess(await postWav(bytes, type));
      assert.equal(body.output, "CQ CQ DE K1ABC K", type);
      assert.equal(body.morse, "-.-. --.- / -.-. --.- / -.. . / -.- .---- .- -... -.-. / -.-");
      assert.equal(body.characters, 12);
      assert.ok(Math.abs(body.wpm - 25) < 1.5, `${body.wpm} wpm`);
      assert.ok(Math.abs(body.frequency - 800) < 10, `${body.frequency} Hz`);
      assert.equal(body.durationMs, ((bytes.length - 44) / 2 / 16000) * 1000);
    }
  });

  it("with signals=all, adds every signal read apart, by pitch; without it, answers as before", async () => {
    const sent = [
      { text: "CQ CQ DE W1AW K", wpm: 20, frequency: 1300, snrDb: 12, startS: 0.5 },
      { text: "TEST DL1ABC", wpm: 25, frequency: 650, snrDb: 6, startS: 1 },
    ];
    const bytes = encodeWav([recordBand({ signals: sent, durationS: 10, sampleRate: 8000, noiseSeed: 2 })], 8000);
    const plain = assertSuccess(await postWav(bytes));
    assert.equal(plain.signals, undefined);
    const all = assertSuccess(await postWav(bytes, "audio/wav", "/api/v1/decode-audio?signals=all"));
    assert.deepEqual({ ...all, signals: undefined }, { ...plain, signals: undefined });
    const signals = all.signals as Record<string, unknown>[];
    assert.deepEqual(
      signals.map((s) => [s.signal, s.output]),
      [
        [0, "TEST DL1ABC"],
        [1, "CQ CQ DE W1AW K"],
      ],
    );
    assert.deepEqual(Object.keys(signals[0]!).sort(), ["endMs", "frequency", "morse", "output", "signal", "snrDb", "startMs", "wpm"]);
    assert.ok(Math.abs((signals[0]!.frequency as number) - 650) <= 5);
    assertError(await postWav(bytes, "audio/wav", "/api/v1/decode-audio?signals=some"), 400, /signals/, "INVALID_OPTION");
  });

  it("with alphabet, writes what it heard in that alphabet: a Russian recording read in Cyrillic, Wabun with its shifts", async () => {
    const russian = await wav({ text: "ЦК ЦК ДЕ РАДИО", wpm: "20", frequency: "650" });
    const latin = assertSuccess(await postWav(russian.bytes));
    const cyrillic = assertSuccess(await postWav(russian.bytes, "audio/wav", "/api/v1/decode-audio?alphabet=cyrillic"));
    assert.equal(cyrillic.output, "ЦК ЦК ДЕ РАДИО");
    assert.deepEqual({ ...cyrillic, output: undefined }, { ...latin, output: undefined });
    const mixed = await wav({ text: "CQ イロハ DE", wpm: "20", frequency: "650" });
    assert.equal(assertSuccess(await postWav(mixed.bytes, "audio/wav", "/api/v1/decode-audio?alphabet=wabun")).output, "CQ イロハ DE");
    assertError(await postWav(mixed.bytes, "audio/wav", "/api/v1/decode-audio?alphabet=elvish"), 400, /^Parameter alphabet must be one of latin, cyrillic, /);
  });

  it("gives durationMs to the microsecond, signals=all too", async () => {
    // At 44100 samples a second, a length in ms that a float writes in 17 digits.
    const { bytes } = await wav({ text: "E", wpm: "19", sampleRate: "44100" });
    const exact = (1000 * ((bytes.length - 44) / 2)) / 44100;
    assert.notEqual(exact, Math.round(exact * 1000) / 1000);
    for (const path of ["/api/v1/decode-audio", "/api/v1/decode-audio?signals=all"]) {
      const answer = await postWav(bytes, "audio/wav", path);
      assert.equal(assertSuccess(answer).durationMs, Math.round(exact * 1000) / 1000, path);
      assert.match(answer.text, /"durationMs":\d+\.\d{1,3}[,}]/, path);
    }
  });

  it("a recording with no Morse in it is a success with empty output and a warning saying where it looked", async () => {
    const silence = encodeWav([new Float32Array(16000)], 8000);
    const body = assertSuccess(await postWav(silence));
    assert.equal(body.output, "");
    assert.equal(body.characters, 0);
    assert.equal(body.durationMs, 2000);
    assert.equal(body.warning, "No Morse was found between 200 and 3600 Hz");
    const hinted = assertSuccess(await postWav(silence, "audio/wav", "/api/v1/decode-audio?frequency=1500"));
    assert.equal(hinted.warning, "No Morse was found between 1450 and 1550 Hz");
    const { bytes } = await wav({ text: "TEST", wpm: "20", frequency: "600" });
    assert.equal("warning" in assertSuccess(await postWav(bytes)), false);
  });

  it("reads a station anywhere in a receiver's passband told nothing, and a pitch hinted up to 0.45 of the rate", async () => {
    for (const frequency of [1259, 1489, 2800, 3500]) {
      const recorded = record(timeline("CQ DE K1ABC", { wpm: 20 }), { ...QUIET, frequency, snrDb: 10 }, 8000, rng(frequency));
      const body = assertSuccess(await postWav(encodeWav([recorded], 8000)));
      assert.equal(body.output, "CQ DE K1ABC", `${frequency} Hz`);
      assert.ok(Math.abs(body.frequency - frequency) <= 2, `${frequency} Hz: ${body.frequency}`);
      const hinted = assertSuccess(await postWav(encodeWav([recorded], 8000), "audio/wav", `/api/v1/decode-audio?frequency=${frequency}`));
      assert.equal(hinted.output, "CQ DE K1ABC", `${frequency} Hz hinted`);
    }
    const high = record(timeline("CQ DE K1ABC", { wpm: 20 }), { ...QUIET, frequency: 9000 }, 44100, rng(3));
    assert.equal(assertSuccess(await postWav(encodeWav([high], 44100), "audio/wav", "/api/v1/decode-audio?frequency=9000")).output, "CQ DE K1ABC");
    const low = encodeWav([record(timeline("E", { wpm: 20 }), QUIET, 8000, rng(1))], 8000);
    const refusal = "frequency must be 200 to 3600 Hz for a recording at 8000 samples/s (0.45 of its rate)";
    assertError(await postWav(low, "audio/wav", "/api/v1/decode-audio?frequency=5000"), 400, refusal, "INVALID_OPTION");
  });

  it("with signals=all, reads one clean station as one signal at every rate (no harmonic, image or alias read as another)", async () => {
    for (const sampleRate of ["8000", "16000", "22050", "44100", "48000"]) {
      const { bytes } = await wav({ text: "CQ DE K1ABC", wpm: "20", frequency: "700", sampleRate });
      const body = assertSuccess(await postWav(bytes, "audio/wav", "/api/v1/decode-audio?signals=all"));
      assert.deepEqual(
        body.signals.map((s: Record<string, unknown>) => [s.frequency, s.output]),
        [[700, "CQ DE K1ABC"]],
        sampleRate,
      );
    }
  });

  it("reads a float WAV whose samples are NaN, infinite or near float32's limit (it used to exhaust the worker's heap)", async () => {
    const { bytes } = await wav({ text: "TEST", wpm: "20", frequency: "600" });
    const samples = Float32Array.from({ length: (bytes.length - 44) / 2 }, (_, i) => (3e38 / 32768) * bytes.readInt16LE(44 + 2 * i));
    samples[100] = Number.NaN;
    samples[200] = Number.POSITIVE_INFINITY;
    const body = assertSuccess(await postWav(encodeWav([samples], 8000, { format: "float", bits: 32 })));
    assert.equal(body.output, "TEST");
  });

  it("says that an empty body is empty (400, INVALID_AUDIO), whatever recording type it is sent as", async () => {
    for (const contentType of RECORDING_MEDIA_TYPES) {
      const sized = await rawRequest(server.url, "POST", "/api/v1/decode-audio", { headers: { "content-type": contentType, "content-length": "0" } });
      assertError(sized, 400, /^Request body is empty: send a recording/, "INVALID_AUDIO");
      const chunked = await rawRequest(server.url, "POST", "/api/v1/decode-audio?signals=all", {
        headers: { "content-type": contentType, "transfer-encoding": "chunked" },
      });
      assertError(chunked, 400, /^Request body is empty: send a recording/, "INVALID_AUDIO");
    }
  });

  it("refuses what is no recording (400), other content types (415), other methods (405) and too much (413)", async () => {
    assertError(await postWav(Buffer.from("hello world, not a wav")), 400, /not a file we can read/);
    const truncated = encodeWav([new Float32Array(800)], 8000).subarray(0, 30);
    assertError(await postWav(truncated), 400, /truncated/);
    assertError(
      await post(server.url, "/api/v1/decode-audio", { text: "E" }),
      415,
      /^Unsupported content type: send audio\/wav or audio\/x-wav or audio\/wave or audio\/mpeg/,
    );
    const answer = await get(server.url, "/api/v1/decode-audio");
    assertError(answer, 405);
    assert.equal(answer.headers.get("allow"), "POST, OPTIONS");
    const tooLarge = await rawRequest(server.url, "POST", "/api/v1/decode-audio", {
      headers: { "content-type": "audio/wav", "content-length": String(33 * 1024 * 1024) },
      chunks: [Buffer.alloc(1024)],
    });
    assertError(tooLarge, 413, "Request body is too large: the limit is 33554432 bytes (32 MiB)");
  });

  it("reads a 2000 Hz recording (the floor, its tone under 900 Hz), refuses 1999 Hz, and the docs say so", async () => {
    const text = "CQ DE K1ABC";
    const recorded = record(timeline(text, { wpm: 20 }), { ...QUIET, frequency: 600 }, 2000, rng(1));
    const body = assertSuccess(await postWav(encodeWav([recorded], 2000)));
    assert.equal(body.output, text);
    assert.ok(Math.abs(body.frequency - 600) <= 3, `${body.frequency} Hz`);
    assert.ok(Math.abs(body.wpm - 20) <= 2, `${body.wpm} wpm`);
    assert.equal(assertSuccess(await postWav(encodeWav([recorded], 2000), "audio/wav", "/api/v1/decode-audio?frequency=600&wpm=20")).output, text);
    assertError(await postWav(encodeWav([recorded], 1999)), 400, "The WAV file's sample rate 1999 Hz is outside 2000 to 96000 Hz", "INVALID_AUDIO");
    const { body: doc } = await get(server.url, "/api/v1/openapi.json");
    const wavBody = doc.paths["/api/v1/decode-audio"].post.requestBody.content["audio/wav"].schema;
    assert.match(wavBody.description, /2000 to 96000 samples\/s, the tone below 0\.45 of the rate/);
  });

  it("takes hints in the query string, checked like every number", async () => {
    const { bytes } = await wav({ text: "TEST", wpm: "18", frequency: "500" });
    assert.equal(assertSuccess(await postWav(bytes, "audio/wav", "/api/v1/decode-audio?frequency=500&wpm=18")).output, "TEST");
    assertError(await postWav(bytes, "audio/wav", "/api/v1/decode-audio?frequency=50"), 400, "Parameter frequency must be a number between 200 and 43200");
  });

  it("takes a speed hint up to 60 wpm, beyond the 50 it renders at", async () => {
    const recorded = record(timeline("CQ TEST DE K1ABC", { wpm: 50 }), { ...QUIET, frequency: 600 }, 8000, rng(2));
    const fast = new Float32Array(Math.round((recorded.length * 50) / 58));
    for (let i = 0; i < fast.length; i++) fast[i] = recorded[Math.floor((i * 58) / 50)]!; // played back 16 % faster: 58 wpm, 696 Hz
    assert.equal(assertSuccess(await postWav(encodeWav([fast], 8000), "audio/wav", "/api/v1/decode-audio?wpm=58")).output, "CQ TEST DE K1ABC");
    assertError(await postWav(encodeWav([fast], 8000), "audio/wav", "/api/v1/decode-audio?wpm=61"), 400, "Parameter wpm must be a number between 5 and 60");
  });
});
