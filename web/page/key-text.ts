/**
 * What is keyed, read as it is keyed: the key line's edges go in, with their times; the
 * text, its Morse and the speed read come out. Pure (no page, no timer): the page calls
 * `silence` when `nextSilenceMs` comes round.
 *
 * Each word is its key-down and key-up durations, read by the library's `decodeTimings`
 * (which follows the sender's speed) after every key-up and again once a letter gap of
 * silence (LETTER_GAP_DOTS) has passed. A pause of a word gap (WORD_GAP_DOTS at the speed
 * read, at most WORD_PAUSE_MAX_MS) ends the word for good, so a long pause can never join
 * two words, and the next word starts afresh with the speed read so far as its hint (which
 * settles a word too short to tell dots from dashes, "TT" from "EE"), or with the keyer's own
 * speed where the paddles start it.
 */
import { decodeTimings } from "../../src/audio/decoder/characters/timings.js";
import { dotMs, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "../../src/core/units.js";

/** The longest pause that ends a word, ms, whatever the speed read: a slow word gap is cut short. */
const WORD_PAUSE_MAX_MS = 2000;

/** What has been read. */
export interface KeyedView {
  /** The text, words apart by one space. */
  readonly text: string;
  /** Its Morse, letters apart by a space, words by " / " (one trailing once a pause has ended the last word). */
  readonly morse: string;
  /** The speed read, words per minute (0 before anything is keyed). */
  readonly wpm: number;
}

interface Word {
  readonly text: string;
  readonly morse: string;
}

export class KeyedText {
  /** Words ended by a pause. */
  #words: Word[] = [];
  /** The word being keyed: alternating key-down and key-up durations, ms, from its first key-down. */
  #durations: number[] = [];
  #current: Word & { readonly wpm: number } = { text: "", morse: "", wpm: 0 };
  /** The speed of the last word read, or the one expected before any: the next word's hint. */
  #hintWpm: number;
  #downAtMs: number | undefined;
  #upAtMs: number | undefined;
  /** Whether the letter being keyed has been read with a letter gap after it. */
  #letterEnded = true;

  /** `expectedWpm`: the speed to assume until one is read. */
  constructor(expectedWpm: number) {
    this.#hintWpm = expectedWpm;
  }

  set expectedWpm(wpm: number) {
    if (this.#words.length === 0 && this.#durations.length === 0) this.#hintWpm = wpm;
  }

  get view(): KeyedView {
    const words = this.#current.text === "" ? this.#words : [...this.#words, this.#current];
    const ended = this.#durations.length === 0 && this.#words.length > 0;
    return {
      text: words.map((word) => word.text).join(" "),
      morse: words.map((word) => word.morse).join(" / ") + (ended ? " /" : ""),
      wpm: this.#current.wpm || (this.#words.length > 0 ? this.#hintWpm : 0),
    };
  }

  /**
   * The key went down at `atMs`; `keyerWpm`, a keyer's speed where a keyer sends it, is
   * the hint for a word it starts (its elements are timed at that speed exactly).
   */
  down(atMs: number, keyerWpm?: number): void {
    if (this.#downAtMs !== undefined) return;
    if (keyerWpm !== undefined && this.#durations.length === 0) this.#hintWpm = keyerWpm;
    if (this.#upAtMs !== undefined && this.#durations.length > 0) this.#durations.push(Math.max(0, atMs - this.#upAtMs));
    this.#downAtMs = atMs;
    this.#upAtMs = undefined;
  }

  /** The key went up at `atMs`: the word read again. */
  up(atMs: number): void {
    if (this.#downAtMs === undefined) return;
    this.#durations.push(Math.max(0, atMs - this.#downAtMs));
    this.#downAtMs = undefined;
    this.#upAtMs = atMs;
    this.#letterEnded = false;
    this.#read();
  }

  /** When a silence next decides something (a letter's end, then the word's), or undefined while the key is down or nothing waits. */
  nextSilenceMs(): number | undefined {
    if (this.#upAtMs === undefined || this.#durations.length === 0) return undefined;
    return this.#upAtMs + (this.#letterEnded ? this.#wordPauseMs() : LETTER_GAP_DOTS * this.#dotMs());
  }

  /** What the silence up to `nowMs` decides (a letter's end, a word's); whether the view changed. */
  silence(nowMs: number): boolean {
    let changed = false;
    for (let due = this.nextSilenceMs(); due !== undefined && nowMs >= due; due = this.nextSilenceMs()) {
      const silenceMs = nowMs - this.#upAtMs!;
      if (this.#letterEnded) this.#endWord(silenceMs);
      else {
        this.#letterEnded = true;
        this.#read(silenceMs);
      }
      changed = true;
    }
    return changed;
  }

  /** Forgets everything keyed; the speed read so far stays the hint. */
  clear(): void {
    this.#words = [];
    this.#durations = [];
    this.#current = { text: "", morse: "", wpm: 0 };
    this.#upAtMs = undefined;
    this.#letterEnded = true;
    // A mark under way when cleared is dropped: its key-up finds no key-down.
    this.#downAtMs = undefined;
  }

  #dotMs(): number {
    return dotMs(this.#current.wpm || this.#hintWpm);
  }

  #wordPauseMs(): number {
    return Math.min(WORD_GAP_DOTS * this.#dotMs(), WORD_PAUSE_MAX_MS);
  }

  /** Reads the word so far, with `silenceMs` of silence after it if given. */
  #read(silenceMs?: number): void {
    const durations = silenceMs === undefined ? this.#durations : [...this.#durations, silenceMs];
    const { output, morse, wpm } = decodeTimings(durations, { wpm: this.#hintWpm });
    this.#current = { text: output, morse, wpm };
  }

  #endWord(silenceMs: number): void {
    this.#read(silenceMs);
    if (this.#current.text !== "") this.#words.push({ text: this.#current.text, morse: this.#current.morse });
    if (this.#current.wpm > 0) this.#hintWpm = this.#current.wpm;
    this.#durations = [];
    this.#current = { text: "", morse: "", wpm: 0 };
    this.#upAtMs = undefined;
  }
}
