/**
 * Fuzzing /api/v1/decode-audio and /api/v1/spots over a real socket (GitHub issue 6): random and
 * corrupted WAV, MP3, Ogg and FLAC bodies. What every answer must be: test/robustness/fuzz.ts.
 */
import assert from "node:assert/strict";
import { describe as suite, test } from "node:test";
import fc from "fast-check";
import { encodeAs, type EncodedFormat } from "../fixtures/encoded.js";
import { serveForTests } from "../helpers/server.js";
import { JSON_ENDPOINTS, fuzzing, paramValue } from "./fuzz.js";
import { describe, type RawResponse, send } from "./raw.js";

const server = serveForTests();
const { check, assertStillServing, runProperty } = fuzzing(server);

// ---------------------------------------------------------------------------------------
// WAV bodies

const WAV_TYPES = ["audio/wav", "audio/x-wav", "audio/wave", "application/octet-stream", "AUDIO/WAV", "audio/wav; codecs=1"];

/** A RIFF/WAVE file with the given fmt fields and data, sizes as declared (or not). */
function wavFile(f: {
  code: number;
  channels: number;
  rate: number;
  bits: number;
  blockAlign: number;
  data: Uint8Array;
  riffSize?: number;
  dataSize?: number;
  extra?: Uint8Array;
}): Buffer {
  const fmt = Buffer.alloc(16);
  fmt.writeUInt16LE(f.code, 0);
  fmt.writeUInt16LE(f.channels, 2);
  fmt.writeUInt32LE(f.rate >>> 0, 4);
  fmt.writeUInt32LE((f.rate * f.blockAlign) >>> 0, 8);
  fmt.writeUInt16LE(f.blockAlign, 12);
  fmt.writeUInt16LE(f.bits, 14);
  const chunk = (id: string, body: Uint8Array, size = body.length) => {
    const head = Buffer.alloc(8);
    head.write(id, 0, "latin1");
    head.writeUInt32LE(size >>> 0, 4);
    return Buffer.concat([head, body, body.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  };
  const chunks = Buffer.concat([chunk("fmt ", fmt), ...(f.extra ? [chunk("LIST", f.extra)] : []), chunk("data", f.data, f.dataSize ?? f.data.length)]);
  const riff = Buffer.alloc(12);
  riff.write("RIFF", 0, "latin1");
  riff.writeUInt32LE((f.riffSize ?? chunks.length + 4) >>> 0, 4);
  riff.write("WAVE", 8, "latin1");
  return Buffer.concat([riff, chunks]);
}

async function postRecording(
  body: Buffer,
  contentType = "audio/wav",
  query = "",
  path = "/api/v1/decode-audio",
  statuses = [200, 400],
): Promise<{ response: RawResponse; body: Record<string, unknown> | undefined }> {
  const request = { method: "POST", target: `${path}${query}`, headers: { "Content-Type": contentType }, body };
  const result = await check(request);
  assert.ok(statuses.includes(result.response.status), describe(request, result.response));
  return result;
}

/** The samples of /api/v1/audio.wav for `query`, as floats. */
async function renderedSamples(query: string): Promise<Float32Array> {
  const rendered = await send(server.port, { method: "GET", target: `/api/v1/audio.wav?${query}` });
  assert.equal(rendered.status, 200);
  const pcm = rendered.body.subarray(44);
  return Float32Array.from({ length: pcm.length / 2 }, (_, i) => pcm.readInt16LE(2 * i) / 32768);
}

/** A file cut to `cut` bytes, with bytes overwritten at `flips`. */
function mutated(file: Buffer, cut: number, flips: readonly [number, number][]): Buffer {
  const body = Buffer.from(file.subarray(0, cut));
  for (const [at, value] of flips) if (at < body.length) body[at] = value;
  return body;
}

/**
 * Posts `file` cut short (often within its first `headBytes`, else anywhere) with up to
 * `maxFlips` bytes changed among its first `flipBytes`, as each of `types`: postRecording
 * checks every answer.
 */
async function postMutations(
  file: Buffer,
  types: readonly string[],
  limits: { headBytes: number; flipBytes: number; maxFlips: number },
  statuses = [200, 400],
): Promise<void> {
  const mutation = fc.record({
    cut: fc.oneof(fc.integer({ min: 0, max: limits.headBytes }), fc.integer({ min: 0, max: file.length })),
    flips: fc.array(fc.tuple(fc.integer({ min: 0, max: limits.flipBytes }), fc.integer({ min: 0, max: 255 })), { maxLength: limits.maxFlips }),
    type: fc.constantFrom(...types),
  });
  await runProperty(
    mutation,
    async ({ cut, flips, type }) => {
      await postRecording(mutated(file, cut, flips), type, "", "/api/v1/decode-audio", statuses);
    },
    40,
  );
}

suite("fuzz: WAV bodies to /api/v1/decode-audio", () => {
  test("random bytes answer 400 (or 200), never 5xx", async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 2048 }),
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.concat([Buffer.from("RIFF\0\0\0\0WAVE", "latin1"), b])),
      fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.concat([Buffer.from("RIFF\xff\xff\xff\xffWAVEfmt ", "latin1"), b])),
    );
    await runProperty(
      fc.tuple(bytes, fc.constantFrom(...WAV_TYPES)),
      async ([body, type]) => {
        await postRecording(Buffer.from(body), type);
      },
      300,
    );
  });

  test("WAV headers with random fields (formats, channels, bits, rates, sizes) answer 200 or 400", async () => {
    const header = fc.record({
      code: fc.oneof(fc.constantFrom(1, 3, 0xfffe, 0, 2, 0x55), fc.integer({ min: 0, max: 0xffff })),
      channels: fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 0xffff })),
      rate: fc.oneof(fc.constantFrom(0, 1, 1999, 2000, 8000, 44100, 96000, 96001, 0xffffffff), fc.integer({ min: 0, max: 0xffffffff })),
      bits: fc.oneof(fc.constantFrom(0, 1, 8, 16, 24, 32, 64, 12), fc.integer({ min: 0, max: 0xffff })),
      blockAlign: fc.oneof(fc.constantFrom(0, 1, 2, 3, 4, 6, 8), fc.integer({ min: 0, max: 0xffff })),
      data: fc.uint8Array({ maxLength: 4000 }),
      riffSize: fc.option(fc.oneof(fc.constant(0xffffffff), fc.nat()), { nil: undefined }),
      dataSize: fc.option(fc.oneof(fc.constant(0xffffffff), fc.constant(0), fc.nat({ max: 10_000 })), { nil: undefined }),
      extra: fc.option(fc.uint8Array({ maxLength: 30 }), { nil: undefined }),
    });
    await runProperty(
      header,
      async (f) => {
        await postRecording(wavFile(f));
      },
      300,
    );
  });

  test("a real WAV, cut short or corrupted, answers 200 or 400", async () => {
    const rendered = await send(server.port, { method: "GET", target: "/api/v1/audio.wav?text=SOS&wpm=30" });
    assert.equal(rendered.status, 200);
    const wav = rendered.body;
    assert.equal(wav.subarray(0, 4).toString("latin1"), "RIFF");
    const full = await postRecording(wav);
    assert.equal(full.body?.output, "SOS");

    await postMutations(wav, WAV_TYPES, { headBytes: 60, flipBytes: 200, maxFlips: 4 });
  });

  test("float samples of any value (NaN, infinities, near float32's limit) in a real recording answer 200", async () => {
    const samples = await renderedSamples("text=SOS&wpm=30");
    const spoils = fc.record({
      scale: fc.constantFrom(1, 1e-30, 1e30, 3e38),
      values: fc.array(fc.tuple(fc.nat({ max: samples.length - 1 }), fc.float()), { minLength: 1, maxLength: 20 }),
    });
    await runProperty(
      spoils,
      async ({ scale, values }) => {
        const spoiled = samples.map((x) => x * scale);
        for (const [at, value] of values) spoiled[at] = value;
        const data = new Uint8Array(spoiled.buffer);
        const { response, body } = await postRecording(wavFile({ code: 3, channels: 1, rate: 8000, bits: 32, blockAlign: 4, data }));
        assert.equal(response.status, 200);
        assert.equal(typeof body?.output, "string");
      },
      25,
    );
  });

  test("decode-audio hints in the query string: broken numbers, signals and alphabets answer 400, never 5xx", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(1600) });
    await runProperty(
      fc.tuple(
        fc.constantFrom("wpm", "frequency", "wpm[]", "frequency[a]", "signals", "signals[]", "alphabet", "alphabet[]"),
        fc.oneof(paramValue, fc.constantFrom("all", "wabun", "skats")),
      ),
      async ([name, value]) => {
        await postRecording(wav, "audio/wav", `?${name}=${value}`);
      },
      100,
    );
  });

  test("spots: random bodies, and broken dials, sidebands, reporters and alphabets, answer 400 (or 200), never 5xx", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(1600) });
    await runProperty(
      fc.tuple(
        fc.constantFrom("dial", "dial[]", "sideband", "sideband[]", "reporter", "reporter[]", "alphabet"),
        fc.oneof(paramValue, fc.constantFrom("usb", "lsb", "14025", "100", "300000", "K1ABC", "latin")),
      ),
      async ([name, value]) => {
        await postRecording(wav, "audio/wav", `?dial=14025&${name}=${value}`, "/api/v1/spots");
      },
      100,
    );
    await runProperty(
      fc.tuple(fc.uint8Array({ maxLength: 2048 }), fc.constantFrom(...WAV_TYPES)),
      async ([body, type]) => {
        await postRecording(Buffer.from(body), type, "?dial=7030", "/api/v1/spots");
      },
      100,
    );
  });

  test("a WAV body sent to the JSON endpoints, and JSON sent to decode-audio, answer 415", async () => {
    const wav = wavFile({ code: 1, channels: 1, rate: 8000, bits: 16, blockAlign: 2, data: new Uint8Array(160) });
    for (const endpoint of JSON_ENDPOINTS) {
      const request = { method: "POST", target: endpoint, headers: { "Content-Type": "audio/wav" }, body: wav };
      const { response } = await check(request);
      assert.equal(response.status, 415, describe(request, response));
    }
    for (const type of ["application/json", "text/plain", "multipart/form-data; boundary=x"]) {
      const request = { method: "POST", target: "/api/v1/decode-audio", headers: { "Content-Type": type }, body: '{"text":"SOS"}' };
      const { response } = await check(request);
      assert.equal(response.status, 415, describe(request, response));
    }
    const untyped = { method: "POST", target: "/api/v1/decode-audio", body: wav };
    assert.equal((await check(untyped)).response.status, 415);
    await assertStillServing();
  });
});

