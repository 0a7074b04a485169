/**
 * Decides key down or key up along an amplitude envelope, against levels measured
 * locally so that slow fading moves the threshold with the signal.
 *
 * In every window of a few seconds the "on" level is a high quantile of the envelope
 * and the "off" level (noise) a low one; the threshold sits halfway, with hysteresis. It
 * is never allowed below what noise alone reaches only rarely, and where a window holds
 * no signal the on level falls back to a fraction of the recording's, so silences and
 * pauses stay silent.
 */

export interface KeyingOptions {
  blockMs: number;
  /** The dot length the envelope was filtered for, ms: sets window and debounce lengths. */
  dotMs: number;
  /** Independent noise samples averaged into each envelope value (1: Rayleigh-like noise). */
  looks: number;
}

/** Local level windows: at least this long, ms, and at least this many dots. */
const WINDOW_MS = 2500;
const WINDOW_DOTS = 30;
/** Quantiles taken as the on and off levels, locally and over the whole recording. */
const ON_QUANTILE = 0.9;
const OFF_QUANTILE = 0.25;
const GLOBAL_ON_QUANTILE = 0.97;
/** Where a window holds no keying, its on level is taken as this share of the recording's. */
const ON_FLOOR = 0.35;
/** Hysteresis, as a share of the on-off span, either side of the midpoint. */
const HYSTERESIS = 0.1;
/** Marks and gaps shorter than this many dots are noise. */
const DEBOUNCE_DOTS = 0.35;
/** Values sorted at most per window for its quantiles. */
const QUANTILE_POINTS = 1024;

/** Noise alone exceeds `k` times its off level rarely; averaging more looks narrows it. */
function noiseCeiling(looks: number): number {
  return 1 + 2 / Math.sqrt(looks);
}

function quantiles(env: Float32Array, from: number, to: number, qs: readonly number[]): number[] {
  const stride = Math.max(1, Math.floor((to - from) / QUANTILE_POINTS));
  const picked = new Float32Array(Math.ceil((to - from) / stride));
  for (let i = 0, j = from; j < to; i++, j += stride) picked[i] = env[j]!;
  picked.sort();
  return qs.map((q) => picked[Math.min(picked.length - 1, Math.floor(q * picked.length))]!);
}

/** Threshold at every block; empty when the recording holds no keyed tone at all. */
function thresholds(env: Float32Array, { blockMs, dotMs, looks }: KeyingOptions): { up: Float32Array; down: Float32Array } | undefined {
  const n = env.length;
  const ceiling = noiseCeiling(looks);
  const [globalOn, globalOff] = quantiles(env, 0, n, [GLOBAL_ON_QUANTILE, OFF_QUANTILE]) as [number, number];
  // A recording of noise alone has no on level clear of its noise: nothing to decode.
  if (!(globalOn > 1.5 * ceiling * globalOff)) return undefined;
  const window = Math.min(n, Math.round(Math.max(WINDOW_MS, WINDOW_DOTS * dotMs) / blockMs));
  const hop = Math.max(1, window >> 2);
  const centres: number[] = [];
  const ups: number[] = [];
  const downs: number[] = [];
  for (let c = 0; ; c += hop) {
    const from = Math.max(0, Math.min(n - window, c - (window >> 1)));
    const [on, off] = quantiles(env, from, from + window, [ON_QUANTILE, OFF_QUANTILE]) as [number, number];
    const high = Math.max(on, ON_FLOOR * globalOn);
    const mid = Math.max(off + 0.5 * (high - off), ceiling * off);
    const span = high - off;
    centres.push(c);
    ups.push(mid + HYSTERESIS * span);
    downs.push(Math.max(off, mid - HYSTERESIS * span));
    if (c >= n) break;
  }
  // Linear between window centres.
  const up = new Float32Array(n);
  const down = new Float32Array(n);
  for (let k = 0; k + 1 < centres.length; k++) {
    const a = centres[k]!;
    const b = Math.min(n, centres[k + 1]!);
    for (let i = a; i < b; i++) {
      const t = (i - a) / (centres[k + 1]! - a);
      up[i] = ups[k]! + t * (ups[k + 1]! - ups[k]!);
      down[i] = downs[k]! + t * (downs[k + 1]! - downs[k]!);
    }
  }
  return { up, down };
}

/** Run lengths in blocks, alternating key down and key up, starting with key down. */
function runs(env: Float32Array, up: Float32Array, down: Float32Array): number[] {
  const lengths: number[] = [];
  let on = false;
  let start = -1;
  for (let i = 0; i < env.length; i++) {
    const flip = on ? env[i]! < down[i]! : env[i]! > up[i]!;
    if (!flip) continue;
    if (start >= 0) lengths.push(i - start);
    if (start >= 0 || !on) start = i;
    on = !on;
  }
  if (on && start >= 0) lengths.push(env.length - start);
  return lengths;
}

/**
 * Drops runs shorter than `min` blocks: first gaps (dropouts inside a mark), then marks
 * (noise blips inside a gap), merging each into its neighbours.
 */
function debounce(lengths: number[], min: number): number[] {
  for (const parity of [1, 0]) {
    const out: number[] = [];
    for (let i = 0; i < lengths.length; i++) {
      const len = lengths[i]!;
      const isShort = i % 2 === parity && len < min;
      if (isShort && parity === 1 && out.length > 0 && i + 1 < lengths.length) {
        out[out.length - 1]! += len + lengths[++i]!; // gap and next mark join the mark before
      } else if (isShort && parity === 0) {
        // A blip: joins the gaps on either side (or vanishes at either end).
        if (out.length > 0 && i + 1 < lengths.length) out[out.length - 1]! += len + lengths[++i]!;
        else if (out.length === 0) i++; // leading blip and its gap
      } else {
        out.push(len);
      }
    }
    lengths = out;
  }
  return lengths;
}

/**
 * Key timings in ms, alternating key down and key up, starting with key down and
 * ending with it (empty when nothing was keyed).
 */
export function keyTimings(env: Float32Array, options: KeyingOptions): number[] {
  const levels = thresholds(env, options);
  if (!levels) return [];
  let lengths = runs(env, levels.up, levels.down);
  lengths = debounce(lengths, (DEBOUNCE_DOTS * options.dotMs) / options.blockMs);
  return lengths.map((len) => len * options.blockMs);
}
