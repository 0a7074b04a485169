/**
 * The characters of a reading, each with where it was heard: the text and Morse a
 * reading wrote, laid back over the marks it was written from. A character is as many
 * marks as its pattern has elements, so the marks are dealt out in order.
 */
import type { Keyed, Ms } from "../keyed.js";
import { textOfPattern } from "../../../core/tables.js";
import type { TimingDecode } from "./transcript.js";
import { DEFAULT_SEPARATOR, UNKNOWN_CHARACTER } from "../../../core/limits.js";

/** One character heard, in ms from the start of the recording or stream. */
export interface HeardCharacter {
  /** The character (a prosign as `<SK>`, `*` for a pattern that means nothing). */
  text: string;
  /** Its dots and dashes. */
  morse: string;
  startMs: Ms;
  endMs: Ms;
  /** A word space comes before it. */
  wordStart: boolean;
  /** Pitch, Hz, and speed, wpm, of the reading it came from. */
  frequency: number;
  wpm: number;
}

/**
 * Appends a character to a text and its Morse as decodeAudio writes them: a space (in the
 * Morse, DEFAULT_SEPARATOR) before the first character of every word but the first.
 */
export function writeCharacter(into: { output: string; morse: string }, c: { text: string; morse: string; wordStart: boolean }): void {
  const first = into.output === "";
  into.output += (c.wordStart && !first ? " " : "") + c.text;
  into.morse += (first ? "" : c.wordStart ? DEFAULT_SEPARATOR : " ") + c.morse;
}

/**
 * The characters of `decoded`, timed by the marks of `keyed` (the elements it was written
 * from) shifted by `offsetMs`; empty where the two disagree on the number of marks.
 */
export function heardCharacters(decoded: TimingDecode, keyed: Keyed, offsetMs: Ms, frequency: number): HeardCharacter[] {
  if (decoded.morse === "") return [];
  const marks = keyed.filter((e) => e.mark);
  const words = decoded.morse.split(DEFAULT_SEPARATOR).map((w) => w.split(" "));
  if (words.flat().reduce((n, p) => n + p.length, 0) !== marks.length) return [];
  const heard: HeardCharacter[] = [];
  let m = 0;
  for (const word of words)
    word.forEach((morse, i) => {
      const first = marks[m]!;
      const last = marks[m + morse.length - 1]!;
      m += morse.length;
      heard.push({
        text: textOfPattern(morse) ?? UNKNOWN_CHARACTER,
        morse,
        startMs: offsetMs + first.startMs,
        endMs: offsetMs + last.startMs + last.durationMs,
        wordStart: i === 0 && heard.length > 0,
        frequency,
        wpm: decoded.wpm,
      });
    });
  return heard;
}
