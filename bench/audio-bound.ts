/**
 * What SNR and fading allow, printed beside the measured character error rates: two ideal
 * decoders on the corpus. The second (idealSequenceErrors, below) reads whole characters.
 *
 * The first: the character error rate an ideal element-by-element decoder would reach. It
 * knows the pitch, the phase, the fading and the timing grid, correlates each dot-long unit
 * with the tone (a matched filter) and decides key down or up for each unit on its own;
 * hand-keying does not hurt it. A unit is then wrong with probability Q(√(Es / 2N0)), where Es/N0 = SNR ·
 * 3000 Hz · unit length · the fading's power gain there (the corpus states SNR in 3 kHz,
 * averaged over the fading), and each wrong unit costs about one character. A decoder
 * does better than this only by deciding on more than one element at a time.
 */
import { keyedCharacters } from "../src/audio/decoder/characters/keyed-characters.js";
import { transcribe } from "../src/audio/decoder/characters/transcript.js";
import { STANDARD } from "../src/audio/decoder/characters/spacing.js";
import { segmentOnGrid } from "../src/audio/decoder/search/grid.js";
import { timeline } from "../src/core/index.js";
import { gaussian } from "../test/fixtures/random.js";
import { characterErrors, fadeGain } from "../test/fixtures/simulator.js";
import type { Message } from "./audio-corpus.js";
import { DEFAULT_TUNING } from "../src/audio/decoder/tuning.js";

/** erfc, Numerical Recipes' Chebyshev fit (relative error below 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + z / 2);
  const poly =
    -z * z -
    1.26551223 +
    t *
      (1.00002368 +
        t * (0.37409196 + t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277))))))));
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

/**
 * The wrong characters of an ideal whole-character decoder on one simulated reception of a
 * message: the decoder's own grid search (src/audio/decoder/search/grid.ts) given what the
 * element-by-element one knows (the pitch, the phase, the fading and the timing grid): each
 * unit's exact log-likelihood ratio, key down against key up, from its matched filter's
 * output. Simulated (`random` draws the noise), not a formula: no closed form counts what
 * reading whole characters saves.
 */
export function idealSequenceErrors(m: Message, snrDb: number, reference: string, random: () => number): number {
  const tl = timeline(m.text, { wpm: m.wpm });
  const keyed: number[] = [];
  for (const s of tl.sequence) for (let k = Math.round(s.durationMs / tl.unitMs); k > 0; k--) keyed.push(s.type === "silence" ? 0 : 1);
  // A unit of silence either side: the search finds where the message starts and ends.
  const units = keyed.length + 2;
  const esOverN0 = 10 ** (snrDb / 10) * 3000 * (tl.unitMs / 1000);
  const evidence = new Float32Array(units);
  for (let u = 1; u < units - 1; u++) {
    const t = m.channel.padS + ((u - 0.5) / keyed.length) * (m.tl.durationMs / 1000);
    // The matched filter's output in units of the noise's sigma, and its log-likelihood ratio.
    const a = Math.sqrt(2 * esOverN0) * fadeGain(m.channel, t);
    const r = keyed[u - 1]! * a + gaussian(random);
    evidence[u] = a * r - (a * a) / 2;
  }
  // One block per unit; every unit as strong as any other for the test of weak characters, and clear of noise for the squelch.
  const flat = new Float32Array(units).fill(1);
  const found = keyedCharacters(
    segmentOnGrid(DEFAULT_TUNING, evidence, { startMs: 0, unitMs: 1, misfit: 0 }, 1),
    1,
    { y: flat, amplitude: flat, noise: new Float32Array(units) },
    { tuning: DEFAULT_TUNING, dotBlocks: flat, spacing: STANDARD },
  );
  const text = found ? transcribe(DEFAULT_TUNING, found, m.wpm).output : "";
  return characterErrors(reference, text);
}
