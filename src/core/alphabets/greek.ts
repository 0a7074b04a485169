/**
 * Greek: the 24 letters of the modern Greek alphabet.
 *
 * Sources:
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Greek". Each Greek letter takes
 *   the pattern of the Latin letter it looks or sounds like, and Χ gets `----`.
 * - hag.gr, "Κώδικας Morse": a Greek amateur radio table with Latin and Greek side by side.
 * - Checked against ebook2cw 0.8.5 (codetables.h, "Standard Greek Alphabet", which also sends
 *   final ς as Σ) and morse-decoder 4.0.1 (src/characters.ts, set 6). All of them give the same
 *   24 patterns.
 *
 * What ditdah leaves out:
 * - The diphthongs (ΗΥ, ΥΙ, ΟΥ, ΟΙ, ΕΙ, ΑΙ, ΑΥ, ΕΥ). They appear in old tables but are
 *   obsolete; Wikipedia notes they are sent as two separate vowels.
 * - The tonos. It is not sent, so the accented vowels (Ά, Έ, ...) are not in the table.
 * - Final sigma ς. It is the lower-case form of Σ, and is sent as Σ (as ebook2cw sends it).
 *
 * No two letters share a pattern.
 */
import type { Alphabet } from "./alphabet.js";

export const GREEK: Alphabet = {
  name: "greek",
  title: "Greek: the 24 letters of the modern Greek alphabet",
  source: 'Wikipedia, "Morse code for non-Latin alphabets", section "Greek"; hag.gr, "Κώδικας Morse"; checked against ebook2cw and morse-decoder 4.0.1',
  spell: spellGreek,
  letters: {
    Α: ".-",
    Β: "-...",
    Γ: "--.",
    Δ: "-..",
    Ε: ".",
    Ζ: "--..",
    Η: "....",
    Θ: "-.-.",
    Ι: "..",
    Κ: "-.-",
    Λ: ".-..",
    Μ: "--",
    Ν: "-.",
    Ξ: "-..-",
    Ο: "---",
    Π: ".--.",
    Ρ: ".-.",
    Σ: "...",
    Τ: "-",
    Υ: "-.--",
    Φ: "..-.",
    Χ: "----",
    Ψ: "--.-",
    Ω: ".--",
  },
};

/** Greek letters by their tonos-less, upper-case form. */
const GREEK_LETTER = /^[\u0391-\u03a9]$/u;

/**
 * A Greek letter the table has not as itself: final sigma as sigma, and a letter with
 * tonos or dialytika (ά, Ϊ) as the bare letter, which is how Greek Morse sends them.
 */
function spellGreek(ch: string): readonly string[] | undefined {
  // Final sigma's upper case is Σ.
  const bare = ch.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase();
  return bare !== ch && GREEK_LETTER.test(bare) ? [bare] : undefined;
}
