import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError } from "../../src/core/index.js";
import { encodeWav, readWav, type WavEncoding } from "../../src/audio/index.js";
import { MAX_RECORDING_SECONDS } from "../../src/http/limits.js";

/** A RIFF/WAVE file of the given chunks, each [id, body]; the RIFF size as written or given. */
function riff(chunks: [string, Uint8Array, number?][], riffSize?: number): Buffer {
  const parts: Buffer[] = [];
  for (const [id, body, declared] of chunks) {
    const head = Buffer.alloc(8);
    head.write(id, 0, "ascii");
    head.writeUInt32LE(declared ?? body.length, 4);
    parts.push(head, Buffer.from(body));
    if (body.length % 2 === 1 && declared === undefined) parts.push(Buffer.alloc(1)); // pad byte
  }
  const content = Buffer.concat(parts);
  const head = Buffer.alloc(12);
  head.write("RIFF", 0, "ascii");
  head.writeUInt32LE(riffSize ?? content.length + 4, 4);
  head.write("WAVE", 8, "ascii");
  return Buffer.concat([head, content]);
}

function fmt({
  code = 1,
  channels = 1,
  sampleRate = 8000,
  bits = 16,
  blockAlign,
}: {
  code?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  blockAlign?: number;
} = {}): Uint8Array {
  const b = Buffer.alloc(16);
  const align = blockAlign ?? channels * Math.ceil(bits / 8);
  b.writeUInt16LE(code, 0);
  b.writeUInt16LE(channels, 2);
  b.writeUInt32LE(sampleRate, 4);
  b.writeUInt32LE(sampleRate * align, 8);
  b.writeUInt16LE(align, 12);
  b.writeUInt16LE(bits, 14);
  return b;
}

function int16(...values: number[]): Uint8Array {
  const b = Buffer.alloc(2 * values.length);
  for (const [i, v] of values.entries()) b.writeInt16LE(v, 2 * i);
  return b;
}

function assertInvalid(bytes: Uint8Array, message: string | RegExp): void {
  assert.throws(
    () => readWav(bytes),
    (e: unknown) => {
      assert.ok(e instanceof MorseError, String(e));
      assert.equal(e.code, "INVALID_AUDIO");
      if (typeof message === "string") assert.equal(e.message, message);
      else assert.match(e.message, message);
      return true;
    },
  );
}

const RAMP = Float32Array.from({ length: 64 }, (_, i) => -1 + (2 * i) / 63);

function close(actual: Float32Array, expected: Float32Array, tolerance: number): void {
  assert.equal(actual.length, expected.length);
  for (let i = 0; i < expected.length; i++) {
    assert.ok(Math.abs(actual[i]! - expected[i]!) <= tolerance, `sample ${i}: ${actual[i]} vs ${expected[i]}`);
  }
}

