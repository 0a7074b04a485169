/**
 * Morse-aware keying one level up: the semi-Markov search of segment.ts, run over
 * characters. Its states are the nodes of the tree of Morse sequences (character-tree.ts),
 * so a mark is a dot or a dash by the branch it takes, a gap inside a letter must be
 * followed by more elements, and a letter ends only on a sequence that is a character,
 * weighed by how common its kind is. Deep in noise this reads the likeliest characters
 * as a whole, where deciding mark by mark and gap by gap, then looking each letter up,
 * can only guess at a sequence that means nothing.
 */
import { Transcript, type TimingDecode } from "../characters/timings.js";
import { CHARACTER_TREE as TREE } from "./character-tree.js";
import type { KeyedTimings } from "../evidence/levels.js";
import { MIN_DOTS, PAUSE_LINK, priorTable, searchStep, SEGMENT_CHARGE, TABLE_STEP, weakMarks, WORD_GAP_DOTS } from "./marks.js";

/**
 * What a gap ends: an element inside a letter, a letter, a word; or it is silence whose
 * length tells (at either end of a span, or where gaps were joined).
 */
export const enum GapKind { Element, Letter, Word, Edge }

/** A mark (`dash` says which) or a gap (`kind` says which), in blocks. */
export interface LabelledRun {
  start: number;
  length: number;
  mark: boolean;
  dash: boolean;
  kind: GapKind;
}

export interface CharacterSegmentOptions {
  /** The dot length at every block, in blocks. */
  dotBlocks: Float32Array;
  /** Spread of element lengths around their ideal, natural log. */
  spread: number;
  /** Letter and word gaps stretched by this (Farnsworth spacing; 1 for standard). */
  gapStretch: number;
  /** Resolution of the search, steps per dot. */
  stepsPerDot: number;
}

/** Shares of the gaps that end a letter: a letter gap, a word gap, a longer pause. */
export const LETTER_GAP_SHARE = 0.75;
export const WORD_GAP_SHARE = 0.22;
export const PAUSE_SHARE = 0.03;
/** Segment lengths tried, in dots (letter and word gaps in stretched dots). */
const DOT_MAX_DOTS = 2.5;
const DASH_MIN_DOTS = 1.5;
const DASH_MAX_DOTS = 5;
const ELEMENT_GAP_MAX_DOTS = 3;
const BOUNDARY_GAP_MAX_DOTS = 10;
/**
 * Nodes scoring more than this below the best of their step are not extended: they do
 * not come back (on the benchmark corpus, 20 decodes exactly as no limit does, in half
 * the time).
 */
const BEAM = 20;
/**
 * A span searched at once is cut, where no word gap does it, at its longest gap once it
 * grows this many dots long: the search holds a score per node and step.
 */
const MAX_SPAN_DOTS = 600;
/** Word gaps (in stretched dots, as keyed so far) where spans are cut. */
const CUT_GAP_DOTS = 6;
/** Where spans join, a gap at least this long (stretched dots) ends a word, a shorter one a letter. */
const WORD_GAP_FROM_DOTS = 5;

interface Priors { dot: Float64Array; dash: Float64Array; element: Float64Array; letter: Float64Array; word: Float64Array }

/** Length priors by spread (rounded to 0.01, so that few are ever built). */
const priorCache = new Map<number, Priors>();
function priorsFor(spread: number): Priors {
  const key = Math.round(spread * 100);
  let priors = priorCache.get(key);
  if (!priors) {
    const s = key / 100;
    const oneDot = priorTable([[1, 1]], 0, s);
    priors = {
      dot: oneDot,
      dash: priorTable([[3, 1]], 0, s),
      // A gap inside a letter lasts a dot, as a dot does.
      element: oneDot,
      letter: priorTable([[3, LETTER_GAP_SHARE]], 0, s),
      word: priorTable([[7, WORD_GAP_SHARE]], PAUSE_SHARE, s),
    };
    priorCache.set(key, priors);
  }
  return priors;
}

/**
 * Lists in `live` (from `row`) the inner nodes scoring within BEAM of the row's best,
 * and returns how many.
 */
function keepLive(scores: Float64Array, row: number, live: Int16Array): number {
  const n = TREE.size;
  let top = -Infinity;
  for (let s = 0; s < n; s++) if (scores[row + s]! > top) top = scores[row + s]!;
  let count = 0;
  if (top === -Infinity) return count;
  for (let s = 0; s < n; s++) if (TREE.inner[s] === 1 && scores[row + s]! >= top - BEAM) live[row + count++] = s;
  return count;
}

/**
 * The likeliest marks and gaps of `evidence[from, to)` (log-likelihood ratio per block,
 * key down against key up), read as whole characters; silence at either end is free.
 */
