/**
 * The compressed formats for the ditdah library, apart from it because their WebAssembly
 * weighs about 25 MB: the decoders of the wasm-audio-decoders family (MP3, Ogg Vorbis, Ogg
 * Opus, FLAC) and LAME (wasm-media-encoders) for MP3. The library imports this package when
 * it first reads or writes one of them; each module here loads only when first asked for.
 */

/** A decoder for one compressed format, ready once its `ready` promise resolves. */
export async function openDecoder(format) {
  switch (format) {
    case "mp3":
      return new (await import("mpg123-decoder")).MPEGDecoder();
    case "ogg-opus":
      return new (await import("ogg-opus-decoder")).OggOpusDecoder();
    case "ogg-vorbis":
      return new (await import("@wasm-audio-decoders/ogg-vorbis")).OggVorbisDecoder();
    case "flac":
      return new (await import("@wasm-audio-decoders/flac")).FLACDecoder();
    default:
      throw new RangeError(`ditdah-formats decodes mp3, ogg-opus, ogg-vorbis and flac, not ${format}`);
  }
}

/** A LAME MP3 encoder, to be configured before each file. */
export async function createMp3Encoder() {
  return (await import("wasm-media-encoders")).createMp3Encoder();
}