describe("WAV reading", () => {
  const encodings: [WavEncoding, number][] = [
    [{ format: "pcm", bits: 8 }, 1 / 64],
    [{ format: "pcm", bits: 16 }, 1e-4],
    [{ format: "pcm", bits: 24 }, 1e-6],
    [{ format: "pcm", bits: 32 }, 1e-6],
    [{ format: "float", bits: 32 }, 0],
    [{ format: "pcm", bits: 24, extensible: true }, 1e-6],
    [{ format: "float", bits: 32, extensible: true }, 0],
  ];
  for (const [encoding, tolerance] of encodings) {
    it(`reads ${encoding.extensible ? "extensible " : ""}${encoding.bits}-bit ${encoding.format}`, () => {
      const { samples, sampleRate } = readWav(encodeWav([RAMP], 22050, encoding));
      assert.equal(sampleRate, 22050);
      close(samples, RAMP, tolerance);
    });
  }

  it("reads every encoding alike wherever its bytes start in memory, mono and stereo", () => {
    // Whole samples are read as typed arrays, which need their bytes aligned: data at an odd address is copied first.
    const right = RAMP.map((x) => -x / 2);
    for (const [encoding, tolerance] of encodings) {
      for (const channels of [[RAMP], [RAMP, right]]) {
        const wav = encodeWav(channels, 8000, encoding);
        const odd = new Uint8Array(wav.length + 1).subarray(1);
        odd.set(wav);
        const aligned = readWav(wav).samples;
        assert.deepEqual(readWav(odd).samples, aligned);
        const expected = channels.length === 1 ? RAMP : RAMP.map((x, i) => (x + right[i]!) / 2);
        close(aligned, expected, 2 * tolerance);
      }
    }
  });

  it("reads sample values exactly as the formats define them", () => {
    // 8-bit is unsigned around 128; 24-bit is little-endian two's complement.
    const eight = riff([
      ["fmt ", fmt({ bits: 8 })],
      ["data", Uint8Array.of(0, 128, 255, 64)],
    ]);
    assert.deepEqual(Array.from(readWav(eight).samples), [-1, 0, 127 / 128, -0.5]);
    const twentyFour = riff([
      ["fmt ", fmt({ bits: 24 })],
      ["data", Uint8Array.of(0x00, 0x00, 0x80, 0xff, 0xff, 0x7f, 0x00, 0x00, 0xc0)],
    ]);
    assert.deepEqual(Array.from(readWav(twentyFour).samples), [-1, 8388607 / 8388608, -0.5]);
    const sixteen = riff([
      ["fmt ", fmt()],
      ["data", int16(-32768, 16384, 0)],
    ]);
    assert.deepEqual(Array.from(readWav(sixteen).samples), [-1, 0.5, 0]);
  });

  it("averages stereo channels to mono", () => {
    const left = Float32Array.of(0.5, -0.5, 1, 0);
    const right = Float32Array.of(0.5, 0.5, 0, -1);
    const { samples } = readWav(encodeWav([left, right], 8000, { format: "float", bits: 32 }));
    assert.deepEqual(Array.from(samples), [0.5, 0, 0.5, -0.5]);
    const pcm = riff([
      ["fmt ", fmt({ channels: 2 })],
      ["data", int16(16384, -16384, 8192, 8192)],
    ]);
    assert.deepEqual(Array.from(readWav(pcm).samples), [0, 0.25]);
  });

  it("reads NaN and infinite float samples as silence", () => {
    const body = Buffer.alloc(12);
    body.writeFloatLE(Number.NaN, 0);
    body.writeFloatLE(Number.POSITIVE_INFINITY, 4);
    body.writeFloatLE(0.25, 8);
    const { samples } = readWav(
      riff([
        ["fmt ", fmt({ code: 3, bits: 32 })],
        ["data", body],
      ]),
    );
    assert.deepEqual(Array.from(samples), [0, 0, 0.25]);
  });

  it("walks chunks in any order, skipping unknown ones and their pad bytes", () => {
    const wav = riff([
      ["LIST", Uint8Array.of(1, 2, 3)], // odd size: a pad byte follows
      ["data", int16(100, -100)],
      ["junk", new Uint8Array(10)],
      ["fmt ", fmt({ sampleRate: 11025 })],
      ["id3 ", Uint8Array.of(9)],
    ]);
    const { samples, sampleRate } = readWav(wav);
    assert.equal(sampleRate, 11025);
    assert.deepEqual(Array.from(samples), [100 / 32768, -100 / 32768]);
  });

  it("ignores a wrong RIFF size and a cut-off chunk after the data", () => {
    const wav = riff(
      [
        ["fmt ", fmt()],
        ["data", int16(1, 2, 3)],
        ["LIST", new Uint8Array(4), 4000],
      ],
      12,
    );
    assert.equal(readWav(wav).samples.length, 3);
  });

  it("reads a data chunk that claims more than the file holds as far as it goes, in whole frames", () => {
    // 5 bytes present of 16-bit stereo: one whole frame (4 bytes) and a stray byte.
    const body = Buffer.concat([int16(1000, 3000), Uint8Array.of(7)]);
    for (const declared of [64, 0xfffffff0, 0xffffffff]) {
      const wav = riff([
        ["fmt ", fmt({ channels: 2 })],
        ["data", body, declared],
      ]);
      const { samples } = readWav(wav); // would throw RangeError if it allocated by the declared size
      assert.deepEqual(Array.from(samples), [2000 / 32768]);
    }
  });

  it("refuses what is not a WAV file", () => {
    assertInvalid(new Uint8Array(0), "The WAV file is truncated: 0 bytes cannot hold a RIFF header");
    assertInvalid(Buffer.from("RIFF\0\0\0\0WAV"), "The WAV file is truncated: 11 bytes cannot hold a RIFF header");
    assertInvalid(Buffer.from("ID3\x04\0\0\0\0\0\0\0\0\0\0\0\0"), "The file is not a WAV file: it does not start with a RIFF/WAVE header");
    assertInvalid(Buffer.from("RIFF\x10\0\0\0AVI LIST\0\0\0\0"), "The file is not a WAV file: it does not start with a RIFF/WAVE header");
  });

  it("refuses truncated headers and chunks", () => {
    const whole = riff([
      ["fmt ", fmt()],
      ["data", int16(1, 2)],
    ]);
    assertInvalid(whole.subarray(0, 12), "The WAV file is truncated: it ends inside its header");
    assertInvalid(whole.subarray(0, 18), "The WAV file is truncated: it ends inside its header");
    assertInvalid(whole.subarray(0, 30), "The WAV file is truncated: its fmt chunk declares 16 bytes but only 10 remain");
    assertInvalid(whole.subarray(0, 36), "The WAV file has no data chunk");
    assertInvalid(
      riff([
        ["LIST", new Uint8Array(8), 0xfffffff0],
        ["fmt ", fmt()],
      ]),
      'The WAV file is truncated: its chunk "LIST" declares 4294967280 bytes but only 32 remain, and no data chunk came before it',
    );
  });

  it("refuses files without a fmt or data chunk, or with two", () => {
    assertInvalid(riff([["data", int16(1)]]), "The WAV file has no fmt chunk");
    assertInvalid(
      riff([
        ["fmt ", fmt()],
        ["LIST", new Uint8Array(4)],
      ]),
      "The WAV file has no data chunk",
    );
    assertInvalid(
      riff([
        ["fmt ", fmt()],
        ["data", int16(1)],
        ["data", int16(2)],
      ]),
      "The WAV file has more than one data chunk",
    );
    assertInvalid(
      riff([
        ["fmt ", fmt()],
        ["fmt ", fmt()],
        ["data", int16(2)],
      ]),
      "The WAV file has more than one fmt chunk",
    );
    assertInvalid(
      riff([
        ["fmt ", fmt()],
        ["data", new Uint8Array(0)],
      ]),
      "The WAV file's data chunk holds no samples",
    );
    assertInvalid(
      riff([
        ["fmt ", fmt({ channels: 2 })],
        ["data", int16(1)],
      ]),
      "The WAV file's data chunk holds no samples",
    );
  });

  it("refuses formats it cannot read, naming the problem", () => {
    const data: [string, Uint8Array] = ["data", new Uint8Array(64)];
    assertInvalid(riff([["fmt ", fmt({ channels: 0, blockAlign: 2 })], data]), "The WAV file declares zero channels");
    assertInvalid(riff([["fmt ", fmt({ channels: 6 })], data]), "The WAV file has 6 channels; only mono and stereo are supported");
    assertInvalid(riff([["fmt ", fmt({ bits: 12 })], data]), "The WAV file has 12-bit PCM samples; only 8, 16, 24 and 32-bit are supported");
    assertInvalid(riff([["fmt ", fmt({ code: 3, bits: 64 })], data]), "The WAV file has 64-bit float samples; only 32-bit float is supported");
    assertInvalid(riff([["fmt ", fmt({ code: 2, bits: 4 })], data]), "The WAV file's sample format 0x0002 is not supported; only PCM and IEEE float are");
    assertInvalid(riff([["fmt ", fmt({ sampleRate: 1999 })], data]), "The WAV file's sample rate 1999 Hz is outside 2000 to 96000 Hz");
    assertInvalid(riff([["fmt ", fmt({ sampleRate: 192000 })], data]), "The WAV file's sample rate 192000 Hz is outside 2000 to 96000 Hz");
    assertInvalid(riff([["fmt ", fmt({ blockAlign: 3 })], data]), "The WAV file's block align is 3 bytes; 1 channel(s) of 16-bit samples need 2");
    assertInvalid(riff([["fmt ", fmt().subarray(0, 14)], data]), "The WAV file's fmt chunk is 14 bytes long; it must be at least 16");
  });

  it("reads sample rates down to 2000 Hz, where a tone up to 900 Hz still fits, and refuses 1999 Hz", () => {
    for (const encoding of [
      { format: "pcm", bits: 16 },
      { format: "float", bits: 32 },
    ] as const) {
      const { samples, sampleRate } = readWav(encodeWav([RAMP], 2000, encoding));
      assert.equal(sampleRate, 2000);
      assert.equal(samples.length, RAMP.length);
    }
    assertInvalid(encodeWav([RAMP], 1999), "The WAV file's sample rate 1999 Hz is outside 2000 to 96000 Hz");
  });

  it("refuses extensible files with a short fmt chunk or a foreign sub-format", () => {
    const good = encodeWav([RAMP], 8000, { format: "pcm", bits: 16, extensible: true });
    const shortFmt = riff([
      ["fmt ", Buffer.concat([fmt({ code: 0xfffe }), new Uint8Array(8)])],
      ["data", int16(1)],
    ]);
    assertInvalid(shortFmt, "The WAV file's extensible fmt chunk is 24 bytes long; it must be at least 40");
    const foreign = Buffer.from(good);
    foreign[12 + 8 + 26 + 5] = 0x42; // a byte of the GUID's tail
    assertInvalid(foreign, "The WAV file's extensible sub-format is neither PCM nor IEEE float");
    const adpcm = Buffer.from(good);
    adpcm.writeUInt16LE(2, 12 + 8 + 24); // sub-format code ADPCM
    assertInvalid(adpcm, "The WAV file's sample format 0x0002 is not supported; only PCM and IEEE float are");
  });

  it("reads a recording of any length when given no limit: 16 minutes at 2000 Hz", () => {
    const frames = 16 * 60 * 2000;
    const long = riff([
      ["fmt ", fmt({ bits: 8, sampleRate: 2000 })],
      ["data", new Uint8Array(frames).fill(128)],
    ]);
    const { samples, sampleRate } = readWav(long);
    assert.equal(samples.length / sampleRate, 16 * 60);
  });

  it("refuses a recording over the limit it is given (the service's 15 minutes, or any), and reads one of exactly that", () => {
    const silence = (seconds: number) =>
      riff([
        ["fmt ", fmt({ bits: 8, sampleRate: 2000 })],
        ["data", new Uint8Array(seconds * 2000).fill(128)],
      ]);
    const refused = (message: string) => (e: unknown) => e instanceof MorseError && e.code === "RECORDING_TOO_LONG" && e.message === message;
    const exact = silence(MAX_RECORDING_SECONDS);
    assert.equal(readWav(exact, { maxSeconds: MAX_RECORDING_SECONDS }).samples.length, MAX_RECORDING_SECONDS * 2000);
    assert.throws(
      () => readWav(silence(MAX_RECORDING_SECONDS + 1), { maxSeconds: MAX_RECORDING_SECONDS }),
      refused("At most 900 s (15 minutes) of recording can be decoded; this one lasts 901 s"),
    );
    assert.equal(readWav(silence(90), { maxSeconds: 90 }).samples.length, 90 * 2000);
    assert.throws(() => readWav(silence(91), { maxSeconds: 90 }), refused("At most 90 s of recording can be decoded; this one lasts 91 s"));
    assert.throws(() => readWav(silence(61), { maxSeconds: 60 }), refused("At most 60 s (1 minute) of recording can be decoded; this one lasts 61 s"));
  });
});
