/**
 * The live listener: the recording decoder (decode-audio.ts) run over a stream. It keeps
 * the recent audio and, every HOP_MS of stream, reads the window from a little before the
 * oldest undecided moment to now with `hearAudio`, the batch decoder itself. A character
 * is decided once enough audio follows it that a letter gap is known to have passed, and
 * is then emitted, never taken back; the next reading may correct it once. The window
 * stays a few seconds long however long the stream runs, so the memory and the work per
 * second of audio do not grow with it.
 */
import { DEFAULT_SEPARATOR } from "../../../core/limits.js";
import { MorseError } from "../../../core/errors.js";
import { dotMs } from "../../../core/units.js";
import { Decimator, decimationFactor } from "../../dsp/decimator.js";
import { DECODE_RATE, DECODE_WPM, LIVE_SAMPLE_RATE } from "../../limits.js";
import type { HeardCharacter } from "../characters/heard.js";
import { hearAudio, type AudioDecode, type AudioHints } from "../decode-audio.js";
import type { SignalDecode } from "../decode-signals.js";
import { TUNING } from "../tuning.js";
import { RecentAudio } from "./recent-audio.js";

export interface ListenerOptions extends AudioHints {
  /** Samples per second of the stream, 4000 to 96000. */
  sampleRate: number;
  /**
   * `bounded` (the default) keeps a few seconds of audio; `unbounded` keeps the whole
   * stream, and its summary is then `decodeAudio`'s reading of the whole stream.
   */
  window?: "bounded" | "unbounded";
  /** `all`: every signal of the band is followed apart (live/band-listener.ts), its events naming it. */
  signals?: "all";
}

/** With `signals: "all"`: the signal an event belongs to, numbered from 0 as they are found. */
interface OfSignal {
  signal?: number;
}

/** Times are ms of stream audio; `emittedAtMs` is how much audio had arrived when the event was decided. */
export interface CharacterEvent extends OfSignal {
  type: "character";
  /** 0 for the stream's first character, then one more for each. */
  index: number;
  text: string;
  morse: string;
  startMs: number;
  endMs: number;
  /** Pitch, Hz, and speed, wpm, it was read at. */
  frequency: number;
  wpm: number;
  emittedAtMs: number;
}

/** A character already emitted, read again with more audio after it: what it is now. */
export interface CorrectionEvent extends OfSignal {
  type: "correction";
  index: number;
  text: string;
  morse: string;
  startMs: number;
  endMs: number;
  emittedAtMs: number;
}

/** A word space before character `index`. */
export interface SpaceEvent extends OfSignal {
  type: "space";
  index: number;
  startMs: number;
  endMs: number;
  emittedAtMs: number;
}

/** A signal found, lost (no character for SIGNAL_LOST_MS), or changed in pitch or speed; with `signals: "all"`, closed after CLOSE_MS without a character. */
export interface SignalEvent extends OfSignal {
  type: "signal";
  state: "found" | "lost" | "changed" | "closed";
  frequency: number;
  wpm: number;
  emittedAtMs: number;
}

export type ListenEvent = CharacterEvent | CorrectionEvent | SpaceEvent | SignalEvent;

/** The stream's text once it has ended, as `decodeAudio` gives a recording's; with `signals: "all"`, every signal's too. */
export type ListenSummary = AudioDecode & { signals?: SignalDecode[] };

/** A live listener: push chunks of PCM, get events as they are decided; flush at the end. */
export interface Listener {
  /** Takes a chunk of the stream; returns what it decided. */
  push(chunk: Float32Array | Int16Array): ListenEvent[];
  /** Ends the stream: decides what is pending; returns those events and the stream's text. */
  flush(): { events: ListenEvent[]; summary: ListenSummary };
  /** Audio received so far, ms. */
  readonly receivedMs: number;
  /** Audio kept for the next reading, ms. */
  readonly windowMs: number;
}

interface Decided {
  event: CharacterEvent;
  wordStart: boolean;
  corrected: boolean;
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
    const first = this.output === "";
    this.output += (d.wordStart && !first ? " " : "") + d.event.text;
    this.morse += (first ? "" : d.wordStart ? DEFAULT_SEPARATOR : " ") + d.event.morse;
    this.last = undefined;
  }
}

export function checkOptions(options: ListenerOptions): void {
  const { sampleRate } = options;
  if (!Number.isFinite(sampleRate) || sampleRate < LIVE_SAMPLE_RATE.min || sampleRate > LIVE_SAMPLE_RATE.max) {
    throw new MorseError("INVALID_AUDIO", `The sample rate must be ${LIVE_SAMPLE_RATE.min} to ${LIVE_SAMPLE_RATE.max} Hz`);
  }
}

