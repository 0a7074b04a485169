/**
 * The envelope's levels, measured locally so that slow fading moves them with the signal.
 *
 * In every window of a second or more (20 dots) the "on" level is a high quantile of
 * the envelope and the "off" level a low one. Where they stand further apart than noise
 * alone puts them, the window holds keying and its threshold sits halfway between
 * them; elsewhere (silence, pauses) the levels are raised to at least the keyed
 * windows' average, so that noise there stays below the threshold.
 */
import { median, selectInPlace } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

export interface LevelOptions {
  blockMs: number;
  /** The dot length the envelope was filtered for, ms: sets window and debounce lengths. */
  dotMs: number;
  /** Independent noise samples averaged into each envelope value (1: Rayleigh-like noise). */
  looks: number;
  /**
   * The caller has already found keying in this recording (with another filter): skip the
   * test for a keyed tone, which a filter too short for fast Morse deep in noise can fail.
   */
  present?: boolean;
  /** The decoder's configuration. */
  tuning: Tuning;
}

/**
 * Counts of the points in a window by bucket, for quantiles: a value's bucket is the top
 * 16 bits of its float32 bit pattern, turned so that buckets order as the values do
 * (a negative value's pattern runs backwards); `coarse` counts 256 buckets at a time.
 * Zero between calls.
 */
const fine = new Uint32Array(1 << 16);
const coarse = new Uint32Array(1 << 8);

/** The bucket of a float32 from its bit pattern. */
function bucketOf(bits: number): number {
  return (bits ^ ((bits >> 31) | 0x80000000)) >>> 16;
}

/** Counts the points of bits[from, to) at `stride` by bucket; returns the lowest coarse bucket counted. */
function countBuckets(bits: Uint32Array, from: number, to: number, stride: number): number {
  let lowest = coarse.length - 1;
  for (let j = from; j < to; j += stride) {
    const b = bucketOf(bits[j]!);
    fine[b]!++;
    coarse[b >>> 8]!++;
    lowest = Math.min(lowest, b >>> 8);
  }
  return lowest;
}

/** The bucket holding the `rank`-th smallest counted value (0-based) and its rank there; no bucket below coarse bucket `lowest` holds any. */
function findBucket(rank: number, lowest: number): { bucket: number; rankIn: number } {
  let below = 0;
  let c = lowest;
  for (; below + coarse[c]! <= rank; c++) below += coarse[c]!;
  let bucket = c << 8;
  for (; below + fine[bucket]! <= rank; bucket++) below += fine[bucket]!;
  return { bucket, rankIn: rank - below };
}

/** The two buckets' values, reused from call to call (it keeps nothing in them). */
let scratch = new Float32Array(0);

/**
 * The `high` and `low` quantiles of env[from, to) (`bits`: env's bit patterns), at every
 * `stride`-th point where more than QUANTILE_POINTS lie there. The points are counted by
 * bucket, the bucket holding each quantile found from the counts and the quantile
 * selected among that bucket's points alone: two passes over the points and a select
 * among a few, instead of selecting among them all. The buckets order as the values do
 * (the envelope holds no NaN, nor -0 beside +0), so the value at each rank is the one any
 * selection finds.
 */
function quantiles(tuning: Tuning, env: Float32Array, bits: Uint32Array, from: number, to: number, high: number, low: number): [number, number] {
  const { QUANTILE_POINTS } = tuning.levels;
  const stride = Math.max(1, Math.floor((to - from) / QUANTILE_POINTS));
  const count = Math.ceil((to - from) / stride);
  const lowest = countBuckets(bits, from, to, stride);
  const top = findBucket(Math.min(count - 1, Math.floor(high * count)), lowest);
  const bottom = findBucket(Math.min(count - 1, Math.floor(low * count)), lowest);
  coarse.fill(0, lowest);
  // The top bucket's points from the front of scratch, the bottom one's from `count` on.
  if (scratch.length < 2 * count) scratch = new Float32Array(2 * count);
  let inTop = 0;
  let inBottom = count;
  for (let j = from; j < to; j += stride) {
    const b = bucketOf(bits[j]!);
    fine[b] = 0;
    if (b === top.bucket) scratch[inTop++] = env[j]!;
    if (b === bottom.bucket) scratch[inBottom++] = env[j]!;
  }
  return [selectInPlace(scratch.subarray(0, inTop), top.rankIn), selectInPlace(scratch.subarray(count, inBottom), bottom.rankIn)];
}

interface LevelWindow {
  centre: number;
  on: number;
  off: number;
  keyed: boolean;
}