/** Each compressed format, and the media types it may be sent as (and octet-stream, sniffed). */
const COMPRESSED: [EncodedFormat, string[]][] = [
  ["mp3", ["audio/mpeg", "application/octet-stream"]],
  ["ogg-vorbis", ["audio/ogg", "application/octet-stream"]],
  ["ogg-opus", ["audio/opus", "audio/ogg"]],
  ["flac", ["audio/flac", "audio/x-flac"]],
];

suite("fuzz: MP3, Ogg and FLAC bodies to /api/v1/decode-audio", () => {
  test("random bytes behind each format's magic answer 400 (or 200), never 5xx", async () => {
    const magic = ["ID3\x04\0\0\0\0\0\x10", "\xff\xfb\x90\x64", "OggS\0\x02\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\x01\x13OpusHead", "fLaC\0\0\0\x22", "OggS"];
    const body = fc.tuple(fc.constantFrom(...magic), fc.uint8Array({ maxLength: 4096 })).map(([m, b]) => Buffer.concat([Buffer.from(m, "latin1"), b]));
    await runProperty(
      fc.tuple(body, fc.constantFrom("application/octet-stream", "audio/mpeg", "audio/ogg", "audio/flac")),
      async ([bytes, type]) => {
        await postRecording(bytes, type);
      },
      200,
    );
  });

  test("real files of every format, cut short or corrupted, answer 200 or 400 (413 where a header now says over 15 minutes)", async () => {
    const samples = await renderedSamples("text=SOS%20SOS&wpm=30");
    for (const [format, types] of COMPRESSED) {
      const file = await encodeAs(format, samples, 8000);
      for (const type of types) assert.equal((await postRecording(file, type)).body?.output, "SOS SOS", `${format} as ${type}`);
      await postMutations(file, types, { headBytes: 300, flipBytes: file.length - 1, maxFlips: 8 }, [200, 400, 413]);
    }
    await assertStillServing();
  });
});