/** Float samples of a chunk: Float32 as it is, Int16 scaled to ±1. */
export function floatSamples(chunk: Float32Array | Int16Array): Float32Array {
  if (chunk instanceof Float32Array) return chunk;
  if (!(chunk instanceof Int16Array)) throw new MorseError("INVALID_AUDIO", "A chunk must be a Float32Array or an Int16Array");
  const out = new Float32Array(chunk.length);
  for (let i = 0; i < chunk.length; i++) out[i] = chunk[i]! / 32768;
  return out;
}

/** The dot at a speed read, ms; a speed under the slowest the decoder reads (0: none yet) counts as that. */
function dotAt(wpm: number): number {
  return dotMs(Math.max(wpm, DECODE_WPM.min));
}

/** Audio that must follow a character's last mark before it is known to have ended, ms. */
function letterGapMs(wpm: number): number {
  return TUNING.live.DECIDE_DOTS * dotAt(wpm);
}

/** One signal followed: the strongest, or the one at a hinted pitch. */
export class SignalListener implements Listener {
  private readonly audio = new RecentAudio();
  private readonly decimator: Decimator;
  /** Samples per second kept: the stream's, or less where the decimator brings it down. */
  private readonly sampleRate: number;
  private readonly hints: AudioHints;
  private readonly unbounded: boolean;
  /** Stream index at which the next reading is made. */
  private nextReading: number;
  private readonly written = new Written();
  private signal: { frequency: number; wpm: number } | undefined;
  private lastEndMs = Number.NEGATIVE_INFINITY;
  private finalReading: AudioDecode | undefined;
  /** What the previous reading heard, in stream time, and how much audio it had. */
  private previous: { heard: HeardCharacter[]; atMs: number } = { heard: [], atMs: 0 };
  private ended = false;

  constructor(options: ListenerOptions) {
    checkOptions(options);
    this.hints = { frequency: options.frequency, wpm: options.wpm };
    this.unbounded = options.window === "unbounded";
    // The whole stream is kept as it came, to be read as decodeAudio reads it; a window is brought down to about 8 kHz.
    this.decimator = new Decimator(this.unbounded ? 1 : decimationFactor(options.sampleRate, DECODE_RATE));
    this.sampleRate = options.sampleRate / this.decimator.factor;
    this.nextReading = this.samplesOf(TUNING.live.HOP_MS);
  }

  /** Takes a chunk of the stream; returns what it decided. */
  push(chunk: Float32Array | Int16Array): ListenEvent[] {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    const floats = floatSamples(chunk);
    const samples = this.decimator.factor === 1 ? floats : this.decimator.push(floats);
    const events: ListenEvent[] = [];
    // Readings fall every HOP_MS of stream, wherever the chunks are cut.
    for (let at = 0; at < samples.length; ) {
      const take = Math.min(this.nextReading - this.audio.end, samples.length - at);
      this.audio.append(samples.subarray(at, at + take));
      at += take;
      if (this.audio.end === this.nextReading) {
        this.read(false, events);
        this.nextReading += this.samplesOf(TUNING.live.HOP_MS);
      }
    }
    return events;
  }

  /** Ends the stream: decides what is pending; returns those events and the stream's text. */
  flush(): { events: ListenEvent[]; summary: ListenSummary } {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    const events: ListenEvent[] = [];
    this.read(true, events);
    this.ended = true;
    return { events, summary: this.unbounded && this.finalReading ? this.finalReading : this.summary() };
  }

  /** Audio received so far, ms. */
  get receivedMs(): number {
    return this.msOf(this.audio.end);
  }

  /** Audio kept for the next reading, ms. */
  get windowMs(): number {
    return this.msOf(this.audio.end - this.audio.start);
  }

  private samplesOf(ms: number): number {
    return Math.max(1, Math.round((ms * this.sampleRate) / 1000));
  }

  private msOf(index: number): number {
    return (1000 * index) / this.sampleRate;
  }

  /** Reads the window; decides and emits the characters that enough audio now follows (all of them when `final`). */
  private read(final: boolean, events: ListenEvent[]): void {
    const from = this.audio.start;
    const nowMs = this.receivedMs;
    const reading = hearAudio(this.audio.slice(from, this.audio.end), this.sampleRate, this.hints);
    if (final) this.finalReading = reading.decode;
    const heard = reading.heard.map((c) => shifted(c, this.msOf(from)));
    this.correct(heard, nowMs, events);
    const wpm = this.signal?.wpm ?? reading.decode.wpm;
    let undecidedMs = nowMs - letterGapMs(wpm);
    // The first characters wait until the reading has enough of them to measure the speed by, or for long enough.
    const { FIRST_CHARACTERS, FIRST_WAIT_MS } = TUNING.live;
    const warm = final || this.signal !== undefined || heard.length >= FIRST_CHARACTERS || (heard.length > 0 && nowMs - heard[0]!.endMs >= FIRST_WAIT_MS);
    for (let i = 0; i < heard.length; i++) {
      const c = heard[i]!;
      if (c.startMs < this.lastEndMs + this.sameWithinMs(c)) continue;
      if (!warm || (!final && !this.settled(c, nowMs))) {
        undecidedMs = Math.min(undecidedMs, c.startMs);
        break;
      }
      const wordStart = i > 0 ? c.wordStart : this.written.count > 0 && c.startMs - this.lastEndMs >= TUNING.characters.WORD_GAP_FROM_DOTS * dotMs(c.wpm);
      this.decide(c, wordStart, nowMs, events);
    }
    this.noteSilence(nowMs, events);
    this.previous = { heard, atMs: nowMs };
    if (!this.unbounded) this.forget(undecidedMs, wpm);
  }

