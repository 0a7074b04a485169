/**
 * A listener whose text is written in another alphabet than Latin: each character is read
 * again from the Morse heard (per signal, so that each follows its own shift, Wabun's
 * `<DO>`/`<SN>`), and the summary's text from the summary's Morse. Live characters stay as
 * sent (Hangul jamo one by one); the summary puts them together.
 */
import type { Alphabet } from "../../../core/alphabets/index.js";
import { readHeardWords } from "../../../core/decode.js";
import { AlphabetReader } from "../../../core/reader.js";
import { writtenIn } from "../written-in.js";
import { type Listener, type ListenEvent, wrapListener } from "./listener.js";

export function inAlphabet(listener: Listener, alphabet: Alphabet): Listener {
  const readers = new Map<number | undefined, AlphabetReader>();
  // A correction may be several characters, word spaces within, or none.
  const textOf = (morse: string, signal: number | undefined): string => {
    let reader = readers.get(signal);
    if (!reader) {
      reader = new AlphabetReader(alphabet);
      readers.set(signal, reader);
    }
    return readHeardWords(morse, reader).join(" ");
  };
  const written = (events: ListenEvent[]): ListenEvent[] =>
    events.map((event) => (event.type === "character" || event.type === "correction" ? { ...event, text: textOf(event.morse, event.signal) } : event));
  return wrapListener(
    listener,
    (chunk) => written(listener.push(chunk)),
    () => {
      const { events, summary } = listener.flush();
      return { events: written(events), summary: writtenIn(summary, alphabet.name) };
    },
  );
}
