/**
 * Wabun code (和文モールス符号): Japanese sent in katakana.
 *
 * Sources:
 * - Japan, Radio Station Operation Regulations (無線局運用規則, 昭和25年電波監理委員会規則第17号),
 *   Appended Table No. 1 (別表第一号, Article 12), part 1 (和文): the 48 kana in iroha order,
 *   濁点 `..`, 半濁点 `..--.`, and the signs 長音 `.--.-`, 区切点 `.-.-.-`, 段落 `.-.-..`,
 *   and the two brackets `-.--.-` (opening) and `.-..-.` (closing). As transcribed by
 *   benricho.org/symbol/morse2.html and www.venus.dti.ne.jp/~yoshi-o/Radio/Morse_code.html.
 * - Wikipedia, "Wabun code": the same chart, the sign `.-.-..` written as the full stop `。`,
 *   and the prosigns DO `-..---` (into Wabun) and SN `...-.` (back to International Morse).
 * - morse-decoder 4.0.1 (src/characters.ts, priority 10), checked entry by entry: the same
 *   kana, marks, `、` and brackets.
 * - How kana outside the chart are sent (voiced kana as base + 濁点, small kana full size):
 *   morse-site.com/morse-dakuten and morse-site.com/?p=694.
 *
 * Where they differ, and what is here:
 * - `.-.-..` is the regulation's 段落 (paragraph mark, drawn `」` in vertical text); Wikipedia
 *   and morse-decoder write it `。`. It is `。` here: the sign that ends a sentence.
 * - No source gives codes for the quotation brackets 「 」; they are left out rather than sent
 *   as the paragraph mark or as the round brackets.
 * - The regulation's brackets are the vertical-writing ones (下向括弧, 上向括弧); they are the
 *   full-width （ ） here, as in Wikipedia and morse-decoder.
 * - morsee 1.0.10 has no Japanese.
 *
 * Mixed with International Morse (DO into Wabun, SN back, as Wikipedia gives them), encode
 * sends SN before anything after kana that is not Wabun's own (a Latin letter, any of ITU's
 * signs, a prosign, another script's letter) and DO before kana after any of those, so that
 * every character reads back as sent in `wabun`. ITU's signs and the prosigns always go out,
 * not only those a kana shadows (`/` is モ, `(` ル, `=` メ, `+` ン, `&` オ, `.` `)` `"` are Wabun's
 * `、` `（` `）`; <AA> <AR> <AS> <BT> <CT> <KN> are kana too): a rule by kind is one an operator
 * follows by ear, where a rule by pattern would send `?` among kana and `/` after SN. Digits
 * stay among kana without a shift: Wabun has none of its own (none of the sources above gives
 * any), and none of the shared ITU digits, all of five elements, has a kana's pattern
 * (wabun.test.ts checks it), so they read the same either way. A message read in `wabun`
 * starts in kana unless its first shift is DO (reader.ts): text with no kana has no shift, and
 * is Latin's to read.
 */
import type { CharacterTable } from "../characters.js";
import type { Alphabet } from "./alphabet.js";

/** The kana in the regulation's iroha order, then ン and the marks, then the long-vowel mark. */
const LETTERS: CharacterTable = {
  イ: ".-",
  ロ: ".-.-",
  ハ: "-...",
  ニ: "-.-.",
  ホ: "-..",
  ヘ: ".",
  ト: "..-..",
  チ: "..-.",
  リ: "--.",
  ヌ: "....",
  ル: "-.--.",
  ヲ: ".---",
  ワ: "-.-",
  カ: ".-..",
  ヨ: "--",
  タ: "-.",
  レ: "---",
  ソ: "---.",
  ツ: ".--.",
  ネ: "--.-",
  ナ: ".-.",
  ラ: "...",
  ム: "-",
  ウ: "..-",
  ヰ: ".-..-",
  ノ: "..--",
  オ: ".-...",
  ク: "...-",
  ヤ: ".--",
  マ: "-..-",
  ケ: "-.--",
  フ: "--..",
  コ: "----",
  エ: "-.---",
  テ: ".-.--",
  ア: "--.--",
  サ: "-.-.-",
  キ: "-.-..",
  ユ: "-..--",
  メ: "-...-",
  ミ: "..-.-",
  シ: "--.-.",
  ヱ: ".--..",
  ヒ: "--..-",
  モ: "-..-.",
  セ: ".---.",
  ス: "---.-",
  ン: ".-.-.",
  ゛: "..",
  ゜: "..--.",
  ー: ".--.-",
};

