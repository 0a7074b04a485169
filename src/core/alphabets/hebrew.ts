/**
 * Hebrew: the 22 letters, with the five final forms.
 *
 * Sources:
 * - Davidson Institute of Science Education (Weizmann Institute), "סימני מורס בעברית",
 *   stwww1.weizmann.ac.il/communication/?p=132. Its table is the current Hebrew standard. The
 *   page says Zalman Cohen devised the code in 1922 and that 11 of his letters were changed
 *   later. The stored copy of the page shows no patterns for ש and ת; those two come from the
 *   sources below.
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Hebrew". Most letters take the
 *   pattern of a Latin letter that sounds like them; a few take one that looks like them (ט is
 *   U, ת is T).
 * - ebook2cw 0.8.5 (DJ5CW, 2023; codetables.h, "Hebrew according to Wikipedia", U+05D0 to
 *   U+05EA): the 22 letters, and each final form (ך ם ן ף ץ) with its letter's pattern (ך as
 *   כ, `-.-`). Earlier versions left the final forms out.
 * - Checked against morse-pro (src/dictionary/hebrew.js) and morse-decoder 4.0.1
 *   (src/characters.ts, set 7). All of them give the same 22 patterns; neither lists the final
 *   forms.
 *
 * The final forms are the same letters written at the end of a word, and they are sent as the
 * letter, as ebook2cw sends them. Each one follows its base letter, so the shared pattern
 * decodes to the base letter.
 */
import type { Alphabet } from "./alphabet.js";

export const HEBREW: Alphabet = {
  name: "hebrew",
  title: "Hebrew: the 22 letters, with the final forms",
  source:
    'Davidson Institute (Weizmann Institute), "סימני מורס בעברית" (the current Hebrew standard); Wikipedia, "Morse code for non-Latin alphabets", section "Hebrew"; ebook2cw 0.8.5 (the final forms); checked against morse-pro and morse-decoder 4.0.1',
  letters: {
    א: ".-",
    ב: "-...",
    ג: "--.",
    ד: "-..",
    ה: "---",
    ו: ".",
    ז: "--..",
    ח: "....",
    ט: "..-",
    י: "..",
    כ: "-.-",
    ך: "-.-",
    ל: ".-..",
    מ: "--",
    ם: "--",
    נ: "-.",
    ן: "-.",
    ס: "-.-.",
    ע: ".---",
    פ: ".--.",
    ף: ".--.",
    צ: ".--",
    ץ: ".--",
    ק: "--.-",
    ר: ".-.",
    ש: "...",
    ת: "-",
  },
};
