/**
 * WAV parsing for the decoder: RIFF/WAVE with PCM (8-bit unsigned, 16/24/32-bit signed),
 * IEEE float (32-bit) or WAVE_FORMAT_EXTENSIBLE wrapping either, mono or stereo.
 *
 * Chunks may come in any order; unknown ones are skipped (with their pad byte). Nothing
 * is ever allocated by a size the file declares, only by the bytes it really holds: a
 * data chunk that claims more than the file holds (a recording cut short, or a stream
 * written with a placeholder size such as 0xFFFFFFFF) is read as far as it goes, in whole
 * sample frames. The RIFF size and the fmt byte rate are not checked: writers get them
 * wrong too often, and nothing here depends on them.
 */
import { MorseError } from "../../core/errors.js";
import { READ_SAMPLE_RATE } from "../limits.js";
import { checkLength, type ReadOptions } from "../formats/recording.js";
import { FORMAT_EXTENSIBLE, FORMAT_FLOAT, FORMAT_PCM, SUBFORMAT_GUID_TAIL } from "./format.js";

export interface DecodedWav {
  /** Mono samples in [-1, 1] (channels averaged). */
  samples: Float32Array;
  sampleRate: number;
}

interface Format {
  code: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bits: number;
}

function invalid(message: string): MorseError {
  return new MorseError("INVALID_AUDIO", message);
}

function fourCC(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(bytes[offset]!, bytes[offset + 1]!, bytes[offset + 2]!, bytes[offset + 3]!);
}

/** A chunk id as a person can read it in a message. */
function describeId(id: string): string {
  return /^[\x20-\x7e]{4}$/.test(id) ? `"${id}"` : "with an unreadable id";
}

function parseFormat(view: DataView, offset: number, size: number): Format {
  if (size < 16) throw invalid(`The WAV file's fmt chunk is ${size} bytes long; it must be at least 16`);
  let code = view.getUint16(offset, true);
  const channels = view.getUint16(offset + 2, true);
  const sampleRate = view.getUint32(offset + 4, true);
  const blockAlign = view.getUint16(offset + 12, true);
  const bits = view.getUint16(offset + 14, true);
  if (code === FORMAT_EXTENSIBLE) {
    if (size < 40) throw invalid(`The WAV file's extensible fmt chunk is ${size} bytes long; it must be at least 40`);
    code = view.getUint16(offset + 24, true);
    for (let i = 0; i < SUBFORMAT_GUID_TAIL.length; i++) {
      if (view.getUint8(offset + 26 + i) !== SUBFORMAT_GUID_TAIL[i]) {
        throw invalid("The WAV file's extensible sub-format is neither PCM nor IEEE float");
      }
    }
  }
  return { code, channels, sampleRate, blockAlign, bits };
}

function checkFormat(f: Format): void {
  if (f.channels === 0) throw invalid("The WAV file declares zero channels");
  if (f.channels > 2) throw invalid(`The WAV file has ${f.channels} channels; only mono and stereo are supported`);
  if (f.code === FORMAT_PCM) {
    if (f.bits !== 8 && f.bits !== 16 && f.bits !== 24 && f.bits !== 32) {
      throw invalid(`The WAV file has ${f.bits}-bit PCM samples; only 8, 16, 24 and 32-bit are supported`);
    }
  } else if (f.code === FORMAT_FLOAT) {
    if (f.bits !== 32) throw invalid(`The WAV file has ${f.bits}-bit float samples; only 32-bit float is supported`);
  } else {
    throw invalid(`The WAV file's sample format 0x${f.code.toString(16).padStart(4, "0")} is not supported; only PCM and IEEE float are`);
  }
  if (f.sampleRate < READ_SAMPLE_RATE.min || f.sampleRate > READ_SAMPLE_RATE.max) {
    throw invalid(`The WAV file's sample rate ${f.sampleRate} Hz is outside ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} Hz`);
  }
  const expected = f.channels * (f.bits / 8);
  if (f.blockAlign !== expected) {
    throw invalid(`The WAV file's block align is ${f.blockAlign} bytes; ${f.channels} channel(s) of ${f.bits}-bit samples need ${expected}`);
  }
}

/** Whether this machine stores numbers little-endian, as WAV does (every machine Node runs on but s390x). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * The frames' samples as values in [-1, 1], the channels averaged (a mono frame's one
 * sample is taken twice, which averages to itself exactly). 8, 16 and 32-bit PCM and float
 * are read as the host's typed arrays (lanesOf), many times faster than a DataView; 24-bit
 * through the DataView. One loop per encoding, each seeing one kind of array: a loop that
 * sees several is megamorphic, and as slow as the DataView.
 */
