/**
 * Samples the decoder can work on. A float recording may hold NaN, infinities or values
 * near float32's limit (3.4e38), whose squares overflow: the evidence then turns NaN,
 * and no length of mark or gap wins any comparison. Such a recording is copied with NaN
 * taken for silence, its level brought to 1 and infinities and spikes clipped; a
 * recording within ordinary levels passes through untouched.
 */
import { selectInPlace } from "../../dsp/stats.js";
import type { Tuning } from "../tuning.js";

/** `samples` itself when every value is finite and the peak ordinary, else a rescaled copy. */
export function usableSamples(tuning: Tuning, samples: Float32Array): Float32Array {
  const { LOUDEST, QUIETEST, CLIP } = tuning.sanitise;
  let peak = 0;
  let finite = true;
  for (let i = 0; i < samples.length; i++) {
    const x = Math.abs(samples[i]!);
    if (x > peak) peak = x;
    else if (!(x <= peak)) finite = false;
  }
  if (finite && peak <= LOUDEST && (peak === 0 || peak >= QUIETEST)) return samples;
  const level = levelOf(tuning, samples);
  const scale = level > 0 ? 1 / level : 0;
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]! * scale;
    out[i] = x < CLIP ? (x > -CLIP ? x : -CLIP) : x >= CLIP ? CLIP : 0;
  }
  return out;
}

/** The level quantile of the finite |x| (over an even sample of the recording), else their peak. */
function levelOf(tuning: Tuning, samples: Float32Array): number {
  const { LEVEL_POINTS, LEVEL_QUANTILE } = tuning.sanitise;
  const stride = Math.max(1, Math.floor(samples.length / LEVEL_POINTS));
  const values: number[] = [];
  let peak = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = Math.abs(samples[i]!);
    if (!Number.isFinite(x)) continue;
    if (x > peak) peak = x;
    if (i % stride === 0) values.push(x);
  }
  const sample = Float32Array.from(values);
  const level = sample.length > 0 ? selectInPlace(sample, Math.floor(LEVEL_QUANTILE * (sample.length - 1))) : 0;
  return level > 0 ? level : peak;
}
