/**
 * Morse-aware keying one level up: the semi-Markov search (semi-markov.ts) run over
 * characters. Its states are the nodes of the tree of Morse sequences (character-tree.ts),
 * so a mark is a dot or a dash by the branch it takes, a gap inside a letter must be
 * followed by more elements, and a letter ends only on a sequence that is a character,
 * weighed by how common its kind is. Deep in noise this reads the likeliest characters
 * as a whole, where deciding mark by mark and gap by gap, then looking each letter up,
 * can only guess at a sequence that means nothing.
 */
import { DASH_DOTS, DOT_DOTS, LETTER_GAP_DOTS, WORD_GAP_DOTS } from "../../../core/units.js";
import { joinRun, keyedCharacters } from "../characters/keyed-characters.js";
import type { InPhaseSignal } from "./weak-characters.js";
import { betweenGaps, type Spacing } from "../characters/spacing.js";
import { GapKind, type Keyed, type Run } from "../keyed.js";
import type { Tuning } from "../tuning.js";
import { perTuning } from "../tuning-overrides.js";
import { characterTree, type CharacterTree } from "./character-tree.js";
import { priorTable, searchStep } from "./lengths.js";
import { evenEdges, runningSums, SemiMarkov, type PauseRule, type Segment, type SemiMarkovModel } from "./semi-markov.js";

export interface CharacterSegmentOptions {
  /** The dot length at every block, in blocks. */
  dotBlocks: Float32Array;
  /** Spread of element lengths around their ideal, natural log. */
  spread: number;
  /** How letters and words are spaced (characters/spacing.ts). */
  spacing: Spacing;
  /** Resolution of the search, steps per dot. */
  stepsPerDot: number;
  /** The decoder's configuration. */
  tuning: Tuning;
}

interface Priors {
  dot: Float64Array;
  dash: Float64Array;
  element: Float64Array;
  letter: Float64Array;
  word: Float64Array;
}

/** Length priors by spread (rounded to 0.01, so that few are ever built), for each configuration. */
const priorCaches = perTuning(() => new Map<number, Priors>());
function priorsFor(tuning: Tuning, spread: number): Priors {
  const key = Math.round(spread * 100);
  const priorCache = priorCaches(tuning);
  let priors = priorCache.get(key);
  if (!priors) {
    const s = key / 100;
    const { LETTER_GAP_SHARE, WORD_GAP_SHARE, PAUSE_SHARE } = tuning.characters;
    const oneDot = priorTable(tuning, [[DOT_DOTS, 1]], 0, s);
    priors = {
      dot: oneDot,
      dash: priorTable(tuning, [[DASH_DOTS, 1]], 0, s),
      // A gap inside a letter lasts a dot, as a dot does.
      element: oneDot,
      letter: priorTable(tuning, [[LETTER_GAP_DOTS, LETTER_GAP_SHARE]], 0, s),
      word: priorTable(tuning, [[WORD_GAP_DOTS, WORD_GAP_SHARE]], PAUSE_SHARE, s),
    };
    priorCache.set(key, priors);
  }
  return priors;
}

/** What a boundary segment ends (GapKind), or a pause going on (PAUSE); marks and gaps inside a letter are GapKind.Element. */
const PAUSE = 4;
/** The beams: marks, and gaps inside a letter. */
const MARK_BEAM = 0;
const GAP_BEAM = 1;

/** What a step of the character search reads: its span, the tree, the priors, the tuning. */
interface Steps {
  from: number;
  step: number;
  options: CharacterSegmentOptions;
  tree: CharacterTree;
  priors: Priors;
  tuning: Tuning["characters"] & Tuning["lengths"] & Tuning["marks"];
  pause: PauseRule;
}

/**
 * The character search as a configuration of semi-markov.ts. Its states: the nodes of the
 * character tree after a mark ([0, N)) and after a gap inside a letter ([N, 2N)); a
 * boundary (2N: a letter or word gap, a pause going on, or the silence before the first
 * mark); and the end of a character (2N + 1, a step without length from a node that
 * spells one, weighed by its prior). Only nodes within BEAM of their step's best are
 * followed.
 */
