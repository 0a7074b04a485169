/**
 * Lossy recordings read sample-exact, as gapless players read them: as long as what was
 * encoded, and in time with it. An MP3 whose Info frame says LAME's delay and padding (ours:
 * src/audio/mp3/info-frame.ts) has both taken away by the decoder; an Ogg Opus stream is cut
 * at its pre-skip and at its last granule position (RFC 7845), also where all its audio is
 * on one page, and each stream of a chain of them (src/audio/formats/ogg.ts).
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { encodeWav, readRecording, readWav, renderMp3, renderWav } from "../../../src/audio/index.js";
import { highestPitch } from "../../../src/audio/limits.js";
import { lameFrames } from "../../../src/audio/mp3/info-frame.js";
import { timeline } from "../../../src/core/index.js";
import { opusOf } from "../../fixtures/encoded.js";
import { mp3Frames } from "../../helpers/mp3.js";

/** LAME's delay (576 samples) and mpg123's (529): how late an MP3 without a tag comes back. */
const CODEC_DELAY = 1105;

/** Read at the file's own rate: no factor taken down (keepHz as high as the rate holds). */
const read = (bytes: Uint8Array, sampleRate: number) => readRecording(bytes, { keepHz: highestPitch(sampleRate) });

/** Where a recording first rises above a tenth of full scale. */
const onset = (samples: Float32Array) => samples.findIndex((v) => Math.abs(v) > 0.1);

/** Debian's opusenc's Ogg Opus of a sine, `length` samples at 8 kHz, with its own serial number (a chain's streams need their own). */
function opusSine(length: number, serial = 1): Buffer {
  const sine = Float32Array.from({ length }, (_, i) => 0.3 * Math.sin(i / 5));
  return opusOf(encodeWav([sine], 8000), 16, serial);
}

describe("a lossy recording read sample-exact", () => {
  it("reads our MP3 as long as its WAV and in time with it; without its Info frame, LAME's delay and padding stay", async () => {
    for (const sampleRate of [8000, 11025, 24000]) {
      const cq = timeline("CQ DE K1ABC", { wpm: 25 });
      const wav = readWav(renderWav(cq, { frequency: 700, sampleRate })).samples;
      const mp3 = await renderMp3(cq, { frequency: 700, sampleRate });
      const tagged = (await read(mp3, sampleRate)).samples;
      assert.equal(tagged.length, wav.length, `${sampleRate} Hz`);
      assert.ok(Math.abs(onset(tagged) - onset(wav)) <= 1, `onset ${onset(tagged)} against ${onset(wav)} at ${sampleRate} Hz`);
      // The same frames, the Info frame taken off: as a decoder that knows no tag gives them.
      const [info] = mp3Frames(mp3);
      const untagged = (await read(mp3.subarray(info!.length), sampleRate)).samples;
      assert.equal(untagged.length, lameFrames(wav.length, info!.samples) * info!.samples);
      assert.ok(Math.abs(onset(untagged) - onset(wav) - CODEC_DELAY) <= 1, `onset ${onset(untagged)} against ${onset(wav)} at ${sampleRate} Hz`);
    }
  });

  it("reads an Ogg Opus whose audio is on one page (under a second) as long as it was", async () => {
    for (const length of [100, 2000, 4000, 7200]) {
      const opus = opusSine(length);
      assert.equal(opus.toString("latin1").split("OggS").length - 1, 3, "OpusHead, OpusTags and one page of audio");
      assert.equal((await read(opus, 8000)).samples.length, length);
    }
  });

  it("reads a chain of Ogg Opus streams each as long as it was, one after another", async () => {
    for (const lengths of [
      [2000, 3000],
      [20_000, 2000],
      [2000, 20_000, 100],
      [20_000, 30_000, 5000],
    ]) {
      const chain = Buffer.concat(lengths.map((length, k) => opusSine(length, k + 1)));
      const total = lengths.reduce((sum, length) => sum + length, 0);
      assert.equal((await read(chain, 8000)).samples.length, total, lengths.join(" + "));
    }
  });
});
