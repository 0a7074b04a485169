/**
 * Morse-aware keying: instead of thresholding the envelope sample by sample (where one
 * noise peak in a gap makes a dot), finds the whole sequence of marks and gaps that best
 * explains the envelope given what Morse timing allows. A semi-Markov Viterbi search:
 * every segment scores the evidence of the samples it covers (the log-likelihood ratio
 * of key down against key up) plus the log-probability of its length, marks near 1 or
 * 3 dots and gaps near 1, 3 or 7 dots (log-normal, wide enough for hand keying), gaps
 * beyond 7 dots as pauses.
 */
import type { KeyedTimings, Levels } from "../evidence/levels.js";
import { selectInPlace } from "../../dsp/stats.js";

export interface SegmentOptions {
  blockMs: number;
  /** Blocks the envelope filter spans: its samples are that correlated. */
  filterBlocks: number;
  /** Independent noise samples averaged into each envelope value. */
  looks: number;
  /** The dot length at every block, in blocks (the speed may change along the recording). */
  dotBlocks: Float32Array;
  /** Spread of element lengths around their ideal, natural log (default 0.25). */
  spread?: number;
  /** Resolution of the search, steps per dot (default STEPS_PER_DOT). */
  stepsPerDot?: number;
}

/** Resolution of the search: steps per dot. */
const STEPS_PER_DOT = 6;
/** Spread of element lengths around their ideal, natural log, when the caller knows none: ±20 % hand timing and more. */
const DEFAULT_SPREAD = 0.25;
/** Shares of marks (dot, dash) and gaps (element, letter, word, longer pause). */
const MARK_WEIGHTS = [[1, 0.5], [3, 0.5]] as const;
const GAP_WEIGHTS = [[1, 0.55], [3, 0.3], [7, 0.12]] as const;
const PAUSE_WEIGHT = 0.03;
/**
 * Shortest and longest single segment, in dots. A longer mark (a carrier) is a chain of marks, each
 * link costing CHAIN; a longer gap is a pause: a chain of gaps after a word gap, each
 * link costing PAUSE_LINK and no length prior, since pauses have any length.
 */
export const MIN_DOTS = 0.3;
const MARK_MAX_DOTS = 5;
const GAP_MAX_DOTS = 10;
const CHAIN = -4;
export const WORD_GAP_DOTS = 6;
export const PAUSE_LINK = -0.5;
/**
 * The noise's sigma from the off level (the envelope's lower quartile). For pure
 * Rayleigh noise it would be 1 / 0.536, for noise under keying about half the time
 * 1 / 0.773; 1.5 lies between and decodes best on the benchmark corpus.
 */
const OFF_TO_SIGMA = 1.5;
/**
 * The measured noise power is halved before it weighs the evidence. Each value counts as
 * 1 / filterBlocks of an independent one, which undercounts (the segment's evidence
 * comes from more than its length over the filter's); halving the noise makes up for it,
 * and decodes best on the benchmark corpus.
 */
const NOISE_WEIGHT = 0.5;
/** Re-estimations of the model from the segmentation, each followed by a new segmentation. */
const REFINEMENTS = 1;
/**
 * Half-width of the window the refined model is measured over: this many dots, at least
 * REFINE_MIN_MS and at most REFINE_MAX_MS. Fading moves the level within a second or two,
 * and at slow speeds a window of that many dots would average a fade's trough with its
 * peaks, where marks at half the averaged level look like key up.
 */
const REFINE_DOTS = 12;
const REFINE_MIN_MS = 600;
const REFINE_MAX_MS = 1500;
/** Least noise assumed, as a share of the on level (an SNR of 26 dB). */
const MIN_NOISE = 0.05;
/** The length-prior tables: ratios of length to dot up to TABLE_MAX, in TABLE_STEP steps. */
const TABLE_MAX = 12;
export const TABLE_STEP = 0.02;
/**
 * A length's probability per search step is its table entry less ln(dot in steps) (see
 * priorTable), a charge on every segment with a length prior: without it, cutting a gap
 * in three to fit a burst of noise in as an E costs too little. Charged in full it
 * weighs too much against the evidence, whose weights (NOISE_WEIGHT,
 * COHERENT_NOISE_WEIGHT) were tuned without it; this share of it decodes best on the
 * benchmark corpus (seeds 2026, 7 and 11).
 */
