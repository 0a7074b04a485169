/**
 * MPEG audio (MP3) read by its frame headers (ISO 11172-3, 13818-3 and MPEG-2.5): where the
 * frames start, behind any ID3v2 tags, and the length they declare, before anything is
 * decoded.
 */
import { CALL_VALUES, Cutter, type Declared, type FeedPlan } from "./feed-plan.js";

/** An ID3v2 tag's length (header included), or 0 where none starts at `offset`. */
export function id3Length(bytes: Uint8Array, offset: number): number {
  if (offset + 10 > bytes.length || bytes[offset] !== 0x49 || bytes[offset + 1] !== 0x44 || bytes[offset + 2] !== 0x33) return 0;
  // The size is 4 bytes of 7 bits each ("syncsafe"); a footer adds 10 bytes.
  const size = ((bytes[offset + 6]! & 0x7f) << 21) | ((bytes[offset + 7]! & 0x7f) << 14) | ((bytes[offset + 8]! & 0x7f) << 7) | (bytes[offset + 9]! & 0x7f);
  const footer = bytes[offset + 5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** Where what follows the ID3v2 tags at `offset` (there may be none, or several) starts. */
export function afterId3Tags(bytes: Uint8Array, offset = 0): number {
  let at = offset;
  for (let tag = id3Length(bytes, at); tag > 0; tag = id3Length(bytes, at)) at += tag;
  return at;
}

/** kbit/s by bitrate index (1 to 14), by [MPEG-1, MPEG-2 and 2.5] and layer (I, II, III). */
export const BITRATES = [
  [
    [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  [
    [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
] as const;

/** Sample rates by the version bits (0 MPEG-2.5, 2 MPEG-2, 3 MPEG-1) and the rate index. */
export const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

export interface MpegFrame {
  /** Bytes, padding included. */
  length: number;
  /** Samples per channel. */
  samples: number;
  sampleRate: number;
  channels: 1 | 2;
}

/**
 * The MPEG audio frame whose header starts at `offset`: 11 sync bits, then a version, layer,
 * bitrate and rate that exist. Free-format frames (bitrate index 0), whose length no header
 * says, are none.
 */
export function mpegFrameAt(bytes: Uint8Array, offset: number): MpegFrame | undefined {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff) return undefined;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const version = (b1 >> 3) & 3;
  const layer = 4 - ((b1 >> 1) & 3); // 1, 2 or 3; 4 is reserved
  const index = b2 >> 4;
  const sampleRate = SAMPLE_RATES[version]?.[(b2 >> 2) & 3];
  if ((b1 & 0xe0) !== 0xe0 || layer === 4 || index === 0 || index === 15 || sampleRate === undefined) return undefined;
  const bitrate = 1000 * BITRATES[version === 3 ? 0 : 1][layer - 1]![index - 1]!;
  const padding = (b2 >> 1) & 1;
  const samples = layer === 1 ? 384 : layer === 3 && version !== 3 ? 576 : 1152;
  const length = layer === 1 ? 4 * (Math.floor((12 * bitrate) / sampleRate) + padding) : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { length, samples, sampleRate, channels: bytes[offset + 3]! >> 6 === 3 ? 1 : 2 };
}

/**
 * Values (samples × channels) an MPEG decoder can make of one byte, at the most: a
 * free-format frame (its length found only by the next header) may hold little more than
 * its 4-byte header, and decodes to 1152 samples. mpg123 makes two channels of mono too.
 */
const MPEG_VALUES_PER_BYTE = (1152 * 2) / 4;

/**
 * An MP3's plan: its frames walked header to header from after its ID3v2 tags (mpg123 gives
 * up on a tag of 16 MB), as a decoder reads them, and stepped over byte by byte where there is
 * none (damage, a tag at the end, free-format frames). Calls are cut between frames, each
 * frame counted at its samples in two channels (mpg123 makes two of mono too); bytes between
 * frames, whose frames a decoder may find by rules of its own, are counted at the most any
 * could decode to (MPEG_VALUES_PER_BYTE). The frames' samples are the length the file
 * declares, and the first one's rate and channels the file's.
 */
export function planMpeg(bytes: Uint8Array): FeedPlan {
  const start = afterId3Tags(bytes);
  const cutter = new Cutter(start);
  const unknownSlice = Math.floor(CALL_VALUES / MPEG_VALUES_PER_BYTE);
  const unknown = (from: number, to: number) => {
    for (let at = from; at < to; at += unknownSlice) {
      const end = Math.min(to, at + unknownSlice);
      cutter.add(at, end, (end - at) * MPEG_VALUES_PER_BYTE);
    }
  };
  let first: MpegFrame | undefined;
  let seconds = 0;
  let at = start;
  while (at + 4 <= bytes.length) {
    const frame = mpegFrameAt(bytes, at);
    if (!frame) {
      const next = bytes.indexOf(0xff, at + 1);
      const to = next === -1 ? bytes.length : next;
      unknown(at, to);
      at = to;
      continue;
    }
    first ??= frame;
    seconds += frame.samples / frame.sampleRate;
    const end = Math.min(bytes.length, at + frame.length);
    cutter.add(at, end, frame.samples * 2);
    at = end;
  }
  unknown(at, bytes.length);
  const declared: Declared = first ? { channels: first.channels, sampleRate: first.sampleRate, seconds, estimated: true } : {};
  return { ...declared, slices: cutter.finish(bytes.length) };
}