  /** Keeps the context before the oldest undecided moment, and at most MAX_WINDOW_MS by the next reading. */
  private forget(undecidedMs: number, wpm: number): void {
    const { CONTEXT_MS, CONTEXT_DOTS, HOP_MS, MAX_WINDOW_MS } = TUNING.live;
    const contextMs = Math.max(CONTEXT_MS, CONTEXT_DOTS * dotAt(wpm));
    const keepFrom = Math.max(this.samplesOf(undecidedMs - contextMs), this.audio.end + this.samplesOf(HOP_MS) - this.samplesOf(MAX_WINDOW_MS));
    this.audio.dropBefore(keepFrom);
  }

  /**
   * Whether a character is settled: the previous reading already had a letter gap's worth
   * of audio after it, and read it the same (noise read as Morse is read differently from
   * one reading to the next; Morse is not), or, once a signal is found and if it was read
   * at that signal's pitch and speed, it has waited DECIDE_ANYWAY_MS more (noise after a
   * station stops is read at any pitch and speed).
   */
  private settled(c: HeardCharacter, nowMs: number): boolean {
    const gapMs = letterGapMs(c.wpm);
    if (this.signal && !this.changes(c) && c.endMs + gapMs + TUNING.live.DECIDE_ANYWAY_MS <= nowMs) return true;
    if (c.endMs + gapMs > this.previous.atMs) return false;
    const same = this.sameWithinMs(c);
    return this.previous.heard.some((p) => p.morse === c.morse && Math.abs(p.startMs - c.startMs) < same && Math.abs(p.endMs - c.endMs) < same);
  }

  /** A character read this close to the last one decided is that one again. */
  private sameWithinMs(c: HeardCharacter): number {
    return TUNING.live.SAME_CHARACTER_DOTS * dotAt(c.wpm);
  }

  private decide(c: HeardCharacter, wordStart: boolean, nowMs: number, events: ListenEvent[]): void {
    this.noteSignal(c, nowMs, events);
    const index = this.written.count;
    const emittedAtMs = Math.round(nowMs);
    if (wordStart) events.push({ type: "space", index, startMs: Math.round(this.lastEndMs), endMs: Math.round(c.startMs), emittedAtMs });
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
    };
    events.push(event);
    this.written.add({ event, wordStart, corrected: false });
    this.lastEndMs = c.endMs;
  }

  /** The last character decided, read otherwise by this reading from the same start: corrected, once, at the next reading only. */
  private correct(heard: HeardCharacter[], nowMs: number, events: ListenEvent[]): void {
    const last = this.written.last;
    if (!last || last.corrected || nowMs - last.event.emittedAtMs > TUNING.live.HOP_MS) return;
    const again = heard.find((c) => Math.abs(c.startMs - last.event.startMs) < this.sameWithinMs(c));
    if (!again || again.morse === last.event.morse) return;
    last.corrected = true;
    Object.assign(last.event, { text: again.text, morse: again.morse, endMs: Math.round(again.endMs) });
    this.lastEndMs = again.endMs;
    const { index, text, morse, startMs, endMs } = last.event;
    events.push({ type: "correction", index, text, morse, startMs, endMs, emittedAtMs: Math.round(nowMs) });
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
    events.push({ type: "signal", state: was ? "changed" : "found", frequency: c.frequency, wpm: c.wpm, emittedAtMs: Math.round(nowMs) });
  }

  /** The signal lost once no character has been heard for SIGNAL_LOST_MS. */
  private noteSilence(nowMs: number, events: ListenEvent[]): void {
    if (!this.signal || nowMs - this.lastEndMs < TUNING.live.SIGNAL_LOST_MS) return;
    events.push({ type: "signal", state: "lost", ...this.signal, emittedAtMs: Math.round(nowMs) });
    this.signal = undefined;
  }

  /** The characters decided, as text and Morse, with the pitch and speed of the last. */
  private summary(): ListenSummary {
    const last = this.written.last?.event;
    return {
      ...this.written.result(),
      characters: this.written.count,
      wpm: last?.wpm ?? 0,
      frequency: last?.frequency ?? 0,
      durationMs: this.receivedMs,
    };
  }
}

function shifted(c: HeardCharacter, byMs: number): HeardCharacter {
  return { ...c, startMs: c.startMs + byMs, endMs: c.endMs + byMs };
}