export const SEGMENT_CHARGE = 0.4;

/** ln I0(x), the modified Bessel function's logarithm: its series below 3.75, its asymptote above. */
function logI0(x: number): number {
  if (x < 3.75) {
    const t = (x * x) / 4;
    return Math.log(1 + t * (1 + t * (0.25 + t * (1 / 36 + t * (1 / 576 + t / 14400)))));
  }
  return x - 0.5 * Math.log(2 * Math.PI * x) + Math.log(1 + 1 / (8 * x) + 9 / (128 * x * x));
}

/** What the envelope holds at every block: the tone's amplitude while keyed, and the noise power. */
interface SignalModel {
  amplitude: Float32Array;
  noise: Float32Array;
}

/** A first model from the envelope's quantile levels (keying.ts). */
function modelFromLevels(lv: Levels, looks: number): SignalModel {
  const n = lv.mid.length;
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const on = lv.mid[i]! + lv.span[i]! / 2;
    // A clean recording has no noise to measure: assume some, so that evidence stays finite.
    const sigma = Math.max(OFF_TO_SIGMA * lv.off[i]!, MIN_NOISE * on, 1e-12);
    // The on level is the envelope's 90th percentile: tone plus about 0.9 sigma of noise.
    amplitude[i] = Math.max(on - (0.9 * sigma) / Math.sqrt(looks), 0.5 * sigma);
    noise[i] = sigma * sigma;
  }
  return { amplitude, noise };
}

/** A run of key down or key up, in blocks. */
export interface Run {
  mark: boolean;
  start: number;
  length: number;
}

/**
 * Running totals over the samples that a segmentation puts inside marks and inside gaps
 * (`inset` samples away from their edges): counts, the sum of the values (or of their
 * squares, with `squareMarks`) over mark samples and of the squares over gap samples, so
 * that the means over any window cost O(1).
 */
interface RunTotals { markCount: Float64Array; markSum: Float64Array; gapCount: Float64Array; gapSquares: Float64Array }

function runTotals(x: Float32Array, runs: readonly Run[], inset: number, squareMarks: boolean): RunTotals {
  const n = x.length;
  const markCount = new Float64Array(n + 1);
  const markSum = new Float64Array(n + 1);
  const gapCount = new Float64Array(n + 1);
  const gapSquares = new Float64Array(n + 1);
  const label = new Int8Array(n).fill(-1);
  for (const r of runs) label.fill(r.mark ? 1 : 0, Math.min(n, r.start + inset), Math.max(0, Math.min(n, r.start + r.length - inset)));
  for (let i = 0; i < n; i++) {
    const square = x[i]! * x[i]!;
    markCount[i + 1] = markCount[i]! + (label[i] === 1 ? 1 : 0);
    markSum[i + 1] = markSum[i]! + (label[i] === 1 ? (squareMarks ? square : x[i]!) : 0);
    gapCount[i + 1] = gapCount[i]! + (label[i] === 0 ? 1 : 0);
    gapSquares[i + 1] = gapSquares[i]! + (label[i] === 0 ? square : 0);
  }
  return { markCount, markSum, gapCount, gapSquares };
}

/** The mean over blocks [a, b) from running totals; undefined where fewer than `enough` blocks count. */
function windowMean(count: Float64Array, sum: Float64Array, a: number, b: number, enough: number): number | undefined {
  const blocks = count[b]! - count[a]!;
  return blocks >= enough ? (sum[b]! - sum[a]!) / blocks : undefined;
}

/**
 * A better model from a segmentation: the noise power is the mean square of the
 * envelope inside the gaps nearby, the tone's power what the marks nearby hold beyond
 * it. Inside means away from the edges, where the filter is still ramping. Where a
 * window holds too few of either, the whole recording's figure stands in.
 */
