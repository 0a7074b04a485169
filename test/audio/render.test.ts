import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../src/core/index.js";
import { KeyingEnvelope, readWav, renderWavChunks, sampleCount, wavByteLength } from "../../src/audio/index.js";

const MINUS_1_DBFS = 10 ** (-1 / 20) * 32767;

function render(text: string, wpm: number, frequency: number, sampleRate: number): Buffer {
  return Buffer.concat([...renderWavChunks(timeline(text, { wpm }), { frequency, sampleRate })]);
}

function pcm(wav: Buffer): Int16Array {
  const data = wav.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
}

/** Times (in samples, interpolated) where `env` crosses 0.5, rising or falling. */
function halfCrossings(env: Float32Array): number[] {
  const at: number[] = [];
  for (let n = 1; n < env.length; n++) {
    const a = env[n - 1]! - 0.5;
    const b = env[n]! - 0.5;
    if ((a < 0 && b >= 0) || (a >= 0 && b < 0)) at.push(n - 1 + a / (a - b));
  }
  return at;
}

describe("WAV rendering", () => {
  it("writes a canonical 44-byte header for mono 16-bit PCM", () => {
    const tl = timeline("E", { wpm: 20 });
    const wav = render("E", 20, 600, 8000);
    assert.equal(wav.toString("ascii", 0, 4), "RIFF");
    assert.equal(wav.readUInt32LE(4), wav.length - 8);
    assert.equal(wav.toString("ascii", 8, 16), "WAVEfmt ");
    assert.equal(wav.readUInt32LE(16), 16);
    assert.equal(wav.readUInt16LE(20), 1); // PCM
    assert.equal(wav.readUInt16LE(22), 1); // mono
    assert.equal(wav.readUInt32LE(24), 8000);
    assert.equal(wav.readUInt32LE(28), 16000); // byte rate
    assert.equal(wav.readUInt16LE(32), 2); // block align
    assert.equal(wav.readUInt16LE(34), 16);
    assert.equal(wav.toString("ascii", 36, 40), "data");
    assert.equal(wav.readUInt32LE(40), 2 * 480); // 60 ms at 8 kHz
    assert.equal(wav.length, 44 + 960);
    assert.equal(wav.length, wavByteLength(tl, 8000));
    assert.equal(sampleCount(tl, 8000), 480);
  });

  it("sounds a single dot from the first sample to the last, peaking at or below -1 dBFS", () => {
    const samples = pcm(render("E", 20, 600, 8000));
    assert.equal(samples[0], 0); // the sine starts at phase 0
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s));
    assert.ok(peak <= MINUS_1_DBFS, `peak ${peak}`);
    assert.ok(peak > 0.85 * 32767, `peak ${peak} should be near -1 dBFS`);
    // Tone from edge to edge: the first and last 2.5 ms already carry half amplitude.
    const firstMs = samples.subarray(0, 20);
    const lastMs = samples.subarray(samples.length - 20);
    assert.ok(Math.max(...firstMs.map(Math.abs)) > 0.4 * 32767);
    assert.ok(Math.max(...lastMs.map(Math.abs)) > 0.4 * 32767);
  });

  it("is the keying envelope times a sine, sample for sample", () => {
    const tl = timeline("EE", { wpm: 20 });
    const samples = pcm(render("EE", 20, 1000, 8000));
    const env = new Float32Array(sampleCount(tl, 8000));
    new KeyingEnvelope(tl, 8000).fill(0, env);
    for (let n = 0; n < samples.length; n++) {
      const expected = env[n]! * 0.89 * 32767 * Math.sin((2 * Math.PI * 1000 * n) / 8000);
      assert.ok(Math.abs(samples[n]! - expected) <= 1, `sample ${n}: ${samples[n]} vs ${expected}`);
    }
  });

  it("stays the envelope times a sine over long tones, at any chunking", () => {
    // Dashes of 720 ms (34,560 samples) at a pitch that is no whole number of samples; the
    // sine is stepped by rotation, so drift would show at the end of a long tone.
    const tl = timeline("TMT", { wpm: 5 });
    const env = new Float32Array(sampleCount(tl, 48000));
    new KeyingEnvelope(tl, 48000).fill(0, env);
    for (const chunkSamples of [8192, 1001, 2]) {
      const wav = Buffer.concat([...renderWavChunks(tl, { frequency: 997.3, sampleRate: 48000 }, chunkSamples)]);
      const samples = pcm(wav);
      assert.equal(samples.length, env.length);
      for (let n = 0; n < samples.length; n++) {
        const expected = env[n]! * 0.89 * 32767 * Math.sin((2 * Math.PI * 997.3 * n) / 48000);
        if (Math.abs(samples[n]! - expected) > 1) assert.fail(`chunks of ${chunkSamples}, sample ${n}: ${samples[n]} vs ${expected}`);
      }
    }
  });

  it("shapes each edge with a 5 ms raised cosine centred on the nominal edge", () => {
    const sampleRate = 48000;
    const tl = timeline("EE", { wpm: 20 }); // dot 0-60 ms, letter gap 60-240 ms, dot 240-300 ms
    const env = new Float32Array(sampleCount(tl, sampleRate));
    new KeyingEnvelope(tl, sampleRate).fill(0, env);
    const perMs = sampleRate / 1000;
    const start = 240 * perMs; // second dot's rising edge, in samples
    assert.equal(env[start - 2.5 * perMs], 0); // ramp begins 2.5 ms early
    assert.equal(env[start - 2.5 * perMs - 1], 0);
    assert.equal(env[start], 0.5); // half amplitude on the edge itself
    assert.ok(Math.abs(env[start + 1.25 * perMs]! - (0.5 + 0.5 * Math.sin(Math.PI / 4))) < 1e-6);
    assert.equal(env[start + 2.5 * perMs], 1); // full 2.5 ms after
    assert.ok(Math.abs(env[start - 1.25 * perMs]! - (0.5 - 0.5 * Math.sin(Math.PI / 4))) < 1e-6);
    // Silent between the dots, away from the ramps.
    assert.ok(env.subarray(62.5 * perMs + 1, 237.5 * perMs).every((v) => v === 0));
  });

  it("keeps 50 %-amplitude durations equal to the timeline's, within one sample, at any rate", () => {
    for (const sampleRate of [8000, 11025, 44100]) {
      for (const wpm of [13, 20, 47]) {
        const tl = timeline("PARIS", { wpm });
        const env = new Float32Array(sampleCount(tl, sampleRate));
        new KeyingEnvelope(tl, sampleRate).fill(0, env);
        const crossings = halfCrossings(env);
        const edges = tl.sequence.filter((s) => s.type !== "silence").flatMap((s) => [s.startMs, s.startMs + s.durationMs]);
        // The very first rise and last fall sit on the file's edges (sample 0 and the end).
        const inner = edges.slice(1, -1).map((ms) => (ms * sampleRate) / 1000);
        assert.equal(crossings.length, inner.length, `${wpm} wpm at ${sampleRate} Hz`);
        for (const [i, c] of crossings.entries()) assert.ok(Math.abs(c - inner[i]!) <= 1, `edge ${i}: ${c} vs ${inner[i]}`);
        // Between consecutive crossings: every segment but the first and last, to within a sample.
        for (let i = 0; i + 1 < crossings.length; i++) {
          const measuredMs = ((crossings[i + 1]! - crossings[i]!) * 1000) / sampleRate;
          const nominal = tl.sequence[i + 1]!.durationMs;
          assert.ok(Math.abs(measuredMs - nominal) <= 1000 / sampleRate, `segment ${i + 1}: ${measuredMs} vs ${nominal} ms`);
        }
      }
    }
  });

  it("streams fresh chunks of at most 16 KiB whose total is wavByteLength", () => {
    const tl = timeline("CQ CQ DE W1AW", { wpm: 25 });
    const chunks = [...renderWavChunks(tl, { frequency: 700, sampleRate: 22050 })];
    assert.equal(chunks[0]!.length, 44);
    assert.ok(chunks.length > 3);
    for (const c of chunks.slice(1, -1)) assert.equal(c.length, 16384);
    assert.ok(chunks[chunks.length - 1]!.length <= 16384);
    assert.equal(
      chunks.reduce((n, c) => n + c.length, 0),
      wavByteLength(tl, 22050),
    );
    // No two chunks share memory: a consumer may keep each until it is written.
    assert.equal(new Set(chunks.map((c) => c.buffer)).size, chunks.length);
  });

  it("renders 40 minutes chunk by chunk, to the exact size announced", () => {
    const tl = timeline("0".repeat(460), { wpm: 5 }); // 22 dots a digit, 240 ms a dot: 40.5 min
    const expected = wavByteLength(tl, 8000);
    let total = 0;
    let largest = 0;
    let header: Buffer | undefined;
    for (const chunk of renderWavChunks(tl, { frequency: 600, sampleRate: 8000 })) {
      header ??= chunk;
      total += chunk.length;
      largest = Math.max(largest, chunk.length);
    }
    assert.ok(tl.durationMs > 40 * 60_000);
    assert.equal(total, expected);
    assert.equal(largest, 16384);
    assert.equal(header!.readUInt32LE(40), expected - 44);
  });

  it("round-trips through the reader", () => {
    const wav = render("SOS", 20, 600, 11025);
    const { samples, sampleRate } = readWav(wav);
    assert.equal(sampleRate, 11025);
    assert.equal(samples.length, (wav.length - 44) / 2);
  });

  it("refuses sample rates and pitches out of range before yielding anything", () => {
    const tl = timeline("E");
    for (const sampleRate of [7999, 48001, 22050.5, Number.NaN]) {
      assert.throws(
        () => renderWavChunks(tl, { frequency: 600, sampleRate }),
        (e: unknown) =>
          e instanceof MorseError && e.code === "INVALID_OPTION" && e.message === "Parameter sampleRate must be an integer between 8000 and 48000",
      );
      assert.throws(() => wavByteLength(tl, sampleRate), MorseError);
    }
    for (const frequency of [199, 1001, Number.POSITIVE_INFINITY]) {
      assert.throws(
        () => renderWavChunks(tl, { frequency, sampleRate: 8000 }),
        (e: unknown) => e instanceof MorseError && e.code === "INVALID_OPTION" && e.message === "Parameter frequency must be a number between 200 and 1000",
      );
    }
  });
});
