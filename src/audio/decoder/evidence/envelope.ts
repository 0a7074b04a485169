/** The tone's amplitude envelope, filtered to the speed: what threshold keying and the first segmentations read. */
import { movingAverage } from "../../dsp/moving-average.js";
import { Reused } from "../../dsp/reused.js";
import type { Baseband } from "../front-end/baseband.js";

/** The coherent averages and their power (no call keeps them). */
const temporaries = new Reused((length) => new Float32Array(length), 3);

/**
 * The tone's amplitude over time. Integrates coherently (on I and Q) for up to
 * `coherentMs`, beyond which a drifting pitch would cancel itself, then averages power
 * over the rest of `filterMs`: together about a matched filter for a dot. Returns the
 * amplitude and the number of roughly independent noise samples averaged into each value.
 */
export function amplitude(bb: Baseband, filterMs: number, coherentMs: number): { env: Float32Array; looks: number } {
  const coherent = Math.max(1, Math.round(Math.min(filterMs, coherentMs) / bb.blockMs));
  const total = Math.max(coherent, Math.round(filterMs / bb.blockMs));
  const [re, im, power] = temporaries.arrays(bb.re.length) as [Float32Array, Float32Array, Float32Array];
  movingAverage(bb.re, coherent, re);
  movingAverage(bb.im, coherent, im);
  for (let i = 0; i < power.length; i++) power[i] = re[i]! * re[i]! + im[i]! * im[i]!;
  const smoothed = movingAverage(power, total - coherent + 1);
  // A running sum can end a hair below zero where the power is zero.
  for (let i = 0; i < smoothed.length; i++) smoothed[i] = Math.sqrt(Math.max(0, smoothed[i]!));
  return { env: smoothed, looks: total / coherent };
}