function charactersModel(options: CharacterSegmentOptions, from: number, step: number): SemiMarkovModel {
  const tree = characterTree(options.tuning);
  const N = tree.size;
  const W = 2 * N + 2;
  const nodes = Int16Array.from({ length: N }, (_, s) => s);
  const keepMarks = new Uint8Array(W);
  const keepGaps = new Uint8Array(W);
  for (let s = 0; s < N; s++) {
    keepMarks[s] = tree.inner[s]!;
    keepGaps[N + s] = tree.inner[s]!;
  }
  const logPrior = new Float64Array(W).fill(-Infinity);
  logPrior.set(tree.logPrior);
  const tuning = { ...options.tuning.characters, ...options.tuning.lengths, ...options.tuning.marks };
  // A pause goes on from a word gap of a word's length, or one going on already.
  const pause: PauseRule = { chained: PAUSE, after: GapKind.Word, minLength: 0 };
  const steps: Steps = { from, step, options, tree, priors: priorsFor(options.tuning, options.spread), tuning, pause };
  return {
    width: W,
    instants: [{ from: tree.characters, to: 2 * N + 1, weight: logPrior, label: GapKind.Element }],
    beams: [
      { states: nodes, keep: keepMarks, width: tuning.BEAM },
      { states: nodes.map((s) => N + s), keep: keepGaps, width: tuning.BEAM },
    ],
    start(search) {
      search.offer(2 * N, 0, 0, -1, GapKind.Edge);
    },
    step(k, search) {
      stepCharacters(k, search, steps);
    },
  };
}

/** The segments of the character search ending at step k. */
function stepCharacters(k: number, search: SemiMarkov, steps: Steps): void {
  const { DOT_MAX_DOTS, DASH_MIN_DOTS, DASH_MAX_DOTS, ELEMENT_GAP_MAX_DOTS, BOUNDARY_GAP_MAX_DOTS } = steps.tuning;
  const { TABLE_STEP, SEGMENT_CHARGE, MIN_DOTS, PAUSE_FROM_DOTS, PAUSE_LINK } = steps.tuning;
  const { from, step, priors, tree, pause } = steps;
  const { dotBlocks, spacing } = steps.options;
  const { sums, score } = search;
  const N = tree.size;
  const W = 2 * N + 2;
  const BOUNDARY = 2 * N;
  const ENDED = 2 * N + 1;
  const last = priors.dot.length - 1;
  const dot = dotBlocks[from + k * step - 1]! / step;
  const toIndex = 1 / (dot * TABLE_STEP);
  const charge = SEGMENT_CHARGE * Math.log(dot);
  const ek = sums[k]!;
  const shortest = Math.max(1, Math.floor(MIN_DOTS * dot));
  const row = k * W;
  // Marks, from the root after a letter gap or from a node after a gap inside a letter.
  const dotMax = Math.ceil(DOT_MAX_DOTS * dot);
  const dashMin = Math.floor(DASH_MIN_DOTS * dot);
  const markMax = Math.min(k, Math.ceil(DASH_MAX_DOTS * dot));
  const liveGaps = search.live(GAP_BEAM);
  for (let d = shortest; d <= markMax; d++) {
    const p = k - d;
    const ev = ek - sums[p]!;
    const index = Math.min(last, Math.round(d * toIndex));
    const asDot = d <= dotMax ? ev + priors.dot[index]! - charge : -Infinity;
    const asDash = d >= dashMin ? ev + priors.dash[index]! - charge : -Infinity;
    extend(search, tree, row, p * W, BOUNDARY, 0, asDot, asDash, d);
    for (let a = p * N, end = a + search.liveAt(GAP_BEAM, p); a < end; a++) extend(search, tree, row, p * W, liveGaps[a]!, liveGaps[a]! - N, asDot, asDash, d);
  }
  // Gaps inside a letter.
  const liveMarks = search.live(MARK_BEAM);
  const elementMax = Math.min(k, Math.ceil(ELEMENT_GAP_MAX_DOTS * dot));
  for (let d = shortest; d <= elementMax; d++) {
    const p = k - d;
    const gap = sums[p]! - ek + priors.element[Math.min(last, Math.round(d * toIndex))]! - charge;
    for (let a = p * N, end = a + search.liveAt(MARK_BEAM, p); a < end; a++) {
      const s = liveMarks[a]!;
      const v = score[p * W + s]! + gap;
      if (v > score[row + N + s]!) search.offer(row + N + s, v, d, s, GapKind.Element);
    }
  }
  // Letter and word gaps, pauses going on, or silence since the start (no prior).
  search.offer(row + BOUNDARY, -ek, k, BOUNDARY, GapKind.Edge);
  const between = betweenGaps(spacing);
  const boundaryMax = Math.min(k, Math.ceil(BOUNDARY_GAP_MAX_DOTS * between * dot));
  pause.minLength = PAUSE_FROM_DOTS * between * dot;
  for (let d = shortest; d <= boundaryMax; d++) {
    const p = k - d;
    const ev = sums[p]! - ek;
    const ended = score[p * W + ENDED]!;
    const letter = ended + ev + priors.letter[Math.min(last, Math.round((d * toIndex) / spacing.letter))]! - charge;
    const word = ended + ev + priors.word[Math.min(last, Math.round((d * toIndex) / spacing.word))]! - charge;
    // The better of the two (on a tie, the letter gap), offered only if it beats the best so far.
    if (word > letter) {
      if (word > score[row + BOUNDARY]!) search.offer(row + BOUNDARY, word, d, ENDED, GapKind.Word);
    } else if (letter > score[row + BOUNDARY]!) search.offer(row + BOUNDARY, letter, d, ENDED, GapKind.Letter);
    if (p > 0) {
      const v = score[p * W + BOUNDARY]! + ev + PAUSE_LINK;
      if (v > score[row + BOUNDARY]! && search.goesOn(p * W + BOUNDARY, pause)) search.offer(row + BOUNDARY, v, d, BOUNDARY, PAUSE);
    }
  }
}

