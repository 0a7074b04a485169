/** MP3 frame headers read by hand (ISO 11172-3, 13818-3 and MPEG-2.5), for tests that check what an encoder wrote. */
import assert from "node:assert/strict";
import { MPEGDecoder } from "mpg123-decoder";

export interface Mp3Frame {
  /** Where the frame starts, and its length in bytes (its header's, padding included). */
  offset: number;
  length: number;
  sampleRate: number;
  /** kbit/s. */
  bitrate: number;
  mono: boolean;
  /** Samples per channel in the frame: 1152 (MPEG-1) or 576 (MPEG-2 and 2.5). */
  samples: number;
}

const LAYER3_BITRATES = {
  mpeg1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  mpeg2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** By the version bits: 0 MPEG-2.5, 2 MPEG-2, 3 MPEG-1. */
const SAMPLE_RATES: Record<number, number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/** Every frame of a stream of MPEG layer III frames, back to back; throws at anything else. */
export function mp3Frames(bytes: Uint8Array): Mp3Frame[] {
  const frames: Mp3Frame[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw new Error(`${bytes.length - at} stray bytes at ${at}`);
    const [b0, b1, b2, b3] = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
    if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at ${at}`);
    const version = (b1 >> 3) & 3;
    if (version === 1 || ((b1 >> 1) & 3) !== 1) throw new Error(`not MPEG layer III at ${at}`);
    const mpeg1 = version === 3;
    const bitrate = (mpeg1 ? LAYER3_BITRATES.mpeg1 : LAYER3_BITRATES.mpeg2)[b2 >> 4];
    const sampleRate = SAMPLE_RATES[version]![(b2 >> 2) & 3];
    if (!bitrate || !sampleRate) throw new Error(`bad bitrate or sample rate at ${at}`);
    const padding = (b2 >> 1) & 1;
    const length = Math.floor(((mpeg1 ? 144 : 72) * bitrate * 1000) / sampleRate) + padding;
    frames.push({ offset: at, length, sampleRate, bitrate, mono: b3 >> 6 === 3, samples: mpeg1 ? 1152 : 576 });
    at += length;
  }
  return frames;
}

/** The first channel and the rate of an MP3, by mpg123 (which gives a mono file as two equal channels). */
export async function decodeMp3(bytes: Uint8Array): Promise<{ samples: Float32Array; sampleRate: number }> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const { channelData, sampleRate, errors } = decoder.decode(bytes);
    assert.deepEqual(errors, []);
    return { samples: channelData[0]!, sampleRate };
  } finally {
    decoder.free();
  }
}
