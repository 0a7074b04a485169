/**
 * A tone's fade, measured on its marks. Where the tone fades by FAST_FADE_RATIO or more
 * within one of the levels' windows (levels.ts), or deep and slowly on a clear tone (deeper
 * than the windows follow), a trough's marks fall under the threshold halfway between the
 * window's on and off levels and read as gaps; the recording is then read with the fade
 * divided out (front-end/baseband.ts withoutFade).
 *
 * Noise does not fade with the tone, so a mark stands out from it by a margin over the
 * noise's level (the envelope's off level) whatever the fade has made of the tone there,
 * and it is as wide as it was keyed: a dot or more through the filter, where a click or a
 * burst of noise is no wider than the filter. Inside such a mark the
 * envelope is the tone's level, block by block (a fast fade moves it within a dash), and
 * between two marks the level is taken to move in a straight line: a fade of a second or
 * more changes little over the few dots between marks.
 */
import { median } from "../../dsp/stats.js";
import type { Baseband } from "../front-end/baseband.js";
import { DOT_DOTS } from "../../../core/units.js";
import type { Tuning } from "../tuning.js";
import { amplitude } from "./envelope.js";
import { globalLevels, levelWindowMs } from "./levels.js";

/** A mark's level is read where it stands half its peak's height or more: below, the filter's ramps are not the tone's level. */
const HALF = 0.5;

/** A point the tone's level is known at: a block inside a mark, and the envelope there. */
interface LevelPoint {
  at: number;
  level: number;
}

/** A fade to take out: the tone's level along the recording as a gain around 1 (over the median mark's), and whether it fades fast. */
export interface Fade {
  gain: Float32Array;
  fast: boolean;
}

/**
 * The tone's fade, where it fades by FAST_FADE_RATIO or more within a typical level window
 * (fast), or deep and slowly on a clear tone (deepAndSlow); undefined for a steady tone, a
 * shallow slow fade, or too few marks to tell.
 */
export function fadeOf(tuning: Tuning, bb: Baseband, dotMs: number): Fade | undefined {
  const { FILTER_DOTS, COHERENT_MS } = tuning.speed;
  const { env } = amplitude(bb, FILTER_DOTS * dotMs, COHERENT_MS);
  // Through the filter a click stands half its height for the filter's length, a mark for its own: a dot or more.
  const narrowest = ((DOT_DOTS + FILTER_DOTS) / 2) * (dotMs / bb.blockMs);
  const window = Math.round(levelWindowMs(tuning, dotMs) / bb.blockMs);
  // Whether it fades fast is judged on each mark's mean level, which noise moves less than a block's; a faint tone's down to its troughs where the recording holds enough windows.
  const faint = env.length >= tuning.evidence.FAINT_FADE_WINDOWS * window;
  const means = levelPoints(tuning, env, narrowest, true, HALF, 0, faint);
  if (means.marks < tuning.evidence.FADE_MARKS) return undefined;
  const gain = gainBetween(means.points, env.length, median(means.points.map((p) => p.level)));
  const fast = fadesFast(tuning, gain, window);
  if (!fast && !deepAndSlow(tuning, means.points, env, means.on)) return undefined;
  // A slow fade's level is read where a mark has filled the filter; a fast one's also on the ramps, where it may already be turning.
  const ramp = fast ? 0 : Math.round((FILTER_DOTS * dotMs) / 2 / bb.blockMs);
  const { points } = levelPoints(tuning, env, narrowest, false, tuning.evidence.FADE_MARK_FOOT, ramp);
  return { gain: gainBetween(points, env.length, median(points.map((p) => p.level))), fast };
}

/**
 * Every stretch where the envelope stands FADE_MARK_OVER_OFF times over its off level (or
 * where `faint`, faintOver), and
 * at least 1 / MAX_FADE_GAIN of its on level (a trough deeper than that is not followed),
 * and stands `foot` of its peak's height (half, unless given) for `narrowest` blocks or
 * more, is a mark; the level is known at each block where it stands half its peak's height,
 * or as `whole` marks at its peak, as its mean there. A fast fade moves the level within a
 * dash, so a mark's every block says more of it than one mean would.
 *
 * `ramp` blocks at each end of that span are left out (the top alone is kept where nothing
 * is left): half the filter's length, where the envelope still climbs or falls with the
 * filter, not with the tone. Kept, they put the level between two marks at half the marks'
 * and give each mark horns, and a slow fade on a clear tone then read a whole message as
 * garbage at +20 dB.
 */
function levelPoints(
  tuning: Tuning,
  env: Float32Array,
  narrowest: number,
  whole: boolean,
  foot = HALF,
  ramp = 0,
  faint = false,
): { points: LevelPoint[]; marks: number; on: number } {
  const { on, off } = globalLevels(tuning, env);
  const threshold = Math.max(faint ? faintOver(tuning, on, off) : tuning.evidence.FADE_MARK_OVER_OFF * off, on / tuning.baseband.MAX_FADE_GAIN);
  const points: LevelPoint[] = [];
  let marks = 0;
  for (let i = 0; i < env.length; ) {
    if (env[i]! <= threshold) {
      i++;
      continue;
    }
    let top = i;
    let end = i;
    for (; end < env.length && env[end]! > threshold; end++) if (env[end]! > env[top]!) top = end;
    const { from, to } = spanAt(env, top, HALF);
    const wide = spanAt(env, top, foot);
    if (wide.to - wide.from + 1 >= narrowest) {
      marks++;
      if (whole) points.push({ at: top, level: mean(env, from, to + 1) });
      else if (to - from < 2 * ramp) points.push({ at: top, level: env[top]! });
      else for (let j = from + ramp; j <= to - ramp; j++) points.push({ at: j, level: env[j]! });
    }
    i = end;
  }
  return { points, marks, on };
}