export function segmentCharacters(evidence: Float32Array, from: number, to: number, options: CharacterSegmentOptions): LabelledRun[] {
  const { dotBlocks, gapStretch } = options;
  const step = searchStep(dotBlocks, from, to, options.stepsPerDot);
  const steps = Math.floor((to - from) / step);
  const silence: LabelledRun[] = [{ start: from, length: to - from, mark: false, dash: false, kind: GapKind.Edge }];
  if (steps === 0) return silence;
  const cumulative = new Float64Array(steps + 1);
  for (let k = 0; k < steps; k++) {
    let sum = 0;
    for (let i = from + k * step; i < from + (k + 1) * step; i++) sum += evidence[i]!;
    cumulative[k + 1] = cumulative[k]! + sum;
  }
  const priors = priorsFor(options.spread);
  const last = priors.dot.length - 1;
  const N = TREE.size;
  const { dot: dotChild, dash: dashChild, logPrior, characters } = TREE;
  // mark[k·N + s]: the best score of steps [0, k) ending with a mark that reaches node s;
  // gap[k·N + s]: ending with a gap inside the letter at node s; boundary[k]: ending with a
  // letter or word gap, or the silence before the first mark; ended[k]: ending with the
  // end of a character (endedAt: which). Lengths and kinds for the way back.
  const size = (steps + 1) * N;
  const mark = new Float64Array(size).fill(-Infinity);
  const gap = new Float64Array(size).fill(-Infinity);
  const markLength = new Uint16Array(size);
  const gapLength = new Uint16Array(size);
  const boundary = new Float64Array(steps + 1);
  const boundaryLength = new Int32Array(steps + 1);
  const boundaryKind = new Uint8Array(steps + 1);
  const boundaryChain = new Uint8Array(steps + 1);
  const ended = new Float64Array(steps + 1).fill(-Infinity);
  const endedAt = new Int16Array(steps + 1);
  // The nodes within BEAM at each step, after a mark and after a gap inside a letter.
  const liveMark = new Int16Array(size);
  const liveMarkCount = new Uint8Array(steps + 1);
  const liveGap = new Int16Array(size);
  const liveGapCount = new Uint8Array(steps + 1);
  const extend = (row: number, before: number, s: number, asDot: number, asDash: number, d: number): void => {
    const cd = dotChild[s]!;
    if (cd >= 0 && before + asDot > mark[row + cd]!) { mark[row + cd] = before + asDot; markLength[row + cd] = d; }
    const cs = dashChild[s]!;
    if (cs >= 0 && before + asDash > mark[row + cs]!) { mark[row + cs] = before + asDash; markLength[row + cs] = d; }
  };

  for (let k = 1; k <= steps; k++) {
    const dot = dotBlocks[from + k * step - 1]! / step;
    const toIndex = 1 / (dot * TABLE_STEP);
    const charge = SEGMENT_CHARGE * Math.log(dot);
    const ek = cumulative[k]!;
    const shortest = Math.max(1, Math.floor(MIN_DOTS * dot));
    const row = k * N;
    // Marks, from the root after a letter gap or from a node after a gap inside a letter.
    const dotMax = Math.ceil(DOT_MAX_DOTS * dot);
    const dashMin = Math.floor(DASH_MIN_DOTS * dot);
    const markMax = Math.min(k, Math.ceil(DASH_MAX_DOTS * dot));
    for (let d = shortest; d <= markMax; d++) {
      const p = k - d;
      const ev = ek - cumulative[p]!;
      const index = Math.min(last, Math.round(d * toIndex));
      const asDot = d <= dotMax ? ev + priors.dot[index]! - charge : -Infinity;
      const asDash = d >= dashMin ? ev + priors.dash[index]! - charge : -Infinity;
      extend(row, boundary[p]!, 0, asDot, asDash, d);
      const prow = p * N;
      for (let a = prow, end = prow + liveGapCount[p]!; a < end; a++) extend(row, gap[prow + liveGap[a]!]!, liveGap[a]!, asDot, asDash, d);
    }
    liveMarkCount[k] = keepLive(mark, row, liveMark);
    let best = -Infinity;
    for (const s of characters) {
      if (mark[row + s]! + logPrior[s]! > best) { best = mark[row + s]! + logPrior[s]!; endedAt[k] = s; }
    }
    ended[k] = best;
    // Gaps inside a letter.
    const elementMax = Math.min(k, Math.ceil(ELEMENT_GAP_MAX_DOTS * dot));
    for (let d = shortest; d <= elementMax; d++) {
      const p = k - d;
      const score = cumulative[p]! - ek + priors.element[Math.min(last, Math.round(d * toIndex))]! - charge;
      const prow = p * N;
      for (let a = prow, end = prow + liveMarkCount[p]!; a < end; a++) {
        const s = liveMark[a]!;
        if (mark[prow + s]! + score > gap[row + s]!) { gap[row + s] = mark[prow + s]! + score; gapLength[row + s] = d; }
      }
    }
    liveGapCount[k] = keepLive(gap, row, liveGap);
    // Letter and word gaps, pauses going on, or silence since the start (no prior).
    boundary[k] = -ek;
    boundaryLength[k] = k;
    boundaryKind[k] = GapKind.Edge;
    const boundaryMax = Math.min(k, Math.ceil(BOUNDARY_GAP_MAX_DOTS * gapStretch * dot));
    const pauseFrom = WORD_GAP_DOTS * gapStretch * dot;
    for (let d = shortest; d <= boundaryMax; d++) {
      const p = k - d;
      const ev = cumulative[p]! - ek;
      const index = Math.min(last, Math.round((d * toIndex) / gapStretch));
      const letter = ended[p]! + ev + priors.letter[index]! - charge;
      const word = ended[p]! + ev + priors.word[index]! - charge;
      if (Math.max(letter, word) > boundary[k]!) {
        boundary[k] = Math.max(letter, word);
        boundaryLength[k] = d;
        boundaryKind[k] = letter >= word ? GapKind.Letter : GapKind.Word;
        boundaryChain[k] = 0;
      }
      const pausing = p > 0 && (boundaryChain[p] === 1 || (boundaryKind[p] === GapKind.Word && boundaryLength[p]! >= pauseFrom));
      if (pausing && boundary[p]! + ev + PAUSE_LINK > boundary[k]!) {
        boundary[k] = boundary[p]! + ev + PAUSE_LINK;
        boundaryLength[k] = d;
        boundaryKind[k] = GapKind.Word;
        boundaryChain[k] = 1;
      }
    }
  }

  // The end: silence after the last character (no prior), or nothing but silence.
  let end = -cumulative[steps]!;
  let lastEnd = -1;
  for (let p = 1; p <= steps; p++) {
    const v = ended[p]! - (cumulative[steps]! - cumulative[p]!);
    if (v > end) { end = v; lastEnd = p; }
  }
  if (lastEnd < 0) return silence;

  // Back from the last character's end.
  const runs: LabelledRun[] = [{ start: from + lastEnd * step, length: to - from - lastEnd * step, mark: false, dash: false, kind: GapKind.Edge }];
  const push = (a: number, b: number, isMark: boolean, dash: boolean, kind: GapKind): void => {
    runs.push({ start: from + a * step, length: (b - a) * step, mark: isMark, dash, kind });
  };
  let k = lastEnd;
  let s = endedAt[k]!;
  let state: "mark" | "gap" | "boundary" = "mark";
  while (k > 0) {
    if (state === "mark") {
      const d = markLength[k * N + s]!;
      push(k - d, k, true, TREE.byDash[s] === 1, GapKind.Element);
      k -= d;
      s = TREE.parent[s]!;
      state = s === 0 ? "boundary" : "gap";
    } else if (state === "gap") {
      const d = gapLength[k * N + s]!;
      push(k - d, k, false, false, GapKind.Element);
      k -= d;
      state = "mark";
    } else {
      const d = boundaryLength[k]!;
      const kind = boundaryKind[k]! as GapKind;
      push(k - d, k, false, false, kind);
      if (kind === GapKind.Edge) break;
      const chained = boundaryChain[k] === 1;
      k -= d;
      if (!chained) { s = endedAt[k]!; state = "mark"; }
    }
  }
  return runs.reverse();
}