function modelFromRuns(env: Float32Array, runs: readonly Run[], filterBlocks: number, halfWindow: number): SignalModel | undefined {
  const n = env.length;
  const { markCount, markSum: markSquares, gapCount, gapSquares } = runTotals(env, runs, Math.ceil(filterBlocks / 2), true);
  if (markCount[n]! < filterBlocks || gapCount[n]! < filterBlocks) return undefined;
  const globalNoise = gapSquares[n]! / gapCount[n]!;
  const globalPower = Math.max(markSquares[n]! / markCount[n]! - globalNoise, 0);
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  const enough = 2 * filterBlocks;
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - halfWindow);
    const b = Math.min(n, i + halfWindow);
    const localNoise = windowMean(gapCount, gapSquares, a, b, enough) ?? globalNoise;
    const markPower = windowMean(markCount, markSquares, a, b, enough);
    const localPower = markPower === undefined ? globalPower : Math.max(markPower - localNoise, 0);
    const amp = Math.max(Math.sqrt(localPower), 0.5 * Math.sqrt(localNoise));
    amplitude[i] = amp;
    noise[i] = Math.max(NOISE_WEIGHT * localNoise, (MIN_NOISE * amp) ** 2, 1e-24);
  }
  return { amplitude, noise };
}

function lognormal(x: number, centre: number, spread: number): number {
  const z = (x - Math.log(centre)) / spread;
  return Math.exp(-0.5 * z * z) / (spread * Math.sqrt(2 * Math.PI));
}

/** Log-probability of a segment `ratio` dots long, for ratios on the table's grid. */
export function priorTable(weights: readonly (readonly [number, number])[], pause: number, spread: number): Float64Array {
  const table = new Float64Array(Math.round(TABLE_MAX / TABLE_STEP) + 1);
  for (let i = 0; i < table.length; i++) {
    const ratio = Math.max(i * TABLE_STEP, TABLE_STEP / 2);
    const x = Math.log(ratio);
    let density = 0;
    for (const [centre, weight] of weights) density += weight * lognormal(x, centre, spread);
    // Pauses: flat in log length from a word gap up to the table's end.
    if (ratio > 7) density += pause / Math.log(TABLE_MAX / 7);
    // Density in log length, to probability per step: d(log length) = 1 / (length in
    // steps) = 1 / (ratio × dot in steps); the dot's part is charged per segment (SEGMENT_CHARGE).
    table[i] = Math.log(density + 1e-12) - Math.log(ratio);
  }
  return table;
}

/** The mark and gap length priors for a spread (rounded to 0.01, so that few are ever built). */
const priorCache = new Map<number, { mark: Float64Array; gap: Float64Array }>();
function priors(spread: number): { mark: Float64Array; gap: Float64Array } {
  const key = Math.round(spread * 100);
  let tables = priorCache.get(key);
  if (!tables) {
    tables = { mark: priorTable(MARK_WEIGHTS, 0, key / 100), gap: priorTable(GAP_WEIGHTS, PAUSE_WEIGHT, key / 100) };
    priorCache.set(key, tables);
  }
  return tables;
}

/**
 * A dot estimate under this share of the median is taken for an outlier when the search's
 * step is set: in a 17-minute recording at 50 wpm, one estimate of 11 blocks (against a
 * median near 24) made every step of the envelope search one block long instead of two.
 */
const OUTLIER_DOT_SHARE = 0.5;
/** Values of the dot profile looked at for its median. */
const MEDIAN_POINTS = 1024;

/**
 * The search's step in blocks over dotBlocks[from, to): `stepsPerDot` steps to the
 * shortest dot there, outliers aside.
 */
export function searchStep(dotBlocks: Float32Array, from: number, to: number, stepsPerDot: number): number {
  let minDot = Infinity;
  for (let i = from; i < to; i++) minDot = Math.min(minDot, dotBlocks[i]!);
  const stride = Math.max(1, Math.floor((to - from) / MEDIAN_POINTS));
  const sample = new Float32Array(Math.ceil((to - from) / stride));
  for (let i = 0, j = from; j < to; i++, j += stride) sample[i] = dotBlocks[j]!;
  const typical = sample.length > 0 ? selectInPlace(sample, sample.length >> 1) : minDot;
  return Math.max(1, Math.floor(Math.max(minDot, OUTLIER_DOT_SHARE * typical) / stepsPerDot));
}

