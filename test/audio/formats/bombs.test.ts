/**
 * Decompression bombs read by the library: a few kilobytes that would decode to hours of
 * audio in many channels are refused by what their headers declare, or, where the headers
 * lie, by what the frames hold as they are decoded; files that are only odd (a huge ID3
 * tag, chained Ogg streams) are read. Memory is bounded in test/robustness/bombs.test.ts,
 * from outside the process.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type ReadOptions, readRecording } from "../../../src/audio/index.js";
import type { MorseError } from "../../../src/core/index.js";
import { MAX_RECORDING_SECONDS } from "../../../src/http/limits.js";
import { refusal } from "../../helpers/refusal.js";
import { flacBomb, opusBomb } from "../../fixtures/bombs.js";
import { encodeAs } from "../../fixtures/encoded.js";

/** What the service reads with: a bomb's guard is the longest recording its caller reads. */
const SERVICE: ReadOptions = { maxSeconds: MAX_RECORDING_SECONDS };

const tone = (seconds: number, sampleRate: number) => new Float32Array(seconds * sampleRate).map((_, i) => 0.5 * Math.sin(i * 0.5));

/** An ID3v2.4 tag of `size` bytes of padding. */
function id3Tag(size: number): Buffer {
  const tag = Buffer.alloc(10 + size);
  tag.write("ID3", 0, "latin1");
  tag[3] = 4;
  tag.set([(size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f], 6);
  return tag;
}

describe("decompression bombs", () => {
  it("refuses a FLAC of 8 channels by its STREAMINFO, before decoding", async () => {
    const bomb = flacBomb({ channels: 8, sampleRate: 96_000, seconds: 1800 });
    assert.ok(bomb.length < 100_000, `${bomb.length} bytes`);
    const error = await refusal(readRecording(bomb));
    assert.equal(error.code, "INVALID_AUDIO");
    assert.equal(error.message, "The recording (a FLAC file) has 8 channels; only mono and stereo are read");
  });

  it("refuses a FLAC whose STREAMINFO says mono and a second, by the 8 channels of its first frames", async () => {
    const bomb = flacBomb({ channels: 8, sampleRate: 96_000, seconds: 1800, declared: { channels: 1, sampleRate: 8000, samples: 8000 } });
    const error = await refusal(readRecording(bomb));
    assert.equal(error.message, "The recording (a FLAC file) has 8 channels; only mono and stereo are read");
  });

  it("refuses 30 minutes of stereo FLAC by its length, said or not", async () => {
    const told = await refusal(readRecording(flacBomb({ channels: 2, sampleRate: 96_000, seconds: 1800 }), SERVICE));
    assert.equal(told.code, "RECORDING_TOO_LONG");
    assert.match(told.message, /this one lasts 1801 s$/);
    const untold = await refusal(readRecording(flacBomb({ channels: 2, sampleRate: 96_000, seconds: 1800, declared: { samples: 0 } }), SERVICE));
    assert.equal(untold.code, "RECORDING_TOO_LONG");
  });

  it("refuses an Ogg Opus of two-byte 120 ms packets by its length, or as damaged where it hides it", async () => {
    const told = await refusal(readRecording(opusBomb(80), SERVICE));
    assert.equal(told.code, "RECORDING_TOO_LONG");
    assert.match(told.message, /this one lasts 2448 s$/);
    const hidden = await refusal(readRecording(opusBomb(80, { declaredSeconds: 1 })));
    assert.equal(hidden.code, "INVALID_AUDIO");
    assert.equal(hidden.message, "The recording (an Ogg Opus file) holds more audio than its headers say (1 s): the file is damaged");
  });

  it("refuses an Ogg Opus of more than two channels by its OpusHead", async () => {
    const error = await refusal(readRecording(opusBomb(1, { channels: 6 })));
    assert.equal(error.message, "The recording (an Ogg Opus file) has 6 channels; only mono and stereo are read");
  });

  it("reads chained Opus streams one after another", async () => {
    const real = await encodeAs("ogg-opus", tone(5, 8000), 8000);
    // opusenc gives every stream the same serial number; a chain's streams need their own.
    const second = Buffer.from(real);
    for (let at = second.indexOf("OggS"); at !== -1; at = second.indexOf("OggS", at + 4)) second.writeUInt32LE(0x5eed, at + 14);
    const { samples, sampleRate } = await readRecording(Buffer.concat([real, second]));
    assert.ok(Math.abs(samples.length / sampleRate - 10) < 0.2, `${samples.length / sampleRate} s`);
  });

  it("refuses an Opus recording followed by 300 tiny chained streams: by their length, or as damaged where they hide it", async () => {
    const real = await encodeAs("ogg-opus", tone(5, 8000), 8000);
    const chain = (declaredSeconds?: number) =>
      Buffer.concat([real, ...Array.from({ length: 300 }, (_, k) => opusBomb(1, { serial: 100 + k, ...(declaredSeconds ? { declaredSeconds } : {}) }))]);
    assert.equal((await refusal(readRecording(chain(), SERVICE))).code, "RECORDING_TOO_LONG");
    assert.equal((await refusal(readRecording(chain(0.01)))).code, "INVALID_AUDIO");
  });

  it("reads an MP3 behind an ID3v2 tag of 16 MB", async () => {
    const mp3 = await encodeAs("mp3", tone(3, 8000), 8000);
    const { samples, sampleRate } = await readRecording(Buffer.concat([id3Tag(16 * 2 ** 20 + 100), mp3]));
    assert.ok(Math.abs(samples.length / sampleRate - 3) < 0.2, `${samples.length / sampleRate} s`);
  });

  it("says a damaged Ogg Vorbis is damaged, in its own words and none of the decoder's", async () => {
    const vorbis = await encodeAs("ogg-vorbis", tone(5, 8000), 8000);
    for (let seed = 0; seed < 6; seed++) {
      const bad = Buffer.from(vorbis);
      for (let k = 0; k < 40; k++) bad[200 + ((seed * 7919 + k * 104_729) % (bad.length - 200))]! ^= 0x5a;
      const error = await readRecording(bad).then(
        () => undefined,
        (e: unknown) => e as MorseError,
      );
      if (error === undefined) continue;
      assert.equal(error.code, "INVALID_AUDIO");
      assert.match(
        error.message,
        /^The recording looks like an Ogg Vorbis file but (holds no audio that can be decoded|cannot be decoded: the file is damaged)$/,
      );
    }
  });
});