/** Characters read from a recording: the marks and gaps, and what each is. */
export interface CharacterRead {
  /** Alternating marks and gaps, ms, from the first mark to the last. */
  keyed: KeyedTimings;
  /** Per mark, whether it is a dash. */
  dash: boolean[];
  /** Per gap, what it ends. */
  kinds: GapKind[];
  /** Per gap, the dot length there, ms. */
  gapDots: number[];
}

/**
 * Where to cut the recording into spans for the search: in the middle of the word gaps
 * keyed so far, and of the longest gap in any stretch longer than MAX_SPAN_DOTS without
 * one (evenly, in a stretch without any gap).
 */
function spanCuts(keyed: KeyedTimings, n: number, blockMs: number, dotBlocks: Float32Array, gapStretch: number): number[] {
  const cuts = [0];
  let longest = -1;
  let longestLength = 0;
  let t = keyed.startMs;
  const cutBefore = (at: number): void => {
    const dot = dotBlocks[Math.min(n - 1, at)]!;
    while (at - cuts[cuts.length - 1]! > MAX_SPAN_DOTS * dot) {
      const limit = cuts[cuts.length - 1]! + Math.floor(MAX_SPAN_DOTS * dot);
      cuts.push(longest > cuts[cuts.length - 1]! && longest < limit ? longest : limit);
      longest = -1;
      longestLength = 0;
    }
  };
  for (let i = 1; i < keyed.durations.length; i += 2) {
    t += keyed.durations[i - 1]!;
    const length = keyed.durations[i]!;
    const middle = Math.min(n, Math.round((t + length / 2) / blockMs));
    t += length;
    cutBefore(middle);
    if (length >= CUT_GAP_DOTS * gapStretch * dotBlocks[Math.min(n - 1, middle)]! * blockMs) {
      cuts.push(middle);
      longest = -1;
      longestLength = 0;
    } else if (length > longestLength) {
      longest = middle;
      longestLength = length;
    }
  }
  cutBefore(n);
  if (cuts[cuts.length - 1]! < n) cuts.push(n);
  return cuts;
}

