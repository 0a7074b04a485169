/**
 * Which audio format a file is, by its first bytes (its "magic"), and the media types that
 * name each format. A file's bytes decide how it is read; a declared media type only has
 * to agree with them.
 */
import { afterId3Tags, mpegFrameAt } from "./mpeg.js";

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
  // ID3 tags may stand before a FLAC stream as before MP3 frames.
  const tag = afterId3Tags(bytes);
  if (ascii(bytes, tag, "fLaC")) return "flac";
  if (tag > 0) {
    // Encoders may pad the tag with zeros before the first frame.
    for (let at = tag; at < Math.min(bytes.length, tag + MAX_TAG_PADDING); at++) if (mpegFrameAt(bytes, at)) return "mp3";
    return undefined;
  }
  // Without a tag, two frame headers a frame apart would be surer, but a file cut short may hold one.
  return mpegFrameAt(bytes, 0) ? "mp3" : undefined;
}
