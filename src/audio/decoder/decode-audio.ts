/**
 * Morse from a recording, in five steps:
 *
 * 1. Pitch: the strongest narrow peak of the average spectrum (pitch.ts).
 * 2. Baseband: the tone mixed down to ~1 kHz complex samples, its slow drift followed
 *    and turned back (envelope.ts).
 * 3. Speed: the right envelope filter depends on the speed, which is not known yet. The
 *    envelope is tried with filters for a ladder of dot lengths (24 to 270 ms: 50 to 4.4
 *    wpm), each keyed by threshold (keying.ts) and decoded; the decode whose timings fit
 *    Morse's 1:3:7 best gives the dot length.
 * 4. Keying: at that dot length, a threshold pass estimates the speed along the
 *    recording; then the Morse-aware segmentation (segment.ts) finds the marks and gaps
 *    from a nearly matched-filter envelope. Coherent passes follow: the baseband is
 *    turned onto the tone's phase (taken from the marks found, envelope.ts
 *    inPhase) and segmented again on its in-phase component, where each segment's
 *    evidence is an exact matched filter; each pass takes its phase and levels from the
 *    one before, until nothing changes. A character whose marks hold much less of the
 *    tone than the marks beside it is dropped as noise (segment.ts). Once the speed
 *    search has found keying, these filters need not find it again (short for fast
 *    Morse deep in noise, they can miss it); with a hinted speed they must, and where
 *    they cannot tell keying from noise the final decode is tried again with longer ones.
 * 5. Characters: the same evidence searched again, now for the likeliest sequence of
 *    characters rather than of marks and gaps (character-segment.ts); machine keying,
 *    whose edges all lie on one timing grid, unit by unit on that grid (grid-segment.ts).
 *    In a noisy recording, groups of one or two marks standing apart at either end are
 *    dropped.
 *    The timings and the speed come from decode-timings.ts (with letter and word gaps
 *    classified against their own clusters when they are stretched, Farnsworth spacing);
 *    where the search cannot run, its text does too.
 */
import { MorseError } from "../../core/errors.js";
import { readCharacters, readRuns, transcribe, type CharacterRead } from "./search/characters.js";
import { fitGrid, onGrid, segmentOnGrid, type Grid } from "./search/grid.js";
import { analyseTimings, type TimingAnalysis, type TimingDecode } from "./characters/timings.js";
import { amplitude, followDrift, followMarks, inPhase, toBaseband, type Baseband } from "./front-end/baseband.js";
import { keyTimings, levels, type KeyedTimings, type Levels } from "./evidence/levels.js";
import { coherentEvidence, segment, segmentCoherent } from "./search/marks.js";
import { DECODE_FREQUENCY } from "../limits.js";
import { findPitch } from "./front-end/pitch.js";
import { median, runningMedian, selectInPlace } from "../dsp/stats.js";
import { usableSamples } from "./front-end/usable-samples.js";

export interface AudioHints {
  /** Expected pitch, Hz: the search is narrowed to ±50 Hz around it (clamped to 200..1200; ignored unless finite). */
  frequency?: number;
  /** Expected speed, wpm: skips the speed search (ignored unless a positive number). */
  wpm?: number;
}

export interface AudioDecode extends TimingDecode {
  /** Pitch of the tone found, Hz (rounded); 0 when no Morse was found. */
  frequency: number;
  /** Length of the recording, ms. */
  durationMs: number;
}

/** Dot lengths the speed search tries, ms: a ladder of √2 steps. */
const DOT_LADDER_MS = Array.from({ length: 8 }, (_, k) => 24 * Math.SQRT2 ** k);
/** The filter integrates over this share of a dot: room for a sender who speeds up. */
const FILTER_DOTS = 0.7;
/**
 * The segmentation's filter: nearly a matched filter (a whole dot would be), short of it
 * so that a gap of one dot still dips to the off level.
 */
const SEGMENT_FILTER_DOTS = 0.85;
/**
 * Longest coherent integration, ms. The drift follower leaves the tone within a Hz or
 * two of where it is looked for, which costs under 0.5 dB over this long.
 */
const COHERENT_MS = 100;
/** Search half-width around a hinted pitch, Hz. */
const HINT_SEARCH_HZ = 50;
/**
 * The segmentation's length prior is as wide as the timing the decode before it found:
 * narrow for machine keying, which then resists noise better, wide for a hand. Its
 * misfit is a mean absolute log deviation, about 0.8 of a standard deviation.
 */
