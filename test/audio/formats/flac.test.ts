/**
 * FLAC is lossless: a FLAC file reads as the WAV it was encoded from (Debian's flac, which
 * shares no code with the decoder), sample for sample, to the last one.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeWav, readRecording, readWav, type WavEncoding } from "../../../src/audio/index.js";
import { refusal } from "../../helpers/refusal.js";
import { flacOf } from "../../fixtures/encoded.js";
import { rng } from "../../fixtures/random.js";

const RATE = 8000;
/** Fourteen of flac's blocks of 4096 samples, then one of 1856. */
const LENGTH = 59_200;

/** Noise up to half of full scale (`share` of it at the most), then a block of silence: flac codes the silent block in 13 bytes. */
function noiseThenSilence(seed: number, silent: number): Float32Array {
  const random = rng(seed);
  return new Float32Array(LENGTH).map((_, i) => (i < LENGTH - silent ? random() - 0.5 : 0));
}

/** The FLAC of a WAV, and both read. */
async function bothRead(channels: Float32Array[], encoding: WavEncoding) {
  const wav = encodeWav(channels, RATE, encoding);
  return { wav: readWav(wav), flac: await readRecording(flacOf(wav)) };
}

describe("a FLAC file", () => {
  for (const [name, channels, encoding] of [
    ["16-bit mono", [noiseThenSilence(1, 1856)], { format: "pcm", bits: 16 }],
    ["16-bit stereo", [noiseThenSilence(2, 1856), noiseThenSilence(3, 1856)], { format: "pcm", bits: 16 }],
    ["24-bit stereo", [noiseThenSilence(4, 1856), noiseThenSilence(5, 1856)], { format: "pcm", bits: 24 }],
    ["8-bit mono", [noiseThenSilence(6, 1856)], { format: "pcm", bits: 8 }],
  ] as const) {
    it(`reads as the ${name} WAV it was encoded from, sample for sample, its last block of silence too`, async () => {
      const { wav, flac } = await bothRead([...channels], encoding);
      assert.equal(flac.sampleRate, RATE);
      assert.equal(flac.samples.length, LENGTH);
      assert.deepEqual(flac.samples, wav.samples);
    });
  }

  it("reads to its last sample when a tag follows its last frame", async () => {
    const channels = [noiseThenSilence(7, 0)];
    const tagged = Buffer.concat([flacOf(encodeWav(channels, RATE)), Buffer.from("TAG"), Buffer.alloc(125)]);
    const { samples } = await readRecording(tagged);
    assert.deepEqual(samples, readWav(encodeWav(channels, RATE)).samples);
  });

  it("is refused, naming its depth, at 12 bits a sample, which the decoder gives as infinities", async () => {
    // flac keeps the valid bits of a WAVE_FORMAT_EXTENSIBLE file: 12 of the 16 here, the low
    // 4 zero (the writer scales by 32767).
    const twelveBit = noiseThenSilence(8, 1856).map((v) => (Math.round(v * 2048) * 16) / 32767);
    const wav = encodeWav([twelveBit], RATE, { format: "pcm", bits: 16, extensible: true });
    new DataView(wav.buffer, wav.byteOffset).setUint16(38, 12, true);
    const error = await refusal(readRecording(flacOf(wav)));
    assert.equal(error.code, "INVALID_AUDIO");
    assert.equal(error.message, "The recording (a FLAC file) has 12-bit samples; only 8, 16, 24 and 32-bit are read");
  });
});