/** A mark after node s (state `before`, its score at prow + before), as a dot and as a dash, offered at `row`. */
function extend(search: SemiMarkov, tree: CharacterTree, row: number, prow: number, before: number, s: number, asDot: number, asDash: number, d: number): void {
  const { score } = search;
  const from = score[prow + before]!;
  const cd = tree.dot[s]!;
  if (cd >= 0 && from + asDot > score[row + cd]!) search.offer(row + cd, from + asDot, d, before, GapKind.Element);
  const cs = tree.dash[s]!;
  if (cs >= 0 && from + asDash > score[row + cs]!) search.offer(row + cs, from + asDash, d, before, GapKind.Element);
}

/**
 * The likeliest marks and gaps of `evidence[from, to)` (log-likelihood ratio per block,
 * key down against key up), read as whole characters; silence at either end is free.
 */
export function segmentCharacters(evidence: Float32Array, from: number, to: number, options: CharacterSegmentOptions): Run[] {
  const TREE = characterTree(options.tuning);
  const step = searchStep(options.tuning, options.dotBlocks, from, to, options.stepsPerDot);
  const steps = Math.floor((to - from) / step);
  const silence: Run[] = [{ start: from, length: to - from, mark: false, dash: false, kind: GapKind.Edge }];
  if (steps === 0) return silence;
  const search = new SemiMarkov(charactersModel(options, from, step), runningSums(evidence, evenEdges(from, step, steps))).run();
  const { sums, score, width } = search;
  const ENDED = 2 * TREE.size + 1;
  // The end: silence after the last character (no prior), or nothing but silence.
  let end = -sums[steps]!;
  let lastEnd = -1;
  for (let p = 1; p <= steps; p++) {
    const v = score[p * width + ENDED]! - (sums[steps]! - sums[p]!);
    if (v > end) {
      end = v;
      lastEnd = p;
    }
  }
  if (lastEnd < 0) return silence;
  const runs = search.path(lastEnd * width + ENDED).map((segment) => runOf(segment, TREE, from, step));
  runs.push({ start: from + lastEnd * step, length: to - from - lastEnd * step, mark: false, dash: false, kind: GapKind.Edge });
  return runs;
}

/** A segment of the character search's path as a run of blocks. */
function runOf(segment: Segment, tree: CharacterTree, from: number, step: number): Run {
  const N = tree.size;
  const start = from + segment.from * step;
  const length = (segment.to - segment.from) * step;
  if (segment.state < N) return { start, length, mark: true, dash: tree.byDash[segment.state] === 1, kind: GapKind.Element };
  const kind = segment.state < 2 * N ? GapKind.Element : segment.label === PAUSE ? GapKind.Word : (segment.label as GapKind);
  return { start, length, mark: false, dash: false, kind };
}

/**
 * Where to cut the recording into spans for the search: in the middle of the word gaps
 * keyed so far, and of the longest gap in any stretch longer than MAX_SPAN_DOTS without
 * one (evenly, in a stretch without any gap).
 */
function spanCuts(keyed: Keyed, n: number, blockMs: number, { dotBlocks, spacing, tuning }: CharacterSegmentOptions): number[] {
  const { MAX_SPAN_DOTS, CUT_GAP_DOTS } = tuning.characters;
  const cutFrom = CUT_GAP_DOTS * betweenGaps(spacing);
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
    if (length >= cutFrom * dotBlocks[Math.min(n - 1, middle)]! * blockMs) {
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
export function searchCharacters(
  evidence: Float32Array,
  keyed: Keyed,
  blockMs: number,
  signal: InPhaseSignal,
  options: CharacterSegmentOptions,
): Keyed | undefined {
  const n = evidence.length;
  const cuts = spanCuts(keyed, n, blockMs, options);
  const runs: Run[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) for (const r of segmentCharacters(evidence, cuts[c]!, cuts[c + 1]!, options)) joinRun(runs, r);
  return keyedCharacters(runs, blockMs, signal, options);
}
