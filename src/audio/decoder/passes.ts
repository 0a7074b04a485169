/**
 * The passes over the baseband at a known dot length, each handing the next what it
 * keyed and its timings (a `Pass`): threshold keying, envelope segmentations, coherent
 * segmentations, and the last pass, of whole characters.
 */
import { dotMs as dotMsOf, wpmOfDot } from "../../core/units.js";
import { runningMedian } from "../dsp/stats.js";
import { keyedCharacters } from "./characters/keyed-characters.js";
import { isStandard, sameLetterGaps, STANDARD } from "./characters/spacing.js";
import { analyseTimings, spacingBetweenCharacters, type TimingAnalysis } from "./characters/timings.js";
import { amplitude } from "./evidence/envelope.js";
import { inPhase, type PhaseReference, phaseCarry, phaseWindow } from "./evidence/in-phase.js";
import { levels, type Levels } from "./evidence/levels.js";
import { coherentEvidence } from "./evidence/likelihood.js";
import type { SignalModel } from "./evidence/models.js";
import type { Baseband } from "./front-end/baseband.js";
import { followMarks } from "./front-end/drift.js";
import { alongMarks, durationsOf, gapsBetweenCharacters, markMask, sameKeyed, type Keyed } from "./keyed.js";
import { searchCharacters } from "./search/characters.js";
import { fitGrid, onGrid, segmentOnGrid, type Grid } from "./search/grid.js";
import { segment, segmentCoherent } from "./search/marks.js";
import { keyByThreshold } from "./search/threshold.js";
import { median } from "../dsp/stats.js";
import type { Tuning } from "./tuning.js";

/** What a pass keyed, and its timings' analysis (speed along the recording, fit, spacing). */
export interface Pass {
  keyed: Keyed;
  analysis: TimingAnalysis;
  /** The coherent model a coherent pass searched with. */
  model?: SignalModel;
}

/** The dot length at every block of `n`, in blocks, from a pass's estimate around each mark. */
function dotProfile(pass: Pass, dots: ArrayLike<number>, blockMs: number, n: number): Float32Array {
  return alongMarks(
    pass.keyed,
    Array.from(dots, (d) => d / blockMs),
    blockMs,
    n,
  );
}

/** Spread of the segmentations' length priors, from how well the pass before fit Morse timing. */
function spreadOf(tuning: Tuning, analysis: TimingAnalysis): number {
  const { MIN_SPREAD, MAX_SPREAD, MISFIT_TO_SPREAD } = tuning.passes;
  return Math.min(MAX_SPREAD, Math.max(MIN_SPREAD, MISFIT_TO_SPREAD * analysis.misfit));
}

/** The dot length, ms, a pass measured (its median speed, as it reports it). */
function passDotMs(pass: Pass): number {
  return dotMsOf(pass.analysis.decoded.wpm);
}

/**
 * Threshold keying for a first estimate of the speed along the recording, then the
 * Morse-aware segmentation of the envelope (search/marks.ts), given the speed profile
 * the pass before found, SEGMENTATIONS times. Filters are built for `filterDotMs`.
 * Without a hinted speed the speed search has already found keying, so the presence test
 * is skipped. Undefined where a pass's timings decode to nothing.
 */
export function envelopePasses(
  tuning: Tuning,
  bb: Baseband,
  dotMs: number,
  hintWpm: number | undefined,
  filterDotMs: number,
): (Pass & { levels: Levels }) | undefined {
  const { FILTER_DOTS, COHERENT_MS } = tuning.speed;
  const { SEGMENT_FILTER_DOTS } = tuning.evidence;
  const { env, looks } = amplitude(bb, FILTER_DOTS * filterDotMs, COHERENT_MS);
  const options = { blockMs: bb.blockMs, dotMs, looks, present: hintWpm === undefined, tuning };
  const keyed = keyByThreshold(env, options);
  let pass: Pass = { keyed, analysis: analyseTimings(tuning, durationsOf(keyed), { wpm: hintWpm ?? wpmOfDot(dotMs) }) };
  if (pass.analysis.decoded.characters === 0) return undefined;
  const fine = amplitude(bb, SEGMENT_FILTER_DOTS * filterDotMs, COHERENT_MS);
  const lv = levels(fine.env, { ...options, looks: fine.looks });
  if (!lv) return undefined;
  for (let k = 0; k < tuning.passes.SEGMENTATIONS; k++) {
    const next = segment(fine.env, lv, {
      blockMs: bb.blockMs,
      filterBlocks: Math.max(1, (SEGMENT_FILTER_DOTS * filterDotMs) / bb.blockMs),
      looks: fine.looks,
      dotBlocks: dotProfile(pass, pass.analysis.dots, bb.blockMs, env.length),
      spread: spreadOf(tuning, pass.analysis),
      tuning,
    });
    pass = { keyed: next, analysis: analyseTimings(tuning, durationsOf(next), { wpm: pass.analysis.decoded.wpm }) };
    if (pass.analysis.decoded.characters === 0) return undefined;
  }
  return { ...pass, levels: lv };
}

