/**
 * Key timings to text: the back end of the audio decoder, usable on its own for
 * timings from a straight key or a paddle.
 *
 * The dot length is estimated around every mark from its neighbours (two clusters of
 * mark lengths, dots and dashes, in a sliding window), so the decoder follows a sender
 * who speeds up or slows down within a recording. A constant lengthening of every mark
 * (a heavy hand, or an envelope detector's threshold) is measured from the dots against
 * the gaps inside letters and taken out before anything is classified. Marks under two
 * dots are dots; gaps under two dots join elements, under five join letters, longer ones
 * separate words: the midpoints of 1, 3 and 7 units, with room for ±20 % hand timing. A
 * letter that comes out as no character is read as two or more where its longest gaps
 * were most likely letter gaps cut short (letter-split.ts).
 */
import { MorseError } from "../../../core/errors.js";
import { WPM } from "../../../core/limits.js";
import { DASH_DOTS, DOT_DOTS, dotMs, ELEMENT_GAP_DOTS, LETTER_GAP_DOTS, WORD_GAP_DOTS, wpmOfDot } from "../../../core/units.js";
import { median, splitInTwo } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";
import { tuningOf } from "../tuning-overrides.js";
import { betweenGaps, type Spacing, STANDARD, stretched } from "./spacing.js";
import { Transcript, type TimingDecode } from "./transcript.js";

export type { TimingDecode } from "./transcript.js";

export interface TimingHints {
  /** Expected speed: settles recordings too short or too uniform to tell dots from dashes. */
  wpm?: number;
  /** The decoder's configuration (tuning-overrides.ts tuningWith); DEFAULT_TUNING if absent. */
  tuning?: Tuning;
}

const EMPTY: TimingDecode = Object.freeze({ output: "", morse: "", characters: 0, wpm: 0 });

/**
 * The dot length of a set of mark lengths, or NaN when they form one cluster only. Splits
 * the sorted logarithms (`sortedLogs`, of the marks [from, to)) where the two groups'
 * summed squared deviations are least.
 */
function dotOfTwoClusters(tuning: Tuning, marks: ArrayLike<number>, from: number, to: number, sortedLogs: Float64Array): number {
  const n = to - from;
  if (n < 2) return Number.NaN;
  const { split, lowMean, highMean } = splitInTwo(sortedLogs);
  const ratio = Math.exp(highMean - lowMean);
  if (ratio < tuning.timings.MIN_DASH_RATIO) return Number.NaN;
  const threshold = Math.exp((sortedLogs[split - 1]! + sortedLogs[split]!) / 2);
  let units = 0;
  for (let i = from; i < to; i++) units += marks[i]! < threshold ? marks[i]! : marks[i]! / DASH_DOTS;
  return units / n;
}

/** The logarithms of the mark lengths (a floor keeps zero finite). */
function logLengths(marks: Float64Array): Float64Array {
  return marks.map((m) => Math.log(Math.max(m, 1e-3)));
}

/**
 * `values` [from, to) sorted into `into` by insertion: a window is a few marks, where a
 * typed array's own sort costs several times more in setting up.
 */
function sortedInto(values: Float64Array, from: number, to: number, into: Float64Array): Float64Array {
  const sorted = into.subarray(0, to - from);
  for (let i = 0; i < sorted.length; i++) {
    const v = values[from + i]!;
    let j = i;
    for (; j > 0 && sorted[j - 1]! > v; j--) sorted[j] = sorted[j - 1]!;
    sorted[j] = v;
  }
  return sorted;
}

/** One cluster of marks: dots if shorter than two `reference` dots, else dashes. */
function dotOfOneCluster(tuning: Tuning, marks: ArrayLike<number>, from: number, to: number, reference: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += marks[i]!;
  const mean = sum / (to - from);
  return mean < tuning.timings.DASH_FROM * reference ? mean : mean / DASH_DOTS;
}

/**
 * The dot length to use when no window shows two clusters: the hint, else the gaps
 * inside letters (the shortest third of the gaps, about one dot each), else 20 wpm.
 */
function referenceDot(spaces: Float64Array, hints: TimingHints): number {
  if (hints.wpm !== undefined && hints.wpm > 0) return dotMs(hints.wpm);
  if (spaces.length > 0)
    return median(
      Float64Array.from(spaces)
        .sort()
        .subarray(0, Math.ceil(spaces.length / 3)),
    );
  return dotMs(WPM.default);
}