/** The most likely runs of key down and key up, covering the envelope from its start. */
function viterbi(evidence: Float32Array, options: SegmentOptions): Run[] {
  const { dotBlocks } = options;
  const n = evidence.length;
  const step = searchStep(dotBlocks, 0, n, options.stepsPerDot ?? STEPS_PER_DOT);
  const steps = Math.floor(n / step);
  if (steps === 0) return [];

  const cumulative = new Float64Array(steps + 1);
  for (let k = 0; k < steps; k++) {
    let sum = 0;
    for (let i = k * step; i < (k + 1) * step; i++) sum += evidence[i]!;
    cumulative[k + 1] = cumulative[k]! + sum;
  }

  // best*[k]: best score of steps [0, k) ending with that kind of segment; length*[k] and
  // chain*[k]: that segment's length in steps, and whether it continues one of its kind.
  const bestMark = new Float64Array(steps + 1).fill(-Infinity);
  const bestGap = new Float64Array(steps + 1).fill(-Infinity);
  const lengthMark = new Int32Array(steps + 1);
  const lengthGap = new Int32Array(steps + 1);
  const chainMark = new Uint8Array(steps + 1);
  const chainGap = new Uint8Array(steps + 1);
  bestMark[0] = 0;
  bestGap[0] = 0;
  const { mark: MARK_PRIOR, gap: GAP_PRIOR } = priors(options.spread ?? DEFAULT_SPREAD);
  const lastIndex = MARK_PRIOR.length - 1;
  for (let k = 1; k <= steps; k++) {
    const dot = dotBlocks[k * step - 1]! / step;
    const toIndex = 1 / (dot * TABLE_STEP); // segment length in steps to prior-table index
    const charge = SEGMENT_CHARGE * Math.log(dot);
    const edge = k === steps;
    const ek = cumulative[k]!;
    // Segments under MIN_DOTS are too improbable to try.
    const shortest = Math.max(1, Math.floor(MIN_DOTS * dot));
    const markMax = Math.min(k, Math.ceil(MARK_MAX_DOTS * dot));
    for (let d = shortest; d <= markMax; d++) {
      const p = k - d;
      const score = ek - cumulative[p]! + MARK_PRIOR[Math.min(lastIndex, Math.round(d * toIndex))]! - charge;
      const afterGap = bestGap[p]! + score;
      const afterMark = p > 0 ? bestMark[p]! + score + CHAIN : -Infinity;
      const best = afterGap > afterMark ? afterGap : afterMark;
      if (best > bestMark[k]!) { bestMark[k] = best; lengthMark[k] = d; chainMark[k] = afterMark > afterGap ? 1 : 0; }
    }
    const gapMax = Math.min(k, Math.ceil(GAP_MAX_DOTS * dot));
    for (let d = shortest; d <= gapMax; d++) {
      const p = k - d;
      const score = cumulative[p]! - ek;
      // Silence before the first mark and after the last has any length: no length prior.
      const afterMark = bestMark[p]! + score + (p === 0 || edge ? 0 : GAP_PRIOR[Math.min(lastIndex, Math.round(d * toIndex))]! - charge);
      // A pause longer than a word gap goes on as a chain of gaps, costing little more.
      const afterGap = p > 0 && (chainGap[p] === 1 || lengthGap[p]! >= WORD_GAP_DOTS * dot) ? bestGap[p]! + score + PAUSE_LINK : -Infinity;
      const best = afterGap > afterMark ? afterGap : afterMark;
      if (best > bestGap[k]!) { bestGap[k] = best; lengthGap[k] = d; chainGap[k] = afterGap > afterMark ? 1 : 0; }
    }
  }

  // Back from the end: runs of one kind (chains merged).
  const runs: Run[] = [];
  let mark = bestMark[steps]! > bestGap[steps]!;
  for (let k = steps; k > 0;) {
    const d = mark ? lengthMark[k]! : lengthGap[k]!;
    // A step no segment reached: only evidence that is not finite leaves one.
    if (d === 0) break;
    const chained = (mark ? chainMark[k] : chainGap[k]) === 1;
    const last = runs[runs.length - 1];
    if (last && last.mark === mark) { last.start -= d * step; last.length += d * step; }
    else runs.push({ mark, start: (k - d) * step, length: d * step });
    k -= d;
    if (!chained) mark = !mark;
  }
  return runs.reverse();
}

/**
 * Log-likelihood ratio, key down against key up, of each envelope value: a tone of
 * amplitude A in complex Gaussian noise of power sigma² against noise alone,
 * ln I0(2 A r / sigma²) - A² / sigma². Values a filter length apart are independent, so
 * each counts 1 / filterBlocks.
 */
