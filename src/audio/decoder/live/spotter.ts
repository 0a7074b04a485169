/**
 * Spots as a band is heard (API.md section 9, live): each signal's text kept from its
 * events, word by word with times, and searched for calls (the core's callsHeard) whenever it
 * grows; a call that qualifies is judged by the stream's SpotLog (the same call within
 * 0.5 kHz once per 10 minutes, a call one character off a call spotted within 1 kHz left
 * out as busted) and, if new, sent as a spot event at once.
 *
 * Only words known to be whole are searched: the last word of a signal is whole once a word
 * gap after it has been decided (the band listener's undecided moment lies past it) and
 * the longest character that could still belong to it would have ended, so that `K1AB` of
 * a `K1ABC` still being sent is never taken for a call.
 */
import { DEFAULT_SEPARATOR } from "../../../core/limits.js";
import {
  callsHeard,
  checkSpotOptions,
  type HeardWord,
  SPOT_WINDOW_MS,
  SpotLog,
  spotFrequencyKHz,
  spotOf,
  type SpotOptions,
  type SpotSignal,
} from "../../../core/spots/index.js";
import type { BandListener, FollowedSignal } from "./band-listener.js";
import { dotAt } from "./decider.js";
import type { Listener, ListenEvent, SpotEvent } from "./events.js";
import { wrapListener } from "./listener.js";

/** A word ends where this many dots of silence follow a character: between the letter gap (3) and the word gap (7). */
const WORD_GAP_DOTS = 5;
/** The last word is whole once this many dots have passed after its last character: a letter gap and the longest character (`0`, 19 dots) and some. */
const LAST_WORD_DOTS = 26;
/** A signal's characters are kept this long after they end, ms: callsHeard looks back over SPOT_WINDOW_MS. */
const KEEP_MS = SPOT_WINDOW_MS;

/** A character decided on a signal (or a correction's characters), as its events leave it. */
interface SignalCharacter {
  text: string;
  morse: string;
  space: boolean;
  startMs: number;
  endMs: number;
  wpm: number;
}

/** A word heard, with its Morse (for `heard` in another alphabet). */
interface TimedWord extends HeardWord {
  morse: string;
}

/** One signal's characters by index, in the order decided, and whether they changed since calls were last spotted in them. */
interface SignalText {
  characters: Map<number, SignalCharacter>;
  changed: boolean;
  /** How many of its words were whole when calls were last spotted in them. */
  whole: number;
  /** The signal as the last reading that followed it left it. */
  state?: FollowedSignal;
  /** Its calls already counted as busted, with when each qualified: a signal's words are spotted in again as they change, its busted calls with them. */
  busted: Set<string>;
}

/** A signal's characters as words: word spaces where its events put them (a correction's text may hold some). */
function wordsOf(characters: Iterable<SignalCharacter>): TimedWord[] {
  const words: TimedWord[] = [];
  for (const c of characters) {
    if (c.text === "") continue;
    const texts = c.text.split(" ");
    const morses = c.morse.split(DEFAULT_SEPARATOR);
    texts.forEach((text, k) => {
      const morse = morses.length === texts.length ? morses[k]! : k === 0 ? c.morse : "";
      const last = words.at(-1);
      if (last && k === 0 && !c.space) {
        last.text += text;
        last.morse += ` ${morse}`;
        last.endMs = c.endMs;
      } else words.push({ text, morse, startMs: c.startMs, endMs: c.endMs });
    });
  }
  return words;
}

export class LiveSpotter {
  private readonly signals = new Map<number, SignalText>();
  private readonly log = new SpotLog();
  /** Calls left out as busted so far. */
  busted = 0;

  constructor(private readonly options: SpotOptions) {
    checkSpotOptions(options);
  }

  /**
   * Takes a reading's events and the signals followed after it; returns the spot events of
   * the calls that qualified. `final`: the stream has ended, every word is whole.
   */
  take(events: readonly ListenEvent[], followed: readonly FollowedSignal[], nowMs: number, final: boolean): SpotEvent[] {
    const closed: number[] = [];
    for (const event of events) {
      if (event.type === "signal" && event.state === "closed") closed.push(event.signal!);
      else if (event.type === "character" || event.type === "correction" || event.type === "space") this.note(event);
    }
    const spots: SpotEvent[] = [];
    for (const f of followed) {
      const text = this.signals.get(f.signal);
      if (text) text.state = f;
    }
    // A signal closed is gone from those followed: spot its calls a last time as it was.
    for (const [signal, text] of this.signals) {
      const ended = final || closed.includes(signal);
      if (text.state) this.spotCalls(signal, text, text.state, nowMs, ended, spots);
      if (ended) this.signals.delete(signal);
    }
    this.log.forget(nowMs);
    return spots;
  }

