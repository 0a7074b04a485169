/** The live listener the options ask for. */
import { BandListener } from "./band-listener.js";
import { SignalListener, type Listener, type ListenerOptions } from "./listener.js";

/** A live listener: of the strongest signal, or with `signals: "all"` of every signal of the band. */
export function createListener(options: ListenerOptions): Listener {
  return options.signals === "all" ? new BandListener(options) : new SignalListener(options);
}
