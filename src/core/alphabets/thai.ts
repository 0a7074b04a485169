/**
 * Thai: the consonants, vowels, tone marks and signs in the published Thai Morse table, then
 * the letters that are sent with the pattern of a listed letter.
 *
 * Sources:
 * - Thai Wikipedia, "รหัสมอร์ส", Thai Morse table, as transcribed in morse-decoder 4.0.1
 *   (src/characters.ts, set 12, which cites th.wikipedia.org/wiki/รหัสมอร์ส).
 * - morsecodegenerator.org, "Thai Morse Code Translator", table "Thai Alphabet to Morse Code".
 *   It gives the same 52 characters with the same patterns.
 * - PyThaiNLP, pythainlp/util/morse.py, `THAI_MORSE_CODE` (github.com/PyThaiNLP/pythainlp,
 *   commit c8b547e6). It gives the 52 characters' patterns (but for ๆ, below) and sends
 *   ฆ ฌ ฎ ฏ ฐ ฑ ฒ ณ ธ ภ ศ ษ ฬ ใ each with a listed letter's pattern.
 * - MorseMa, a Thai Morse trainer for Android (github.com/Jameakelan/MorseMa, commit
 *   bd68fcc4): the encoder's table in app/src/main/java/com/example/morsema/translate.java,
 *   and the lessons in MorseAndAlpha.java, which teach the letters sharing a pattern together
 *   ("ข ฃ", "ถ ฐ", "ท ธ ฑ ฒ", "ศ ษ ส", "ไอ ใอ", ...). It gives the same patterns as PyThaiNLP
 *   for those 14, and also ฃ (as ข) and ฅ (as ค).
 *
 * Characters are in the order of the first two sources: consonants, ฤ, vowels, tone marks,
 * then the other signs; after them the 16 letters the last two add, in Thai order. The vowels
 * and marks written above or below a consonant (ั ิ ี ึ ื ุ ู ่ ้ ๊ ๋ ็ ์) are sent as
 * characters of their own, in the order they are stored.
 *
 * What to watch for:
 * - Some of these patterns are also ITU digits or signs. Each alphabet's own table is read
 *   first in decode, so with this alphabet:
 *   - ๊ `--...` decodes in place of the digit 7, and ็ `---..` in place of 8;
 *   - ง `-.--.` in place of `(`, จ `-..-.` in place of `/`, อ `-...-` in place of `=`,
 *     ะ `.-...` in place of `&`, and ๋ `.-.-.` in place of `+`.
 * - The 16 added letters share their patterns with the letters listed before them, which keep
 *   decoding as they did: ข `-.-.` (ฃ), ค `-.-` (ฅ ฆ), ช `-..-` (ฌ), ด `-..` (ฎ), ต `-` (ฏ),
 *   ถ `-.-..` (ฐ), ท `-..--` (ฑ ฒ ธ), น `-.` (ณ), พ `.--..` (ภ), ล `.-..` (ฬ), ส `...` (ศ ษ)
 *   and ไ `.-..-` (ใ). Each added letter encodes; its pattern decodes to the listed letter,
 *   so text with them does not come back as it was sent.
 * - Where the sources disagree:
 *   - ฐ is sent as ถ `-.-..` by both PyThaiNLP and MorseMa (the two high-class aspirates),
 *     not as ท.
 *   - ฅ: MorseMa's encoder gives `-.-` (as ค); its lesson text writes the group "ค ต ฆ",
 *     where ต (already taught as `-`) stands in the place of ฅ. PyThaiNLP has no ฅ.
 *   - ษ: the Thai set of @morsecodeapp/morse (github.com/AppsYogi-com/morsecodeapp,
 *     core/charsets/thai) gives `---..`, which is ็'s pattern (and the digit 8's); PyThaiNLP
 *     and MorseMa give `...`, followed here. That set is not followed anywhere: it also gives
 *     พ `.--.` (ป's), ิ `..-.` (ฟ's), ุ `..--.` (ึ's) and ๊ `-...` (บ's). It agrees on ศ `...`.
 *   - ๆ: PyThaiNLP gives `---.-` (with ฯลฯ); the first two sources and MorseMa give `-.---`,
 *     kept.
 *   - ญ: MorseMa's encoder gives `.----` (the digit 1's), its lessons `.---`, kept.
 * - Left out: ฦ and ๅ. No source gives them a pattern. MorseMa teaches "ฤ ฤๅ" on ฤ's
 *   `.-.--`, the pair sent as ฤ, which gives ๅ no pattern of its own. PyThaiNLP's entries for
 *   the sequences ั้ and ฯลฯ are not single characters and are left out too.
 */
import type { Alphabet } from "./alphabet.js";

export const THAI: Alphabet = {
  name: "thai",
  title: "Thai: the consonants, vowels, tone marks and signs in the published Thai Morse table, and the letters sent as one of them",
  source:
    'Thai Wikipedia, "รหัสมอร์ส", Thai Morse table (as in morse-decoder 4.0.1, which cites it); morsecodegenerator.org, "Thai Morse Code Translator"; PyThaiNLP, pythainlp/util/morse.py; MorseMa (github.com/Jameakelan/MorseMa), translate.java and MorseAndAlpha.java',
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
    // Letters sent with a listed letter's pattern (PyThaiNLP and MorseMa, but ฃ ฅ MorseMa only).
    ฃ: "-.-.", // as ข
    ฅ: "-.-", // as ค
    ฆ: "-.-", // as ค
    ฌ: "-..-", // as ช
    ฎ: "-..", // as ด
    ฏ: "-", // as ต
    ฐ: "-.-..", // as ถ
    ฑ: "-..--", // as ท
    ฒ: "-..--", // as ท
    ณ: "-.", // as น
    ธ: "-..--", // as ท
    ภ: ".--..", // as พ
    ศ: "...", // as ส
    ษ: "...", // as ส
    ฬ: ".-..", // as ล
    "\u0E43": ".-..-", // ใ sara ai maimuan, as ไ
  },
};
