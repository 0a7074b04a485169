/**
 * The decisions of a live listener about one signal: a character is decided once enough
 * audio follows it that a letter gap is known to have passed and two readings agree on it
 * (or, on a signal found, a little later anyway; by one reading where the readings come a
 * second apart), and is then emitted, never taken back.
 * A stream's first characters are decided so before its speed is known, and read again
 * once it is, each corrected once where two readings that know it read it otherwise; after
 * that the next reading may correct the last character once (or the one after, where both
 * read it at another pitch or speed: a new station). The readings come from the
 * listener that owns it (listener.ts: the strongest signal; band-listener.ts: one signal
 * of a band).
 */
import { dotMs } from "../../../core/units.js";
import { DECODE_WPM } from "../../limits.js";
import type { TimedCharacter } from "../characters/timed.js";
import type { Tuning } from "../tuning.js";
import type { CharacterEvent, ListenEvent, ListenSummary } from "./events.js";
import { type Decided, joined, standsFor, Written } from "./written.js";

/** The dot at a speed read, ms; a speed under the slowest the decoder reads (0: none yet) counts as that. */
export function dotAt(wpm: number): number {
  return dotMs(Math.max(wpm, DECODE_WPM.min));
}

/** Audio that must follow a character's last mark before it is known to have ended, ms. */
export function letterGapMs(tuning: Tuning, wpm: number): number {
  return tuning.live.DECIDE_DOTS * dotAt(wpm);
}

/** How far apart two readings' speeds lie, as the log of their ratio; NaN where either read nothing (so that neither test below holds). */
function speedSpread(wpm: number, otherWpm: number): number {
  return wpm > 0 && otherWpm > 0 ? Math.abs(Math.log(wpm / otherWpm)) : Number.NaN;
}

/** Whether two readings' speeds lie more than OUTLIER_SPEED_RATIO apart. */
function farApart(tuning: Tuning, wpm: number, otherWpm: number): boolean {
  return speedSpread(wpm, otherWpm) > Math.log(tuning.live.OUTLIER_SPEED_RATIO);
}

/** A reading's characters, in stream time, how much audio it had and the speed it read. */
interface Reading {
  characters: TimedCharacter[];
  atMs: number;
  wpm: number;
}

/** One signal's decisions: what it has emitted, and what the last reading decoded. */
export class Decider {
  private readonly written = new Written();
  private signal: { frequency: number; wpm: number } | undefined;
  private lastEndMs = Number.NEGATIVE_INFINITY;
  /** Readings taken so far. */
  private readings = 0;
  /** Whether the stream's speed is known for good: a reading that knew it (readingKnowsSpeed) has decided, or read again, what it decoded. */
  private speedIsKnown = false;
  /** Readings that knew the speed while characters decided before were open. */
  private readingsKnowing = 0;
  /** The reading before, as taken in. */
  private previous: Reading = { characters: [], atMs: 0, wpm: 0 };
  /** What the last reading taken in returned. */
  private lastUndecidedMs = 0;
  /** The reading passed over last (see `take`), until the next is taken in. */
  private passed: Reading | undefined;

  /**
   * Whether its listener takes readings FOLLOWED_HOP_MS apart, following a clear signal at a known
   * speed (the listener sets it after each reading): two readings that far apart cannot both
   * follow a character by a letter gap within the latency allowed, so there one reading
   * decides it (`settled`).
   */
  followedHops = false;

  /** `tuning`: the listener's configuration; `tag` goes into every event (a band's signal number). */
  constructor(
    private readonly tuning: Tuning,
    private readonly tag: { signal?: number } = {},
  ) {}

  /** Whether the stream's speed is known: until then, its characters are open to being read again. */
  get knowsSpeed(): boolean {
    return this.speedIsKnown;
  }

  /** Audio between its listener's readings, ms: the hop to the next. */
  get hopMs(): number {
    return this.followedHops ? this.tuning.live.FOLLOWED_HOP_MS : this.tuning.live.HOP_MS;
  }

  /** Whether it follows a signal whose speed is known. */
  get follows(): boolean {
    return this.speedIsKnown && this.signal !== undefined;
  }

  /** The pitch and speed of the signal followed, if any. */
  get followedSignal(): { frequency: number; wpm: number } | undefined {
    return this.signal;
  }

  /** The speed followed, or `fallback` before a signal is found. */
  wpmOr(fallback: number): number {
    return this.signal?.wpm ?? fallback;
  }

  /** Stream time of the start of the first character decided, if any. */
  firstStartMs: number | undefined;