function envelopeEvidence(env: Float32Array, model: SignalModel, filterBlocks: number): Float32Array {
  const out = new Float32Array(env.length);
  for (let i = 0; i < env.length; i++) {
    const amplitude = model.amplitude[i]!;
    const noise = model.noise[i]!;
    out[i] = (logI0((2 * amplitude * env[i]!) / noise) - (amplitude * amplitude) / noise) / filterBlocks;
  }
  return out;
}

/** Key timings as runs of blocks, from the start of the envelope. */
function runsOf(keyed: KeyedTimings, blockMs: number, n: number): Run[] {
  const runs: Run[] = [];
  let at = 0;
  let t = keyed.startMs;
  for (let i = 0; i < keyed.durations.length; i++) {
    const end = Math.min(n, Math.round((t + keyed.durations[i]!) / blockMs));
    const start = Math.min(n, Math.round(t / blockMs));
    if (start > at) runs.push({ mark: false, start: at, length: start - at });
    if (end > start) runs.push({ mark: i % 2 === 0, start, length: end - start });
    at = Math.max(at, end);
    t += keyed.durations[i]!;
  }
  if (n > at) runs.push({ mark: false, start: at, length: n - at });
  return runs;
}

/** Noise in the coherent evidence, as in NOISE_WEIGHT (tuned on the benchmark corpus). */
const COHERENT_NOISE_WEIGHT = 2;
/** Re-estimations of the coherent model from its segmentation, each followed by a new segmentation. */
const COHERENT_REFINEMENTS = 1;
/**
 * The coherent model's window: this many ms either side, whatever the speed. Fading
 * moves the tone's level within a second or two; a window of so many dots (as the
 * envelope's is) spans a whole fade at slow speeds, where the level it averages stands
 * well above a trough's and marks there fall below half of it, as gap (tuned on the
 * benchmark corpus, seeds 2026 and 7: a fixed 800 ms beat 16 dots of at least 800 ms).
 */
const COHERENT_REFINE_MS = 800;
/** The tone's level is compared between stretches this many ms long to tell fading from a steady tone. */
const LEVEL_BIN_MS = 1500;
/** Marks a stretch must hold for its level to be compared. */
const LEVEL_BIN_MARKS = 30;
/**
 * A tone whose level varies between stretches by less than this share, beyond what the
 * noise explains, is steady: its amplitude is the mean over all its marks. Followed
 * within the window, a steady tone's level wanders with the noise and with the
 * segmentation's mistakes (a stretch read wrong lowers the level there, which lets the
 * next reading take noise for marks). On the benchmark corpus (seeds 2026, 7, 11-17):
 * -10 dB 1,982 -> 1,943 errors, -6 dB 210 -> 201. There (seeds 2026, 7, 11 at -10 dB,
 * every model built) steady tones score a median 0.02 and fall under the limit 65 % of
 * the time, the rest being stretches read wrong (up to 0.2); fading tones score a median
 * 0.14 and fall under it 20 % of the time, when their fade is shallow.
 */
const STEADY_LEVEL_SPREAD = 0.045;

/**
 * The coherent evidence along `y`, with the model measured where `runs` put marks and
 * gaps (see segmentCoherent), and the noise taken `noiseWeight` times as large.
 */
