/**
 * The MP3 encoder (src/audio/mp3/encoder.ts): each file read back with mpg123 (a decoder
 * that shares no code with LAME) must be the WAV renderer's own samples, no more (its Info
 * frame says LAME's delay and padding, which mpg123 takes away), mono at the asked rate and
 * bitrate, and read back as the text by decodeAudio.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio, Mp3Renderer, renderMp3Chunks, WavRenderer } from "../../../src/audio/index.js";
import { MP3_BITRATE, MP3_SAMPLE_RATES } from "../../../src/audio/limits.js";
import { MorseError, timeline } from "../../../src/core/index.js";
import { decodeMp3, mp3Frames } from "../../helpers/mp3.js";

async function mp3Of(
  text: string,
  options: { wpm?: number; frequency?: number; sampleRate: number; bitrate?: number },
  chunkSamples?: number,
): Promise<Buffer> {
  const chunks = await renderMp3Chunks(timeline(text, { wpm: options.wpm ?? 20 }), { frequency: 600, ...options }, chunkSamples);
  return Buffer.concat([...chunks]);
}

/** The WAV renderer's samples of the same text, as floats. */
function wavSamples(text: string, wpm: number, frequency: number, sampleRate: number): Float32Array {
  const renderer = new WavRenderer(timeline(text, { wpm }), { frequency, sampleRate });
  const bytes = renderer.fill(0, renderer.sampleCount, Buffer.alloc(2 * renderer.sampleCount));
  return Float32Array.from({ length: renderer.sampleCount }, (_, n) => bytes.readInt16LE(2 * n) / 32768);
}

/**
 * The gain that best maps `reference` onto `decoded`, and what is left over, in dB under the
 * signal. A sample out of place would leave 700 Hz within 21 dB at 48 kHz (4 dB at 8 kHz),
 * under the 30 dB asked.
 */
function fit(reference: Float32Array, decoded: Float32Array): { gain: number; snrDb: number } {
  let cross = 0;
  let power = 0;
  for (let n = 0; n < reference.length; n++) {
    cross += reference[n]! * (decoded[n] ?? 0);
    power += reference[n]! ** 2;
  }
  const gain = cross / power;
  let error = 0;
  for (let n = 0; n < reference.length; n++) error += (gain * reference[n]! - (decoded[n] ?? 0)) ** 2;
  return { gain, snrDb: 10 * Math.log10((gain * gain * power) / error) };
}

