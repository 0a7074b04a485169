/**
 * The characters of a decode, each timed: the text and Morse a decode wrote, laid back
 * over the marks it was written from. A character is as many marks as its pattern has
 * elements, so the marks are dealt out in order.
 */
import type { Element, Keyed, Ms } from "../keyed.js";
import { textOfPattern } from "../../../core/tables.js";
import type { TimingDecode } from "./transcript.js";
import { DEFAULT_SEPARATOR, UNKNOWN_CHARACTER } from "../../../core/limits.js";
import { DASH_DOTS, DOT_DOTS, ELEMENT_GAP_DOTS, wpmOfDot } from "../../../core/units.js";
import { median } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** One character decoded, timed in ms from the start of the recording or stream. */
export interface TimedCharacter {
  /** The character (a prosign as `<SK>`, `*` for a pattern that means nothing). */
  text: string;
  /** Its dots and dashes. */
  morse: string;
  startMs: Ms;
  endMs: Ms;
  /** A word space comes before it. */
  wordStart: boolean;
  /** Pitch, Hz, of the decode it came from. */
  frequency: number;
  /** Speed, wpm, of the decode it came from, or of its transmission within it (`withTransmissionSpeeds`). */
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

/** The characters of pieces decoded one after another (turns, transmissions), joined as words: each piece's first starts a word. */
export function joinedAsWords<C extends { wordStart: boolean }>(pieces: C[][]): C[] {
  pieces.forEach((characters, i) => {
    if (i > 0 && characters[0]) characters[0].wordStart = true;
  });
  return pieces.flat();
}

/**
 * The characters of `decoded`, timed by the marks of `keyed` (the elements it was written
 * from) shifted by `offsetMs`; empty where the two disagree on the number of marks.
 */
export function timedCharacters(tuning: Tuning, decoded: TimingDecode, keyed: Keyed, offsetMs: Ms, frequency: number): TimedCharacter[] {
  const { characters, dots } = onMarks(decoded, keyed, offsetMs, frequency);
  return withTransmissionSpeeds(tuning, characters, dots);
}

/** A transmission of a decode: where it starts and ends, ms within the decode, and how many characters it holds. */
export interface Transmission {
  startMs: Ms;
  endMs: Ms;
  characters: number;
}

/** The transmissions of a decode (parted by TRANSMISSION_PAUSE_DOTS); one where there is no pause, none without characters. */
export function transmissionsOf(tuning: Tuning, decoded: TimingDecode, keyed: Keyed): Transmission[] {
  const { characters, dots } = onMarks(decoded, keyed, 0, 0);
  if (characters.length === 0) return [];
  const starts = transmissionStarts(tuning, characters, dots);
  return starts.map((from, k) => {
    const to = starts[k + 1] ?? characters.length;
    return { startMs: characters[from]!.startMs, endMs: characters[to - 1]!.endMs, characters: to - from };
  });
}

/** Each character of `decoded` timed by the marks of `keyed`, with the dot length it was keyed at. */
function onMarks(decoded: TimingDecode, keyed: Keyed, offsetMs: Ms, frequency: number): { characters: TimedCharacter[]; dots: number[] } {
  const characters: TimedCharacter[] = [];
  const dots: number[] = [];
  if (decoded.morse === "") return { characters, dots };
  const marks = keyed.filter((e) => e.mark);
  const words = decoded.morse.split(DEFAULT_SEPARATOR).map((w) => w.split(" "));
  if (words.flat().reduce((n, p) => n + p.length, 0) !== marks.length) return { characters, dots };
  let m = 0;
  for (const word of words)
    word.forEach((morse, i) => {
      const first = marks[m]!;
      const last = marks[m + morse.length - 1]!;
      m += morse.length;
      dots.push(ownDotMs(morse, first, last));
      characters.push({
        text: textOfPattern(morse) ?? UNKNOWN_CHARACTER,
        morse,
        startMs: offsetMs + first.startMs,
        endMs: offsetMs + last.startMs + last.durationMs,
        wordStart: i === 0 && characters.length > 0,
        frequency,
        wpm: decoded.wpm,
      });
    });
  return { characters, dots };
}

/** The dots an element spans. */
function elementDots(element: string): number {
  return element === "-" ? DASH_DOTS : DOT_DOTS;
}

/**
 * The dot length a character `morse` was keyed at, ms, from its marks `first` to `last`:
 * from the first mark's start to the last's, over the dots between, where a constant
 * lengthening of the marks (and shortening of the gaps) cancels out; from its whole length
 * for a character of one element.
 */
function ownDotMs(morse: string, first: Element, last: Element): number {
  if (morse.length === 1) return last.durationMs / elementDots(morse);
  let dots = ELEMENT_GAP_DOTS * (morse.length - 1);
  for (let i = 0; i < morse.length - 1; i++) dots += elementDots(morse[i]!);
  return (last.startMs - first.startMs) / dots;
}

/**
 * Where a decode holds more than one transmission (parted by TRANSMISSION_PAUSE_DOTS),
 * each one's characters take its own speed, the median of theirs (`ownDotMs`). After a pause
 * may come another station at another speed, and the decode's speed is the median over
 * all it holds, most of it perhaps the station before: a live listener would take the new
 * station's first characters as the old one's.
 */
function withTransmissionSpeeds(tuning: Tuning, characters: TimedCharacter[], dots: number[]): TimedCharacter[] {
  const starts = transmissionStarts(tuning, characters, dots);
  if (starts.length === 1) return characters;
  starts.forEach((from, k) => {
    const to = starts[k + 1] ?? characters.length;
    const wpm = Math.round(10 * wpmOfDot(median(dots.slice(from, to)))) / 10;
    for (let i = from; i < to; i++) characters[i]!.wpm = wpm;
  });
  return characters;
}

/**
 * The first character of each transmission: after a gap the decode took for a word space,
 * TRANSMISSION_PAUSE_DOTS or more at the faster speed of the characters either side. (A
 * letter gap is never a pause, however long: Farnsworth spacing stretches them by seconds.)
 */
function transmissionStarts(tuning: Tuning, characters: readonly TimedCharacter[], dots: readonly number[]): number[] {
  const starts = [0];
  for (let i = 1; i < characters.length; i++)
    if (
      characters[i]!.wordStart &&
      characters[i]!.startMs - characters[i - 1]!.endMs >= tuning.timings.TRANSMISSION_PAUSE_DOTS * Math.min(dots[i - 1]!, dots[i]!)
    )
      starts.push(i);
  return starts;
}
