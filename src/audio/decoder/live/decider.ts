/**
 * The decisions of a live listener about one signal: a character is decided once enough
 * audio follows it that a letter gap is known to have passed and two readings agree on it
 * (or, on a signal found, a little later anyway), and is then emitted, never taken back;
 * the next reading may correct it once. The readings come from the listener that owns it
 * (listener.ts: the strongest signal; band-listener.ts: one signal of a band).
 */
import { dotMs } from "../../../core/units.js";
import { DECODE_WPM } from "../../limits.js";
import { writeCharacter, type HeardCharacter } from "../characters/heard.js";
import { TUNING } from "../tuning.js";
import type { CharacterEvent, ListenEvent, ListenSummary } from "./events.js";

interface Decided {
  event: CharacterEvent;
  wordStart: boolean;
  corrected: boolean;
  /** The reading that decided it (Decider.readings). */
  reading: number;
}

/** The text and Morse of the characters decided: all but the last written out, the last open to its correction. */
class Written {
  output = "";
  morse = "";
  count = 0;
  /** The last character decided, open to one correction until the next is added. */
  last: Decided | undefined;

  add(d: Decided): void {
    this.writeLast();
    this.last = d;
    this.count++;
  }

  result(): { output: string; morse: string } {
    this.writeLast();
    return { output: this.output, morse: this.morse };
  }

  private writeLast(): void {
    const d = this.last;
    if (!d) return;
    writeCharacter(this, { text: d.event.text, morse: d.event.morse, wordStart: d.wordStart });
    this.last = undefined;
  }
}

/** The dot at a speed read, ms; a speed under the slowest the decoder reads (0: none yet) counts as that. */
export function dotAt(wpm: number): number {
  return dotMs(Math.max(wpm, DECODE_WPM.min));
}

/** Audio that must follow a character's last mark before it is known to have ended, ms. */
export function letterGapMs(wpm: number): number {
  return TUNING.live.DECIDE_DOTS * dotAt(wpm);
}

/** One signal's decisions: what it has emitted, and what the last reading heard. */
export class Decider {
  private readonly written = new Written();
  private signal: { frequency: number; wpm: number } | undefined;
  private lastEndMs = Number.NEGATIVE_INFINITY;
  /** Readings taken so far. */
  private readings = 0;
  /** What the previous reading heard, in stream time, how much audio it had and the speed it read. */
  private previous: { heard: HeardCharacter[]; atMs: number; wpm: number } = { heard: [], atMs: 0, wpm: 0 };

  /** `tag` goes into every event (a band's signal number). */
  constructor(private readonly tag: { signal?: number } = {}) {}

  /** The speed followed, or `fallback` before a signal is found. */
  wpmOr(fallback: number): number {
    return this.signal?.wpm ?? fallback;
  }

  /** Stream time of the start of the first character decided, if any. */
  firstStartMs: number | undefined;

  /** Stream time of the end of the last character decided (-Infinity before any). */
  get lastHeardMs(): number {
    return this.lastEndMs;
  }

  /**
   * Takes a reading's characters (stream time, with `nowMs` of audio received): corrects the
   * last character, decides what has settled (everything when `final`); returns the oldest
   * moment still undecided, ms.
   */
  take(heard: HeardCharacter[], nowMs: number, final: boolean, readingWpm: number, events: ListenEvent[]): number {
    this.readings++;
    this.correct(heard, nowMs, events);
    let undecidedMs = nowMs - letterGapMs(this.wpmOr(readingWpm));
    const warm = final || this.signal !== undefined || this.speedKnown(heard, nowMs, readingWpm);
    for (let i = 0; i < heard.length; i++) {
      const c = heard[i]!;
      if (c.startMs < this.lastEndMs + this.sameWithinMs(c)) continue;
      if (!warm || (!final && !this.settled(c, i > 0, nowMs))) {
        undecidedMs = Math.min(undecidedMs, c.startMs);
        break;
      }
      const wordStart = i > 0 ? c.wordStart : this.written.count > 0 && c.startMs - this.lastEndMs >= TUNING.characters.WORD_GAP_FROM_DOTS * dotMs(c.wpm);
      this.decide(c, wordStart, nowMs, events);
    }
    this.noteSilence(nowMs, events);
    this.previous = { heard, atMs: nowMs, wpm: readingWpm };
    return undecidedMs;
  }

  /**
   * Whether a stream's first characters may be decided: once the reading holds enough of
   * them to have measured the speed by, or the first has waited long enough. At
   * EARLY_WPM and faster, EARLY_CHARACTERS are enough if dots and dashes are among them (a
   * run of one length of element reads as dots or as dashes alike), one of them has more
   * than one element (characters of one element each say nothing of the gaps inside a
   * letter: a slow H reads as E T T T at twice the speed) and the reading before read the
   * same speed.
   */
  private speedKnown(heard: HeardCharacter[], nowMs: number, readingWpm: number): boolean {
    const { FIRST_CHARACTERS, FIRST_WAIT_MS, EARLY_CHARACTERS, EARLY_WPM, EARLY_SPEED_AGREEMENT } = TUNING.live;
    if (heard.length >= FIRST_CHARACTERS || (heard.length > 0 && nowMs - heard[0]!.endMs >= FIRST_WAIT_MS)) return true;
    if (readingWpm < EARLY_WPM || heard.length < EARLY_CHARACTERS || Math.abs(readingWpm / this.previous.wpm - 1) > EARLY_SPEED_AGREEMENT) return false;
    const first = heard.slice(0, EARLY_CHARACTERS);
    return first.some((c) => c.morse.includes("-")) && first.some((c) => c.morse.includes(".")) && first.some((c) => c.morse.length > 1);
  }

