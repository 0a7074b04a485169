/**
 * Decides key down or key up along an amplitude envelope, against levels measured
 * locally so that slow fading moves the threshold with the signal.
 *
 * In every window of a second or more (20 dots) the "on" level is a high quantile of
 * the envelope and the "off" level a low one. Where they stand further apart than noise
 * alone puts them, the window holds keying and its threshold sits halfway between
 * them; elsewhere (silence, pauses) the levels are raised to at least the keyed
 * windows' average, so that noise there stays below the threshold. The threshold has
 * hysteresis, and runs shorter than a third of a dot are dropped.
 */
import { median, selectInPlace } from "../../dsp/stats.js";

export interface KeyingOptions {
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
}

/** Local level windows: at least this long, ms, and at least this many dots. */
const WINDOW_MS = 1000;
const WINDOW_DOTS = 20;
/** Quantiles taken as the on and off levels. */
const ON_QUANTILE = 0.9;
const OFF_QUANTILE = 0.25;
/** The on level over the whole recording, for telling a recording of noise alone. */
const GLOBAL_ON_QUANTILE = 0.97;
/**
 * How far above 1 noise alone puts the on/off quantile ratios, at one look: measured on
 * white noise (q90/q25 and q97/q25); more looks narrow it as looks^-0.85.
 */
const NOISE_SPREAD_ON = 1.75;
const NOISE_SPREAD_GLOBAL = 2.4;
/** How much wider than noise's the spread must be to count as keying. */
const PRESENCE_MARGIN = 1.3;
/** A window whose on level is under this share of the keyed windows' median holds no keying (fades stay above it). */
const WEAKEST_ON = 0.25;
/** Hysteresis, as a share of the on-off span, either side of the midpoint. */
const HYSTERESIS = 0.1;
/** Marks and gaps shorter than this many dots are noise. */
const DEBOUNCE_DOTS = 0.35;
/**
 * A window's quantiles look at every value, or at every k-th where that still leaves at
 * least this many (at most twice as many: on the benchmark corpus, a cap of this many
 * read -10 dB with 10 % more errors).
 */
const QUANTILE_POINTS = 512;

/**
 * The `high` and `low` quantiles of env[from, to). Selecting the high one leaves the
 * values below it in front, where the low one is then selected.
 */
function quantiles(env: Float32Array, from: number, to: number, high: number, low: number): [number, number] {
  const stride = Math.max(1, Math.floor((to - from) / QUANTILE_POINTS));
  const picked = new Float32Array(Math.ceil((to - from) / stride));
  for (let i = 0, j = from; j < to; i++, j += stride) picked[i] = env[j]!;
  const highAt = Math.min(picked.length - 1, Math.floor(high * picked.length));
  const lowAt = Math.min(picked.length - 1, Math.floor(low * picked.length));
  const top = selectInPlace(picked, highAt);
  return [top, lowAt < highAt ? selectInPlace(picked.subarray(0, highAt), lowAt) : selectInPlace(picked, lowAt)];
}

interface LevelWindow { centre: number; on: number; off: number; keyed: boolean; }

/** Levels at every block: the threshold (`mid`), the on-off span and the off level. */
export interface Levels {
  mid: Float32Array;
  span: Float32Array;
  off: Float32Array;
}

