/**
 * The Info frame our MP3s start with (src/audio/mp3/info-frame.ts): what it says of LAME's
 * frames (their count, LAME's delay and padding) is what Debian's lame says of the same
 * samples in its own, and mpg123, which shares no code with either, gives back exactly the
 * samples encoded, whatever their number, at every rate.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { createMp3Encoder } from "wasm-media-encoders";
import { encodeWav } from "../../../src/audio/index.js";
import { MP3_SAMPLE_RATES } from "../../../src/audio/limits.js";
import { infoFrame, lameFrames } from "../../../src/audio/mp3/info-frame.js";
import { lameOf } from "../../fixtures/encoded.js";
import { rng } from "../../fixtures/random.js";
import { decodeMp3, infoTag, mp3Frames } from "../../helpers/mp3.js";

/** `length` samples of noise at a third of full scale. */
function noise(length: number, seed: number): Float32Array {
  const random = rng(seed);
  return Float32Array.from({ length }, () => (random() - 0.5) / 1.5);
}

/** The samples through LAME (wasm-media-encoders, as the project's encoder uses it), mono at their own rate, behind our Info frame. */
async function ourMp3(samples: Float32Array, sampleRate: number, bitrate: 32 | 64): Promise<Buffer> {
  const lame = await createMp3Encoder();
  lame.configure({ sampleRate, outputSampleRate: sampleRate as 8000, channels: 1, bitrate });
  const head = Buffer.from(lame.encode([samples]));
  const tail = Buffer.from(lame.finalize());
  return Buffer.concat([infoFrame({ sampleRate, bitrate, samples: samples.length }), head, tail]);
}

describe("the Info frame of our MP3s", () => {
  it("says what Debian's lame says of the same samples in its own, and both read back as long as they were", async () => {
    // The rates and bitrates at which lame's frames hold its tag.
    for (const [sampleRate, kbps] of [
      [8000, 32],
      [11025, 32],
      [24000, 64],
      [44100, 64],
      [48000, 64],
    ] as const) {
      for (const length of [1, 575, 576, 577, 1153, 20_800, 44_101]) {
        const samples = noise(length, length);
        const theirs = lameOf(encodeWav([samples], sampleRate), sampleRate, kbps);
        const tag = infoTag(theirs);
        const at = `${length} samples at ${sampleRate} Hz, ${kbps} kbit/s`;
        assert.ok(tag?.crcHolds, at);
        assert.deepEqual(infoTag(infoFrame({ sampleRate, bitrate: kbps, samples: length })), tag, at);
        assert.equal((await decodeMp3(theirs)).samples.length, length, at);
        assert.equal((await decodeMp3(await ourMp3(samples, sampleRate, kbps))).samples.length, length, at);
      }
    }
  });

  it("counts the frames LAME makes, and mpg123 gives back exactly the samples encoded, at every rate MP3 has", async () => {
    const random = rng(7);
    for (const sampleRate of MP3_SAMPLE_RATES) {
      for (const bitrate of [32, 64] as const) {
        for (let k = 0; k < 4; k++) {
          const length = 1 + Math.floor(random() * 3 * sampleRate);
          const mp3 = await ourMp3(noise(length, k), sampleRate, bitrate);
          const frames = mp3Frames(mp3);
          const at = `${length} samples at ${sampleRate} Hz, ${bitrate} kbit/s`;
          assert.equal(frames.length, 1 + lameFrames(length, frames[0]!.samples), at);
          assert.ok(infoTag(mp3)?.crcHolds, at);
          assert.equal((await decodeMp3(mp3)).samples.length, length, at);
        }
      }
    }
  });
});
