/**
 * A reading's text written in another alphabet than Latin: read again, with the core's
 * decoder, from the Morse heard (and each signal's, for a band), a sequence that is no
 * character there as `*`. The decoder itself reads marks and gaps, not letters, so one
 * reading serves every alphabet.
 */
import { DEFAULT_ALPHABET } from "../../core/alphabets/index.js";
import { readHeardMorse } from "../../core/decode.js";

/** What a reading holds of text: its output from its Morse, and maybe its signals'. */
interface Read {
  output: string;
  morse: string;
  signals?: { output: string; morse: string }[];
}

/** `read` with its text (and its signals') in `alphabet`; as it is for Latin or none. */
export function writtenIn<R extends Read>(read: R, alphabet: string | undefined): R {
  if (alphabet === undefined || alphabet === DEFAULT_ALPHABET) return read;
  const signals = read.signals?.map((signal) => ({ ...signal, output: readHeardMorse(signal.morse, alphabet) }));
  return { ...read, output: readHeardMorse(read.morse, alphabet), ...(signals ? { signals } : {}) };
}