  private note(event: ListenEvent & { type: "character" | "correction" | "space" }): void {
    const signal = event.signal!;
    let text = this.signals.get(signal);
    if (!text) {
      text = { characters: new Map(), changed: false, whole: 0, busted: new Set() };
      this.signals.set(signal, text);
    }
    text.changed = true;
    const character = text.characters.get(event.index);
    if (event.type === "space") {
      if (character) character.space = true;
      else text.characters.set(event.index, { text: "", morse: "", space: true, startMs: event.endMs, endMs: event.endMs, wpm: 0 });
    } else {
      const wpm = event.type === "character" ? event.wpm : (character?.wpm ?? 0);
      const space = event.type === "correction" ? event.space : (character?.space ?? false);
      text.characters.set(event.index, { text: event.text, morse: event.morse, space, startMs: event.startMs, endMs: event.endMs, wpm });
    }
  }

  /** Spots the calls in a signal's whole words, if they changed; new spots go to `spots`. */
  private spotCalls(signal: number, text: SignalText, state: FollowedSignal, nowMs: number, final: boolean, spots: SpotEvent[]): void {
    for (const [index, c] of text.characters) {
      if (nowMs - c.endMs <= KEEP_MS) break;
      text.characters.delete(index);
    }
    const words = wordsOf(text.characters.values());
    const whole = final ? words.length : this.wholeWords(words, text, state, nowMs);
    if (!text.changed && whole === text.whole) return;
    text.changed = false;
    text.whole = whole;
    const complete = words.slice(0, whole);
    const on: SpotSignal = {
      frequency: state.frequency,
      wpm: state.wpm,
      snrDb: state.snrDb,
      output: complete.map((w) => w.text).join(" "),
      morse: complete.map((w) => w.morse).join(DEFAULT_SEPARATOR),
      startMs: complete[0]?.startMs ?? 0,
      endMs: complete.at(-1)?.endMs ?? 0,
      words: complete,
    };
    const frequencyKHz = spotFrequencyKHz(this.options.dial, state.frequency, this.options.sideband);
    for (const call of callsHeard(complete, SPOT_WINDOW_MS)) {
      const verdict = this.log.verdict(call.call, frequencyKHz, call.qualifiedMs);
      if (verdict.is === "busted") this.countBusted(text, `${call.call} ${call.qualifiedMs}`);
      if (verdict.is !== "new") continue;
      this.log.add({ call: call.call, frequencyKHz, atMs: call.qualifiedMs });
      spots.push({ type: "spot", signal, ...spotOf(call, on, frequencyKHz, this.options.alphabet), emittedAtMs: Math.round(nowMs) });
    }
  }

  /** Counts a busted call of a signal once, however often its words are spotted in again. */
  private countBusted(text: SignalText, key: string): void {
    if (text.busted.has(key)) return;
    text.busted.add(key);
    this.busted++;
  }

  /** How many of a signal's words are whole: all but the last, and the last once nothing more of it can come. */
  private wholeWords(words: readonly TimedWord[], text: SignalText, state: FollowedSignal, nowMs: number): number {
    const last = words.at(-1);
    if (!last) return 0;
    const wpm = [...text.characters.values()].at(-1)?.wpm || state.wpm;
    const dotMs = dotAt(wpm);
    const ended = state.undecidedMs >= last.endMs + WORD_GAP_DOTS * dotMs && nowMs >= last.endMs + LAST_WORD_DOTS * dotMs;
    return ended ? words.length : words.length - 1;
  }
}

/** A band listener that also spots the stations it hears: its events, then the spot events they made. */
export function spotting(band: BandListener, options: SpotOptions): Listener {
  const spotter = new LiveSpotter(options);
  return wrapListener(
    band,
    (chunk) => {
      const events = band.push(chunk);
      return [...events, ...spotter.take(events, band.followedSignals(), band.receivedMs, false)];
    },
    () => {
      const { events, summary } = band.flush();
      return { events: [...events, ...spotter.take(events, band.followedSignals(), band.receivedMs, true)], summary };
    },
    () => spotter.busted,
  );
}