const MISFIT_TO_SPREAD = 1.25;
const MIN_SPREAD = 0.1;
const MAX_SPREAD = 0.3;
/** Segmentations at the final dot length, each with the speed profile the one before found. */
const SEGMENTATIONS = 2;
/**
 * The coherent pass's phase reference: the marks within this many ms either side
 * (longer lets the leftover pitch wander in; shorter, the noise), leaving out this share
 * of a dot either side of the block itself (its own noise would bias it).
 */
const PHASE_HALF_WINDOW_MS = 150;
const PHASE_EXCLUDE_DOTS = 0.15;
/**
 * The speed search's preference for shorter dots, per natural log of the dot length: a
 * long filter smooths the timings of fast Morse into blobs that can fit 1:3:7 about as
 * well as the true elements, so of two nearly equal fits the faster wins (tuned on the
 * benchmark corpus).
 */
const SHORTER_DOT_BIAS = 0.02;
/**
 * Coherent segmentations after the envelope ones, each taking the phase and the model
 * from the one before (stopping early once nothing changes). Deep in noise they settle
 * slowly, and 16 decode better than 8. They run at every speed: with their model's level
 * taken over a fixed span of time (segment.ts COHERENT_REFINE_MS), running them below 10
 * wpm too decodes better on the benchmark corpus (seeds 7 and 11; the same on 2026).
 */
const COHERENT_PASSES = 16;
/** Their search resolution, steps per dot: coarser than the envelope's, which on the benchmark corpus decodes better. */
const COHERENT_STEPS_PER_DOT = 3;
/** Retries of the final decode, each with filters √2 longer, when one finds no keying. */
const FALLBACK_FILTERS = 2;
/** A gap this many dots long sets a mark at either end apart from the rest. */
const APART_DOTS = 5;
/** Marks at most in a group at either end that is dropped as noise when it stands apart. */
const LONE_MARKS = 2;
/**
 * Lone groups at the ends are dropped only where noise can pass for a mark: where the
 * tone's on-off span stands less than this many times above the noise floor (the median
 * along the recording; on the bench corpus about 3 to 8 at -6 and -10 dB in 3 kHz, 6 to
 * 16 at 0 dB, over 20 at +10 dB). A clean "I AM" keeps its "I".
 */
const NOISY_CLARITY = 8;
/**
 * Noise in the character search's evidence, as COHERENT_NOISE_WEIGHT (2) in the
 * mark-by-mark one: with the characters constraining the reading, the evidence may
 * weigh more (tuned on the benchmark corpus, seeds 2026 and 7).
 */
const CHARACTER_NOISE_WEIGHT = 4 / 3;
/**
 * The character search's length priors are this much narrower than the mark-by-mark
 * search's: a mark that must be a dot or a dash of a real character needs less room. It
 * reads hand keying (machine keying is read on its grid): on the benchmark corpus, seeds
 * 2026, 7 and 11-14, 0.65 read -6 dB with 9 % fewer errors than 0.8 and -10 dB alike;
 * 0.72 about as 0.65, 0.5 worse (its speed, steadied along the recording, leaves the
 * lengths less room to wander than when 0.8 was tuned).
 */
const CHARACTER_SPREAD = 0.65;
/**
 * The character search's resolution, steps per dot: finer than the coherent passes', for
 * a hand's edges fall anywhere (on the benchmark corpus, seeds 2026, 7 and 11-14, 4 read
 * -6 dB with 9 % fewer errors than 3, -10 dB with 1.5 % fewer; 5 no better than 4).
 */
const CHARACTER_STEPS_PER_DOT = 4;
/**
 * The last reading's dot length at each mark: the median of the estimates over this many
 * marks either side. Each estimate is drawn from 8 marks either side (decode-timings.ts),
 * which deep in noise wander; a sender's speed changes more slowly (on the benchmark
 * corpus, seeds 2026, 7 and 11-14: -10 dB with 5 % fewer errors, -6 dB 3 % more, within
 * its noise; 30 and 50 marks read -10 dB a little better still, -6 dB worse).
 */
const STEADY_DOT_MARKS = 20;
/** Letter gaps stretched more than this share (Farnsworth spacing) are off any one grid. */
const MAX_GRID_STRETCH = 0.05;

interface Trial {
  dotMs: number;
  decoded: TimingDecode;
  misfit: number;
}