/** Wabun's punctuation, decoded before ITU's (`、` is ITU's `.`, `（` ITU's `)`). */
const SIGNS: CharacterTable = {
  "、": ".-.-.-",
  "。": ".-.-..",
  "（": "-.--.-",
  "）": ".-..-.",
};

const DAKUTEN = "゛";
const HANDAKUTEN = "゜";
const COMBINING_DAKUTEN = "\u3099";
const COMBINING_HANDAKUTEN = "\u309a";

/** Small kana sent as their full-size letters (Wabun has no small kana). */
const SMALL: Readonly<Record<string, string>> = {
  ァ: "ア",
  ィ: "イ",
  ゥ: "ウ",
  ェ: "エ",
  ォ: "オ",
  ッ: "ツ",
  ャ: "ヤ",
  ュ: "ユ",
  ョ: "ヨ",
  ヮ: "ワ",
  ヵ: "カ",
  ヶ: "ケ",
  // Katakana Phonetic Extensions (Ainu small kana).
  ㇰ: "ク",
  ㇱ: "シ",
  ㇲ: "ス",
  ㇳ: "ト",
  ㇴ: "ヌ",
  ㇵ: "ハ",
  ㇶ: "ヒ",
  ㇷ: "フ",
  ㇸ: "ヘ",
  ㇹ: "ホ",
  ㇺ: "ム",
  ㇻ: "ラ",
  ㇼ: "リ",
  ㇽ: "ル",
  ㇾ: "レ",
  ㇿ: "ロ",
};

const inTables = (ch: string): boolean => Object.hasOwn(LETTERS, ch) || Object.hasOwn(SIGNS, ch);

/**
 * A character as Wabun table characters: hiragana as katakana, small kana full size, voiced
 * and semi-voiced kana as their base and `゛` or `゜` (by canonical decomposition, so ヴ is
 * ウ゛ and ヷ is ワ゛), the combining marks as `゛` and `゜`, half-width katakana as full-width.
 */
function spell(ch: string): readonly string[] | undefined {
  if (inTables(ch)) return [ch];
  if (ch === COMBINING_DAKUTEN) return [DAKUTEN];
  if (ch === COMBINING_HANDAKUTEN) return [HANDAKUTEN];
  const cp = ch.codePointAt(0);
  if (cp === undefined || ch.length !== 1) return undefined;
  // Hiragana ぁ..ゖ sit 0x60 below katakana ァ..ヶ.
  if (cp >= 0x3041 && cp <= 0x3096) return spell(String.fromCodePoint(cp + 0x60));
  const small = SMALL[ch];
  if (small !== undefined) return [small];
  // Half-width katakana and punctuation (｡ ｢ ｣ ､ ･ ｦ..ﾟ): their compatibility forms.
  if (cp >= 0xff61 && cp <= 0xff9f) {
    const wide = ch.normalize("NFKC");
    return wide === ch || [...wide].length !== 1 ? undefined : spell(wide);
  }
  const parts = [...ch.normalize("NFD")];
  if (parts.length === 2 && (parts[1] === COMBINING_DAKUTEN || parts[1] === COMBINING_HANDAKUTEN)) {
    const base = spell(parts[0]!);
    const mark = spell(parts[1]!);
    return base === undefined || mark === undefined ? undefined : [...base, ...mark];
  }
  return undefined;
}

/**
 * Decoded text with each kana followed by `゛` or `゜` written as the one character Unicode
 * composes them into (カ゛ → ガ, ウ゛ → ヴ, ハ゜ → パ). A mark after anything that does not
 * take it (ア゛, a Latin letter) stays as sent.
 */
function compose(text: string): string {
  return text.replace(/(\p{Script=Katakana}|\p{Script=Hiragana})([゛゜])/gu, (pair, base: string, mark: string) => {
    const joined = (base + (mark === DAKUTEN ? COMBINING_DAKUTEN : COMBINING_HANDAKUTEN)).normalize("NFC");
    return [...joined].length === 1 ? joined : pair;
  });
}

export const WABUN: Alphabet = {
  name: "wabun",
  title: "Japanese: Wabun code, katakana with the voicing marks (hiragana, voiced and small kana spelled in it)",
  source:
    "Japan, Radio Station Operation Regulations (無線局運用規則), Appended Table No. 1 (別表第一号), part 1 (和文); DO and SN, and 。 for the paragraph sign, as in Wikipedia's “Wabun code”",
  letters: LETTERS,
  signs: SIGNS,
  spell,
  compose,
  shift: { into: "<DO>", out: "<SN>" },
};
