/**
 * Persian (Farsi): the 32 letters of the Persian alphabet.
 *
 * Sources:
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Persian". Its table is the one
 *   in morse-decoder 4.0.1 (src/characters.ts, set 9), which cites it.
 * - Sistan Institute, glossary entry "کدِ مورس", table "مورسِ فارسی"
 *   (sistaninstitute.com/mod/glossary/showentry.php?courseid=1&eid=2). Its letters agree
 *   wherever they could be read (ا ب پ ص ض ط).
 *
 * ک (U+06A9) and ی (U+06CC) are the Persian letters. Arabic ك and ي are different characters.
 *
 * Many letters that Persian shares with Arabic have different patterns in the two tables: خ ذ
 * ز ص ض ع غ ق ه (see arabic.ts). This table gives the Persian ones.
 *
 * Where the published tables disagree:
 * - TypeAtlas (typeatlas/data/morse.py, MAP_PERSIAN) builds its table by transliterating into
 *   Latin letters. onlinemorsecode.com/persian-morse-code gives a third table. They differ from
 *   the Wikipedia table, and from each other, on ذ ز ص ض ط ظ ق گ ه (TypeAtlas) and on ث خ ژ
 *   ص ض ط ظ ع ق (onlinemorsecode). The Sistan table agrees with Wikipedia where the others
 *   differ (ص ض ط), so ditdah follows Wikipedia.
 * - ق is `---...`, the same as ITU's `:`. Each alphabet's own table is read first in decode,
 *   so with this alphabet `---...` decodes to ق.
 * - Punctuation: the Sistan table sends `.` as `......` and `،` as `.-.-.-`, as Russian
 *   practice does. ditdah uses ITU punctuation for every alphabet, so this alphabet has no
 *   `signs`.
 *
 * No two letters share a pattern.
 */
import type { Alphabet } from "./alphabet.js";

export const PERSIAN: Alphabet = {
  name: "persian",
  title: "Persian (Farsi): the 32 letters of the Persian alphabet",
  source: 'Wikipedia, "Morse code for non-Latin alphabets", section "Persian" (as in morse-decoder 4.0.1); Sistan Institute glossary, "کدِ مورس"',
  letters: {
    ا: ".-",
    ب: "-...",
    پ: ".--.",
    ت: "-",
    ث: "-.-.",
    ج: ".---",
    چ: "---.",
    ح: "....",
    خ: "-..-",
    د: "-..",
    ذ: "...-",
    ر: ".-.",
    ز: "--..",
    ژ: "--.",
    س: "...",
    ش: "----",
    ص: ".-.-",
    ض: "..-..",
    ط: "..-",
    ظ: "-.--",
    ع: "---",
    غ: "..--",
    ف: "..-.",
    ق: "---...",
    ک: "-.-",
    گ: "--.-",
    ل: ".-..",
    م: "--",
    ن: "-.",
    و: ".--",
    ه: ".",
    ی: "..",
  },
};