/** One trial of the speed search: threshold keying and decoding with filters for `dotMs`. */
function trial(bb: Baseband, dotMs: number): Trial {
  const { env, looks } = amplitude(bb, FILTER_DOTS * dotMs, COHERENT_MS);
  const { durations } = keyTimings(env, { blockMs: bb.blockMs, dotMs, looks });
  return { dotMs, ...analyseTimings(durations, { wpm: 1200 / dotMs }) };
}

/** The dot length at every block, in blocks, from a first decode's estimate around each mark. */
function dotsAlong(length: number, blockMs: number, keyed: KeyedTimings, dots: Float64Array): Float32Array {
  const along = new Float32Array(length).fill(dots[0]! / blockMs);
  let t = keyed.startMs;
  for (let i = 0; i < dots.length; i++) {
    const from = Math.min(length, Math.round(t / blockMs));
    t += keyed.durations[2 * i]! + (keyed.durations[2 * i + 1] ?? 0);
    // Up to the next mark only: filling to the end each time made long recordings quadratic.
    along.fill(dots[i]! / blockMs, from, i + 1 < dots.length ? Math.min(length, Math.round(t / blockMs)) : length);
  }
  return along;
}

/**
 * The final decode at a known dot length: threshold keying for a first estimate of the
 * speed along the recording, then the Morse-aware segmentation, which is given the
 * speed profile its own decode finds and run again. Without a hinted speed, the speed
 * search has already found keying, so the filters here need not find it again.
 */
function finalDecode(bb: Baseband, dotMs: number, hintWpm: number | undefined, filterDotMs = dotMs): TimingDecode | undefined {
  const { env, looks } = amplitude(bb, FILTER_DOTS * filterDotMs, COHERENT_MS);
  const options = { blockMs: bb.blockMs, dotMs, looks, present: hintWpm === undefined };
  let keyed: KeyedTimings = keyTimings(env, options);
  let analysis = analyseTimings(keyed.durations, { wpm: hintWpm ?? 1200 / dotMs });
  if (analysis.decoded.characters === 0) return undefined;
  const fine = amplitude(bb, SEGMENT_FILTER_DOTS * filterDotMs, COHERENT_MS);
  const lv = levels(fine.env, { ...options, looks: fine.looks });
  if (!lv) return undefined;
  for (let pass = 0; pass < SEGMENTATIONS; pass++) {
    keyed = segment(fine.env, lv, {
      blockMs: bb.blockMs,
      filterBlocks: Math.max(1, (SEGMENT_FILTER_DOTS * filterDotMs) / bb.blockMs),
      looks: fine.looks,
      dotBlocks: dotsAlong(env.length, bb.blockMs, keyed, analysis.dots),
      spread: spreadOf(analysis),
    });
    analysis = analyseTimings(keyed.durations, { wpm: analysis.decoded.wpm });
    if (analysis.decoded.characters === 0) return undefined;
  }
  for (let pass = 0; pass < COHERENT_PASSES; pass++) {
    const coherent = coherentPass(bb, keyed, analysis);
    if (!coherent) break;
    const same = sameTimings(coherent.keyed, keyed);
    ({ keyed, analysis } = coherent);
    if (same) break;
  }
  const noisy = clarity(lv) < NOISY_CLARITY;
  const gapUnitMs = (1200 / analysis.decoded.wpm) * analysis.gapStretch;
  const read = characterPass(bb, keyed, analysis);
  if (read) {
    const [from, to] = noisy ? loneEnds(read.keyed.durations, gapUnitMs) : [0, read.keyed.durations.length];
    return transcribe(read, analysis.decoded.wpm, from, to);
  }
  const [from, to] = noisy ? loneEnds(keyed.durations, gapUnitMs) : [0, keyed.durations.length];
  return from === 0 && to === keyed.durations.length ? analysis.decoded : analyseTimings(keyed.durations.slice(from, to), { wpm: analysis.decoded.wpm }).decoded;
}

/** Whether two segmentations found the same marks and gaps: a pass after them would find them again. */
function sameTimings(a: KeyedTimings, b: KeyedTimings): boolean {
  return a.startMs === b.startMs && a.durations.length === b.durations.length && a.durations.every((d, i) => d === b.durations[i]);
}