/** The dot length around each mark. */
function localDots(tuning: Tuning, marks: Float64Array, reference: number): Float64Array {
  const { DOT_WINDOW_MARKS: WINDOW } = tuning.timings;
  const n = marks.length;
  const logs = logLengths(marks);
  const global = dotOfTwoClusters(tuning, marks, 0, n, logs.slice().sort());
  let previous = Number.isNaN(global) ? dotOfOneCluster(tuning, marks, 0, n, reference) : global;
  const dots = new Float64Array(n);
  const window = new Float64Array(2 * WINDOW + 1);
  for (let i = 0; i < n; i++) {
    const from = Math.max(0, i - WINDOW);
    const to = Math.min(n, i + WINDOW + 1);
    const dot = dotOfTwoClusters(tuning, marks, from, to, sortedInto(logs, from, to, window));
    previous = Number.isNaN(dot) ? dotOfOneCluster(tuning, marks, from, to, previous) : dot;
    dots[i] = previous;
  }
  return dots;
}

/** The dot length at the gap after mark `i`: between its two neighbours' estimates. */
function gapDot(dots: Float64Array, i: number): number {
  return i + 1 < dots.length ? (dots[i]! + dots[i + 1]!) / 2 : dots[i]!;
}

/**
 * The constant lengthening of marks (and shortening of gaps), in dots: half the difference
 * between a typical gap inside a letter and a typical dot, which should be equal.
 */
function markWeight(tuning: Tuning, marks: Float64Array, spaces: Float64Array, dots: Float64Array): number {
  const { DASH_FROM, LETTER_GAP_FROM, MAX_WEIGHT } = tuning.timings;
  const dotLengths: number[] = [];
  const gapLengths: number[] = [];
  for (let i = 0; i < marks.length; i++) {
    if (marks[i]! < DASH_FROM * dots[i]!) dotLengths.push(marks[i]! / dots[i]!);
    if (i < spaces.length) {
      const dot = gapDot(dots, i);
      if (spaces[i]! < LETTER_GAP_FROM * dot) gapLengths.push(spaces[i]! / dot);
    }
  }
  if (dotLengths.length < 3 || gapLengths.length < 3) return 0;
  const weight = (median(dotLengths) - median(gapLengths)) / 2;
  return Math.max(-MAX_WEIGHT, Math.min(MAX_WEIGHT, weight));
}

/**
 * How the letter and word gaps are spaced. The gaps between letters normally cluster at 3
 * dots and those between words at 7. Where the long gaps fall in two clusters, they say
 * it (letterAndWordGaps); else with Farnsworth spacing few gaps fall near 3 dots, and the
 * lower of the two groups of long gaps holds the letter gaps; else a tight fist may have
 * compressed them (tightness).
 */
function spacingOf(tuning: Tuning, spaces: Float64Array, dots: Float64Array): Spacing {
  const { LETTER_GAP_FROM, WORD_GAP_FROM, FARNSWORTH_MIN_GAPS, FARNSWORTH_LETTER_SHARE, MIN_WORD_RATIO } = tuning.timings;
  const clustered = letterAndWordGaps(tuning, spaces, dots);
  if (clustered !== undefined) return clustered;
  const long: number[] = [];
  let standard = 0;
  for (let i = 0; i < spaces.length; i++) {
    const ratio = spaces[i]! / gapDot(dots, i);
    if (ratio < LETTER_GAP_FROM) continue;
    if (ratio < WORD_GAP_FROM) standard++;
    else long.push(Math.log(ratio));
  }
  const n = long.length + standard;
  if (n < FARNSWORTH_MIN_GAPS || standard >= FARNSWORTH_LETTER_SHARE * n) return tightness(tuning, spaces, dots);
  const { lowMean, highMean, mean } = splitInTwo(Float64Array.from(long).sort());
  const letter = Math.exp(highMean - lowMean >= Math.log(MIN_WORD_RATIO) ? lowMean : mean);
  return stretched(Math.max(1, letter / LETTER_GAP_DOTS));
}

/**
 * The spacing of the gaps between characters, in dots, as a character search read them
 * (no gaps inside a letter among them); undefined for fewer than FARNSWORTH_MIN_GAPS.
 */
export function spacingBetweenCharacters(tuning: Tuning, gapDots: readonly number[]): Spacing | undefined {
  if (gapDots.length < tuning.timings.FARNSWORTH_MIN_GAPS) return undefined;
  return spacingOf(tuning, Float64Array.from(gapDots), new Float64Array(gapDots.length).fill(1));
}

/** The logarithms of the gaps' lengths in dots, from `from` dots up, sorted. */
function gapLogs(spaces: Float64Array, dots: Float64Array, from: number): Float64Array {
  const logs: number[] = [];
  for (let i = 0; i < spaces.length; i++) {
    const ratio = spaces[i]! / gapDot(dots, i);
    if (ratio >= from) logs.push(Math.log(ratio));
  }
  return Float64Array.from(logs).sort();
}

