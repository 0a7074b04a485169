/**
 * Arabic: the 28 letters and hamza.
 *
 * Sources:
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Arabic". Each letter is given with
 *   the Latin letter whose pattern it shares.
 * - Checked against morse-decoder 4.0.1 (src/characters.ts, set 8), ebook2cw (codetables.h,
 *   "Arabic Alphabet, as per Wikipedia", which has no ه), TypeAtlas (typeatlas/data/morse.py,
 *   MAP_ARABIC, which gives only some letters) and morse-pro (src/dictionary/arabic.js). They
 *   agree except where noted below.
 *
 * No Arabic national standard or ITU text for these letters was found to cite. ITU-R
 * M.1677-1 covers Latin letters only, although some web pages say it also covers Arabic.
 *
 * Where the published tables disagree:
 * - ه: ditdah follows the source table, `..-..` (the pattern of É). Wikipedia, morse-decoder,
 *   TypeAtlas and onlinemorsecode.com give `..-..`. morse-pro gives `..--..`, which is ITU's
 *   `?`. ebook2cw leaves ه out.
 * - onlinemorsecode.com gives other patterns for ص (`-.-.`), ظ (`-..-`) and ع (`.-..-`).
 *   Every other source disagrees with it, and `-.-.` would give ص and ث the same pattern, so
 *   ditdah does not follow it.
 * - Hamza: the sources write it as U+FE80, the isolated presentation form. ditdah uses the
 *   letter itself, ء U+0621, which is what NFKC makes of U+FE80.
 *
 * Left out: no source gives patterns for ة, ى, أ, إ, آ, ؤ or ئ.
 *
 * No two letters share a pattern.
 */
import type { Alphabet } from "./alphabet.js";

export const ARABIC: Alphabet = {
  name: "arabic",
  title: "Arabic: the 28 letters and hamza",
  source:
    'Wikipedia, "Morse code for non-Latin alphabets", section "Arabic"; checked against morse-decoder 4.0.1, ebook2cw, TypeAtlas and morse-pro (which sends ه as ..--..; ditdah follows the table: ..-..)',
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
  },
};