function readFrames(view: DataView, f: Format, offset: number, frames: number): Float32Array {
  const out = new Float32Array(frames);
  const step = f.channels;
  const other = f.channels - 1;
  if (f.bits === 24) {
    const second = other * 3;
    const at = (o: number) => view.getUint16(o, true) + view.getInt8(o + 2) * 65536;
    for (let i = 0, o = offset; i < frames; i++, o += f.blockAlign) out[i] = (at(o) + at(o + second)) / 16777216;
    return out;
  }
  const lanes = lanesOf(view, f, offset, frames);
  if (lanes instanceof Float32Array) {
    // NaN and infinities would poison every filter downstream: they read as silence.
    for (let i = 0, j = 0; i < frames; i++, j += step) out[i] = (finite(lanes[j]!) + finite(lanes[j + other]!)) / 2;
  } else if (lanes instanceof Int16Array) {
    for (let i = 0, j = 0; i < frames; i++, j += step) out[i] = (lanes[j]! + lanes[j + other]!) / 65536;
  } else if (lanes instanceof Int32Array) {
    for (let i = 0, j = 0; i < frames; i++, j += step) out[i] = (lanes[j]! + lanes[j + other]!) / 4294967296;
  } else {
    for (let i = 0, j = 0; i < frames; i++, j += step) out[i] = (lanes[j]! + lanes[j + other]! - 256) / 256;
  }
  return out;
}

function finite(x: number): number {
  return Number.isFinite(x) ? x : 0;
}

/**
 * The data's samples (every channel's, frame by frame) as the host's typed array: over the
 * file's own bytes where they start at a multiple of the sample's size on a little-endian
 * host, else over a copy (byte-swapped on a big-endian one).
 */
function lanesOf(view: DataView, f: Format, offset: number, frames: number): Uint8Array | Int16Array | Int32Array | Float32Array {
  const size = f.bits / 8;
  const length = frames * f.channels;
  let buffer = view.buffer;
  let at = view.byteOffset + offset;
  if (at % size !== 0 || !LITTLE_ENDIAN) {
    const bytes = new Uint8Array(buffer.slice(at, at + length * size));
    if (!LITTLE_ENDIAN) for (let i = 0; i < bytes.length; i += size) bytes.subarray(i, i + size).reverse();
    buffer = bytes.buffer;
    at = 0;
  }
  if (f.code === FORMAT_FLOAT) return new Float32Array(buffer, at, length);
  if (size === 1) return new Uint8Array(buffer, at, length);
  return size === 2 ? new Int16Array(buffer, at, length) : new Int32Array(buffer, at, length);
}

/**
 * Parses a WAV file; every problem is a MorseError INVALID_AUDIO that names it, and one that
 * lasts longer than `maxSeconds` (when given) is RECORDING_TOO_LONG, before its samples are read.
 */
export function readWav(bytes: Uint8Array, { maxSeconds }: Pick<ReadOptions, "maxSeconds"> = {}): DecodedWav {
  if (bytes.length < 12) throw invalid(`The WAV file is truncated: ${bytes.length} bytes cannot hold a RIFF header`);
  if (fourCC(bytes, 0) !== "RIFF" || fourCC(bytes, 8) !== "WAVE") throw invalid("The file is not a WAV file: it does not start with a RIFF/WAVE header");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let format: Format | undefined;
  let data: { offset: number; size: number } | undefined;
  let offset = 12;
  while (offset + 8 <= bytes.length) {
    const id = fourCC(bytes, offset);
    const declared = view.getUint32(offset + 4, true);
    const body = offset + 8;
    const present = bytes.length - body;
    if (id === "data") {
      if (data) throw invalid("The WAV file has more than one data chunk");
      data = { offset: body, size: Math.min(declared, present) };
    } else if (declared > present) {
      if (id === "fmt ") throw invalid(`The WAV file is truncated: its fmt chunk declares ${declared} bytes but only ${present} remain`);
      // A cut-off chunk after the samples costs nothing; before them, the samples are gone.
      if (data) break;
      throw invalid(
        `The WAV file is truncated: its chunk ${describeId(id)} declares ${declared} bytes but only ${present} remain, and no data chunk came before it`,
      );
    } else if (id === "fmt ") {
      if (format) throw invalid("The WAV file has more than one fmt chunk");
      format = parseFormat(view, body, declared);
    }
    if (declared >= present) break; // this chunk runs to the end of the file
    offset = body + declared + (declared & 1);
  }
  // Under 20 bytes, not even one chunk header follows the RIFF header.
  if (!format) throw invalid(bytes.length < 20 ? "The WAV file is truncated: it ends inside its header" : "The WAV file has no fmt chunk");
  if (!data) throw invalid("The WAV file has no data chunk");
  checkFormat(format);
  const frames = Math.floor(data.size / format.blockAlign);
  if (frames === 0) throw invalid("The WAV file's data chunk holds no samples");
  checkLength(frames / format.sampleRate, maxSeconds);
  return { samples: readFrames(view, format, data.offset, frames), sampleRate: format.sampleRate };
}