/**
 * The spacing where the gaps longer than an element gap fall in two clusters, letter gaps
 * and word gaps (2-means on their logarithms, MIN_WORD_RATIO apart): standard where the
 * letter gaps lie within STANDARD_SPACING of 3 dots, else each cluster's own stretch, the
 * word gaps' no more than the letter gaps' (Farnsworth stretches both alike, a tight fist
 * compresses its word gaps as much or more; an upper cluster further out holds pauses).
 * An upper cluster more than PAUSE_RATIO above the lower is set aside as pauses first.
 * Undefined for one cluster (only letter gaps, or only word gaps: spacingOf decides).
 */
function letterAndWordGaps(tuning: Tuning, spaces: Float64Array, dots: Float64Array): Spacing | undefined {
  const { TIGHT_GAP_FROM, FARNSWORTH_MIN_GAPS, MIN_WORD_RATIO, PAUSE_RATIO, STANDARD_SPACING } = tuning.timings;
  let logs = gapLogs(spaces, dots, TIGHT_GAP_FROM);
  let clusters = splitInTwo(logs);
  // An upper cluster further above the lower than word gaps stand above letter gaps holds pauses (between transmissions): set aside.
  while (logs.length >= FARNSWORTH_MIN_GAPS && clusters.split < logs.length && clusters.highMean - clusters.lowMean > Math.log(PAUSE_RATIO)) {
    logs = logs.subarray(0, clusters.split);
    clusters = splitInTwo(logs);
  }
  if (logs.length < FARNSWORTH_MIN_GAPS) return undefined;
  const { lowMean, highMean } = clusters;
  if (highMean - lowMean < Math.log(MIN_WORD_RATIO)) return undefined;
  const letter = Math.exp(lowMean) / LETTER_GAP_DOTS;
  if (Math.abs(Math.log(letter)) < Math.log(STANDARD_SPACING)) return STANDARD;
  return { letter, word: Math.min(letter, Math.exp(highMean) / WORD_GAP_DOTS) };
}

/**
 * A tight fist's spacing, or the standard's: the letter gaps are the median of the gaps
 * that are neither element gaps nor standard word gaps, compressed where it stands well
 * under 3 dots. Its word gaps are the upper of two clusters of those gaps where one stands
 * apart (tightWordGaps), else compressed as much as the letter gaps.
 */
function tightness(tuning: Tuning, spaces: Float64Array, dots: Float64Array): Spacing {
  const { TIGHT_GAP_FROM, WORD_GAP_FROM, TIGHT_LETTER_UNDER, FARNSWORTH_MIN_GAPS } = tuning.timings;
  const between: number[] = [];
  for (let i = 0; i < spaces.length; i++) {
    const ratio = spaces[i]! / gapDot(dots, i);
    if (ratio >= TIGHT_GAP_FROM && ratio < WORD_GAP_FROM) between.push(ratio);
  }
  if (between.length < FARNSWORTH_MIN_GAPS) return STANDARD;
  const letter = median(between);
  if (letter >= TIGHT_LETTER_UNDER) return STANDARD;
  const word = tightWordGaps(tuning, Float64Array.from(between, Math.log).sort()) ?? (WORD_GAP_DOTS * letter) / LETTER_GAP_DOTS;
  return { letter: letter / LETTER_GAP_DOTS, word: Math.min(letter / LETTER_GAP_DOTS, word / WORD_GAP_DOTS) };
}

/**
 * A tight fist's word gaps, dots: the upper of two clusters of the sorted logarithms of
 * its gaps between letters and words, where their means stand at least MIN_CLUSTER_RATIO
 * and CLUSTER_SEPARATION pooled standard deviations apart. Undefined for one cluster.
 */
function tightWordGaps(tuning: Tuning, logs: Float64Array): number | undefined {
  const { MIN_CLUSTER_RATIO, CLUSTER_SEPARATION } = tuning.timings;
  if (logs.length < 2) return undefined;
  const { split, lowMean, highMean } = splitInTwo(logs);
  let squares = 0;
  for (let i = 0; i < logs.length; i++) squares += (logs[i]! - (i < split ? lowMean : highMean)) ** 2;
  const apart = highMean - lowMean;
  return apart >= Math.log(MIN_CLUSTER_RATIO) && apart >= CLUSTER_SEPARATION * Math.sqrt(squares / logs.length) ? Math.exp(highMean) : undefined;
}

