import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio, encodeWav, readRecording, sniffFormat } from "../../../src/audio/index.js";
import { MorseError } from "../../../src/core/index.js";
import { MAX_RECORDING_SECONDS } from "../../../src/http/limits.js";
import { refusal } from "../../helpers/refusal.js";
import { timeline } from "../../../src/core/index.js";
import { encodeAs, type EncodedFormat } from "../../fixtures/encoded.js";
import { rng } from "../../fixtures/random.js";
import { record, type Channel } from "../../fixtures/simulator.js";

const TEXT = "CQ DE W1AW K";
const CHANNEL: Channel = { frequency: 650, driftHz: 0, fadeDepth: 0, fadePeriodS: 5, snrDb: 10, padS: 0.5 };

/** TEXT at 20 wpm, +10 dB, as samples at `sampleRate`. */
function received(sampleRate: number): Float32Array {
  return record(timeline(TEXT, { wpm: 20 }), CHANNEL, sampleRate, rng(sampleRate));
}

/** Format, the rate of the samples encoded, the rate read: the file's, brought down by a whole factor to 8 kHz or a little above. */
const CASES: [EncodedFormat, number, number][] = [
  ["mp3", 8000, 8000],
  // LAME halves the rate to fit 32 kbit/s: a 22050 Hz file, read at half that.
  ["mp3", 44100, 11025],
  ["ogg-vorbis", 22050, 11025],
  // Opus is decoded at 48 kHz whatever went in.
  ["ogg-opus", 8000, 8000],
  ["flac", 2000, 2000],
  ["flac", 44100, 8820],
];

describe("readRecording", () => {
  for (const [format, sampleRate, rateRead] of CASES) {
    it(`reads ${format} encoded from ${sampleRate} samples/s, and decodeAudio hears the text`, async () => {
      const bytes = await encodeAs(format, received(sampleRate), sampleRate);
      assert.equal(sniffFormat(bytes), format);
      const recording = await readRecording(bytes);
      assert.equal(recording.sampleRate, rateRead);
      const seconds = recording.samples.length / recording.sampleRate;
      const sent = timeline(TEXT, { wpm: 20 }).durationMs / 1000 + 2 * CHANNEL.padS;
      assert.ok(Math.abs(seconds - sent) < 0.2, `${seconds} s against ${sent} s`);
      assert.equal(decodeAudio(recording.samples, recording.sampleRate).output, TEXT);
    });
  }

  it("reads WAV as readWav does", async () => {
    const samples = received(8000);
    const recording = await readRecording(encodeWav([samples], 8000));
    assert.equal(recording.sampleRate, 8000);
    assert.equal(recording.samples.length, samples.length);
  });

  it("checks a declared media type against the bytes, and says what they are", async () => {
    const mp3 = await encodeAs("mp3", received(8000), 8000);
    assert.equal((await readRecording(mp3, { mediaType: "audio/mpeg" })).sampleRate, 8000);
    assert.equal((await readRecording(mp3, { mediaType: "application/octet-stream" })).sampleRate, 8000);
    const wrong = await refusal(readRecording(mp3, { mediaType: "audio/flac" }));
    assert.equal(wrong.code, "INVALID_AUDIO");
    assert.equal(wrong.message, "The body is declared audio/flac but its bytes are an MP3 file");
    const opus = await encodeAs("ogg-opus", received(8000), 8000);
    assert.equal((await readRecording(opus, { mediaType: "audio/ogg" })).sampleRate, 8000);
    assert.match((await refusal(readRecording(opus, { mediaType: "audio/wav" }))).message, /declared audio\/wav but its bytes are an Ogg Opus file/);
  });

  it("refuses bytes of no format it reads, and damaged or empty compressed files, with INVALID_AUDIO", async () => {
    for (const bytes of [Buffer.from("hello, not audio"), Buffer.from("OggS but nothing after")]) {
      const error = await refusal(readRecording(bytes));
      assert.equal(error.code, "INVALID_AUDIO");
      assert.match(error.message, /none of WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC/);
    }
    const empty = await refusal(readRecording(Buffer.alloc(0)));
    assert.equal(empty.code, "INVALID_AUDIO");
    assert.equal(empty.message, "The recording is empty (no bytes): it must be a WAV, MP3, Ogg Vorbis, Ogg Opus or FLAC file");
    for (const format of ["mp3", "ogg-vorbis", "ogg-opus", "flac"] as const) {
      const bytes = await encodeAs(format, received(8000), 8000);
      // The headers alone: a file cut short before its first audio.
      const error = await refusal(readRecording(bytes.subarray(0, format === "flac" ? 42 : 4)));
      assert.equal(error.code, "INVALID_AUDIO", `${format}: ${error.message}`);
      // Noise after a valid start: whatever the decoder makes of it, nothing crashes.
      const random = rng(7);
      const garbled = Buffer.from(bytes);
      for (let i = 200; i < garbled.length; i++) garbled[i] = Math.floor(random() * 256);
      const outcome = await readRecording(garbled).then(
        (r) => r.samples.length,
        (e: unknown) => (e instanceof MorseError ? e.code : e),
      );
      assert.ok(typeof outcome === "number" || outcome === "INVALID_AUDIO", `${format}: ${String(outcome)}`);
    }
  });

  it("refuses a compressed recording at a rate too low for the decoder, naming its format", async () => {
    const low = await encodeAs("flac", received(2000).subarray(0, 4000), 1000);
    const error = await refusal(readRecording(low));
    assert.equal(error.code, "INVALID_AUDIO");
    assert.equal(error.message, "The recording (a FLAC file) has a sample rate of 1000 Hz, outside 2000 to 96000 Hz");
  });

  it("refuses a compressed recording over the limit given (RECORDING_TOO_LONG) by the length its header declares, and reads it given none", async () => {
    // 16 minutes of silence: FLAC packs it into a few kilobytes, and says how long it is in STREAMINFO.
    const long = await encodeAs("flac", new Float32Array(16 * 60 * 2000), 2000);
    assert.ok(long.length < 200_000, `${long.length} bytes`);
    const error = await refusal(readRecording(long, { maxSeconds: MAX_RECORDING_SECONDS }));
    assert.equal(error.code, "RECORDING_TOO_LONG");
    assert.equal(error.message, "At most 900 s (15 minutes) of recording can be decoded; this one lasts 960 s");
    const { samples, sampleRate } = await readRecording(long);
    assert.equal(samples.length / sampleRate, 16 * 60);
  });

  it("refuses a WAV over the limit given, and reads it given none", async () => {
    const long = encodeWav([new Float32Array(16 * 60 * 2000)], 2000, { format: "pcm", bits: 8 });
    const error = await refusal(readRecording(long, { maxSeconds: MAX_RECORDING_SECONDS }));
    assert.equal(error.code, "RECORDING_TOO_LONG");
    assert.equal(error.message, "At most 900 s (15 minutes) of recording can be decoded; this one lasts 960 s");
    const { samples, sampleRate } = await readRecording(long);
    assert.equal(samples.length / sampleRate, 16 * 60);
  });
});
