/**
 * Static crashes bridged in the baseband. A crash (lightning's impulse or burst, 1 to 50 ms,
 * 20 to 40 dB over the noise) is broadband: it lifts every part of the band at once, where a
 * Morse tone lifts only its own. So the tone's baseband is a crash's where the same samples
 * mixed down CRASH_PROBES_HZ away from the tone, on two sides (where the tone leaks least
 * through a block's integrate-and-dump), both stand CRASH_OVER_NOISE times over their noise
 * of the moment (their upper quartile over CRASH_NOISE_MS either side) and hold CRASH_SHARE or more
 * of the tone's own power there and of its loud level (CRASH_QUANTILE), for no longer than
 * CRASH_MAX_MS (a clean recording's codec and keying traces stand over its near-silent
 * noise, but far under the tone): a neighbour lifts one probe,
 * not both; a strong tone's own leak into a probe is a small share of it; and a receiver's
 * AGC lifts the whole band for as long as a strong neighbour is silent, not for a crash's
 * few milliseconds. Under a crash the tone is not heard, so its blocks are drawn in a straight
 * line from the block before to the block after: a mark under a crash stays a mark and a gap
 * a gap, where blanking would split the mark and a limiter leaves a burst in the gap.
 */
import { selectInPlace, slidingQuantiles } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** Complex blocks: a baseband (baseband.ts), or the same samples mixed down at another frequency. */
interface Blocks {
  re: Float32Array;
  im: Float32Array;
}

/**
 * `bb` (a tone's baseband at `frequency`, blocks of `blockMs`) with the blocks under static
 * crashes bridged, in place; `mixedAt` gives the same samples' blocks mixed down at another
 * frequency.
 */
export function bridgeCrashes(tuning: Tuning, bb: Blocks & { blockMs: number }, frequency: number, sampleRate: number, mixedAt: (hz: number) => Blocks): void {
  const flagged = crashedBlocks(tuning, bb, frequency, sampleRate, mixedAt);
  if (!flagged) return;
  const longest = Math.round(tuning.sanitise.CRASH_MAX_MS / bb.blockMs);
  for (let i = 0; i < flagged.length; i++) {
    if (!flagged[i]) continue;
    let end = i + 1;
    while (end < flagged.length && flagged[end]) end++;
    if (end - i <= longest) bridge(bb, i, end);
    i = end;
  }
}

/** 1 at every block under a crash, widened by CRASH_GUARD_MS, so that a burst's blocks that dip under the test are bridged with it; undefined where the band has no room for two probes. */
function crashedBlocks(
  tuning: Tuning,
  bb: Blocks & { blockMs: number },
  frequency: number,
  sampleRate: number,
  mixedAt: (hz: number) => Blocks,
): Uint8Array | undefined {
  const probes = probeFrequencies(tuning, frequency, sampleRate);
  if (probes.length < 2) return undefined;
  const { CRASH_OVER_NOISE, CRASH_SHARE, CRASH_GUARD_MS, CRASH_PROBE_MS, CRASH_NOISE_MS, CRASH_QUANTILE } = tuning.sanitise;
  const width = Math.max(1, Math.round(CRASH_PROBE_MS / bb.blockMs));
  const [a, b] = probes.map((hz) => windowPower(mixedAt(hz), width)) as [Float32Array, Float32Array];
  const tone = windowPower(bb, width);
  const n = Math.min(tone.length, a.length, b.length);
  const both = new Float32Array(n);
  for (let i = 0; i < n; i++) both[i] = Math.min(a[i]!, b[i]!);
  const noise = localNoise(tuning, both, width, Math.round(CRASH_NOISE_MS / bb.blockMs));
  const guard = Math.round(CRASH_GUARD_MS / bb.blockMs);
  // The tone's loud level: a crash lifts the probes near it, where a clean recording's codec and keying leave only traces far under it.
  const loud = selectInPlace(tone.slice(), Math.floor(CRASH_QUANTILE * (tone.length - 1)));
  const flagged = new Uint8Array(bb.re.length);
  for (let i = 0; i < n; i++) {
    const crashed = both[i]! > CRASH_OVER_NOISE * noise[Math.floor(i / width)]! && both[i]! > CRASH_SHARE * Math.max(tone[i]!, loud);
    if (crashed) flagged.fill(1, Math.max(0, i - guard), Math.min(flagged.length, i + width + guard));
  }
  return flagged;
}

/**
 * The probes' noise around every `width`-th window: the CRASH_NOISE_QUANTILE of every
 * `width`-th value within `half` blocks either side. Local, because a receiver's AGC moves
 * the noise's level over tenths of a second, and a crash is a jump over the noise of its
 * moment; an upper quantile, because a receiver muted while its operator sends (QSK) holds
 * near silence between the noise it hears, and that noise is no crash.
 */
function localNoise(tuning: Tuning, values: Float32Array, width: number, half: number): Float64Array {
  const strided = new Float32Array(Math.ceil(values.length / width));
  for (let k = 0; k < strided.length; k++) strided[k] = values[k * width]!;
  return slidingQuantiles(strided, 0, strided.length - 1, Math.max(1, Math.round(half / width)), tuning.sanitise.CRASH_NOISE_QUANTILE);
}

/** Two probes, one either side of the tone where the band allows (else both on one side), the nearest first. */
function probeFrequencies(tuning: Tuning, frequency: number, sampleRate: number): number[] {
  const { CRASH_PROBES_HZ } = tuning.sanitise;
  const usable = (hz: number) => hz >= CRASH_PROBES_HZ[0]! / 2 && hz <= sampleRate / 2 - CRASH_PROBES_HZ[0]! / 2;
  const candidates = CRASH_PROBES_HZ.flatMap((away) => [frequency - away, frequency + away]).filter(usable);
  return candidates.slice(0, 2);
}

/** The power of the blocks' mean over each window of `width` blocks (from each block on): integrate and dump over the window, whose nulls lie closer together and whose sidelobes fall lower than one block's. */
function windowPower({ re, im }: Blocks, width: number): Float32Array {
  const out = new Float32Array(Math.max(0, re.length - width + 1));
  let sumRe = 0;
  let sumIm = 0;
  for (let i = 0; i < re.length; i++) {
    sumRe += re[i]!;
    sumIm += im[i]!;
    if (i >= width) {
      sumRe -= re[i - width]!;
      sumIm -= im[i - width]!;
    }
    if (i >= width - 1) out[i - width + 1] = (sumRe * sumRe + sumIm * sumIm) / (width * width);
  }
  return out;
}

/**
 * Blocks [from, to) drawn in a straight line, in both parts of the complex baseband, from
 * the block before them to the block after (held where one side is the recording's end):
 * the tone's phase and level move little in a few ms.
 */
function bridge(bb: Blocks, from: number, to: number): void {
  const n = bb.re.length;
  const [a, b] = [from - 1, to];
  if (a < 0 && b >= n) return;
  const [startRe, startIm] = a < 0 ? [bb.re[b]!, bb.im[b]!] : [bb.re[a]!, bb.im[a]!];
  const [endRe, endIm] = b >= n ? [startRe, startIm] : [bb.re[b]!, bb.im[b]!];
  for (let i = a + 1; i < b; i++) {
    const t = (i - a) / (b - a);
    bb.re[i] = startRe + (endRe - startRe) * t;
    bb.im[i] = startIm + (endIm - startIm) * t;
  }
}
