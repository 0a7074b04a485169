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
import { TUNING } from "./tuning.js";

interface Trial {
  dotMs: number;
  decoded: TimingDecode;
  misfit: number;
}

/** One trial of the speed search: threshold keying and decoding with filters for `dotMs`. */
function trial(bb: Baseband, dotMs: number): Trial {
  const { FILTER_DOTS, COHERENT_MS } = TUNING.speed;
  const { env, looks } = amplitude(bb, FILTER_DOTS * dotMs, COHERENT_MS);
  const keyed = keyByThreshold(env, { blockMs: bb.blockMs, dotMs, looks });
  return { dotMs, ...analyseTimings(durationsOf(keyed), { wpm: wpmOfDot(dotMs) }) };
}

/** How well a trial fits Morse, with a slight preference for shorter dots (SHORTER_DOT_BIAS). */
function biasedMisfit(t: Trial): number {
  return t.misfit + TUNING.speed.SHORTER_DOT_BIAS * Math.log(t.dotMs);
}

/** The dot lengths tried, ms: LADDER_STEPS steps of √2 from LADDER_SHORTEST_DOT_MS. */
function dotLadder(): number[] {
  const { LADDER_STEPS, LADDER_SHORTEST_DOT_MS } = TUNING.speed;
  return Array.from({ length: LADDER_STEPS }, (_, k) => LADDER_SHORTEST_DOT_MS * Math.SQRT2 ** k);
}

/** The dot length, ms, to build the final filters for: that of the trial whose timings fit Morse best. */
export function searchDot(bb: Baseband): number | undefined {
  let best: Trial | undefined;
  for (const dotMs of dotLadder()) {
    const t = trial(bb, dotMs);
    if (t.decoded.wpm > 0 && (!best || biasedMisfit(t) < biasedMisfit(best))) best = t;
  }
  return best && dotMsOf(best.decoded.wpm);
}
