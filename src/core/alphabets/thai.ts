/**
 * Thai: the consonants, vowels, tone marks and signs in the published Thai Morse table.
 *
 * Sources:
 * - Thai Wikipedia, "รหัสมอร์ส", Thai Morse table, as transcribed in morse-decoder 4.0.1
 *   (src/characters.ts, set 12, which cites th.wikipedia.org/wiki/รหัสมอร์ส).
 * - morsecodegenerator.org, "Thai Morse Code Translator", table "Thai Alphabet to Morse Code".
 *   It gives the same 52 characters with the same patterns.
 *
 * Characters are in the sources' order: consonants, ฤ, vowels, tone marks, then the other
 * signs. The vowels and marks written above or below a consonant (ั ิ ี ึ ื ุ ู ่ ้ ๊ ๋ ็ ์) are
 * sent as characters of their own, in the order they are stored.
 *
 * What to watch for:
 * - Some of these patterns are also ITU digits or signs. Each alphabet's own table is read
 *   first in decode, so with this alphabet:
 *   - ๊ `--...` decodes in place of the digit 7, and ็ `---..` in place of 8;
 *   - ง `-.--.` in place of `(`, จ `-..-.` in place of `/`, อ `-...-` in place of `=`,
 *     ะ `.-...` in place of `&`, and ๋ `.-.-.` in place of `+`.
 * - Left out: ฃ ฅ ฆ ฌ ฎ ฏ ฐ ฑ ฒ ณ ธ ภ ศ ษ ฬ ฦ ใ ๅ. Neither source above lists them. Some
 *   tables send each of them like a listed letter (ฆ like ค, ศ and ษ like ส, ใ like ไ), but
 *   no source could be read for it.
 *
 * No two characters share a pattern.
 */
import type { Alphabet } from "./alphabet.js";

export const THAI: Alphabet = {
  name: "thai",
  title: "Thai: the consonants, vowels, tone marks and signs in the published Thai Morse table",
  source: 'Thai Wikipedia, "รหัสมอร์ส", Thai Morse table (as in morse-decoder 4.0.1, which cites it); morsecodegenerator.org, "Thai Morse Code Translator"',
  letters: {
    // Consonants.
    ก: "--.",
    ข: "-.-.",
    ค: "-.-",
    ง: "-.--.",
    จ: "-..-.",
    ฉ: "----",
    ช: "-..-",
    ซ: "--..",
    ญ: ".---",
    ด: "-..",
    ต: "-",
    ถ: "-.-..",
    ท: "-..--",
    น: "-.",
    บ: "-...",
    ป: ".--.",
    ผ: "--.-",
    ฝ: "-.-.-",
    พ: ".--..",
    ฟ: "..-.",
    ม: "--",
    ย: "-.--",
    ร: ".-.",
    ล: ".-..",
    ว: ".--",
    ส: "...",
    ห: "....",
    อ: "-...-",
    ฮ: "--.--",
    ฤ: ".-.--",
    // Vowels.
    "\u0E30": ".-...", // ะ sara a
    "\u0E32": ".-", // า sara aa
    "\u0E34": "..-..", // ิ sara i
    "\u0E35": "..", // ี sara ii
    "\u0E36": "..--.", // ึ sara ue
    "\u0E37": "..--", // ื sara uee
    "\u0E38": "..-.-", // ุ sara u
    "\u0E39": "---.", // ู sara uu
    "\u0E40": ".", // เ sara e
    "\u0E41": ".-.-", // แ sara ae
    "\u0E44": ".-..-", // ไ sara ai maimalai
    "\u0E42": "---", // โ sara o
    "\u0E33": "...-.", // ำ sara am
    // Tone marks.
    "\u0E48": "..-", // ่ mai ek
    "\u0E49": "...-", // ้ mai tho
    "\u0E4A": "--...", // ๊ mai tri (the digit 7's pattern)
    "\u0E4B": ".-.-.", // ๋ mai chattawa
    // Other signs.
    "\u0E31": ".--.-", // ั mai han-akat
    "\u0E47": "---..", // ็ maitaikhu (the digit 8's pattern)
    "\u0E4C": "--..-", // ์ thanthakhat
    "\u0E46": "-.---", // ๆ maiyamok
    "\u0E2F": "--.-.", // ฯ paiyannoi
  },
};