function checkDurations(durations: readonly number[]): void {
  for (const d of durations) {
    if (typeof d !== "number" || !Number.isFinite(d) || d < 0) {
      throw new MorseError("INVALID_OPTION", "Parameter durations must hold only finite numbers of milliseconds, none negative");
    }
  }
}

/** The ideal lengths of marks and of gaps, in dots. */
const MARK_IDEALS = [DOT_DOTS, DASH_DOTS];
const GAP_IDEALS = [ELEMENT_GAP_DOTS, LETTER_GAP_DOTS, WORD_GAP_DOTS];

/**
 * How far timings stray from Morse's 1:3 marks and 1:3:7 gaps: the mean distance, in
 * natural log, from each mark and each gap shorter than a word gap to the nearest ideal
 * length. About 0.05 for clean keying, 0.1 for careful hand keying, over 0.2 for timings
 * that are not Morse at this dot length.
 */
function misfit(marks: Float64Array, spaces: Float64Array, dots: Float64Array): number {
  // No arrays per mark: a band's decode analyses tens of thousands of marks a pass.
  const distance = (ratio: number, ideals: readonly number[]) => {
    let nearest = Infinity;
    for (const ideal of ideals) nearest = Math.min(nearest, Math.abs(Math.log(Math.max(ratio, 1e-3) / ideal)));
    return nearest;
  };
  let sum = 0;
  let count = 0;
  for (let i = 0; i < marks.length; i++) {
    sum += distance(marks[i]! / dots[i]!, MARK_IDEALS);
    count++;
    if (i < spaces.length) {
      const ratio = spaces[i]! / gapDot(dots, i);
      sum += ratio >= WORD_GAP_DOTS ? 0 : distance(ratio, GAP_IDEALS);
      count++;
    }
  }
  return sum / count;
}

export interface TimingAnalysis {
  decoded: TimingDecode;
  /** See `misfit`: lower is more Morse-like; Infinity when there was nothing to decode. */
  misfit: number;
  /** The dot length, ms, around each mark (empty when there was nothing to decode). */
  dots: Float64Array;
  /** How the letters and words are spaced (characters/spacing.ts). */
  spacing: Spacing;
}

/** `decodeTimings`, also saying how well the timings fit Morse (the audio decoder's speed search uses it). */
export function analyseTimings(tuning: Tuning, durations: readonly number[], hints: TimingHints = {}): TimingAnalysis {
  const { DASH_FROM, LETTER_GAP_FROM, WORD_GAP_FROM } = tuning.timings;
  checkDurations(durations);
  const marks = new Float64Array(Math.ceil(durations.length / 2));
  const spaces = new Float64Array(Math.floor(durations.length / 2));
  for (let i = 0; i < durations.length; i++) (i % 2 === 0 ? marks : spaces)[i >> 1] = durations[i]!;
  if (marks.length === 0) return { decoded: EMPTY, misfit: Infinity, dots: new Float64Array(0), spacing: STANDARD };

  let dots = localDots(tuning, marks, referenceDot(spaces, hints));
  const weight = markWeight(tuning, marks, spaces, dots);
  if (weight !== 0) {
    for (let i = 0; i < marks.length; i++) marks[i] = Math.max(0, marks[i]! - weight * dots[i]!);
    for (let i = 0; i < spaces.length; i++) spaces[i] = spaces[i]! + weight * gapDot(dots, i);
    dots = localDots(tuning, marks, median(dots));
  }

  const spacing = spacingOf(tuning, spaces, dots);
  const wordFrom = WORD_GAP_FROM * betweenGaps(spacing);
  const letterFrom = LETTER_GAP_FROM * Math.min(1, spacing.letter);
  const out = new Transcript(tuning);
  for (let i = 0; i < marks.length; i++) {
    out.element(marks[i]! >= DASH_FROM * dots[i]!);
    if (i >= spaces.length) break;
    const dot = gapDot(dots, i);
    if (spaces[i]! >= wordFrom * dot) out.endWord();
    else if (spaces[i]! >= letterFrom * dot) out.endLetter();
    else out.elementGap(spaces[i]! / dot);
  }
  const wpm = Math.round(10 * wpmOfDot(median(dots))) / 10;
  return { decoded: out.result(wpm), misfit: misfit(marks, spaces, dots), dots, spacing };
}

/**
 * Decodes alternating key-down and key-up durations in ms, starting with key-down (a
 * trailing key-up is optional). Never throws for timings that make no sense as Morse:
 * they decode to `*`; throws MorseError INVALID_OPTION only for negative or non-finite
 * durations.
 */
export function decodeTimings(durations: readonly number[], hints: TimingHints = {}): TimingDecode {
  return analyseTimings(tuningOf(hints), durations, hints).decoded;
}
