/**
 * Morse-aware keying one level up: the semi-Markov search of marks.ts, run over
 * characters. Its states are the nodes of the tree of Morse sequences (character-tree.ts),
 * so a mark is a dot or a dash by the branch it takes, a gap inside a letter must be
 * followed by more elements, and a letter ends only on a sequence that is a character,
 * weighed by how common its kind is. Deep in noise this reads the likeliest characters
 * as a whole, where deciding mark by mark and gap by gap, then looking each letter up,
 * can only guess at a sequence that means nothing.
 */
import { DASH_DOTS, DOT_DOTS, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "../../../core/units.js";
import { joinRun, readRuns, type Signal } from "../characters/read.js";
import { GapKind, type Keyed, type Run } from "../keyed.js";
import { TUNING, tuningCache } from "../tuning.js";
import { characterTree, type CharacterTree } from "./character-tree.js";
import { priorTable, searchStep } from "./lengths.js";

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

interface Priors { dot: Float64Array; dash: Float64Array; element: Float64Array; letter: Float64Array; word: Float64Array }

/** Length priors by spread (rounded to 0.01, so that few are ever built). */
const priorCache = tuningCache<number, Priors>();
function priorsFor(spread: number): Priors {
  const key = Math.round(spread * 100);
  let priors = priorCache.get(key);
  if (!priors) {
    const s = key / 100;
    const { LETTER_GAP_SHARE, WORD_GAP_SHARE, PAUSE_SHARE } = TUNING.characters;
    const oneDot = priorTable([[DOT_DOTS, 1]], 0, s);
    priors = {
      dot: oneDot,
      dash: priorTable([[DASH_DOTS, 1]], 0, s),
      // A gap inside a letter lasts a dot, as a dot does.
      element: oneDot,
      letter: priorTable([[LETTER_GAP_DOTS, LETTER_GAP_SHARE]], 0, s),
      word: priorTable([[WORD_GAP_DOTS, WORD_GAP_SHARE]], PAUSE_SHARE, s),
    };
    priorCache.set(key, priors);
  }
  return priors;
}

/**
 * Lists in `live` (from `row`) the inner nodes scoring within BEAM of the row's best,
 * and returns how many.
 */
function keepLive(scores: Float64Array, row: number, live: Int16Array, tree: CharacterTree): number {
  const { BEAM } = TUNING.characters;
  const n = tree.size;
  let top = -Infinity;
  for (let s = 0; s < n; s++) if (scores[row + s]! > top) top = scores[row + s]!;
  let count = 0;
  if (top === -Infinity) return count;
  for (let s = 0; s < n; s++) if (tree.inner[s] === 1 && scores[row + s]! >= top - BEAM) live[row + count++] = s;
  return count;
}

/**
 * The likeliest marks and gaps of `evidence[from, to)` (log-likelihood ratio per block,
 * key down against key up), read as whole characters; silence at either end is free.
 */
export function segmentCharacters(evidence: Float32Array, from: number, to: number, options: CharacterSegmentOptions): Run[] {
  const { DOT_MAX_DOTS, DASH_MIN_DOTS, DASH_MAX_DOTS, ELEMENT_GAP_MAX_DOTS, BOUNDARY_GAP_MAX_DOTS } = TUNING.characters;
  const { TABLE_STEP, SEGMENT_CHARGE, MIN_DOTS } = TUNING.lengths;
  const { PAUSE_FROM_DOTS, PAUSE_LINK } = TUNING.marks;
  const TREE = characterTree();
  const { dotBlocks, gapStretch } = options;
  const step = searchStep(dotBlocks, from, to, options.stepsPerDot);
  const steps = Math.floor((to - from) / step);
  const silence: Run[] = [{ start: from, length: to - from, mark: false, dash: false, kind: GapKind.Edge }];
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
    liveMarkCount[k] = keepLive(mark, row, liveMark, TREE);
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
    liveGapCount[k] = keepLive(gap, row, liveGap, TREE);
    // Letter and word gaps, pauses going on, or silence since the start (no prior).
    boundary[k] = -ek;
    boundaryLength[k] = k;
    boundaryKind[k] = GapKind.Edge;
    const boundaryMax = Math.min(k, Math.ceil(BOUNDARY_GAP_MAX_DOTS * gapStretch * dot));
    const pauseFrom = PAUSE_FROM_DOTS * gapStretch * dot;
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
  const runs: Run[] = [{ start: from + lastEnd * step, length: to - from - lastEnd * step, mark: false, dash: false, kind: GapKind.Edge }];
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

/**
 * Where to cut the recording into spans for the search: in the middle of the word gaps
 * keyed so far, and of the longest gap in any stretch longer than MAX_SPAN_DOTS without
 * one (evenly, in a stretch without any gap).
 */
function spanCuts(keyed: Keyed, n: number, blockMs: number, dotBlocks: Float32Array, gapStretch: number): number[] {
  const { MAX_SPAN_DOTS, CUT_GAP_DOTS } = TUNING.characters;
  const cuts = [0];
  let longest = -1;
  let longestLength = 0;
  const cutBefore = (at: number): void => {
    const dot = dotBlocks[Math.min(n - 1, at)]!;
    while (at - cuts[cuts.length - 1]! > MAX_SPAN_DOTS * dot) {
      const limit = cuts[cuts.length - 1]! + Math.floor(MAX_SPAN_DOTS * dot);
      cuts.push(longest > cuts[cuts.length - 1]! && longest < limit ? longest : limit);
      longest = -1;
      longestLength = 0;
    }
  };
  for (const gap of keyed) {
    if (gap.mark) continue;
    const length = gap.durationMs;
    const middle = Math.min(n, Math.round((gap.startMs + length / 2) / blockMs));
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

/**
 * The characters of the recording (`evidence` per block) searched span by span, spans
 * cut where `keyed` (an earlier segmentation) found word gaps; undefined where there is
 * no mark.
 */
export function readCharacters(evidence: Float32Array, keyed: Keyed, blockMs: number, signal: Signal, options: CharacterSegmentOptions): Keyed | undefined {
  const n = evidence.length;
  const cuts = spanCuts(keyed, n, blockMs, options.dotBlocks, options.gapStretch);
  const runs: Run[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) for (const r of segmentCharacters(evidence, cuts[c]!, cuts[c + 1]!, options)) joinRun(runs, r);
  return readRuns(runs, blockMs, signal, options);
}