/** What the evidence was measured on: the tone's in-phase component, and its amplitude there. */
export interface Signal { y: Float32Array; amplitude: Float32Array }

/** Appends a run; a gap after a gap joins it, as silence to be told apart by its length. */
function joinRun(runs: LabelledRun[], r: LabelledRun): void {
  const previous = runs[runs.length - 1];
  if (previous && !previous.mark && !r.mark) { previous.length += r.length; previous.kind = GapKind.Edge; }
  else runs.push({ ...r });
}

/**
 * The characters of the recording (`evidence` per block) searched span by span, spans
 * cut where `keyed` (an earlier segmentation) found word gaps; undefined where there is
 * no mark.
 */
export function readCharacters(evidence: Float32Array, keyed: KeyedTimings, blockMs: number, signal: Signal, options: CharacterSegmentOptions): CharacterRead | undefined {
  const n = evidence.length;
  const cuts = spanCuts(keyed, n, blockMs, options.dotBlocks, options.gapStretch);
  const runs: LabelledRun[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) for (const r of segmentCharacters(evidence, cuts[c]!, cuts[c + 1]!, options)) joinRun(runs, r);
  return readRuns(runs, blockMs, signal, options);
}

/**
 * A read from runs that a search over whole characters found (this one, or the grid's in
 * grid-segment.ts): characters far weaker than their neighbours dropped as noise, as in
 * the mark-by-mark search, and the silence at either end trimmed; undefined where no mark
 * is left.
 */
export function readRuns(runs: readonly LabelledRun[], blockMs: number, signal: Signal, options: Pick<CharacterSegmentOptions, "dotBlocks" | "gapStretch">): CharacterRead | undefined {
  const weak = weakMarks(runs, signal.y, signal.amplitude, options.dotBlocks);
  const kept: LabelledRun[] = [];
  runs.forEach((r, i) => joinRun(kept, weak[i] === 1 ? { ...r, mark: false, kind: GapKind.Edge } : r));
  while (kept.length > 0 && !kept[0]!.mark) kept.shift();
  while (kept.length > 0 && !kept[kept.length - 1]!.mark) kept.pop();
  if (kept.length === 0) return undefined;
  const read: CharacterRead = { keyed: { startMs: kept[0]!.start * blockMs, durations: [] }, dash: [], kinds: [], gapDots: [] };
  for (const r of kept) {
    read.keyed.durations.push(r.length * blockMs);
    if (r.mark) { read.dash.push(r.dash); continue; }
    const dot = options.dotBlocks[r.start]!;
    // Joined gaps end a word or a letter by their length.
    read.kinds.push(r.kind !== GapKind.Edge ? r.kind : r.length >= WORD_GAP_FROM_DOTS * options.gapStretch * dot ? GapKind.Word : GapKind.Letter);
    read.gapDots.push(dot * blockMs);
  }
  return read;
}

/** The text of a read's durations [from, to), which start and end with a mark. */
export function transcribe(read: CharacterRead, wpm: number, from = 0, to = read.keyed.durations.length): TimingDecode {
  const out = new Transcript();
  for (let i = from; i < to; i++) {
    if (i % 2 === 0) { out.element(read.dash[i >> 1]!); continue; }
    if (i + 1 >= to) break;
    const kind = read.kinds[i >> 1]!;
    if (kind === GapKind.Element) out.elementGap(read.keyed.durations[i]! / read.gapDots[i >> 1]!);
    else if (kind === GapKind.Letter) out.endLetter();
    else out.endWord();
  }
  return out.result(wpm);
}