  /** Stream time of the end of the last character decided (-Infinity before any). */
  get decidedEndMs(): number {
    return this.lastEndMs;
  }

  /**
   * Takes a reading's characters (stream time, with `nowMs` of audio received): reads the
   * stream's first characters again once the speed is known, or corrects the last
   * character; decides what has settled (everything when `final`); returns the oldest
   * moment still undecided, ms. Before the speed is known, a reading that reads it
   * OUTLIER_SPEED_RATIO off the reading before is passed over, one at a time.
   */
  take(characters: TimedCharacter[], nowMs: number, final: boolean, readingWpm: number, events: ListenEvent[]): number {
    if (!final && !this.passed && !this.speedIsKnown && farApart(this.tuning, readingWpm, this.previous.wpm)) {
      this.passed = { characters, atMs: nowMs, wpm: readingWpm };
      return this.lastUndecidedMs;
    }
    // The next reading read the speed as the one passed over did: the speed changed, and that reading counts as the one before.
    if (this.passed && farApart(this.tuning, readingWpm, this.previous.wpm) && !farApart(this.tuning, readingWpm, this.passed.wpm)) this.previous = this.passed;
    this.passed = undefined;
    this.lastUndecidedMs = this.takeIn(characters, nowMs, final, readingWpm, events);
    return this.lastUndecidedMs;
  }

  private takeIn(characters: TimedCharacter[], nowMs: number, final: boolean, readingWpm: number, events: ListenEvent[]): number {
    this.readings++;
    const knowing = this.speedIsKnown || final || this.readingKnowsSpeed(characters, nowMs, readingWpm);
    if (knowing) {
      this.readAgain(characters, nowMs, final, events);
      this.correct(characters, nowMs, events);
    }
    let undecidedMs = nowMs - letterGapMs(this.tuning, this.wpmOr(readingWpm));
    for (let i = 0; i < characters.length; i++) {
      const c = characters[i]!;
      if (c.startMs < this.lastEndMs + this.sameWithinMs(c)) continue;
      if (!final && !this.settled(c, i > 0, nowMs)) {
        undecidedMs = Math.min(undecidedMs, c.startMs);
        break;
      }
      const wordStart = i > 0 ? c.wordStart : this.written.count > 0 && c.startMs - this.lastEndMs >= this.tuning.characters.WORD_GAP_FROM_DOTS * dotMs(c.wpm);
      this.decide(c, wordStart, nowMs, events, !knowing);
    }
    // The first characters' audio is kept until they are read again.
    const early = this.written.firstEarly;
    if (early) undecidedMs = Math.min(undecidedMs, early.event.startMs);
    // Known for good once a reading that knows it has decided, or read again, what it decoded.
    this.speedIsKnown ||= knowing && this.written.count > 0 && !early;
    this.noteSilence(nowMs, events);
    this.previous = { characters, atMs: nowMs, wpm: readingWpm };
    return undecidedMs;
  }

  /**
   * Whether a reading knows the stream's speed, to read its first characters again by:
   * once it holds enough of them to have measured the speed by, read on the rung of the
   * speed ladder the reading before read, or the first has waited long enough. At EARLY_WPM
   * and faster, EARLY_CHARACTERS are enough if dots and dashes are among them (a run of one
   * length of element reads as dots or as dashes alike), one of them has more than one
   * element (characters of one element each say nothing of the gaps inside a letter: a slow
   * H reads as E T T T at twice the speed) and the reading before read the same speed.
   */
  private readingKnowsSpeed(characters: TimedCharacter[], nowMs: number, readingWpm: number): boolean {
    const { FIRST_CHARACTERS, FIRST_SPEED_AGREEMENT, FIRST_WAIT_MS, EARLY_CHARACTERS, EARLY_WPM, EARLY_SPEED_AGREEMENT } = this.tuning.live;
    // The first character decoded: this reading's first, or one decided before and no longer decoded (silence since).
    const firstEndMs = Math.min(characters[0]?.endMs ?? Number.POSITIVE_INFINITY, this.written.open[0]?.event.endMs ?? Number.POSITIVE_INFINITY);
    if (nowMs - firstEndMs >= FIRST_WAIT_MS) return true;
    if (characters.length >= FIRST_CHARACTERS) return speedSpread(readingWpm, this.previous.wpm) <= Math.log(FIRST_SPEED_AGREEMENT);
    if (readingWpm < EARLY_WPM || characters.length < EARLY_CHARACTERS || Math.abs(readingWpm / this.previous.wpm - 1) > EARLY_SPEED_AGREEMENT) return false;
    const first = characters.slice(0, EARLY_CHARACTERS);
    return first.some((c) => c.morse.includes("-")) && first.some((c) => c.morse.includes(".")) && first.some((c) => c.morse.length > 1);
  }

