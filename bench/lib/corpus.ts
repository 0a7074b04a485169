/**
 * Deterministic benchmark inputs: mixed text of letters, digits, punctuation and prosigns,
 * drawn from characters that `morsee` and `morse-decoder` can also encode with plain ASCII
 * dots and dashes, so that all three libraries can be held to the same output.
 */

import { rng } from "../../test/fixtures/random.js";

/** The seeded PRNG (mulberry32) the benches share with the tests: every run benchmarks the same text. */
export { rng };

const WORDS = [
  "the",
  "quick",
  "brown",
  "fox",
  "jumps",
  "over",
  "lazy",
  "dog",
  "paris",
  "morse",
  "code",
  "radio",
  "signal",
  "station",
  "antenna",
  "weather",
  "report",
  "copy",
  "receive",
  "transmit",
  "hello",
  "world",
  "cq",
  "de",
  "qth",
  "rst",
  "name",
  "op",
  "rig",
  "power",
  "watts",
  "band",
  "meters",
  "frequency",
];
/** Punctuation all three libraries encode to ASCII `.`/`-` (`;`, `_`, `$` are left out: morsee draws them with `·`/`−`). */
const PUNCTUATION = [".", ",", "?", "'", "!", "/", "(", ")", "&", ":", "=", "+", "-", '"', "@"];
/** Prosigns that decode back to themselves (no letter, digit or sign shares their sequence). */
const PROSIGNS = ["<SK>", "<BK>", "<SOS>", "<CL>", "<HH>", "<CT>", "<DO>", "<SN>", "<AA>"];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function token(random: () => number): string {
  const r = random();
  if (r < 0.55) return pick(random, WORDS);
  if (r < 0.65) return String(Math.floor(random() * 100_000));
  if (r < 0.8) return pick(random, WORDS) + pick(random, PUNCTUATION);
  if (r < 0.88) return pick(random, PUNCTUATION) + pick(random, WORDS) + pick(random, PUNCTUATION);
  if (r < 0.94) return `${pick(random, WORDS)}@${pick(random, WORDS)}.com`;
  return pick(random, PROSIGNS);
}

/**
 * Exactly `length` characters (all ASCII, so code points = UTF-16 units), words separated by
 * single spaces, no leading or trailing white space, mixed case, at least one prosign.
 */
export function mixedText(length: number, seed = 1): string {
  const random = rng(seed);
  const parts: string[] = [PROSIGNS[0]!];
  let size = parts[0]!.length;
  for (;;) {
    const next = token(random);
    const cased = random() < 0.3 ? next.toUpperCase() : next;
    if (size + 1 + cased.length > length) break;
    parts.push(cased);
    size += 1 + cased.length;
  }
  // Fill the rest exactly: a last word of letters (or drop to make room for one).
  while (length - size - 1 < 1 && parts.length > 1) {
    size -= parts.pop()!.length + 1;
  }
  const fill = length - size - 1;
  if (fill > 0) parts.push("e".repeat(fill));
  // Keep the prosign away from the front so that the text opens with ordinary words.
  parts.push(parts.shift()!);
  const text = parts.join(" ");
  if (text.length !== length) throw new Error(`mixedText: built ${text.length} characters, wanted ${length}`);
  return text;
}

/** The same text for libraries without prosigns: `<SK>` becomes the letters `SK`. */
export function withoutProsigns(text: string): string {
  return text.replace(/<([A-Za-z]+)>/g, "$1");
}

export function isProsignWord(word: string): boolean {
  return /^<[A-Za-z]+>$/.test(word);
}
