/**
 * WAV writing: the header (for streams whose size is known ahead) and whole files in
 * every encoding the reader accepts (for tests, benchmarks and tools).
 */
import { CANONICAL_HEADER_BYTES, EXTENSIBLE_FMT_BYTES, FORMAT_EXTENSIBLE, FORMAT_FLOAT, FORMAT_PCM, SUBFORMAT_GUID_TAIL } from "./format.js";

export interface WavEncoding {
  /** Integer PCM (8-bit unsigned, 16/24/32-bit signed) or IEEE float (32-bit). */
  format: "pcm" | "float";
  bits: 8 | 16 | 24 | 32;
  /** Write a WAVE_FORMAT_EXTENSIBLE fmt chunk instead of the plain one. */
  extensible?: boolean;
}

export const PCM16: Readonly<WavEncoding> = Object.freeze({ format: "pcm", bits: 16 });

export interface WavHeaderFields {
  sampleRate: number;
  channels: number;
  encoding: WavEncoding;
  /** Bytes of sample data that follow the header. */
  dataBytes: number;
}

function fmtChunkSize(encoding: WavEncoding): number {
  return encoding.extensible ? EXTENSIBLE_FMT_BYTES : 16;
}

/** Bytes of the header `wavHeader` writes for this encoding (44 for plain PCM). */
export function wavHeaderLength(encoding: WavEncoding): number {
  return CANONICAL_HEADER_BYTES - 16 + fmtChunkSize(encoding);
}

/** The RIFF header: `RIFF` descriptor, `fmt ` chunk and the `data` chunk's own header. */
export function wavHeader({ sampleRate, channels, encoding, dataBytes }: WavHeaderFields): Uint8Array {
  const fmtSize = fmtChunkSize(encoding);
  const header = new Uint8Array(wavHeaderLength(encoding));
  const view = new DataView(header.buffer);
  const blockAlign = channels * (encoding.bits / 8);
  const formatCode = encoding.format === "float" ? FORMAT_FLOAT : FORMAT_PCM;
  // The RIFF size counts everything after its own 8 bytes, including a pad byte for odd data.
  writeAscii(header, "RIFF", 0);
  view.setUint32(4, header.length - 8 + dataBytes + (dataBytes & 1), true);
  writeAscii(header, "WAVE", 8);
  writeAscii(header, "fmt ", 12);
  view.setUint32(16, fmtSize, true);
  view.setUint16(20, encoding.extensible ? FORMAT_EXTENSIBLE : formatCode, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true);
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, encoding.bits, true);
  if (encoding.extensible) {
    view.setUint16(36, 22, true); // cbSize: the extension's length
    view.setUint16(38, encoding.bits, true); // valid bits per sample
    view.setUint32(40, channels === 1 ? 0x4 : 0x3, true); // speaker mask: front centre, or front left + right
    view.setUint16(44, formatCode, true);
    header.set(SUBFORMAT_GUID_TAIL, 46);
  }
  writeAscii(header, "data", 20 + fmtSize);
  view.setUint32(24 + fmtSize, dataBytes, true);
  return header;
}

/** A chunk ID (four ASCII letters) at `offset`. */
function writeAscii(bytes: Uint8Array, text: string, offset: number): void {
  for (let i = 0; i < text.length; i++) bytes[offset + i] = text.charCodeAt(i);
}

/** Writes one sample in [-1, 1] (clipped) at `offset`; returns the offset after it. */
function writeSample(view: DataView, offset: number, value: number, encoding: WavEncoding): number {
  const v = value > 1 ? 1 : value < -1 ? -1 : value;
  if (encoding.format === "float") {
    view.setFloat32(offset, v, true);
    return offset + 4;
  }
  switch (encoding.bits) {
    case 8:
      view.setUint8(offset, Math.round(v * 127) + 128);
      return offset + 1;
    case 16:
      view.setInt16(offset, Math.round(v * 32767), true);
      return offset + 2;
    case 24: {
      const s = Math.round(v * 8388607);
      view.setUint16(offset, s & 0xffff, true);
      view.setInt8(offset + 2, s >> 16);
      return offset + 3;
    }
    default:
      view.setInt32(offset, Math.round(v * 2147483647), true);
      return offset + 4;
  }
}

/**
 * A whole WAV file of one or more equally long channels of samples in [-1, 1]. Writes
 * sample by sample: meant for test fixtures and benchmark corpora, not for the hot path
 * (`renderWavChunks` is).
 */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number, encoding: WavEncoding = PCM16): Uint8Array {
  const frames = channels[0]?.length ?? 0;
  if (channels.some((c) => c.length !== frames)) throw new RangeError("encodeWav: channels differ in length");
  if (encoding.format === "float" && encoding.bits !== 32) throw new RangeError("encodeWav: float samples are 32-bit");
  const dataBytes = frames * channels.length * (encoding.bits / 8);
  const header = wavHeader({ sampleRate, channels: channels.length, encoding, dataBytes });
  const file = new Uint8Array(header.length + dataBytes + (dataBytes & 1));
  file.set(header);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let offset = header.length;
  for (let i = 0; i < frames; i++) {
    for (const channel of channels) offset = writeSample(view, offset, channel[i]!, encoding);
  }
  return file;
}