describe("Mp3Renderer", () => {
  for (const [sampleRate, bitrate] of [
    [8000, 32],
    [11025, 64],
    [22050, 40],
    [48000, 48],
  ] as const) {
    it(`is the WAV renderer's tone, sample for sample in time, mono at ${sampleRate} Hz and ${bitrate} kbit/s`, async () => {
      const text = "PARIS 73";
      const bytes = await mp3Of(text, { sampleRate, bitrate, frequency: 700, wpm: 25 });
      const frames = mp3Frames(bytes);
      assert.ok(frames.length > 0);
      for (const frame of frames) assert.deepEqual([frame.sampleRate, frame.bitrate, frame.mono], [sampleRate, bitrate, true]);
      assert.equal(
        frames.reduce((sum, frame) => sum + frame.length, 0),
        bytes.length,
        "nothing but frames",
      );

      const reference = wavSamples(text, 25, 700, sampleRate);
      const decoded = await decodeMp3(bytes);
      assert.equal(decoded.sampleRate, sampleRate);
      assert.equal(decoded.samples.length, reference.length);
      const { gain, snrDb } = fit(reference, decoded.samples);
      assert.ok(gain > 0.9 && gain < 1.01, `gain ${gain}`); // LAME takes it down to 0.95
      assert.ok(snrDb > 30, `${snrDb.toFixed(1)} dB`);
    });
  }

  it("gives back the text to decodeAudio", async () => {
    const text = "CQ CQ DE K1ABC K";
    for (const sampleRate of [8000, 16000, 44100]) {
      const { samples } = await decodeMp3(await mp3Of(text, { sampleRate, wpm: 22, frequency: 650 }));
      const heard = decodeAudio(samples, sampleRate);
      assert.equal(heard.output, text, `${sampleRate} Hz`);
      assert.equal(heard.frequency, 650);
      assert.equal(Math.round(heard.wpm), 22);
    }
  });

  it("makes the same file however the samples are chunked, each chunk its own", async () => {
    const text = "THE QUICK BROWN FOX";
    const whole = await mp3Of(text, { sampleRate: 8000 }, 1_000_000);
    for (const chunkSamples of [1, 1000, 1152, 8192]) {
      const chunks = [...(await renderMp3Chunks(timeline(text), { frequency: 600, sampleRate: 8000 }, chunkSamples))];
      assert.ok(Buffer.concat(chunks).equals(whole), `chunks of ${chunkSamples}`);
      assert.ok(chunks.every((chunk) => chunk.length > 0));
    }
  });

  it("is a quarter of an 8 kHz WAV's size at the default 32 kbit/s", async () => {
    const text = "CQ CQ CQ DE K1ABC K1ABC K";
    const mp3 = await mp3Of(text, { sampleRate: 8000 });
    const wav = new WavRenderer(timeline(text), { frequency: 600, sampleRate: 8000 }).byteLength;
    assert.equal(MP3_BITRATE.default, 32);
    assert.ok(mp3.length / wav > 0.24 && mp3.length / wav < 0.27, `${mp3.length} bytes against ${wav}`);
    // 4000 bytes a second, and the frames that the codec's delay and the last part-frame take.
    const seconds = timeline(text).durationMs / 1000;
    assert.ok(mp3.length >= 4000 * seconds && mp3.length <= 4000 * (seconds + 0.3), `${mp3.length} bytes for ${seconds} s`);
  });

  it("refuses a rate or a bitrate MP3 does not have, and a bad frequency, as MorseError INVALID_OPTION", async () => {
    const tl = timeline("E");
    const refused = async (options: { frequency: number; sampleRate: number; bitrate?: number }, message: string) =>
      assert.rejects(
        Mp3Renderer.create(tl, options),
        (error: unknown) => error instanceof MorseError && error.code === "INVALID_OPTION" && error.message === message,
      );
    const rates = "Parameter sampleRate must be one of 8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100 or 48000";
    for (const sampleRate of [7999, 10000, 8000.5, 96000, Number.NaN]) await refused({ frequency: 600, sampleRate }, rates);
    for (const bitrate of [8, 31, 56, 63.9, 80, 128, Number.NaN]) {
      await refused({ frequency: 600, sampleRate: 8000, bitrate }, "Parameter bitrate must be one of 32, 40, 48 or 64");
    }
    await refused({ frequency: 1001, sampleRate: 8000 }, "Parameter frequency must be a number between 200 and 1000");
    // Every rate and bitrate offered is one LAME takes at every rate.
    for (const sampleRate of MP3_SAMPLE_RATES) {
      for (const bitrate of MP3_BITRATE.values) (await Mp3Renderer.create(tl, { frequency: 600, sampleRate, bitrate })).close();
    }
  });

  it("gives its encoder back when a stream is left early, and the next file is whole", async () => {
    const text = "SOS SOS SOS";
    const whole = await mp3Of(text, { sampleRate: 16000 });
    for (let i = 0; i < 10; i++) {
      const chunks = await renderMp3Chunks(timeline(text), { frequency: 600, sampleRate: 8000 }, 500);
      chunks.next();
      chunks.next();
      chunks.return();
      assert.ok((await mp3Of(text, { sampleRate: 16000 })).equals(whole), `after ${i + 1} left early`);
    }
    // Many at once, interleaved: each its own encoder.
    const renderers = await Promise.all(Array.from({ length: 12 }, () => Mp3Renderer.create(timeline(text), { frequency: 600, sampleRate: 16000 })));
    const parts = renderers.map(() => [] as Uint8Array[]);
    while (renderers.some((r) => r.position < r.sampleCount)) {
      for (const [i, r] of renderers.entries()) parts[i]!.push(r.encodeNext(777));
    }
    renderers.forEach((r, i) => {
      parts[i]!.push(r.finish());
      assert.ok(Buffer.concat(parts[i]!).equals(whole), `renderer ${i}`);
    });
  });

  it("encodes by hand: encodeNext to the end, then finish; nothing after finish or close", async () => {
    const renderer = await Mp3Renderer.create(timeline("E E"), { frequency: 600, sampleRate: 8000 });
    assert.equal(renderer.sampleCount, new WavRenderer(timeline("E E"), { frequency: 600, sampleRate: 8000 }).sampleCount);
    assert.throws(() => renderer.finish(), /before the end/);
    const parts = [renderer.encodeNext(100)];
    assert.equal(renderer.position, 100);
    parts.push(renderer.encodeNext(1_000_000));
    assert.equal(renderer.position, renderer.sampleCount);
    assert.equal(renderer.encodeNext(10).length, 0);
    parts.push(renderer.finish());
    assert.ok(Buffer.concat(parts).equals(await mp3Of("E E", { sampleRate: 8000 })));
    assert.throws(() => renderer.encodeNext(10), /finished or closed/);
    renderer.close(); // twice is harmless
  });
});