  /**
   * Whether a character is settled: the previous reading already had a letter gap's worth
   * of audio after it, and read it the same, with the same word space before it where both
   * readings heard the character before it (noise read as Morse is read differently from
   * one reading to the next; Morse is not), or, once a signal is found and if it was read
   * at that signal's pitch and speed, it has waited DECIDE_ANYWAY_MS more (noise after a
   * station stops is read at any pitch and speed).
   */
  private settled(c: HeardCharacter, afterAnother: boolean, nowMs: number): boolean {
    const gapMs = letterGapMs(c.wpm);
    if (this.signal && !this.changes(c) && c.endMs + gapMs + TUNING.live.DECIDE_ANYWAY_MS <= nowMs) return true;
    if (c.endMs + gapMs > this.previous.atMs) return false;
    const same = this.sameWithinMs(c);
    const before = this.previous.heard;
    const k = before.findIndex((p) => p.morse === c.morse && Math.abs(p.startMs - c.startMs) < same && Math.abs(p.endMs - c.endMs) < same);
    // The word space before it too, where both readings heard the character before it.
    return k >= 0 && (k === 0 || !afterAnother || before[k]!.wordStart === c.wordStart);
  }

  /** A character read this close to the last one decided is that one again. */
  private sameWithinMs(c: HeardCharacter): number {
    return TUNING.live.SAME_CHARACTER_DOTS * dotAt(c.wpm);
  }

  private decide(c: HeardCharacter, wordStart: boolean, nowMs: number, events: ListenEvent[]): void {
    this.noteSignal(c, nowMs, events);
    const index = this.written.count;
    const emittedAtMs = Math.round(nowMs);
    if (wordStart) events.push({ type: "space", index, startMs: Math.round(this.lastEndMs), endMs: Math.round(c.startMs), emittedAtMs, ...this.tag });
    const event: CharacterEvent = {
      type: "character",
      index,
      text: c.text,
      morse: c.morse,
      startMs: Math.round(c.startMs),
      endMs: Math.round(c.endMs),
      frequency: c.frequency,
      wpm: c.wpm,
      emittedAtMs,
      ...this.tag,
    };
    events.push(event);
    this.firstStartMs ??= event.startMs;
    this.written.add({ event, wordStart, corrected: false, reading: this.readings });
    this.lastEndMs = c.endMs;
  }

  /**
   * The last character decided, read otherwise by this reading from the same start:
   * corrected, once, at the next reading only, and only by a reading at the pitch and
   * speed followed (a reading a rung off in speed reads every dot as a dash). The event
   * emitted stays as it was; the correction is an event of its own.
   */
  private correct(heard: HeardCharacter[], nowMs: number, events: ListenEvent[]): void {
    const last = this.written.last;
    if (!last || last.corrected || last.reading !== this.readings - 1) return;
    const again = heard.find((c) => Math.abs(c.startMs - last.event.startMs) < this.sameWithinMs(c));
    if (!again || again.morse === last.event.morse || this.changes(again)) return;
    last.corrected = true;
    last.event = { ...last.event, text: again.text, morse: again.morse, endMs: Math.round(again.endMs) };
    this.lastEndMs = again.endMs;
    const { index, text, morse, startMs, endMs } = last.event;
    events.push({ type: "correction", index, text, morse, startMs, endMs, emittedAtMs: Math.round(nowMs), ...this.tag });
  }

  /** Whether a character was read at another pitch or speed than the signal followed. */
  private changes(c: HeardCharacter): boolean {
    const { PITCH_CHANGE_HZ, SPEED_CHANGE } = TUNING.live;
    const was = this.signal;
    return was !== undefined && (Math.abs(c.frequency - was.frequency) > PITCH_CHANGE_HZ || Math.max(c.wpm / was.wpm, was.wpm / c.wpm) > SPEED_CHANGE);
  }

  /** A signal found, or changed in pitch or speed, as a character is decided. */
  private noteSignal(c: HeardCharacter, nowMs: number, events: ListenEvent[]): void {
    const was = this.signal;
    if (was && !this.changes(c)) return;
    this.signal = { frequency: c.frequency, wpm: c.wpm };
    events.push({ type: "signal", state: was ? "changed" : "found", frequency: c.frequency, wpm: c.wpm, emittedAtMs: Math.round(nowMs), ...this.tag });
  }

  /** The signal lost once no character has been heard for SIGNAL_LOST_MS. */
  private noteSilence(nowMs: number, events: ListenEvent[]): void {
    if (!this.signal || nowMs - this.lastEndMs < TUNING.live.SIGNAL_LOST_MS) return;
    events.push({ type: "signal", state: "lost", ...this.signal, emittedAtMs: Math.round(nowMs), ...this.tag });
    this.signal = undefined;
  }

  /** The characters decided, as text and Morse, with the pitch and speed of the last. */
  summary(durationMs: number): ListenSummary {
    const last = this.written.last?.event;
    return {
      ...this.written.result(),
      characters: this.written.count,
      wpm: last?.wpm ?? 0,
      frequency: last?.frequency ?? 0,
      durationMs,
    };
  }
}