/** 1 at the blocks `keyed` puts in marks. */
function marksOf(bb: Baseband, keyed: KeyedTimings): Uint8Array {
  const n = bb.re.length;
  const marks = new Uint8Array(n);
  let t = keyed.startMs;
  for (let i = 0; i < keyed.durations.length; i++) {
    if (i % 2 === 0) marks.fill(1, Math.min(n, Math.round(t / bb.blockMs)), Math.min(n, Math.round((t + keyed.durations[i]!) / bb.blockMs)));
    t += keyed.durations[i]!;
  }
  return marks;
}

/** The tone's in-phase component, turned onto the phase of `marks` (envelope.ts inPhase). */
function inPhaseOf(bb: Baseband, marks: Uint8Array, dotMs: number): Float32Array {
  return inPhase(bb, marks, Math.round(PHASE_HALF_WINDOW_MS / bb.blockMs), Math.round((PHASE_EXCLUDE_DOTS * dotMs) / bb.blockMs));
}

/** Spread of the segmentations' length priors, from how well the decode before fit Morse timing. */
function spreadOf(analysis: TimingAnalysis): number {
  return Math.min(MAX_SPREAD, Math.max(MIN_SPREAD, MISFIT_TO_SPREAD * analysis.misfit));
}

/**
 * The last reading, of whole characters on the coherent evidence: on the timing grid for
 * machine keying (grid-segment.ts), else by the character search (character-segment.ts).
 * The phase and the model come from the marks and gaps of `keyed`.
 */
function characterPass(bb: Baseband, keyed: KeyedTimings, analysis: TimingAnalysis): CharacterRead | undefined {
  // The pitch offset left after followDrift, measured on the marks found (in the coherent
  // passes too, it read worse at -10 dB: 263 errors against 240 on seed 2026).
  const marks = marksOf(bb, keyed);
  const y = inPhaseOf(followMarks(bb, marks), marks, 1200 / analysis.decoded.wpm);
  const measured = coherentEvidence(y, keyed, bb.blockMs, CHARACTER_NOISE_WEIGHT);
  if (!measured) return undefined;
  const signal = { y, amplitude: measured.amplitude };
  const dotBlocks = dotsAlong(y.length, bb.blockMs, keyed, runningMedian(analysis.dots, STEADY_DOT_MARKS));
  const grid = gridOf(keyed, analysis);
  if (grid) return readRuns(segmentOnGrid(measured.evidence, grid, bb.blockMs), bb.blockMs, signal, { dotBlocks, gapStretch: 1 });
  return readCharacters(measured.evidence, keyed, bb.blockMs, signal, {
    dotBlocks,
    spread: CHARACTER_SPREAD * spreadOf(analysis),
    gapStretch: analysis.gapStretch,
    stepsPerDot: CHARACTER_STEPS_PER_DOT,
  });
}

/**
 * The timing grid of machine keying, when the marks and gaps keyed so far lie on one
 * (grid-segment.ts), with standard spacing; undefined for a hand, or Farnsworth spacing.
 */
function gridOf(keyed: KeyedTimings, analysis: TimingAnalysis): Grid | undefined {
  if (Math.abs(analysis.gapStretch - 1) > MAX_GRID_STRETCH) return undefined;
  const grid = fitGrid(keyed, median(analysis.dots));
  return grid && onGrid(grid, keyed) ? grid : undefined;
}

/**
 * A last segmentation on the tone's in-phase component (see segmentCoherent), with the
 * phase taken from the marks the segmentation before found: undefined when it decodes
 * nothing.
 */
function coherentPass(bb: Baseband, keyed: KeyedTimings, analysis: TimingAnalysis): { keyed: KeyedTimings; analysis: TimingAnalysis } | undefined {
  const y = inPhaseOf(bb, marksOf(bb, keyed), 1200 / analysis.decoded.wpm);
  const coherent = segmentCoherent(y, keyed, {
    blockMs: bb.blockMs,
    filterBlocks: 1,
    looks: 1,
    dotBlocks: dotsAlong(y.length, bb.blockMs, keyed, analysis.dots),
    spread: spreadOf(analysis),
    stepsPerDot: COHERENT_STEPS_PER_DOT,
  });
  const again = analyseTimings(coherent.durations, { wpm: analysis.decoded.wpm });
  return again.decoded.characters > 0 ? { keyed: coherent, analysis: again } : undefined;
}

/** How far the tone stands above the noise floor: the median of the on-off span over the off level. */
function clarity({ span, off }: Levels): number {
  const ratios = new Float32Array(span.length);
  for (let i = 0; i < span.length; i++) ratios[i] = span[i]! / Math.max(Number.MIN_VALUE, off[i]!);
  return ratios.length === 0 ? Infinity : selectInPlace(ratios, ratios.length >> 1);
}

