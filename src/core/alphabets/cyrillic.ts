/**
 * Cyrillic: the Russian Morse code, with the Ukrainian and Belarusian letters that the
 * published tables give.
 *
 * Sources:
 * - Wikipedia, "Russian Morse code", section "Table and melody": the Russian national table
 *   (enacted 1856), А to Я, with Ё in Е's row (Ё is sent as Е).
 * - Wikipedia, "Morse code for non-Latin alphabets", section "Cyrillic": the Bulgarian and
 *   Ukrainian differences (Ukrainian Є for Э, І for И, И sent as Ы, and an extra Ї).
 * - ebook2cw 0.8.5 (DJ5CW, 2023; codetables.h, U+0400 to U+045F): the Russian letters, and
 *   Belarusian Ў (U+040E) as `..-`, the one source found for it.
 * - Checked against morse-decoder 4.0.1 (src/characters.ts, set 5, which also gives Ї and Ґ) and
 *   morse-pro (src/dictionary/cyrillic.js and cyrillic-ukraine.js). Their patterns agree except
 *   where noted below.
 *
 * One table serves every language here, and each pattern decodes to one letter, so the Russian
 * letter wins in decode. The Russian letters come first, in alphabet order. Ё and the Ukrainian
 * and Belarusian letters come after them. The letters among them that share a Russian letter's
 * pattern still encode, but that pattern decodes to the Russian letter.
 *
 * Where the published tables disagree:
 * - Ъ: the Russian Morse code table, morse-decoder and morse-pro send `--.--`. ebook2cw, and the
 *   non-Latin article's "Ь (rus. Ъ)" row, send it like Ь, `-..-`. ditdah uses `--.--`, so Ъ and
 *   Ь stay distinct.
 * - Ё has no pattern of its own. It is sent as Е, so `.` decodes to Е.
 * - Ukrainian И: Ukrainian practice sends it as Ы, `-.--`. It is the same character as Russian
 *   И, so it encodes as `..`, and `-.--` decodes to Ы.
 * - Ukrainian and Belarusian І is sent as `..`, like Russian И, so `..` decodes to И.
 * - Ukrainian Є is sent as `..-..`, like Э, so `..-..` decodes to Э.
 * - Ukrainian Ґ is sent as `--.`, like Г, so `--.` decodes to Г (morse-decoder; the same in a
 *   Ukrainian teaching table at servika.wordpress.com, 2013). That table also sends Г as `....`
 *   and Х as `----`. Г and Х are Russian letters, so ditdah keeps their Russian patterns.
 * - Ukrainian Ї has a pattern of its own, `.---.` (morse-decoder, morse-pro cyrillic-ukraine,
 *   the servika table).
 * - ebook2cw sends Є as Е (`.`) and Ї as І (`..`), as a spelling in Russian letters would;
 *   ditdah follows the sources that give Ukrainian practice (Є `..-..`, Ї `.---.`, above).
 * - Bulgarian sends Ъ as `-..-` and Ь as `-.--` (non-Latin article, Cyrillic section). Both are
 *   Russian letters with Russian patterns, and the Russian patterns win: a Bulgarian Ъ encodes as
 *   `--.--` and a Bulgarian Ь as `-..-`. Bulgarian has no letter that needs a pattern of its own.
 * - Belarusian Ў is sent as У, `..-` (ebook2cw), so `..-` decodes to У.
 * - Punctuation: Russian national practice sends `.` as `......` and `,` as `.-.-.-`
 *   (morse-pro cyrillic.js has them too). ditdah uses ITU punctuation for every alphabet, so
 *   this alphabet has no `signs`.
 */
import type { Alphabet } from "./alphabet.js";

export const CYRILLIC: Alphabet = {
  name: "cyrillic",
  title: "Cyrillic: Russian, with the Ukrainian and Belarusian letters",
  source:
    'Wikipedia, "Russian Morse code", section "Table and melody" (the Russian national table); Wikipedia, "Morse code for non-Latin alphabets", section "Cyrillic" (Ukrainian and Bulgarian differences); ebook2cw 0.8.5 (Belarusian Ў); checked against morse-decoder 4.0.1 and morse-pro',
  letters: {
    А: ".-",
    Б: "-...",
    В: ".--",
    Г: "--.",
    Д: "-..",
    Е: ".",
    Ж: "...-",
    З: "--..",
    И: "..",
    Й: ".---",
    К: "-.-",
    Л: ".-..",
    М: "--",
    Н: "-.",
    О: "---",
    П: ".--.",
    Р: ".-.",
    С: "...",
    Т: "-",
    У: "..-",
    Ф: "..-.",
    Х: "....",
    Ц: "-.-.",
    Ч: "---.",
    Ш: "----",
    Щ: "--.-",
    Ъ: "--.--",
    Ы: "-.--",
    Ь: "-..-",
    Э: "..-..",
    Ю: "..--",
    Я: ".-.-",
    // Shares a Russian letter's pattern: encodes, and the pattern decodes to the Russian letter.
    Ё: ".",
    // Ukrainian (І is Belarusian too).
    Є: "..-..",
    І: "..",
    Ї: ".---.",
    Ґ: "--.",
    // Belarusian.
    Ў: "..-",
  },
};
