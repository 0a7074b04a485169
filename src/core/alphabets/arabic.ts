/**
 * Arabic: the 28 letters, hamza, and ta marbuta sent as ت.
 *
 * Sources:
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Arabic". Each letter is given with
 *   the Latin letter whose pattern it shares.
 * - ebook2cw 0.8.5 (DJ5CW, 2023; codetables.h, "Arabic Alphabet, as per Wikipedia", U+0621 to
 *   U+064A), whose ChangeLog for 0.8.5 reads "Add some missing letters for Arabic, Greek,
 *   Hebrew": the same letters, ه, and ة (source of ة's pattern, below).
 * - Checked against morse-decoder 4.0.1 (src/characters.ts, set 8), TypeAtlas
 *   (typeatlas/data/morse.py, MAP_ARABIC, which gives only some letters) and morse-pro
 *   (src/dictionary/arabic.js). They agree except where noted below.
 *
 * No Arabic national standard or ITU text for these letters was found to cite. ITU-R
 * M.1677-1 covers Latin letters only, although some web pages say it also covers Arabic.
 *
 * Where the published tables disagree:
 * - ه: ditdah follows the source table, `..-..` (the pattern of É). Wikipedia, morse-decoder,
 *   TypeAtlas, onlinemorsecode.com and ebook2cw 0.8.5 give `..-..` (ebook2cw before 0.8.5 left
 *   ه out). morse-pro gives `..--..`, which is ITU's `?`.
 * - ة (ta marbuta, the feminine ending): only ebook2cw 0.8.5 gives it a pattern, ت's `-`.
 *   ditdah follows it. ة comes after ت, so `-` decodes to ت (a pattern an earlier letter has
 *   still decodes as that one).
 * - onlinemorsecode.com gives other patterns for ص (`-.-.`), ظ (`-..-`) and ع (`.-..-`).
 *   Every other source disagrees with it, and `-.-.` would give ص and ث the same pattern, so
 *   ditdah does not follow it.
 * - Hamza: the sources write it as U+FE80, the isolated presentation form. ditdah uses the
 *   letter itself, ء U+0621, which is what NFKC makes of U+FE80.
 *
 * Left out: no source gives patterns for ى, أ, إ, آ, ؤ or ئ (ebook2cw 0.8.5 leaves them out too).
 *
 * No two letters share a pattern but ة and ت.
 */
import type { Alphabet } from "./alphabet.js";

export const ARABIC: Alphabet = {
  name: "arabic",
  title: "Arabic: the 28 letters and hamza, with ta marbuta (sent as ت)",
  source:
    'Wikipedia, "Morse code for non-Latin alphabets", section "Arabic"; ebook2cw 0.8.5 (codetables.h: ة as ت); checked against morse-decoder 4.0.1, TypeAtlas and morse-pro (which sends ه as ..--..; ditdah follows the table: ..-..)',
  letters: {
    ا: ".-",
    ب: "-...",
    ت: "-",
    ث: "-.-.",
    ج: ".---",
    ح: "....",
    خ: "---",
    د: "-..",
    ذ: "--..",
    ر: ".-.",
    ز: "---.",
    س: "...",
    ش: "----",
    ص: "-..-",
    ض: "...-",
    ط: "..-",
    ظ: "-.--",
    ع: ".-.-",
    غ: "--.",
    ف: "..-.",
    ق: "--.-",
    ك: "-.-",
    ل: ".-..",
    م: "--",
    ن: "-.",
    ه: "..-..",
    و: ".--",
    ي: "..",
    ء: ".",
    // Shares ت's pattern (ebook2cw 0.8.5): encodes, and the pattern decodes to ت.
    ة: "-",
  },
};
