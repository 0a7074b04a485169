/**
 * FLAC read by its headers (RFC 9639) before anything is decoded: STREAMINFO's channels,
 * rate and length, every frame's block size, which bounds what the frame decodes to, and
 * where each frame ends, which the decoder is told by being fed one frame a call.
 */
import type { Declared, FeedPlan, Slice } from "./feed-plan.js";
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

/** CRC-16 of frames: polynomial 0x8005, starting from 0. Over a whole frame, its footer (the CRC itself) included, it comes to 0. */
const CRC16 = Uint16Array.from({ length: 256 }, (_, byte) => {
  let crc = byte << 8;
  for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? (crc << 1) ^ 0x8005 : crc << 1;
  return crc & 0xffff;
});

/** The CRC-16 `crc` carried on over bytes [from, to). */
function crc16(bytes: Uint8Array, from: number, to: number, crc: number): number {
  for (let i = from; i < to; i++) crc = ((crc << 8) & 0xffff) ^ CRC16[(crc >> 8) ^ bytes[i]!]!;
  return crc;
}

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
 * The samples per channel of the frame whose header starts at `offset`, or undefined where
 * no header does: sync, fields and CRC-8 as a decoder checks them, no more, so that every
 * header a decoder accepts is found here too. Reserved codes are counted at their most.
 */
function blockSamplesAt(bytes: Uint8Array, offset: number): number | undefined {
  if (offset + 5 > bytes.length || bytes[offset] !== 0xff || (bytes[offset + 1]! & 0xfe) !== 0xf8) return undefined;
  const sizeCode = bytes[offset + 2]! >> 4;
  const rateCode = bytes[offset + 2]! & 0x0f;
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
  return blockSize(sizeCode, bytes, sizeAt);
}

/**
 * Headers looked past for the one that ends a frame. A frame's own bytes pass for a header
 * (sync and CRC-8) about once in 8 MB; a frame not ended within this many is damaged, and
 * the bound keeps the search linear in the file whatever a forger puts in it.
 */
const HEADERS_LOOKED_PAST = 8;

/** The index of the header after `headers[h]` that ends its frame (the bytes before it pass the frame's CRC-16), or undefined where none does. */
function frameEnd(bytes: Uint8Array, headers: number[], h: number): number | undefined {
  let crc = 0;
  for (let next = h + 1; next < headers.length && next <= h + HEADERS_LOOKED_PAST; next++) {
    crc = crc16(bytes, headers[next - 1]!, headers[next]!, crc);
    if (crc === 0) return next;
  }
  return undefined;
}

/**
 * The frames among the headers found, as a decoder that checks frames finds them: each
 * from its header to the next header that its CRC-16 ends it at; the last to the end of
 * the file (a tag after it is the decoder's to pass over). A header that no CRC-16 ends
 * (a damaged frame, or frame-like bytes in a picture) starts no frame: fed to a decoder,
 * it could hold back each frame after it by a call, and the last one for good.
 */
function frames(bytes: Uint8Array, headers: number[]): Slice[] {
  const found: Slice[] = [];
  for (let h = 0; h < headers.length; ) {
    if (h === headers.length - 1) {
      found.push([headers[h]!, bytes.length]);
      break;
    }
    const end = frameEnd(bytes, headers, h);
    if (end !== undefined) found.push([headers[h]!, headers[end]!]);
    h = end ?? h + 1;
  }
  return found;
}

/**
 * A FLAC file's plan: STREAMINFO's declarations, and its frames, each fed in a call of its
 * own (a frame decodes to at most 65,536 samples in 8 channels, far under CALL_VALUES).
 * Every byte after "fLaC" is searched for frame headers, as a decoder that lost its place
 * would search it; where STREAMINFO does not say its length (it may say 0), the headers
 * found say it, each counted at its block size: no frame decodes to more than they count.
 */
export function planFlac(bytes: Uint8Array): FeedPlan {
  const start = afterId3Tags(bytes);
  const headers: number[] = [];
  let samples = 0;
  for (let at = bytes.indexOf(0xff, start + 4); at !== -1; at = bytes.indexOf(0xff, at + 1)) {
    const blockSamples = blockSamplesAt(bytes, at);
    if (blockSamples === undefined) continue;
    headers.push(at);
    samples += blockSamples;
  }
  const declared = streamInfo(bytes, start);
  if (declared.seconds === undefined && declared.sampleRate && samples > 0) declared.seconds = samples / declared.sampleRate;
  return { ...declared, slices: frames(bytes, headers) };
}