/**
 * The level `faint` marks stand over: a third of the tone's on level, within
 * FAINT_MARK_OVER_OFF and FADE_MARK_OVER_OFF times its off level, so that a faint fade's
 * troughs count.
 */
function faintOver(tuning: Tuning, on: number, off: number): number {
  const { FADE_MARK_OVER_OFF, FAINT_MARK_OVER_OFF } = tuning.evidence;
  return Math.max(FAINT_MARK_OVER_OFF * off, Math.min(FADE_MARK_OVER_OFF * off, on / FAINT_MARK_OVER_OFF));
}

/** The blocks around `top` where the envelope stands at `share` of its value there or more. */
function spanAt(env: Float32Array, top: number, share: number): { from: number; to: number } {
  const least = env[top]! * share;
  let from = top;
  let to = top;
  while (from > 0 && env[from - 1]! >= least) from--;
  while (to + 1 < env.length && env[to + 1]! >= least) to++;
  return { from, to };
}

/** The gain at every block: the level in a straight line from point to point (held before the first and after the last), over `reference`. */
function gainBetween(marks: LevelPoint[], length: number, reference: number): Float32Array {
  const gain = new Float32Array(length);
  let k = 0;
  for (let i = 0; i < length; i++) {
    while (k + 1 < marks.length && marks[k + 1]!.at <= i) k++;
    const a = marks[k]!;
    const b = marks[k + 1];
    const level = !b || i <= a.at ? a.level : a.level + ((b.level - a.level) * (i - a.at)) / (b.at - a.at);
    gain[i] = level / reference;
  }
  return gain;
}

/** The mean of values[from, to). */
function mean(values: Float32Array, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i]!;
  return sum / (to - from);
}

/**
 * Whether marks fade deep and slowly: their levels spread by SLOW_FADE_SPREAD or more
 * (10th to 90th percentile), each a small step from the last (the median step's log
 * under SLOW_FADE_STEP of the spread's: a fade moves little from mark to mark, noise and
 * two stations' turns do not), the median mark SLOW_FADE_CLEAR times over the noise. The
 * noise is measured where the envelope stands over SILENCE_UNDER_ON of its on level `on`: a receiver muted while its
 * operator sends holds digital silence, not the noise. The levels' windows follow such a
 * fade only to a trough 10 dB or so down; taken out, a clear tone reads through troughs 20
 * to 30 dB deep.
 */
function deepAndSlow(tuning: Tuning, marks: LevelPoint[], env: Float32Array, on: number): boolean {
  const { FADE_MARK_OVER_OFF, SILENCE_UNDER_ON, SLOW_FADE_SPREAD, SLOW_FADE_CLEAR, SLOW_FADE_STEP } = tuning.evidence;
  const heard = above(env, SILENCE_UNDER_ON * on);
  if (heard.length === 0) return false;
  const { off } = globalLevels(tuning, heard);
  const points = marks.filter((p) => p.level >= FADE_MARK_OVER_OFF * off);
  if (points.length < tuning.evidence.SLOW_FADE_MARKS) return false;
  const levels = Float64Array.from(points, (p) => p.level).sort();
  const spread = levels[Math.floor(0.9 * (levels.length - 1))]! / levels[Math.floor(0.1 * (levels.length - 1))]!;
  const step = median(points.slice(1).map((p, k) => Math.abs(Math.log(p.level / points[k]!.level))));
  return spread >= SLOW_FADE_SPREAD && median(levels) >= SLOW_FADE_CLEAR * off && step <= SLOW_FADE_STEP * Math.log(spread);
}

/** The values over `floor`, in order (a loop: filter's callback per block cost a band's reading 4 % of its time). */
function above(values: Float32Array, floor: number): Float32Array {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > floor) count++;
  const out = new Float32Array(count);
  for (let i = 0, k = 0; i < values.length; i++) if (values[i]! > floor) out[k++] = values[i]!;
  return out;
}

/** Points a level window is looked at in. */
const STEPS_PER_WINDOW = 20;

/** Whether the gain swings by FAST_FADE_RATIO or more within the median window of `window` blocks. */
function fadesFast(tuning: Tuning, gain: Float32Array, window: number): boolean {
  const size = Math.max(1, window);
  const step = Math.max(1, Math.round(size / STEPS_PER_WINDOW));
  const swings: number[] = [];
  for (let from = 0; from + size <= gain.length; from += step) {
    let low = Number.POSITIVE_INFINITY;
    let high = 0;
    for (let i = from; i < from + size; i += step) {
      low = Math.min(low, gain[i]!);
      high = Math.max(high, gain[i]!);
    }
    swings.push(high / low);
  }
  return swings.length > 0 && median(swings) >= tuning.evidence.FAST_FADE_RATIO;
}
