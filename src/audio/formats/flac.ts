/**
 * FLAC read by its headers (RFC 9639) before anything is decoded: STREAMINFO's channels,
 * rate and length, and every frame's block size and channels, which bound what each frame
 * decodes to.
 */
import { Cutter, type Declared, type FeedPlan } from "./feed-plan.js";
import { afterId3Tags } from "./mpeg.js";

/** STREAMINFO, the block that must follow "fLaC": channels, rate and samples per channel (0: not said). */
function streamInfo(bytes: Uint8Array, marker: number): Declared {
  const at = marker + 8;
  // A block header: last-block flag and type (0 is STREAMINFO), then a 24-bit length of at least 34.
  if (at + 18 > bytes.length || (bytes[marker + 4]! & 0x7f) !== 0) return {};
  const sampleRate = (bytes[at + 10]! << 12) | (bytes[at + 11]! << 4) | (bytes[at + 12]! >> 4);
  const channels = ((bytes[at + 12]! >> 1) & 7) + 1;
  const low = ((bytes[at + 14]! << 24) | (bytes[at + 15]! << 16) | (bytes[at + 16]! << 8) | bytes[at + 17]!) >>> 0;
  const samples = (bytes[at + 13]! & 0x0f) * 2 ** 32 + low;
  return samples > 0 && sampleRate > 0 ? { channels, sampleRate, seconds: samples / sampleRate } : { channels, sampleRate };
}

/** CRC-8 of frame headers: polynomial 0x07, starting from 0. */
const CRC8 = Uint8Array.from({ length: 256 }, (_, byte) => {
  let crc = byte;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? (crc << 1) ^ 0x07 : crc << 1;
  return crc & 0xff;
});

/** The length of the coded frame or sample number whose first byte is `lead` (UTF-8's scheme, up to 7 bytes), or 0 where none starts so. */
function codedNumberLength(lead: number): number {
  if (lead < 0x80) return 1;
  let ones = 0;
  while (ones < 8 && lead & (0x80 >> ones)) ones++;
  return ones >= 2 && ones <= 7 ? ones : 0;
}

/** Samples per channel by block-size code 1 to 15 (6 and 7 are read after the header's coded number); 0, reserved, is counted at the most. */
function blockSize(code: number, bytes: Uint8Array, at: number): number {
  if (code === 0) return 65536;
  if (code === 1) return 192;
  if (code <= 5) return 576 << (code - 2);
  if (code === 6) return bytes[at]! + 1;
  if (code === 7) return ((bytes[at]! << 8) | bytes[at + 1]!) + 1;
  return 256 << (code - 8);
}

/**
 * The samples per channel and channels of the frame whose header starts at `offset`, or
 * undefined where no header does: sync, fields and CRC-8 as a decoder checks them, no more,
 * so that every header a decoder accepts is found here too. Reserved codes are counted at
 * their most.
 */
function frameAt(bytes: Uint8Array, offset: number): { samples: number; channels: number } | undefined {
  if (offset + 5 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xfe) !== 0xf8) return undefined;
  const sizeCode = bytes[offset + 2]! >> 4;
  const rateCode = bytes[offset + 2]! & 0x0f;
  const channelCode = bytes[offset + 3]! >> 4;
  const numberLength = codedNumberLength(bytes[offset + 4]!);
  if (numberLength === 0) return undefined;
  let crcAt = offset + 4 + numberLength;
  const sizeAt = crcAt;
  crcAt += sizeCode === 6 ? 1 : sizeCode === 7 ? 2 : 0;
  crcAt += rateCode === 12 ? 1 : rateCode === 13 || rateCode === 14 ? 2 : 0;
  if (crcAt >= bytes.length) return undefined;
  let crc = 0;
  for (let i = offset; i < crcAt; i++) crc = CRC8[crc ^ bytes[i]!]!;
  if (crc !== bytes[crcAt]) return undefined;
  const channels = channelCode < 8 ? channelCode + 1 : channelCode <= 10 ? 2 : 8;
  return { samples: blockSize(sizeCode, bytes, sizeAt), channels };
}

/**
 * A FLAC file's plan: STREAMINFO's declarations, and cuts between frames such that no call
 * decodes more than CALL_VALUES. Every byte after "fLaC" is searched for frame headers, as a
 * decoder that lost its place would search it; where STREAMINFO does not say its length
 * (it may say 0), the frames found say it.
 */
export function planFlac(bytes: Uint8Array): FeedPlan {
  const start = afterId3Tags(bytes);
  const cutter = new Cutter(start);
  let frame: { at: number; values: number } | undefined;
  let samples = 0;
  for (let at = bytes.indexOf(0xff, start + 4); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const found = frameAt(bytes, at);
    if (found === undefined) continue;
    if (frame) cutter.add(frame.at, at, frame.values);
    frame = { at, values: found.samples * found.channels };
    samples += found.samples;
  }
  if (frame) cutter.add(frame.at, bytes.length, frame.values);
  const declared = streamInfo(bytes, start);
  if (declared.seconds === undefined && declared.sampleRate && samples > 0) declared.seconds = samples / declared.sampleRate;
  return { ...declared, start, cuts: cutter.finish(bytes.length) };
}
