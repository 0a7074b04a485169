import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MorseError, timeline } from "../../src/core/index.js";
import { KeyingEnvelope, readWav, renderWavChunks, sampleCount, wavByteLength } from "../../src/audio/index.js";
import { PAD_MS, RAMP_MS } from "../../src/audio/limits.js";

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

/** One point of the envelope per half cycle of the tone: where its peak is, ms, and its level, a share of the file's peak. */
interface Crest {
  ms: number;
  level: number;
}

/**
 * The envelope as the rendered samples show it: the peak of every half cycle (every run of
 * samples of one sign), whatever the phase or pitch, as a share of the file's peak.
 */
function crests(samples: Int16Array, sampleRate: number): Crest[] {
  const peak = samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  const found: Crest[] = [];
  let best = -1;
  for (let n = 0; n <= samples.length; n++) {
    const s = samples[n] ?? 0;
    const previous = n > 0 ? samples[n - 1]! : 0;
    if (best >= 0 && Math.sign(s) !== Math.sign(previous)) {
      found.push({ ms: (best * 1000) / sampleRate, level: Math.abs(samples[best]!) / peak });
      best = -1;
    }
    if (s !== 0 && (best < 0 || Math.abs(s) > Math.abs(samples[best]!))) best = n;
  }
  return found;
}

/** An edge of the envelope: a rise (10 % then 90 %) or a fall (90 % then 10 %), and how long it takes, ms. */
interface Edge {
  rise: boolean;
  ms: number;
}

/**
 * The envelope's edges between 10 % and 90 %, the crossings interpolated between crests.
 * Throws unless every rise starts below 10 % and every fall ends below it (whole edges).
 */
function edges10to90(points: readonly Crest[]): Edge[] {
  const crossings: { up: boolean; level: number; ms: number }[] = [];
  for (let i = 1; i < points.length; i++) {
    const p = points[i - 1]!;
    const q = points[i]!;
    const levels = q.level > p.level ? [0.1, 0.9] : [0.9, 0.1];
    for (const level of levels) {
      if (p.level < level === q.level < level) continue;
      crossings.push({ up: q.level > p.level, level, ms: p.ms + ((level - p.level) / (q.level - p.level)) * (q.ms - p.ms) });
    }
  }
  const edges: Edge[] = [];
  for (let i = 0; i < crossings.length; i += 2) {
    const [a, b] = [crossings[i]!, crossings[i + 1]];
    const rise = edges.length % 2 === 0;
    const whole = b && a.up === rise && b.up === rise && a.level === (rise ? 0.1 : 0.9) && b.level === (rise ? 0.9 : 0.1);
    if (!whole) throw new Error(`edge ${edges.length} (${rise ? "rise" : "fall"}) is not whole at ${a.ms.toFixed(2)} ms`);
    edges.push({ rise, ms: b.ms - a.ms });
  }
  return edges;
}

