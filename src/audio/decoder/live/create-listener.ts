/** The live listener the options ask for. */
import { alphabetNamed, LATIN } from "../../../core/alphabets/index.js";
import { BandListener } from "./band-listener.js";
import { inAlphabet } from "./in-alphabet.js";
import { SignalListener, type Listener, type ListenerOptions } from "./listener.js";
import { spotting } from "./spotter.js";

/**
 * A live listener: of the strongest signal, or with `signals: "all"` of every signal of the
 * band (with `spots`, spotting the stations it hears); its text in `alphabet` (Latin by default; an unknown name is MorseError INVALID_OPTION).
 */
export function createListener(options: ListenerOptions): Listener {
  const alphabet = alphabetNamed(options.alphabet);
  const listener = options.signals === "all" ? bandListener(options) : new SignalListener(options);
  return alphabet === LATIN ? listener : inAlphabet(listener, alphabet);
}

function bandListener(options: ListenerOptions): Listener {
  const band = new BandListener(options);
  return options.spots ? spotting(band, { ...options.spots, alphabet: options.alphabet }) : band;
}