/**
 * How far the tone's phase holds (evidence/in-phase.ts): over the recording, as a keyed
 * oscillator's does, unless the phases of the marks the envelope found do not carry from
 * one to the next within PHASE_HALF_WINDOW_MS (generators that start every element's sine
 * afresh); then within each mark. And how far either side the reference reaches: of
 * PHASE_HALF_WINDOW_MS and the shorter PHASE_HALF_WINDOWS_MS, as far as the phase holds.
 * Fast fading turns it within a character, and a wandering pitch the drift follower
 * cannot follow within a second; a tone that does not fade fast keeps the longest window
 * unless a shorter one reads its marks better by PHASE_STEADY_ERRORS standard errors; on
 * fewer than PHASE_WINDOW_MARKS marks every tone keeps it.
 */
export function phaseReferenceOf(tuning: Tuning, bb: Baseband, first: Pass, fadesFast: boolean): PhaseReference {
  const { MIN_PHASE_CARRY, PHASE_HALF_WINDOW_MS, PHASE_HALF_WINDOWS_MS, PHASE_STEADY_ERRORS, PHASE_WINDOW_MARKS } = tuning.evidence;
  const carry = phaseCarry(bb, first.keyed, PHASE_HALF_WINDOW_MS);
  const scope = carry < MIN_PHASE_CARRY ? "mark" : "recording";
  const marks = markMask(first.keyed, bb.blockMs, bb.re.length);
  const halfWindow = phaseWindow(bb, marks, {
    halfWindows: [PHASE_HALF_WINDOW_MS, ...PHASE_HALF_WINDOWS_MS].map((ms) => Math.round(ms / bb.blockMs)),
    exclude: excludedBlocks(tuning, bb, passDotMs(first)),
    scope,
    errors: fadesFast ? 1 : PHASE_STEADY_ERRORS,
    fewestMarks: PHASE_WINDOW_MARKS,
  });
  return { scope, halfWindow, fadesFast };
}

/** The blocks either side of its own that a block's phase reference leaves out (PHASE_EXCLUDE_DOTS). */
function excludedBlocks(tuning: Tuning, bb: Baseband, dotMs: number): number {
  return Math.round((tuning.evidence.PHASE_EXCLUDE_DOTS * dotMs) / bb.blockMs);
}

/** The tone's in-phase component, turned onto the phase of `marks` (evidence/in-phase.ts). */
function inPhaseOf(tuning: Tuning, bb: Baseband, marks: Uint8Array, dotMs: number, phase: PhaseReference): Float32Array {
  return inPhase(bb, marks, phase.halfWindow, excludedBlocks(tuning, bb, dotMs), phase.scope);
}

/**
 * A segmentation on the tone's in-phase component (search/marks.ts segmentCoherent), with
 * the phase taken from the marks the pass before found: undefined when it decodes nothing.
 */
function coherentPass(tuning: Tuning, bb: Baseband, pass: Pass, phase: PhaseReference): Pass | undefined {
  const n = bb.re.length;
  const y = inPhaseOf(tuning, bb, markMask(pass.keyed, bb.blockMs, n), passDotMs(pass), phase);
  const { keyed, model } = segmentCoherent(y, pass.keyed, {
    blockMs: bb.blockMs,
    filterBlocks: 1,
    looks: 1,
    dotBlocks: dotProfile(pass, pass.analysis.dots, bb.blockMs, y.length),
    spread: spreadOf(tuning, pass.analysis),
    stepsPerDot: tuning.marks.COHERENT_STEPS_PER_DOT,
    fadesFast: phase.fadesFast,
    tuning,
  });
  const analysis = analyseTimings(tuning, durationsOf(keyed), { wpm: pass.analysis.decoded.wpm });
  return analysis.decoded.characters > 0 ? { keyed, analysis, model } : undefined;
}