/**
 * The durations [from, to) left after dropping lone groups of marks at either end of the
 * recording (at most LONE_MARKS marks, a word gap or more away from the rest), one after
 * another: in the silence before and after a message that is far more often a burst of
 * noise than an E, a T or an I.
 */
function loneEnds(durations: number[], gapUnitMs: number): [number, number] {
  const apart = APART_DOTS * gapUnitMs;
  let from = 0;
  let to = durations.length;
  for (let trimmed = true; trimmed;) {
    trimmed = false;
    // Marks sit at even indices: the group at the front ends at the first gap that sets it apart.
    for (let i = from + 1; i < Math.min(to - 1, from + 2 * LONE_MARKS); i += 2) {
      if (durations[i]! >= apart) { from = i + 1; trimmed = true; break; }
    }
    for (let i = to - 2; i > Math.max(from, to - 1 - 2 * LONE_MARKS); i -= 2) {
      if (durations[i]! >= apart) { to = i; trimmed = true; break; }
    }
  }
  return [from, to];
}

function biasedMisfit(t: Trial): number {
  return t.misfit + SHORTER_DOT_BIAS * Math.log(t.dotMs);
}

/** The dot length to build the final filters for: that of the trial whose timings fit Morse best. */
function searchDot(bb: Baseband): number | undefined {
  let best: Trial | undefined;
  for (const dotMs of DOT_LADDER_MS) {
    const t = trial(bb, dotMs);
    if (t.decoded.wpm > 0 && (!best || biasedMisfit(t) < biasedMisfit(best))) best = t;
  }
  return best && 1200 / best.decoded.wpm;
}

function checkInput(samples: Float32Array, sampleRate: number): void {
  if (!(samples instanceof Float32Array)) throw new MorseError("INVALID_AUDIO", "The samples must be a Float32Array");
  if (!Number.isFinite(sampleRate) || sampleRate <= 0) throw new MorseError("INVALID_AUDIO", "The sample rate must be a positive number of Hz");
}

/**
 * Decodes the Morse in a mono recording. A recording without Morse decodes to empty
 * output (not an error); only unusable input (not a Float32Array, a bad sample rate)
 * throws, as MorseError INVALID_AUDIO. A NaN sample counts as silence, an infinite one as
 * a clipped peak, and a recording far outside ordinary levels is rescaled (usable-samples.ts).
 */
export function decodeAudio(recording: Float32Array, sampleRate: number, hints: AudioHints = {}): AudioDecode {
  checkInput(recording, sampleRate);
  const samples = usableSamples(recording);
  const durationMs = (1000 * samples.length) / sampleRate;
  const nothing: AudioDecode = { output: "", morse: "", characters: 0, wpm: 0, frequency: 0, durationMs };
  const hinted = hints.frequency === undefined || !Number.isFinite(hints.frequency)
    ? undefined
    : Math.min(DECODE_FREQUENCY.max, Math.max(DECODE_FREQUENCY.min, hints.frequency));
  const range = hinted === undefined ? DECODE_FREQUENCY : {
    min: Math.max(DECODE_FREQUENCY.min, hinted - HINT_SEARCH_HZ),
    max: Math.min(DECODE_FREQUENCY.max, hinted + HINT_SEARCH_HZ),
  };
  const frequency = findPitch(samples, sampleRate, range);
  if (frequency === undefined) return nothing;
  const bb = toBaseband(samples, sampleRate, frequency);
  followDrift(bb);
  const hintWpm = hints.wpm !== undefined && Number.isFinite(hints.wpm) && hints.wpm > 0 ? hints.wpm : undefined;
  const dotMs = hintWpm !== undefined ? 1200 / hintWpm : searchDot(bb);
  if (dotMs === undefined) return nothing;
  let decoded = finalDecode(bb, dotMs, hintWpm);
  // With a hinted speed, fast Morse deep in noise can fail the presence test behind
  // filters that short: longer ones average more noise away.
  for (let k = 1; k <= FALLBACK_FILTERS && !decoded; k++) decoded = finalDecode(bb, dotMs, hintWpm, dotMs * Math.SQRT2 ** k);
  if (!decoded || decoded.characters === 0) return nothing;
  return { ...decoded, frequency: Math.round(frequency), durationMs };
}