  /**
   * Whether a character is settled: the previous reading already had a letter gap's worth
   * of audio after it, and read it the same, with the same word space before it where both
   * readings decoded the character before it (noise read as Morse is read differently from
   * one reading to the next; Morse is not), or, once a signal is found and if it was read
   * at that signal's pitch and speed, it has waited DECIDE_ANYWAY_MS more (noise after a
   * station stops is read at any pitch and speed), FOLLOWED_DECIDE_MS where the readings
   * come FOLLOWED_HOP_MS apart (the next reading would come too late to agree).
   */
  private settled(c: TimedCharacter, afterAnother: boolean, nowMs: number): boolean {
    const gapMs = letterGapMs(this.tuning, c.wpm);
    const anywayMs = this.followedHops ? this.tuning.live.FOLLOWED_DECIDE_MS : this.tuning.live.DECIDE_ANYWAY_MS;
    if (this.signal && !this.changes(c) && c.endMs + gapMs + anywayMs <= nowMs) return true;
    if (c.endMs + gapMs > this.previous.atMs) return false;
    const k = this.matchBefore(c);
    // The word space before it too, where both readings decoded the character before it.
    return k >= 0 && (k === 0 || !afterAnother || this.previous.characters[k]!.wordStart === c.wordStart);
  }

  /** A character read this close to the last one decided is that one again. */
  private sameWithinMs(c: TimedCharacter): number {
    return this.tuning.live.SAME_CHARACTER_DOTS * dotAt(c.wpm);
  }

  private decide(c: TimedCharacter, wordStart: boolean, nowMs: number, events: ListenEvent[], early: boolean): void {
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
    const keepOpen = early || this.written.firstEarly !== undefined;
    this.written.add({ event, wordStart, corrected: false, early, reading: this.readings }, keepOpen);
    this.lastEndMs = c.endMs;
  }

  /**
   * The last character decided, read otherwise by a later reading from the same start:
   * corrected, once. By a reading at the pitch and speed followed, at the next reading only.
   * By one at another pitch or speed, only where the reading before read it alike too, and
   * at the latest the second reading after it was decided: a reading a rung off in speed
   * reads every dot as a dash, but so does a reading at the speed followed read a new
   * station's first letter; the signal is then said to have changed.
   */
  private correct(characters: TimedCharacter[], nowMs: number, events: ListenEvent[]): void {
    const last = this.written.last;
    if (!last || last.corrected || last.early) return;
    const again = characters.find((c) => Math.abs(c.startMs - last.event.startMs) < this.sameWithinMs(c));
    if (!again || again.morse === last.event.morse) return;
    if (!this.changes(again)) {
      if (last.reading === this.readings - 1) this.rewrite(last, [again], last.wordStart, nowMs, events);
      return;
    }
    if (last.reading < this.readings - 2 || this.matchBefore(again) < 0) return;
    this.noteSignal(again, nowMs, events);
    this.rewrite(last, [again], last.wordStart, nowMs, events);
  }

  /** Where the reading before decoded a character alike (the same Morse, starting and ending within SAME_CHARACTER_DOTS), or -1. */
  private matchBefore(c: TimedCharacter): number {
    const same = this.sameWithinMs(c);
    return this.previous.characters.findIndex((p) => p.morse === c.morse && Math.abs(p.startMs - c.startMs) < same && Math.abs(p.endMs - c.endMs) < same);
  }