/** Levels at every block: the threshold (`mid`), the on-off span and the off level. */
export interface Levels {
  mid: Float32Array;
  span: Float32Array;
  off: Float32Array;
}

/** The length of the windows the levels are measured over, ms, at a dot of `dotMs`. */
export function levelWindowMs(tuning: Tuning, dotMs: number): number {
  const { LEVEL_WINDOW_MS, LEVEL_WINDOW_DOTS } = tuning.levels;
  return Math.max(LEVEL_WINDOW_MS, LEVEL_WINDOW_DOTS * dotMs);
}

/** The envelope's on level (GLOBAL_ON_QUANTILE) and off level (OFF_QUANTILE) over the whole recording. */
export function globalLevels(tuning: Tuning, env: Float32Array): { on: number; off: number } {
  const { GLOBAL_ON_QUANTILE, OFF_QUANTILE } = tuning.levels;
  const [on, off] = quantiles(tuning, env, new Uint32Array(env.buffer, env.byteOffset, env.length), 0, env.length, GLOBAL_ON_QUANTILE, OFF_QUANTILE);
  return { on, off };
}

/** The levels along the envelope; undefined when the recording holds no keyed tone. */
export function levels(env: Float32Array, { blockMs, dotMs, looks, present, tuning }: LevelOptions): Levels | undefined {
  const { OFF_QUANTILE, ON_QUANTILE, PRESENCE_MARGIN, NOISE_SPREAD_GLOBAL, NOISE_SPREAD_ON, LOOKS_EXPONENT, WEAKEST_ON } = tuning.levels;
  const n = env.length;
  if (n === 0) return undefined;
  const narrowing = looks ** LOOKS_EXPONENT;
  const bits = new Uint32Array(env.buffer, env.byteOffset, n);
  const { on: globalOn, off: globalOff } = globalLevels(tuning, env);
  if (!present && !(globalOn > globalOff * (1 + PRESENCE_MARGIN * NOISE_SPREAD_GLOBAL * narrowing))) return undefined;

  const size = Math.min(n, Math.round(levelWindowMs(tuning, dotMs) / blockMs));
  const hop = Math.max(1, size >> 2);
  const windows: LevelWindow[] = [];
  let last: LevelWindow | undefined;
  let lastFrom = -1;
  for (let centre = 0; ; centre += hop) {
    // Windows are cut at the ends, so the first few and the last few are one window.
    const from = Math.max(0, Math.min(n - size, centre - (size >> 1)));
    const [on, off] = last && from === lastFrom ? [last.on, last.off] : quantiles(tuning, env, bits, from, from + size, ON_QUANTILE, OFF_QUANTILE);
    last = { centre, on, off, keyed: on > off * (1 + PRESENCE_MARGIN * NOISE_SPREAD_ON * narrowing) };
    lastFrom = from;
    windows.push(last);
    if (centre >= n) break;
  }
  // A window of noise alone now and then spreads as wide as keying; its on level gives it away.
  const typicalOn = median(windows.filter((w) => w.keyed).map((w) => w.on));
  for (const w of windows) if (w.on < WEAKEST_ON * typicalOn) w.keyed = false;
  const keyed = windows.filter((w) => w.keyed);
  const average = (f: (w: LevelWindow) => number, fallback: number) => (keyed.length > 0 ? keyed.reduce((sum, w) => sum + f(w), 0) / keyed.length : fallback);
  const restOn = average((w) => w.on, globalOn);
  const restOff = average((w) => w.off, globalOff);
  const ons = windows.map((w) => (w.keyed ? w.on : Math.max(w.on, restOn)));
  const offs = windows.map((w) => (w.keyed ? w.off : Math.max(w.off, restOff)));
  // Linear between window centres.
  const mid = new Float32Array(n);
  const span = new Float32Array(n);
  const off = new Float32Array(n);
  for (let k = 0; k + 1 < windows.length; k++) {
    const a = windows[k]!.centre;
    const b = windows[k + 1]!.centre;
    const onA = ons[k]!;
    const onRise = ons[k + 1]! - onA;
    const offA = offs[k]!;
    const offRise = offs[k + 1]! - offA;
    for (let i = a; i < Math.min(n, b); i++) {
      const t = (i - a) / (b - a);
      const on = onA + t * onRise;
      // As stored: mid and span are taken from the off level at float32.
      const offHere = Math.fround(offA + t * offRise);
      off[i] = offHere;
      mid[i] = (on + offHere) / 2;
      span[i] = on - offHere;
    }
  }
  return { mid, span, off };
}