/** Texts, speeds (Farnsworth too) and pitches whose renderings must start and end in silence. */
const ENDS_CASES = [
  { text: "E", wpm: 5, frequency: 700 },
  { text: "PARIS", wpm: 13, frequency: 600 },
  { text: "CQ DE K1ABC", wpm: 20, frequency: 750 },
  { text: "73 <SK>", wpm: 35, frequency: 650 },
  { text: "SOS 0", wpm: 50, frequency: 700 },
  { text: "QRL?", wpm: 25, fwpm: 10, frequency: 600 },
  { text: "TEST T", wpm: 50, fwpm: 5, frequency: 720 },
];

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
    assert.equal(wav.readUInt32LE(40), 2 * 560); // 60 ms and 5 ms of silence at each end, at 8 kHz
    assert.equal(wav.length, 44 + 1120);
    assert.equal(wav.length, wavByteLength(tl, 8000));
    assert.equal(sampleCount(tl, 8000), 560);
  });

  it("sounds a single dot between 5 ms of padding, peaking at or below -1 dBFS", () => {
    const samples = pcm(render("E", 20, 600, 8000));
    let peak = 0;
    for (const s of samples) peak = Math.max(peak, Math.abs(s));
    assert.ok(peak <= MINUS_1_DBFS, `peak ${peak}`);
    assert.ok(peak > 0.85 * 32767, `peak ${peak} should be near -1 dBFS`);
    // The ramps begin 2.5 ms in and end 2.5 ms before the end: silence outside them.
    assert.ok(samples.subarray(0, 20).every((s) => s === 0));
    assert.ok(samples.subarray(samples.length - 20).every((s) => s === 0));
    // Full amplitude from 2.5 ms after the dot's nominal start (5 ms in) to 2.5 ms before its end.
    assert.ok(Math.max(...samples.subarray(60, 74).map(Math.abs)) > 0.85 * 32767);
    assert.ok(Math.max(...samples.subarray(486, 500).map(Math.abs)) > 0.85 * 32767);
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
    const start = (PAD_MS + 240) * perMs; // second dot's rising edge, in samples (after the lead padding)
    assert.equal(env[start - 2.5 * perMs], 0); // ramp begins 2.5 ms early
    assert.equal(env[start - 2.5 * perMs - 1], 0);
    assert.equal(env[start], 0.5); // half amplitude on the edge itself
    assert.ok(Math.abs(env[start + 1.25 * perMs]! - (0.5 + 0.5 * Math.sin(Math.PI / 4))) < 1e-6);
    assert.equal(env[start + 2.5 * perMs], 1); // full 2.5 ms after
    assert.ok(Math.abs(env[start - 1.25 * perMs]! - (0.5 - 0.5 * Math.sin(Math.PI / 4))) < 1e-6);
    // Silent between the dots, away from the ramps.
    assert.ok(env.subarray((PAD_MS + 62.5) * perMs + 1, (PAD_MS + 237.5) * perMs).every((v) => v === 0));
  });

  it("keeps 50 %-amplitude durations equal to the timeline's, within one sample, at any rate", () => {
    for (const sampleRate of [8000, 11025, 44100]) {
      for (const wpm of [13, 20, 47]) {
        const tl = timeline("PARIS", { wpm });
        const env = new Float32Array(sampleCount(tl, sampleRate));
        new KeyingEnvelope(tl, sampleRate).fill(0, env);
        const crossings = halfCrossings(env);
        const edges = tl.sequence.filter((s) => s.type !== "silence").flatMap((s) => [s.startMs, s.startMs + s.durationMs]);
        // Every edge, the first rise and the last fall too, offset by the lead padding.
        const expected = edges.map((ms) => ((PAD_MS + ms) * sampleRate) / 1000);
        assert.equal(crossings.length, expected.length, `${wpm} wpm at ${sampleRate} Hz`);
        for (const [i, c] of crossings.entries()) assert.ok(Math.abs(c - expected[i]!) <= 1, `edge ${i}: ${c} vs ${expected[i]}`);
        // Between consecutive crossings: every segment, to within a sample.
        for (let i = 0; i + 1 < crossings.length; i++) {
          const measuredMs = ((crossings[i + 1]! - crossings[i]!) * 1000) / sampleRate;
          const nominal = tl.sequence[i]!.durationMs;
          assert.ok(Math.abs(measuredMs - nominal) <= 1000 / sampleRate, `segment ${i + 1}: ${measuredMs} vs ${nominal} ms`);
        }
      }
    }
  });

  it("starts and ends every file in silence, every ramp whole, at any speed and rate", () => {
    for (const sampleRate of [8000, 11025, 44100, 48000]) {
      // Outside the first and last ramps: half a ramp of samples at each end that must be 0.
      const quiet = Math.floor(((PAD_MS - RAMP_MS / 2) * sampleRate) / 1000);
      for (const { text, wpm, fwpm, frequency } of ENDS_CASES) {
        const label = `${text} at ${wpm}/${fwpm ?? wpm} wpm, ${sampleRate} Hz`;
        const tl = timeline(text, { wpm, fwpm });
        const samples = pcm(Buffer.concat([...renderWavChunks(tl, { frequency, sampleRate })]));
        assert.equal(samples.length, Math.round(((tl.durationMs + 2 * PAD_MS) * sampleRate) / 1000), label);
        assert.equal(samples[0], 0, label);
        assert.equal(samples[samples.length - 1], 0, label);
        // Within a sample: the last fall's end lies up to a sample off the rounded length.
        assert.ok(
          samples.subarray(0, quiet).every((s) => s === 0),
          `${label}: lead-in`,
        );
        assert.ok(
          samples.subarray(samples.length - quiet + 1).every((s) => s === 0),
          `${label}: tail`,
        );
        // The first rise starts from nothing and the last fall ends in nothing.
        const points = crests(samples, sampleRate);
        assert.ok(points[0]!.level < 0.05 && points[points.length - 1]!.level < 0.05, `${label}: ${points[0]!.level}, ${points.at(-1)!.level}`);
        const env = new Float32Array(sampleCount(tl, sampleRate));
        new KeyingEnvelope(tl, sampleRate).fill(0, env);
        assert.ok(env[0] === 0 && env[env.length - 1] === 0, label);
      }
    }
  });

  it("takes 2 to 4 ms for every edge to go from 10 % to 90 % (a 5 ms raised cosine: 2.95 ms)", () => {
    for (const sampleRate of [8000, 11025, 44100, 48000]) {
      for (const { text, wpm, fwpm, frequency } of ENDS_CASES) {
        const label = `${text} at ${wpm}/${fwpm ?? wpm} wpm, ${sampleRate} Hz`;
        const tl = timeline(text, { wpm, fwpm });
        const samples = pcm(Buffer.concat([...renderWavChunks(tl, { frequency, sampleRate })]));
        const edges = edges10to90(crests(samples, sampleRate));
        const tones = tl.sequence.filter((s) => s.type !== "silence").length;
        assert.equal(edges.length, 2 * tones, label);
        for (const [i, edge] of edges.entries()) assert.ok(edge.ms >= 2 && edge.ms <= 4, `${label}: edge ${i} takes ${edge.ms.toFixed(2)} ms`);
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
    let header: Uint8Array | undefined;
    for (const chunk of renderWavChunks(tl, { frequency: 600, sampleRate: 8000 })) {
      header ??= chunk;
      total += chunk.length;
      largest = Math.max(largest, chunk.length);
    }
    assert.ok(tl.durationMs > 40 * 60_000);
    assert.equal(total, expected);
    assert.equal(largest, 16384);
    assert.equal(Buffer.from(header!).readUInt32LE(40), expected - 44);
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
