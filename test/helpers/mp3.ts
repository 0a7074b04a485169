/** MP3 frame headers read by hand (ISO 11172-3, 13818-3 and MPEG-2.5), for tests that check what an encoder wrote. */
import assert from "node:assert/strict";
import { MPEGDecoder } from "mpg123-decoder";
import { lameCrc16 } from "../../src/audio/mp3/info-frame.js";

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

/** What an Info or Xing frame's tag says: its frame count, and LAME's extension's delay and padding (samples), with whether its CRC-16 holds. */
export interface InfoTag {
  frames: number;
  delay: number;
  padding: number;
  crcHolds: boolean;
}

/** Xing's flags: the fields present after them, in order, and their lengths (frames, bytes, seek table, quality). */
const XING_FIELDS = [
  [1, 4],
  [2, 4],
  [4, 100],
  [8, 4],
] as const;

/**
 * The tag of the MP3's first frame, read as decoders read it (the fields after the flags
 * where the flags say, LAME's extension after them), or undefined where it has none.
 */
export function infoTag(bytes: Uint8Array): InfoTag | undefined {
  // After the header and a mono frame's side information: 17 bytes in MPEG-1, 9 in MPEG-2 and 2.5.
  const tag = 4 + (((bytes[1]! >> 3) & 3) === 3 ? 17 : 9);
  const name = Buffer.from(bytes.subarray(tag, tag + 4)).toString("latin1");
  if (name !== "Info" && name !== "Xing") return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const flags = view.getUint32(tag + 4);
  let at = tag + 8;
  let frames = 0;
  for (const [flag, length] of XING_FIELDS) {
    if (!(flags & flag)) continue;
    if (flag === 1) frames = view.getUint32(at);
    at += length;
  }
  const [d0, d1, d2] = [bytes[at + 21]!, bytes[at + 22]!, bytes[at + 23]!];
  return { frames, delay: (d0 << 4) | (d1 >> 4), padding: ((d1 & 0xf) << 8) | d2, crcHolds: lameCrc16(bytes.subarray(0, at + 34)) === view.getUint16(at + 34) };
}
