/**
 * The Info frame that starts an MP3 LAME writes: Xing's tag for a constant bitrate, with
 * LAME's extension, which says how many of the samples the frames decode to are the
 * encoder's, not the recording's: its delay at the start and its padding at the end. A
 * gapless decoder (mpg123, ffmpeg, minimp3 and the players built on them) skips both and the
 * decoder's own delay (529 samples), and gives back the samples encoded, no more; one that
 * knows no tag decodes the frame as one of silence. Fields are found by the tag's flags, as
 * those decoders find them: this one has the frame count and LAME's extension (LAME's own
 * also holds the file's length in bytes, a table for seeking and a quality, none of which
 * is known before the end of a stream, or needed).
 */
import { BITRATES, mpegFrameAt, SAMPLE_RATES } from "../formats/mpeg.js";

/** Samples LAME puts before the first one it is given (its ENCDELAY), whatever the rate. */
export const LAME_DELAY = 576;

/**
 * The frames LAME makes of `samples` samples: its delay, then the samples, then silence up to
 * the end of the frame that holds the last of them plus another 576 samples at least (it
 * always adds 576 more than the delay, so that the last sample decodes whole). Checked against
 * what LAME 3.100 writes at every rate (test/audio/mp3/info-frame.test.ts).
 */
export function lameFrames(samples: number, frameSamples: number): number {
  return Math.ceil((samples + 2 * LAME_DELAY) / frameSamples);
}

/** The first 4 bytes of a layer III frame without CRC, mono, unpadded, at `sampleRate` and `kbps`; undefined where MPEG has no such frame. */
function monoHeader(sampleRate: number, kbps: number): Uint8Array | undefined {
  for (const [version, rates] of Object.entries(SAMPLE_RATES)) {
    const rateIndex = rates.indexOf(sampleRate);
    const bitrateIndex = (BITRATES[version === "3" ? 0 : 1][2] as readonly number[]).indexOf(kbps) + 1;
    if (rateIndex === -1 || bitrateIndex === 0) continue;
    // Sync, version, layer III, no CRC; bitrate, rate, no padding; mono, original.
    return Uint8Array.of(0xff, 0xe0 | (Number(version) << 3) | 0x03, (bitrateIndex << 4) | (rateIndex << 2), 0xc4);
  }
  return undefined;
}

/** CRC-16 with the polynomial 0x8005 taken bit-reversed (0xA001), from 0: LAME's, over its Info frame up to the CRC. */
export function lameCrc16(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc;
}

/** LAME's extension: its encoder's name (ffmpeg reads the delays only behind "LAME", "Lavf" or "Lavc"), then where its fields are, from its start. */
const LAME_NAME = "LAME3.100";
const EXTENSION = { method: 9, bitrate: 20, delays: 21, misc: 24, crc: 34 };
/** The tag's "VBR method" for a constant bitrate. */
const CONSTANT_BITRATE = 1;
/** The Xing flag that says the frame count is there. */
const FRAMES_FLAG = 1;

/** What the misc byte's top two bits say of the source's rate: up to 32 kHz, 44.1, 48, above. */
function sourceRateBits(sampleRate: number): number {
  if (sampleRate <= 32_000) return 0;
  return sampleRate === 44_100 ? 1 : sampleRate === 48_000 ? 2 : 3;
}

export interface InfoFrameOptions {
  sampleRate: number;
  /** kbit/s of the file's frames. */
  bitrate: number;
  /** Samples encoded (per channel). */
  samples: number;
}

/**
 * LAME's extension at `at` of the Info frame `bytes` (the frame's first bytes already in
 * place, for its CRC): a constant bitrate, LAME's delay and `padding` (two numbers of 12
 * bits), the source's rate; the peak, gains and lengths it can hold unsaid (0).
 */
function writeExtension(bytes: Uint8Array, at: number, { sampleRate, bitrate }: InfoFrameOptions, padding: number): void {
  bytes.set(new TextEncoder().encode(LAME_NAME), at);
  bytes[at + EXTENSION.method] = CONSTANT_BITRATE;
  bytes[at + EXTENSION.bitrate] = bitrate;
  bytes.set([LAME_DELAY >> 4, ((LAME_DELAY & 0xf) << 4) | (padding >> 8), padding & 0xff], at + EXTENSION.delays);
  bytes[at + EXTENSION.misc] = sourceRateBits(sampleRate) << 6;
  new DataView(bytes.buffer).setUint16(at + EXTENSION.crc, lameCrc16(bytes.subarray(0, at + EXTENSION.crc)));
}

/**
 * The Info frame for a mono constant-bitrate MP3 of `samples` samples that LAME encodes
 * (LAME_DELAY, lameFrames): the frame goes before LAME's first. It is at the file's own
 * bitrate, so that the file is one bitrate throughout: every rate and bitrate the encoder
 * takes makes a frame of 96 bytes or more, room for the 69 at most that this one needs.
 */
export function infoFrame(options: InfoFrameOptions): Uint8Array {
  const { sampleRate, bitrate, samples } = options;
  const header = monoHeader(sampleRate, bitrate);
  const frame = header && mpegFrameAt(header, 0);
  if (!frame) throw new RangeError(`MP3 has no frame at ${sampleRate} Hz and ${bitrate} kbit/s`);
  const bytes = new Uint8Array(frame.length);
  bytes.set(header);
  // After the header and the side information (17 bytes mono in MPEG-1, 9 in MPEG-2 and 2.5), all
  // zero: a frame of silence to a decoder that reads it as audio.
  const tag = 4 + (frame.samples === 1152 ? 17 : 9);
  bytes.set(new TextEncoder().encode("Info"), tag);
  const frames = lameFrames(samples, frame.samples);
  const view = new DataView(bytes.buffer);
  view.setUint32(tag + 4, FRAMES_FLAG);
  view.setUint32(tag + 8, frames);
  writeExtension(bytes, tag + 12, options, frames * frame.samples - samples - LAME_DELAY);
  return bytes;
}