/** The levels along the envelope; undefined when the recording holds no keyed tone. */
export function levels(env: Float32Array, { blockMs, dotMs, looks, present }: KeyingOptions): Levels | undefined {
  const n = env.length;
  if (n === 0) return undefined;
  const narrowing = looks ** -0.85;
  const [globalOn, globalOff] = quantiles(env, 0, n, GLOBAL_ON_QUANTILE, OFF_QUANTILE);
  if (!present && !(globalOn > globalOff * (1 + PRESENCE_MARGIN * NOISE_SPREAD_GLOBAL * narrowing))) return undefined;

  const size = Math.min(n, Math.round(Math.max(WINDOW_MS, WINDOW_DOTS * dotMs) / blockMs));
  const hop = Math.max(1, size >> 2);
  const windows: LevelWindow[] = [];
  for (let centre = 0; ; centre += hop) {
    const from = Math.max(0, Math.min(n - size, centre - (size >> 1)));
    const [on, off] = quantiles(env, from, from + size, ON_QUANTILE, OFF_QUANTILE);
    windows.push({ centre, on, off, keyed: on > off * (1 + PRESENCE_MARGIN * NOISE_SPREAD_ON * narrowing) });
    if (centre >= n) break;
  }
  // A window of noise alone now and then spreads as wide as keying; its on level gives it away.
  const typicalOn = median(windows.filter((w) => w.keyed).map((w) => w.on));
  for (const w of windows) if (w.on < WEAKEST_ON * typicalOn) w.keyed = false;
  const keyed = windows.filter((w) => w.keyed);
  const average = (f: (w: LevelWindow) => number, fallback: number) =>
    keyed.length > 0 ? keyed.reduce((sum, w) => sum + f(w), 0) / keyed.length : fallback;
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
    for (let i = a; i < Math.min(n, b); i++) {
      const t = (i - a) / (b - a);
      const on = ons[k]! + t * (ons[k + 1]! - ons[k]!);
      off[i] = offs[k]! + t * (offs[k + 1]! - offs[k]!);
      mid[i] = (on + off[i]!) / 2;
      span[i] = on - off[i]!;
    }
  }
  return { mid, span, off };
}

/** Run lengths in blocks, alternating key down and key up, starting and ending with key down; `first` is where. */
function runs(env: Float32Array, { mid, span }: Levels): { first: number; lengths: number[] } {
  const lengths: number[] = [];
  let on = false;
  let start = -1;
  let first = 0;
  for (let i = 0; i < env.length; i++) {
    const margin = HYSTERESIS * span[i]!;
    if (on ? env[i]! >= mid[i]! - margin : env[i]! <= mid[i]! + margin) continue;
    if (start >= 0) lengths.push(i - start);
    else first = i;
    start = i;
    on = !on;
  }
  if (on) lengths.push(env.length - start);
  return { first, lengths };
}

/**
 * Drops runs shorter than `min` blocks: first gaps (dropouts inside a mark), then marks
 * (noise blips inside a gap), merging each into its neighbours. Returns the remaining
 * runs and how many blocks were dropped from the front.
 */
function debounce(lengths: number[], min: number): { lead: number; lengths: number[] } {
  let lead = 0;
  for (const parity of [1, 0]) {
    const out: number[] = [];
    for (let i = 0; i < lengths.length; i++) {
      const len = lengths[i]!;
      if (i % 2 !== parity || len >= min) {
        out.push(len);
      } else if (parity === 1) {
        out[out.length - 1]! += len + lengths[++i]!; // the gap and the next mark join the mark before
      } else if (out.length === 0) {
        lead += len + (lengths[++i] ?? 0); // a leading blip goes with the gap after it
      } else if (i + 1 < lengths.length) {
        out[out.length - 1]! += len + lengths[++i]!; // a blip and the next gap join the gap before
      } else {
        out.pop(); // a trailing blip goes with the gap before it
      }
    }
    lengths = out;
  }
  return { lead, lengths };
}

/** Key timings: when the first mark starts, and the marks and gaps from there. */
export interface KeyedTimings {
  startMs: number;
  /** Alternating key down and key up, ms, starting and ending with key down; empty when nothing was keyed. */
  durations: number[];
}

/** Keys the envelope by threshold with hysteresis, then drops runs too short to be Morse. */
export function keyTimings(env: Float32Array, options: KeyingOptions, known?: Levels): KeyedTimings {
  const found = known ?? levels(env, options);
  if (!found) return { startMs: 0, durations: [] };
  const { first, lengths } = runs(env, found);
  const kept = debounce(lengths, (DEBOUNCE_DOTS * options.dotMs) / options.blockMs);
  return { startMs: (first + kept.lead) * options.blockMs, durations: kept.lengths.map((len) => len * options.blockMs) };
}
