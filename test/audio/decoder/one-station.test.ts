/**
 * One clean station is one signal: read alone and with every signal of the band, at every
 * common sample rate, as WAV, MP3, Ogg Opus and FLAC, sounded by our renderer (raised-cosine
 * edges) and by sox (hard keying, no dither). Their distortion (quantisation products,
 * keying clicks, a codec's images, what a rate change folds) lies 70 dB or more under the
 * tone and is never read as another station.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeAudio, decodeSignals, readRecording, renderMp3Chunks, renderWavChunks } from "../../../src/audio/index.js";
import { timeline } from "../../../src/core/index.js";
import { encodeAs } from "../../fixtures/encoded.js";
import { passbandNoise } from "../../fixtures/passband.js";
import { rng } from "../../fixtures/random.js";
import { keyedTone } from "../../fixtures/simulator.js";
import { soxWav } from "../../fixtures/sox.js";

const TEXT = "CQ DE K1ABC";
const FREQUENCY = 700;
const RATES = [8000, 11025, 16000, 22050, 44100, 48000];
const TIMELINE = timeline(TEXT, { wpm: 20 });

const joined = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks].map((c) => Buffer.from(c)));

/** The station as each format holds it: our renderer's own WAV and MP3, the rest encoded from its samples. */
async function files(wav: Buffer, sampleRate: number, mp3?: Buffer): Promise<[string, Uint8Array][]> {
  const { samples } = await readRecording(wav);
  return [
    ["WAV", wav],
    ["MP3", mp3 ?? (await encodeAs("mp3", samples, sampleRate))],
    ["Opus", await encodeAs("ogg-opus", samples, sampleRate)],
    ["FLAC", await encodeAs("flac", samples, sampleRate)],
  ];
}

async function assertOneStation(name: string, bytes: Uint8Array): Promise<void> {
  const { samples, sampleRate } = await readRecording(bytes);
  const alone = decodeAudio(samples, sampleRate);
  assert.equal(alone.output, TEXT, `${name}: read alone`);
  // Opus resamples to 48 kHz and back: the pitch may move by a hertz.
  assert.ok(Math.abs(alone.frequency - FREQUENCY) <= 1, `${name}: ${alone.frequency} Hz`);
  const { signals } = decodeSignals(samples, sampleRate);
  const heard = signals.map((s) => `${s.frequency} Hz "${s.output}"`).join(", ");
  assert.equal(signals.length, 1, `${name}: ${heard}`);
  assert.equal(signals[0]!.output, TEXT, `${name}: ${heard}`);
  assert.ok(Math.abs(signals[0]!.frequency - FREQUENCY) <= 1, `${name}: ${heard}`);
}

describe("one clean station is one signal", () => {
  for (const sampleRate of RATES) {
    it(`at ${sampleRate} samples/s, from our renderer and from sox's, in every format`, async () => {
      const ours = joined(renderWavChunks(TIMELINE, { frequency: FREQUENCY, sampleRate }));
      const oursMp3 = joined(await renderMp3Chunks(TIMELINE, { frequency: FREQUENCY, sampleRate, bitrate: 32 }));
      for (const [format, bytes] of await files(ours, sampleRate, oursMp3)) await assertOneStation(`ours, ${format}, ${sampleRate}`, bytes);
      for (const [format, bytes] of await files(soxWav(TIMELINE, FREQUENCY, sampleRate), sampleRate))
        await assertOneStation(`sox, ${format}, ${sampleRate}`, bytes);
    });
  }
});

describe("one station and a faint copy of it in a quiet part of the band", () => {
  it("reads the station, alone and with every signal, not the copy that stands higher over its own noise", () => {
    // A receiver's passband of 300-2700 Hz, the station at 650 Hz +10 dB, and an image of it at 3100 Hz, 30 to 45 dB under it, where the recording is near silent.
    const sampleRate = 8000;
    const text = "SAME ?BK TNX FER CALL";
    const sent = timeline(text, { wpm: 20 });
    const channel = { driftHz: 0, fadeDepth: 0, fadePeriodS: 5, padS: 1 };
    const station = keyedTone(sent, { ...channel, frequency: 650 }, sampleRate);
    const image = keyedTone(sent, { ...channel, frequency: 3100 }, sampleRate);
    const noise = passbandNoise(station.length, { loHz: 300, hiHz: 2700 }, sampleRate, rng(3));
    // +10 dB: the noise, all of it in the passband (narrower than 3 kHz), a tenth of the tone's power (1/2).
    const noiseRms = Math.sqrt(0.5 / 10);
    for (const imageDb of [-30, -45]) {
      const samples = station.map((x, i) => 0.2 * (x + 10 ** (imageDb / 20) * image[i]! + noiseRms * noise[i]!));
      const alone = decodeAudio(samples, sampleRate);
      assert.equal(alone.output, text, `image ${imageDb} dB: alone`);
      assert.ok(Math.abs(alone.frequency - 650) <= 1, `image ${imageDb} dB: ${alone.frequency} Hz`);
      const { signals } = decodeSignals(samples, sampleRate);
      const heard = signals.map((s) => `${s.frequency} Hz "${s.output}"`).join(", ");
      assert.ok(signals.length === 1 && signals[0]!.output === text && Math.abs(signals[0]!.frequency - 650) <= 1, `image ${imageDb} dB: ${heard}`);
    }
  });
});
