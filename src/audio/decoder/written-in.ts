/**
 * A decode's text written in another alphabet than Latin: read again, with the core's
 * decoder, from the Morse decoded (and each signal's, for a band), a sequence that is no
 * character there as `*`. The decoder itself decodes marks and gaps, not letters, so one
 * decode serves every alphabet.
 */
import { DEFAULT_ALPHABET } from "../../core/alphabets/index.js";
import { readHeardMorse } from "../../core/decode.js";

/** What a decode holds of text: its output from its Morse, and maybe its signals'. */
interface DecodedText {
  output: string;
  morse: string;
  signals?: { output: string; morse: string }[];
}

/** `decoded` with its text (and its signals') in `alphabet`; as it is for Latin or none. */
export function writtenIn<D extends DecodedText>(decoded: D, alphabet: string | undefined): D {
  if (alphabet === undefined || alphabet === DEFAULT_ALPHABET) return decoded;
  const signals = decoded.signals?.map((signal) => ({ ...signal, output: readHeardMorse(signal.morse, alphabet) }));
  return { ...decoded, output: readHeardMorse(decoded.morse, alphabet), ...(signals ? { signals } : {}) };
}
