/**
 * The speed search. The right envelope filter depends on the speed, which is not known
 * yet: the envelope is keyed by threshold behind filters for a ladder of dot lengths
 * (24 to 270 ms: 50 to 4.4 wpm) and each keying decoded; the decode whose timings fit
 * Morse's 1:3:7 best gives the dot length.
 */
import { dotMs as dotMsOf, wpmOfDot } from "../../core/units.js";
import { analyseTimings, type TimingDecode } from "./characters/timings.js";
import { amplitude } from "./evidence/envelope.js";
import type { Baseband } from "./front-end/baseband.js";
import { durationsOf } from "./keyed.js";
import { keyByThreshold } from "./search/threshold.js";
import type { Tuning } from "./tuning.js";

interface Trial {
  dotMs: number;
  decoded: TimingDecode;
  misfit: number;
}

/** One trial of the speed search: threshold keying and decoding with filters for `dotMs`. */
function trial(tuning: Tuning, bb: Baseband, dotMs: number): Trial {
  const { FILTER_DOTS, COHERENT_MS } = tuning.speed;
  const { env, looks } = amplitude(bb, FILTER_DOTS * dotMs, COHERENT_MS);
  const keyed = keyByThreshold(env, { blockMs: bb.blockMs, dotMs, looks, tuning });
  return { dotMs, ...analyseTimings(tuning, durationsOf(keyed), { wpm: wpmOfDot(dotMs) }) };
}

/** How well a trial fits Morse, with a slight preference for shorter dots (SHORTER_DOT_BIAS). */
function biasedMisfit(tuning: Tuning, t: Trial): number {
  return t.misfit + tuning.speed.SHORTER_DOT_BIAS * Math.log(t.dotMs);
}

/**
 * The dot lengths tried, ms: LADDER_STEPS steps of √2 from LADDER_SHORTEST_DOT_MS; near a
 * rung `nearMs`, only the rungs within NEAR_RUNGS steps of it.
 */
function dotLadder(tuning: Tuning, nearMs?: number): number[] {
  const { LADDER_STEPS, LADDER_SHORTEST_DOT_MS, NEAR_RUNGS } = tuning.speed;
  const ladder = Array.from({ length: LADDER_STEPS }, (_, k) => LADDER_SHORTEST_DOT_MS * Math.SQRT2 ** k);
  if (nearMs === undefined) return ladder;
  // A rung is half an octave up from the one before.
  const near = Math.round(2 * Math.log2(nearMs / LADDER_SHORTEST_DOT_MS));
  return ladder.filter((_, k) => Math.abs(k - near) <= NEAR_RUNGS);
}

/** What the speed search found: the dot length to build the final filters for, and the rung of the ladder whose trial read it. */
export interface Speed {
  dotMs: number;
  rungMs: number;
}

/** The one kind of element a decode holds ("." or "-"), or undefined where it holds both (or none). */
function oneKind(morse: string): string | undefined {
  const dots = morse.includes(".");
  const dashes = morse.includes("-");
  return dots === dashes ? undefined : dots ? "." : "-";
}

/**
 * Marks all of one length read as dots at one speed and as dashes at three times it, and
 * their timings fit Morse equally well either way (S, I, H, EE at 15 wpm are TTT, TT, TTTT,
 * T T at 45): of `best` and a trial that reads the other kind about as well, the one whose
 * speed is nearer TYPICAL_WPM.
 */
function likelierOfOneKind(tuning: Tuning, best: Trial, trials: Trial[]): Trial {
  const kind = oneKind(best.decoded.morse);
  if (kind === undefined) return best;
  const { TYPICAL_WPM, ONE_KIND_TIE_MISFIT } = tuning.speed;
  const typicality = (t: Trial) => Math.abs(Math.log(t.decoded.wpm / TYPICAL_WPM));
  let chosen = best;
  for (const t of trials) {
    const other = oneKind(t.decoded.morse);
    if (other === undefined || other === kind || t.misfit > best.misfit + ONE_KIND_TIE_MISFIT) continue;
    if (typicality(t) < typicality(chosen)) chosen = t;
  }
  return chosen;
}

/**
 * The speed of the trial whose timings fit Morse best; the trials only near the rung
 * `nearMs` when one is given (a decode just before chose it).
 */
export function searchSpeed(tuning: Tuning, bb: Baseband, nearMs?: number): Speed | undefined {
  const trials = dotLadder(tuning, nearMs)
    .map((dotMs) => trial(tuning, bb, dotMs))
    .filter((t) => t.decoded.wpm > 0);
  let best: Trial | undefined;
  for (const t of trials) if (!best || biasedMisfit(tuning, t) < biasedMisfit(tuning, best)) best = t;
  if (best) best = likelierOfOneKind(tuning, best, trials);
  return best && { dotMs: dotMsOf(best.decoded.wpm), rungMs: best.dotMs };
}
