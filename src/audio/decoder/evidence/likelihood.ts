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

/** Shares of the tone's level the fade-out's evidence is averaged over (fadeOutEvidence). */
const FADE_OUT_POINTS = 8;

/** fadeOutEvidence's terms, one array for every block (it runs once a block, and keeps nothing between calls). */
const fadeOutTerms = new Float64Array(FADE_OUT_POINTS);

/**
 * A block's coherent evidence `full` (the tone at amplitude `a` against noise of power
 * `noise`, for the in-phase value `y`) as a mixture: with probability `share` the tone sits in
 * a fade-out, at any share of its level from `least` to 1 (uniform, averaged over
 * FADE_OUT_POINTS). A weak but present tone then counts as key down, and a gap's evidence per
 * block is bounded by how unlikely a fade-out that deep is, not by the tone's strength.
 */
function fadeOutEvidence(full: number, a: number, y: number, noise: number, share: number, least: number): number {
  let most = Number.NEGATIVE_INFINITY;
  const terms = fadeOutTerms;
  for (let k = 0; k < FADE_OUT_POINTS; k++) {
    const g = least + ((1 - least) * (k + 0.5)) / FADE_OUT_POINTS;
    terms[k] = (g * a * y - (g * g * a * a) / 2) / noise;
    most = Math.max(most, terms[k]!);
  }
  let sum = 0;
  for (const t of terms) sum += Math.exp(t - most);
  const faded = most + Math.log(sum / FADE_OUT_POINTS);
  const top = Math.max(full, faded);
  return top + Math.log((1 - share) * Math.exp(full - top) + share * Math.exp(faded - top));
}

/**
 * The coherent evidence along `y`, with the model measured where `runs` put marks and
 * gaps (see segmentCoherent), and the noise taken `noiseWeight` times as large; where the
 * tone `fadesFast` (evidence/fading.ts), allowing for fade-outs in its clear blocks
 * (fadeOutEvidence, FADE_OUT_CLEAR).
 */
export function evidenceOfRuns(
  tuning: Tuning,
  y: Float32Array,
  runs: readonly Run[],
  blockMs: number,
  noiseWeight: number,
  fadesFast = false,
): { evidence: Float32Array; model: SignalModel } | undefined {
  const { COHERENT_NOISE_MS, FADE_LEVEL_WINDOWS_MS, LEVEL_BIN_MS } = tuning.evidence;
  const model = modelFromRunsCoherent(tuning, y, runs, {
    noise: Math.round(COHERENT_NOISE_MS / blockMs),
    level: FADE_LEVEL_WINDOWS_MS.map((ms) => Math.round(ms / blockMs)),
    levelBin: Math.round(LEVEL_BIN_MS / blockMs),
  });
  if (!model) return undefined;
  const { FADE_OUT_SHARE, FADE_OUT_LEAST, FADE_OUT_CLEAR } = tuning.evidence;
  const evidence = new Float32Array(y.length);
  for (let i = 0; i < y.length; i++) {
    const a = model.amplitude[i]!;
    const noise = noiseWeight * model.noise[i]!;
    const full = (a * y[i]! - (a * a) / 2) / noise;
    const clear = fadesFast && (a * a) / model.noise[i]! >= FADE_OUT_CLEAR;
    evidence[i] = clear ? fadeOutEvidence(full, a, y[i]!, noise, FADE_OUT_SHARE, FADE_OUT_LEAST) : full;
  }
  return { evidence, model };
}

/**
 * The coherent evidence (log-likelihood ratio per block, key down against key up, the
 * noise taken `noiseWeight` times as large; allowing for fade-outs where the tone
 * `fadesFast`) and the tone's amplitude, with the model measured where `keyed` put marks
 * and gaps; undefined where it holds too few of either.
 */
export function coherentEvidence(
  tuning: Tuning,
  y: Float32Array,
  keyed: Keyed,
  blockMs: number,
  noiseWeight: number,
  fadesFast = false,
): { evidence: Float32Array; model: SignalModel } | undefined {
  return evidenceOfRuns(tuning, y, runsOf(keyed, blockMs, y.length), blockMs, noiseWeight, fadesFast);
}
