/**
 * A tone that fades fast, measured on its marks. Where the tone fades by FAST_FADE_RATIO
 * or more within one of the levels' windows (levels.ts), a trough's marks fall under the
 * threshold halfway between the window's on and off levels and read as gaps; the
 * recording is then read with the fade divided out (front-end/baseband.ts withoutFade).
 *
 * Noise does not fade with the tone, so a mark stands out from it by a margin over the
 * noise's level (the envelope's off level) whatever the fade has made of the tone there,
 * and it is as wide as it was keyed: at half its height, a dot or more through the filter,
 * where a click or a burst of noise is no wider than the filter. Each such mark's peak is
 * the tone's level at that moment, and between two marks the level is taken to move in a
 * straight line: a fade of a second or more changes little over the few dots between marks.
 */
import { median } from "../../dsp/stats.js";
import type { Baseband } from "../front-end/baseband.js";
import { DOT_DOTS } from "../../../core/units.js";
import { TUNING } from "../tuning.js";
import { amplitude } from "./envelope.js";
import { globalLevels, levelWindowMs } from "./levels.js";

/** A mark's peak: where, in blocks, and the envelope there. */
interface Peak {
  at: number;
  level: number;
}

/**
 * The tone's level along the recording as a gain around 1 (over the median mark's),
 * where it fades by FAST_FADE_RATIO or more within a typical level window; undefined for
 * a steady tone, a slow fade, or too few marks to tell.
 */
export function fastFading(bb: Baseband, dotMs: number): Float32Array | undefined {
  const { FILTER_DOTS, COHERENT_MS } = TUNING.speed;
  const { env } = amplitude(bb, FILTER_DOTS * dotMs, COHERENT_MS);
  // Through the filter a click stands half its height for the filter's length, a mark for its own: a dot or more.
  const narrowest = ((DOT_DOTS + FILTER_DOTS) / 2) * (dotMs / bb.blockMs);
  const peaks = markPeaks(env, narrowest);
  if (peaks.length < TUNING.evidence.FADE_MARKS) return undefined;
  const gain = levelBetween(peaks, env.length, median(peaks.map((p) => p.level)));
  return fadesFast(gain, Math.round(levelWindowMs(dotMs) / bb.blockMs)) ? gain : undefined;
}

/**
 * The peak of every stretch where the envelope stands FADE_MARK_OVER_OFF times over its
 * off level, and at least 1 / MAX_FADE_GAIN of its on level (a trough deeper than that is
 * not followed), and stands half that peak's height for `narrowest` blocks or more.
 */
function markPeaks(env: Float32Array, narrowest: number): Peak[] {
  const { on, off } = globalLevels(env);
  const threshold = Math.max(TUNING.evidence.FADE_MARK_OVER_OFF * off, on / TUNING.baseband.MAX_FADE_GAIN);
  const peaks: Peak[] = [];
  for (let i = 0; i < env.length; ) {
    if (env[i]! <= threshold) {
      i++;
      continue;
    }
    let top = i;
    let end = i;
    for (; end < env.length && env[end]! > threshold; end++) if (env[end]! > env[top]!) top = end;
    if (halfWidth(env, top) >= narrowest) peaks.push({ at: top, level: env[top]! });
    i = end;
  }
  return peaks;
}

/** How many blocks around `top` the envelope stands at half its value there or more. */
function halfWidth(env: Float32Array, top: number): number {
  const half = env[top]! / 2;
  let from = top;
  let to = top;
  while (from > 0 && env[from - 1]! >= half) from--;
  while (to + 1 < env.length && env[to + 1]! >= half) to++;
  return to - from + 1;
}

/** The level at every block, in a straight line from peak to peak (held before the first and after the last), over `reference`. */
function levelBetween(peaks: Peak[], length: number, reference: number): Float32Array {
  const gain = new Float32Array(length);
  let k = 0;
  for (let i = 0; i < length; i++) {
    while (k + 1 < peaks.length && peaks[k + 1]!.at <= i) k++;
    const a = peaks[k]!;
    const b = peaks[k + 1];
    const level = !b || i <= a.at ? a.level : a.level + ((b.level - a.level) * (i - a.at)) / (b.at - a.at);
    gain[i] = level / reference;
  }
  return gain;
}

/** Points a level window is looked at in. */
const STEPS_PER_WINDOW = 20;

/** Whether the gain swings by FAST_FADE_RATIO or more within the median window of `window` blocks. */
function fadesFast(gain: Float32Array, window: number): boolean {
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
  return swings.length > 0 && median(swings) >= TUNING.evidence.FAST_FADE_RATIO;
}