/**
 * Coherent passes, each taking the phase and the model from the one before, up to
 * COHERENT_PASSES and until nothing changes.
 *
 * A pass is a function of the pass before it alone, and that of what it keyed and the
 * speed the pass before it measured. So once a pass keys what an earlier pass keyed after
 * a pass at the same speed, the passes go round a cycle for good: the last pass is the
 * one at its place in the cycle, found without making the passes
 * (a tenth of the calls go round one and would make all sixteen).
 */
export function coherentPasses(tuning: Tuning, bb: Baseband, first: Pass, phase: PhaseReference): Pass {
  const { COHERENT_PASSES } = tuning.passes;
  const passes = [first];
  for (let k = 1; k <= COHERENT_PASSES; k++) {
    const before = passes[k - 1]!;
    const next = coherentPass(tuning, bb, before, phase);
    if (!next) return before;
    if (sameKeyed(next.keyed, before.keyed)) return next;
    passes.push(next);
    const start = cycleStart(passes);
    // From the pass after `start` the passes repeat whole, the model too (the cycle's first pass's came from another).
    if (start !== undefined) return passes[start + 1 + ((COHERENT_PASSES - start - 1) % (k - start))]!;
  }
  return passes[COHERENT_PASSES]!;
}

/** The earlier pass the last of `passes` repeats (keyed alike, after passes at the same speed), if any; passes from 1. */
function cycleStart(passes: Pass[]): number | undefined {
  const last = passes.length - 1;
  const speed = (k: number) => passes[k - 1]!.analysis.decoded.wpm;
  for (let m = 1; m < last - 1; m++) if (speed(m) === speed(last) && sameKeyed(passes[m]!.keyed, passes[last]!.keyed)) return m;
  return undefined;
}

/**
 * The timing grid of machine keying, when what was read lies on one (search/grid.ts),
 * with standard spacing; undefined for a hand, or Farnsworth spacing.
 */
function gridOf(tuning: Tuning, { keyed, analysis }: Pass): Grid | undefined {
  if (!isStandard(analysis.spacing, tuning.grid.MAX_GRID_STRETCH)) return undefined;
  const grid = fitGrid(tuning, keyed, median(analysis.dots));
  return grid && onGrid(tuning, grid, keyed) ? grid : undefined;
}

/**
 * The last pass, of whole characters on the coherent evidence: on the timing grid for
 * machine keying (search/grid.ts), else by the character search (search/characters.ts),
 * searched again where the gaps between the characters it read put the letter gaps
 * elsewhere than the timings' spacing did (noise can draw the gaps inside letters out
 * toward a tight fist's letter gaps). The phase and the model come from the marks and gaps
 * of `pass`; the pitch offset the drift follower leaves is followed on its marks first.
 * Undefined where it reads no mark.
 */
export function characterPass(tuning: Tuning, bb: Baseband, pass: Pass, phase: PhaseReference): Keyed | undefined {
  const { CHARACTER_NOISE_WEIGHT } = tuning.evidence;
  const { CHARACTER_SPREAD, CHARACTER_STEPS_PER_DOT } = tuning.characters;
  const { keyed, analysis } = pass;
  const marks = markMask(keyed, bb.blockMs, bb.re.length);
  const y = inPhaseOf(tuning, followMarks(tuning, bb, marks), marks, passDotMs(pass), phase);
  const measured = coherentEvidence(tuning, y, keyed, bb.blockMs, CHARACTER_NOISE_WEIGHT, phase.fadesFast);
  if (!measured) return undefined;
  const signal = { y, amplitude: measured.model.amplitude, noise: measured.model.noise };
  const dotBlocks = dotProfile(pass, runningMedian(analysis.dots, tuning.passes.STEADY_DOT_MARKS), bb.blockMs, y.length);
  const grid = gridOf(tuning, pass);
  if (grid) return keyedCharacters(segmentOnGrid(tuning, measured.evidence, grid, bb.blockMs), bb.blockMs, signal, { dotBlocks, spacing: STANDARD, tuning });
  const options = { dotBlocks, spread: CHARACTER_SPREAD * spreadOf(tuning, analysis), spacing: analysis.spacing, stepsPerDot: CHARACTER_STEPS_PER_DOT, tuning };
  const found = searchCharacters(measured.evidence, keyed, bb.blockMs, signal, options);
  // The spacing the timings gave is the search's prior; the gaps between the characters it found can say otherwise.
  const spacing = found && spacingBetweenCharacters(tuning, gapsBetweenCharacters(found));
  if (!spacing || sameLetterGaps(spacing, analysis.spacing, tuning.timings.STANDARD_SPACING)) return found;
  return searchCharacters(measured.evidence, keyed, bb.blockMs, signal, { ...options, spacing }) ?? found;
}