function evidenceOfRuns(y: Float32Array, runs: readonly Run[], blockMs: number, noiseWeight: number): { evidence: Float32Array; model: SignalModel } | undefined {
  const model = modelFromRunsCoherent(y, runs, Math.round(COHERENT_REFINE_MS / blockMs), Math.round(LEVEL_BIN_MS / blockMs));
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
export function coherentEvidence(y: Float32Array, keyed: KeyedTimings, blockMs: number, noiseWeight: number): { evidence: Float32Array; amplitude: Float32Array } | undefined {
  const measured = evidenceOfRuns(y, runsOf(keyed, blockMs, y.length), blockMs, noiseWeight);
  return measured && { evidence: measured.evidence, amplitude: measured.model.amplitude };
}

/**
 * Segments again on the tone's in-phase component (`y`: one value per block, the
 * baseband turned onto the tone's own phase), where a tone of amplitude A in real
 * Gaussian noise of variance v against noise alone has log-likelihood ratio
 * (A y - A² / 2) / v: linear in y, so a segment's evidence is exactly a matched filter
 * over it. The model (A and v along the recording) is measured where `keyed` put marks and gaps.
 */
export function segmentCoherent(y: Float32Array, keyed: KeyedTimings, options: SegmentOptions): KeyedTimings {
  let runs = runsOf(keyed, options.blockMs, y.length);
  for (let pass = 0; pass < COHERENT_REFINEMENTS; pass++) {
    const measured = evidenceOfRuns(y, runs, options.blockMs, COHERENT_NOISE_WEIGHT);
    if (!measured) break;
    runs = withoutWeakCharacters(viterbi(measured.evidence, options), y, measured.model.amplitude, options.dotBlocks);
  }
  while (runs.length > 0 && !runs[0]!.mark) runs.shift();
  while (runs.length > 0 && !runs[runs.length - 1]!.mark) runs.pop();
  return {
    startMs: runs.length > 0 ? runs[0]!.start * options.blockMs : 0,
    durations: runs.map((r) => r.length * options.blockMs),
  };
}

/**
 * A character (marks apart by less than LETTER_GAP_DOTS) whose marks hold on average
 * less than this share of the level of the marks either side of it (within
 * NEIGHBOUR_DOTS; with none, the model's amplitude) is taken for noise: the
 * segmentation keeps any stretch whose evidence is positive, which in a word gap or the
 * silence around a message a burst of noise reaches at about half the amplitude, while a
 * real character comes out near the level of its neighbours, which share its fading
 * (tuned on the benchmark corpus; 0.5 to 0.6 all help, higher drops faded letters).
 */
const WEAK_CHARACTER = 0.55;
const LETTER_GAP_DOTS = 2;
/** Marks this close (a gap under this many dots) either side of a character set the level it is judged against. */
const NEIGHBOUR_DOTS = 10;

/**
 * Which marks belong to a weak character (see WEAK_CHARACTER), by index into `runs`
 * (marks and gaps alternating, either first).
 */
export function weakMarks(runs: readonly Run[], y: Float32Array, amplitude: Float32Array, dotBlocks: Float32Array): Uint8Array {
  const weak = new Uint8Array(runs.length);
  const dotAt = (block: number): number => dotBlocks[Math.min(dotBlocks.length - 1, block)]!;
  const sum = (r: Run, of: Float32Array): number => {
    let total = 0;
    for (let b = r.start; b < r.start + r.length; b++) total += of[b]!;
    return total;
  };
  for (let i = 0; i < runs.length;) {
    if (!runs[i]!.mark) { i++; continue; }
    // The character: marks i, i + 2, ..., j, apart by gaps under LETTER_GAP_DOTS.
    let j = i;
    while (j + 2 < runs.length && runs[j + 2]!.mark && runs[j + 1]!.length < LETTER_GAP_DOTS * dotAt(runs[j + 1]!.start)) j += 2;
    let sy = 0;
    let sa = 0;
    let ownLength = 0;
    for (let k = i; k <= j; k += 2) { sy += sum(runs[k]!, y); sa += sum(runs[k]!, amplitude); ownLength += runs[k]!.length; }
    // The level to compare with: the marks either side within NEIGHBOUR_DOTS (the fading
    // there is much the same), else the model's.
    const dot = dotAt(runs[i]!.start);
    let ny = 0;
    let nl = 0;
    const before = runs[i - 2];
    if (before && runs[i - 1]!.length < NEIGHBOUR_DOTS * dot) { ny += sum(before, y); nl += before.length; }
    const after = runs[j + 2];
    if (after && runs[j + 1]!.length < NEIGHBOUR_DOTS * dot) { ny += sum(after, y); nl += after.length; }
    const reference = nl > 0 ? (ny / nl) * ownLength : sa;
    if (sy < WEAK_CHARACTER * reference) for (let k = i; k <= j; k += 2) weak[k] = 1;
    i = j + 1;
  }
  return weak;
}

/** The runs with every weak character (see WEAK_CHARACTER) turned into gap. */
function withoutWeakCharacters(runs: Run[], y: Float32Array, amplitude: Float32Array, dotBlocks: Float32Array): Run[] {
  const weak = weakMarks(runs, y, amplitude, dotBlocks);
  const out: Run[] = [];
  runs.forEach((r, i) => {
    const mark = r.mark && weak[i] === 0;
    const last = out[out.length - 1];
    if (last && last.mark === mark) last.length += r.length;
    else out.push({ mark, start: r.start, length: r.length });
  });
  return out;
}

/**
 * How much the marks' mean level varies between stretches `bin` blocks long, beyond what
 * the noise in each stretch's mean explains, as a share of the level.
 */
function levelSpread(y: Float32Array, totals: RunTotals, bin: number): number {
  const { markCount, markSum } = totals;
  const n = y.length;
  const means: number[] = [];
  // The variance of each stretch's mean, from the spread of its marks.
  const variances: number[] = [];
  let marks = 0;
  let sum = 0;
  for (let a = 0; a < n; a += bin) {
    const b = Math.min(n, a + bin);
    const count = markCount[b]! - markCount[a]!;
    if (count < LEVEL_BIN_MARKS) continue;
    const mean = (markSum[b]! - markSum[a]!) / count;
    let squares = 0;
    for (let i = a; i < b; i++) if (markCount[i + 1]! > markCount[i]!) squares += (y[i]! - mean) ** 2;
    means.push(mean);
    variances.push(squares / (count - 1) / count);
    marks += count;
    sum += mean * count;
  }
  if (means.length < 2) return 0;
  const level = sum / marks;
  let spread = 0;
  let noise = 0;
  for (let k = 0; k < means.length; k++) { spread += (means[k]! - level) ** 2; noise += variances[k]!; }
  return level > 0 ? Math.sqrt(Math.max(0, spread - noise) / means.length) / level : Infinity;
}

/**
 * As modelFromRuns, on the in-phase component: A the marks' mean (over all of them for a
 * steady tone), v the gaps' mean square.
 */
function modelFromRunsCoherent(y: Float32Array, runs: readonly Run[], halfWindow: number, levelBin: number): SignalModel | undefined {
  const n = y.length;
  const totals = runTotals(y, runs, 2, false);
  const { markCount, markSum, gapCount, gapSquares } = totals;
  const enough = 20;
  if (markCount[n]! < enough || gapCount[n]! < enough) return undefined;
  const globalNoise = gapSquares[n]! / gapCount[n]!;
  const globalAmp = markSum[n]! / markCount[n]!;
  if (!(globalAmp > 0)) return undefined;
  const steady = levelSpread(y, totals, levelBin) < STEADY_LEVEL_SPREAD;
  const amplitude = new Float32Array(n);
  const noise = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const a = Math.max(0, i - halfWindow);
    const b = Math.min(n, i + halfWindow);
    const localNoise = windowMean(gapCount, gapSquares, a, b, enough) ?? globalNoise;
    const localAmp = steady ? globalAmp : windowMean(markCount, markSum, a, b, enough) ?? globalAmp;
    const amp = Math.max(localAmp, 0.3 * Math.sqrt(localNoise));
    amplitude[i] = amp;
    noise[i] = Math.max(localNoise, (MIN_NOISE * amp) ** 2, 1e-24);
  }
  return { amplitude, noise };
}