  /**
   * The characters decided before the speed was known, read again by the readings that
   * know it: each of a reading's characters up to the last decided goes to the one it
   * stands for, and each that two readings in turn read alike (Morse reads the same from
   * one reading to the next; a reading of its own may not) is settled, corrected where
   * that differs: to several characters or to none where the two cut the audio otherwise
   * (two dots read as two dashes at twice the speed are one I; noise before the first is
   * nothing). Those still unsettled after READ_AGAIN_READINGS, or at the end, stay as
   * they were decided (at the end, as the final reading reads them).
   */
  private readAgain(characters: TimedCharacter[], nowMs: number, final: boolean, events: ListenEvent[]): void {
    if (!this.written.firstEarly) return;
    const now = this.partsOf(characters);
    const before = this.partsOf(this.previous.characters);
    const last = ++this.readingsKnowing >= this.tuning.live.READ_AGAIN_READINGS;
    this.written.open.forEach((d, j) => {
      if (!d.early) return;
      const read = now?.parts[j] ?? [];
      const wordStart = now?.wordStart(j) ?? false;
      const alike = before !== undefined && joined(before.parts[j]!).morse === joined(read).morse && before.wordStart(j) === wordStart;
      if (now && (final || alike)) this.rewrite(d, read, wordStart, nowMs, events);
      if (final || alike || last) d.early = false;
    });
    if (!now) return;
    const latest = now.again.at(-1)!;
    this.lastEndMs = Math.max(this.lastEndMs, latest.endMs);
    // The signal is followed at the pitch and speed the first reading that knows the speed read.
    if (this.readingsKnowing === 1 && this.signal && !this.changes(latest)) this.signal = { frequency: latest.frequency, wpm: latest.wpm };
    else this.noteSignal(latest, nowMs, events);
  }

  /**
   * A reading's characters up to the last decided, each given to the open character it
   * stands for, and the word space before each open character as that reading hears it
   * (none before nothing, nor before the first character that stands).
   */
  private partsOf(characters: TimedCharacter[]): { again: TimedCharacter[]; parts: TimedCharacter[][]; wordStart: (j: number) => boolean } | undefined {
    const open = this.written.open;
    const again = characters.filter((c) => c.startMs < this.lastEndMs + this.sameWithinMs(c));
    if (open.length === 0 || again.length === 0) return undefined;
    const parts: TimedCharacter[][] = open.map(() => []);
    for (const c of again) parts[standsFor(open, c)]!.push(c);
    const wordStart = (j: number) => {
      const first = parts[j]![0];
      return first !== undefined && again.indexOf(first) > 0 && first.wordStart;
    };
    return { again, parts, wordStart };
  }

  /** A character decided, now read as `parts` (none: nothing) with or without a word space before it: corrected if that differs. */
  private rewrite(d: Decided, parts: TimedCharacter[], wordStart: boolean, nowMs: number, events: ListenEvent[]): void {
    const { text, morse } = joined(parts);
    if (d.corrected || (morse === d.event.morse && wordStart === d.wordStart)) return;
    const startMs = parts.length > 0 ? Math.round(parts[0]!.startMs) : d.event.startMs;
    const endMs = parts.length > 0 ? Math.round(parts.at(-1)!.endMs) : d.event.endMs;
    d.corrected = true;
    d.wordStart = wordStart;
    d.event = { ...d.event, text, morse, startMs, endMs };
    if (parts.length > 0 && d === this.written.last) this.lastEndMs = parts.at(-1)!.endMs;
    events.push({ type: "correction", index: d.event.index, text, morse, space: wordStart, startMs, endMs, emittedAtMs: Math.round(nowMs), ...this.tag });
  }

  /** Whether a character was read at another pitch or speed than the signal followed. */
  private changes(c: TimedCharacter): boolean {
    const { PITCH_CHANGE_HZ, SPEED_CHANGE } = this.tuning.turns;
    const was = this.signal;
    return was !== undefined && (Math.abs(c.frequency - was.frequency) > PITCH_CHANGE_HZ || Math.max(c.wpm / was.wpm, was.wpm / c.wpm) > SPEED_CHANGE);
  }

  /** A signal found, or changed in pitch or speed, as a character is decided. */
  private noteSignal(c: TimedCharacter, nowMs: number, events: ListenEvent[]): void {
    const was = this.signal;
    if (was && !this.changes(c)) return;
    this.signal = { frequency: c.frequency, wpm: c.wpm };
    events.push({ type: "signal", state: was ? "changed" : "found", frequency: c.frequency, wpm: c.wpm, emittedAtMs: Math.round(nowMs), ...this.tag });
  }

  /** The signal lost once no character has been decoded for SIGNAL_LOST_MS. */
  private noteSilence(nowMs: number, events: ListenEvent[]): void {
    if (!this.signal || nowMs - this.lastEndMs < this.tuning.live.SIGNAL_LOST_MS) return;
    events.push({ type: "signal", state: "lost", ...this.signal, emittedAtMs: Math.round(nowMs), ...this.tag });
    this.signal = undefined;
  }

  /** The characters decided, as text and Morse, with the pitch and speed of the last. */
  summary(durationMs: number): ListenSummary {
    const last = this.written.last?.event;
    return {
      ...this.written.result(),
      wpm: last?.wpm ?? 0,
      frequency: last?.frequency ?? 0,
      durationMs,
    };
  }
}
