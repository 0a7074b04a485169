/**
 * The evidence the searches read: per block, the log-likelihood ratio of key down
 * against key up, under a signal model (models.ts). On the envelope a tone in complex
 * Gaussian noise (a Rician against a Rayleigh density); on the in-phase component a tone
 * in real Gaussian noise, where the ratio is linear and a segment's sum is a matched filter.
 */
import { runsOf, type Keyed, type Run } from "../keyed.js";
import type { Tuning } from "../tuning.js";
import { modelFromRunsCoherent, type SignalModel } from "./models.js";

/** ln I0(x), the modified Bessel function's logarithm: its series below 3.75, its asymptote above. */
function logI0(x: number): number {
  if (x < 3.75) {
    const t = (x * x) / 4;
    return Math.log(1 + t * (1 + t * (0.25 + t * (1 / 36 + t * (1 / 576 + t / 14400)))));
  }
  return x - 0.5 * Math.log(2 * Math.PI * x) + Math.log(1 + 1 / (8 * x) + 9 / (128 * x * x));
}

/**
 * Log-likelihood ratio, key down against key up, of each envelope value: a tone of
 * amplitude A in complex Gaussian noise of power sigma² against noise alone,
 * ln I0(2 A r / sigma²) - A² / sigma². Values a filter length apart are independent, so
 * each counts 1 / filterBlocks.
 */
export function envelopeEvidence(env: Float32Array, model: SignalModel, filterBlocks: number): Float32Array {
  const out = new Float32Array(env.length);
  for (let i = 0; i < env.length; i++) {
    const amplitude = model.amplitude[i]!;
    const noise = model.noise[i]!;
    out[i] = (logI0((2 * amplitude * env[i]!) / noise) - (amplitude * amplitude) / noise) / filterBlocks;
  }
  return out;
}

/**
 * The coherent evidence along `y`, with the model measured where `runs` put marks and
 * gaps (see segmentCoherent), and the noise taken `noiseWeight` times as large.
 */
export function evidenceOfRuns(
  tuning: Tuning,
  y: Float32Array,
  runs: readonly Run[],
  blockMs: number,
  noiseWeight: number,
): { evidence: Float32Array; model: SignalModel } | undefined {
  const { COHERENT_NOISE_MS, FADE_LEVEL_WINDOWS_MS, LEVEL_BIN_MS } = tuning.evidence;
  const model = modelFromRunsCoherent(tuning, y, runs, {
    noise: Math.round(COHERENT_NOISE_MS / blockMs),
    level: FADE_LEVEL_WINDOWS_MS.map((ms) => Math.round(ms / blockMs)),
    levelBin: Math.round(LEVEL_BIN_MS / blockMs),
  });
  if (!model) return undefined;
  const evidence = new Float32Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const a = model.amplitude[i]!;
    evidence[i] = (a * y[i]! - (a * a) / 2) / (noiseWeight * model.noise[i]!);
  }
  return { evidence, model };
}

/**
 * The coherent evidence (log-likelihood ratio per block, key down against key up, the
 * noise taken `noiseWeight` times as large) and the tone's amplitude, with the model
 * measured where `keyed` put marks and gaps; undefined where it holds too few of either.
 */
export function coherentEvidence(
  tuning: Tuning,
  y: Float32Array,
  keyed: Keyed,
  blockMs: number,
  noiseWeight: number,
): { evidence: Float32Array; model: SignalModel } | undefined {
  return evidenceOfRuns(tuning, y, runsOf(keyed, blockMs, y.length), blockMs, noiseWeight);
}
