/**
 * Which audio format a file is, by its first bytes (its "magic"), and the media types that
 * name each format. A file's bytes decide how it is read; a declared media type only has
 * to agree with them.
 */

/** The formats a recording can be read from. */
export const AUDIO_FORMATS = {
  wav: "a WAV file",
  mp3: "an MP3 file",
  "ogg-vorbis": "an Ogg Vorbis file",
  "ogg-opus": "an Ogg Opus file",
  flac: "a FLAC file",
} as const;

export type AudioFormat = keyof typeof AUDIO_FORMATS;

/** Media types and the formats each may hold; application/octet-stream holds any. */
export const MEDIA_TYPE_FORMATS: Readonly<Record<string, readonly AudioFormat[]>> = {
  "audio/wav": ["wav"],
  "audio/x-wav": ["wav"],
  "audio/wave": ["wav"],
  "audio/mpeg": ["mp3"],
  "audio/ogg": ["ogg-vorbis", "ogg-opus"],
  "audio/opus": ["ogg-opus"],
  "audio/flac": ["flac"],
  "audio/x-flac": ["flac"],
  "application/octet-stream": Object.keys(AUDIO_FORMATS) as AudioFormat[],
};

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (offset + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** An ID3v2 tag's length (header included), or 0 where none starts at `offset`. */
function id3Length(bytes: Uint8Array, offset: number): number {
  if (!ascii(bytes, offset, "ID3") || offset + 10 > bytes.length) return 0;
  // The size is 4 bytes of 7 bits each ("syncsafe"); a footer adds 10 bytes.
  const size = ((bytes[offset + 6]! & 0x7f) << 21) | ((bytes[offset + 7]! & 0x7f) << 14) | ((bytes[offset + 8]! & 0x7f) << 7) | (bytes[offset + 9]! & 0x7f);
  const footer = bytes[offset + 5]! & 0x10 ? 10 : 0;
  return 10 + size + footer;
}

/** Whether an MPEG audio frame header starts at `offset`: 11 sync bits, a version, layer, bitrate and rate that exist. */
function mpegFrameAt(bytes: Uint8Array, offset: number): boolean {
  if (offset + 4 > bytes.length || bytes[offset] !== 0xff) return false;
  const b1 = bytes[offset + 1]!;
  const b2 = bytes[offset + 2]!;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrate = b2 >> 4;
  const rate = (b2 >> 2) & 3;
  return (b1 & 0xe0) === 0xe0 && version !== 1 && layer !== 0 && bitrate !== 0 && bitrate !== 15 && rate !== 3;
}

/** The first Ogg page's codec, from the identification header that opens its first packet. */
function oggCodec(bytes: Uint8Array): AudioFormat | undefined {
  if (bytes.length < 27) return undefined;
  const segments = bytes[26]!;
  const packet = 27 + segments;
  if (ascii(bytes, packet, "OpusHead")) return "ogg-opus";
  if (bytes[packet] === 1 && ascii(bytes, packet + 1, "vorbis")) return "ogg-vorbis";
  return undefined;
}

/** Bytes after an ID3 tag searched for the first MPEG frame. */
const MAX_TAG_PADDING = 4096;

/** The format of a file by its bytes; undefined where they are none we read. */
export function sniffFormat(bytes: Uint8Array): AudioFormat | undefined {
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WAVE")) return "wav";
  if (ascii(bytes, 0, "OggS")) return oggCodec(bytes);
  // An ID3 tag may stand before a FLAC stream as before MP3 frames.
  const tag = id3Length(bytes, 0);
  if (ascii(bytes, tag, "fLaC")) return "flac";
  if (tag > 0) {
    // Encoders may pad the tag with zeros before the first frame.
    for (let at = tag; at < Math.min(bytes.length, tag + MAX_TAG_PADDING); at++) if (mpegFrameAt(bytes, at)) return "mp3";
    return undefined;
  }
  // Without a tag, two frame headers a frame apart would be surer, but a file cut short may hold one.
  return mpegFrameAt(bytes, 0) ? "mp3" : undefined;
}