/**
 * The marks and gaps of the envelope, in ms, alternating and starting and ending with a
 * mark (none when there is no mark). The first segmentation trusts the quantile levels;
 * each refinement measures the tone and the noise where that segmentation put marks and
 * gaps, which follows fading more closely, and segments again.
 */
export function segment(env: Float32Array, lv: Levels, options: SegmentOptions): KeyedTimings {
  let model = modelFromLevels(lv, options.looks);
  let runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  let meanDot = 0;
  for (const d of options.dotBlocks) meanDot += d / options.dotBlocks.length;
  const halfWindow = Math.round(Math.min(Math.max(REFINE_DOTS * meanDot, REFINE_MIN_MS / options.blockMs), REFINE_MAX_MS / options.blockMs));
  for (let pass = 0; pass < REFINEMENTS; pass++) {
    const refined = modelFromRuns(env, runs, options.filterBlocks, halfWindow);
    if (!refined) break;
    model = refined;
    runs = viterbi(envelopeEvidence(env, model, options.filterBlocks), options);
  }
  while (runs.length > 0 && !runs[0]!.mark) runs.shift();
  while (runs.length > 0 && !runs[runs.length - 1]!.mark) runs.pop();
  return {
    startMs: runs.length > 0 ? runs[0]!.start * options.blockMs : 0,
    durations: runs.map((r) => r.length * options.blockMs),
  };
}
