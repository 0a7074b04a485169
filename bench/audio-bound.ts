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
import { timeline } from "../src/core/index.js";
import { fadeGain, type Message } from "./audio-corpus.js";

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
