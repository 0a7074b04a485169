/**
 * The character error rate an ideal element-by-element decoder would reach on the corpus,
 * printed beside the measured one to show what SNR and fading allow. It knows the pitch,
 * the phase, the fading and the timing grid, correlates each dot-long unit with the tone (a
 * matched filter) and decides key down or up for each unit on its own; hand-keying does
 * not hurt it. A unit is then wrong with probability Q(√(Es / 2N0)), where Es/N0 = SNR ·
 * 3000 Hz · unit length · the fading's power gain there (the corpus states SNR in 3 kHz,
 * averaged over the fading), and each wrong unit costs about one character. A decoder
 * does better than this only by deciding on more than one element at a time.
 */
import { CHARACTER_TREE as TREE } from "../src/audio/character-tree.js";
import { decode, timeline } from "../src/core/index.js";
import { fadeGain, gaussian, levenshtein, type Message } from "./audio-corpus.js";

/** erfc, Numerical Recipes' Chebyshev fit (relative error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const poly = -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 +
    t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
  const r = t * Math.exp(poly);
  return x >= 0 ? r : 2 - r;
}

/** The tail of the standard normal distribution beyond x. */
const q = (x: number): number => erfc(x / Math.SQRT2) / 2;

/** Expected wrong characters and the reference length of one message at `snrDb`. */
export function idealElementErrors(m: Message, snrDb: number, referenceLength: number): number {
  const tl = timeline(m.text, { wpm: m.wpm });
  const units = Math.round(tl.durationMs / tl.unitMs);
  const esOverN0 = 10 ** (snrDb / 10) * 3000 * (tl.unitMs / 1000);
  let expected = 0;
  for (let u = 0; u < units; u++) {
    // Where the unit falls in the recording as sent (hand-keyed timing stretches it).
    const t = m.channel.padS + ((u + 0.5) / units) * (m.tl.durationMs / 1000);
    expected += q(Math.sqrt((esOverN0 * fadeGain(m.channel, t) ** 2) / 2));
  }
  return Math.min(referenceLength, expected);
}

/** Gap lengths on the timing grid, in units, and their shares (what the corpus's text makes of them). */
const LETTER_GAP_UNITS = 3;
const WORD_GAP_UNITS = 7;
const LOG_LETTER_GAP = Math.log(0.75);
const LOG_WORD_GAP = Math.log(0.25);

/** Where a state's best path came from: the state before (-1: a character's start), and the length. */
interface Back { from: Int32Array; kind: Uint8Array }

/**
 * The wrong characters of an ideal sequence decoder on one simulated reception of a
 * message: it knows the pitch, the phase, the fading and the timing grid, as the
 * element-by-element one does, but decides the likeliest sequence of whole characters
 * (the character search's tree and priors, on the grid) from every unit's matched filter
 * output at once. Simulated (`random` draws the noise), not a formula: no closed form counts
 * what reading whole characters saves.
 */
export function idealSequenceErrors(m: Message, snrDb: number, reference: string, random: () => number): number {
  const tl = timeline(m.text, { wpm: m.wpm });
  const on: number[] = [];
  for (const s of tl.sequence) for (let k = Math.round(s.durationMs / tl.unitMs); k > 0; k--) on.push(s.type === "silence" ? 0 : 1);
  const units = on.length;
  const esOverN0 = 10 ** (snrDb / 10) * 3000 * (tl.unitMs / 1000);
  // Matched filter outputs in units of the noise's sigma; llr: each unit's log-likelihood ratio, on against off.
  const total = new Float64Array(units + 1);
  for (let u = 0; u < units; u++) {
    const t = m.channel.padS + ((u + 0.5) / units) * (m.tl.durationMs / 1000);
    const a = Math.sqrt(2 * esOverN0) * fadeGain(m.channel, t);
    const r = on[u]! * a + gaussian(random);
    total[u + 1] = total[u]! + a * r - (a * a) / 2;
  }
  return Math.min(reference.length, levenshtein(reference, decodeOnGrid(total, units)));
}

/** The likeliest text on the grid given the running totals of the units' log-likelihood ratios. */
function decodeOnGrid(total: Float64Array, units: number): string {
  const N = TREE.size;
  const size = (units + 1) * N;
  const mark = new Float64Array(size).fill(-Infinity);
  const gap = new Float64Array(size).fill(-Infinity);
  const boundary = new Float64Array(units + 1).fill(-Infinity);
  // markFrom: the state before a mark (u·N + s of a gap, or -1 - u for a character's start).
  const markFrom = new Int32Array(size);
  const boundaryFrom = new Int32Array(units + 1);
  const boundaryWord = new Uint8Array(units + 1);
  boundary[0] = 0;
  const extend = (score: number, s: number, u: number, from: number): void => {
    for (const [length, child] of [[1, TREE.dot[s]!], [3, TREE.dash[s]!]] as const) {
      const v = u + length;
      if (child < 0 || v > units) continue;
      const candidate = score + total[v]! - total[u]!;
      if (candidate > mark[v * N + child]!) { mark[v * N + child] = candidate; markFrom[v * N + child] = from; }
    }
  };
  for (let u = 0; u <= units; u++) {
    if (boundary[u]! > -Infinity) extend(boundary[u]!, 0, u, -1 - u);
    for (let s = 0; s < N; s++) {
      const g = gap[u * N + s]!;
      if (g > -Infinity) extend(g, s, u, u * N + s);
      const k = mark[u * N + s]!;
      if (k === -Infinity) continue;
      if (TREE.inner[s] === 1 && u + 1 <= units && k > gap[(u + 1) * N + s]!) gap[(u + 1) * N + s] = k;
      if (TREE.logPrior[s] === -Infinity) continue;
      for (const [length, logShare, word] of [[LETTER_GAP_UNITS, LOG_LETTER_GAP, 0], [WORD_GAP_UNITS, LOG_WORD_GAP, 1]] as const) {
        const v = u + length;
        const candidate = k + TREE.logPrior[s]! + logShare;
        if (v <= units && candidate > boundary[v]!) { boundary[v] = candidate; boundaryFrom[v] = u * N + s; boundaryWord[v] = word; }
      }
    }
  }
  // The end: the last mark ends the timeline.
  let best = -Infinity;
  let at = -1;
  for (let s = 0; s < N; s++) {
    const v = mark[units * N + s]! + TREE.logPrior[s]!;
    if (v > best) { best = v; at = units * N + s; }
  }
  const words: string[][] = [[]];
  while (at >= 0) {
    // Back through the character ending at state `at` to its start.
    const s = at % N;
    words[0]!.unshift(patternOf(s));
    let state = at;
    let from = markFrom[state]!;
    while (from >= 0) { state = from - N; from = markFrom[state]!; }
    const start = -1 - from;
    if (start === 0) break;
    at = boundaryFrom[start]!;
    if (boundaryWord[start] === 1) words.unshift([]);
  }
  return decode(words.map((w) => w.join(" ")).join(" / "));
}

/** The dots and dashes of a tree node. */
function patternOf(node: number): string {
  let pattern = "";
  for (let s = node; s > 0; s = TREE.parent[s]!) pattern = (TREE.byDash[s] === 1 ? "-" : ".") + pattern;
  return pattern;
}
