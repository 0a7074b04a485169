/**
 * The compressed formats' WebAssembly (the decoders of MP3, Ogg and FLAC, and LAME for MP3:
 * about 25 MB) is the package ditdah-formats, apart from the library so that those who need
 * only text, timing, WAV and decoding do not install it. It is imported when a compressed
 * format is first read or written. Its name is held in a variable so that bundlers leave the
 * import alone: a browser bundle of the library does not take in 25 MB it may never use.
 */
import type * as Formats from "ditdah-formats";

/** The package's name, as npm installs it. */
export const FORMATS_PACKAGE = "ditdah-formats";

let loaded: Promise<typeof Formats> | undefined;

/**
 * The formats package, or an Error naming it and how to install it. `task` says what needed
 * it ("Reading an MP3 file"), for that message.
 */
export async function formatsPackage(task: string): Promise<typeof Formats> {
  loaded ??= import(/* webpackIgnore: true */ /* @vite-ignore */ FORMATS_PACKAGE) as Promise<typeof Formats>;
  try {
    return await loaded;
  } catch (cause) {
    loaded = undefined;
    throw new Error(`${task} needs the ${FORMATS_PACKAGE} package, which is not installed: npm install ${FORMATS_PACKAGE}`, { cause });
  }
}
