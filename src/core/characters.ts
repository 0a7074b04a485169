/**
 * The character tables: ITU-R M.1677-1 letters, digits and punctuation, the common
 * extensions, prosigns and accented Latin letters. Written once; every other table
 * (encode lookup, decode lookup, the chart) is derived from these. Other alphabets
 * (alphabets/) share the digits, the punctuation and the prosigns.
 *
 * Sources: ITU-R M.1677-1 (10/2009), Part I: 1.1.1 letters, 1.1.2 figures, 1.1.3
 * punctuation and signs (with `×`), 3.3.1 and 3.5.1 (what is sent for `%`, `‰`, `′`, `″`),
 * 3.3.2 (a number joined to the `%` or `‰` after it by a hyphen).
 * Accented letters beyond ITU's É: the tables of common practice collected at
 * ham.stackexchange.com/q/1379 and by LA3ZA ("Which non-English Morse characters are the
 * most important ones?", 2013); `ß` as German practice sends it (SZ, `...--..`; morse-decoder
 * sends six dots, which is no table's).
 */

export type CharacterTable = Readonly<Record<string, string>>;

export const LETTERS: CharacterTable = {
  A: ".-",
  B: "-...",
  C: "-.-.",
  D: "-..",
  E: ".",
  F: "..-.",
  G: "--.",
  H: "....",
  I: "..",
  J: ".---",
  K: "-.-",
  L: ".-..",
  M: "--",
  N: "-.",
  O: "---",
  P: ".--.",
  Q: "--.-",
  R: ".-.",
  S: "...",
  T: "-",
  U: "..-",
  V: "...-",
  W: ".--",
  X: "-..-",
  Y: "-.--",
  Z: "--..",
};

export const DIGITS: CharacterTable = {
  "0": "-----",
  "1": ".----",
  "2": "..---",
  "3": "...--",
  "4": "....-",
  "5": ".....",
  "6": "-....",
  "7": "--...",
  "8": "---..",
  "9": "----.",
};

/** ITU punctuation first, then the common extensions (`!` `&` `;` `_` `$`). */
export const PUNCTUATION: CharacterTable = {
  ".": ".-.-.-",
  ",": "--..--",
  ":": "---...",
  "?": "..--..",
  "'": ".----.",
  "-": "-....-",
  "/": "-..-.",
  "(": "-.--.",
  ")": "-.--.-",
  '"': ".-..-.",
  "=": "-...-",
  "+": ".-.-.",
  "@": ".--.-.",
  "!": "-.-.--",
  "&": ".-...",
  ";": "-.-.-.",
  _: "..--.-",
  $: "...-..-",
};

/** Signs of common practice beyond API.md section 7's: Spanish's opening question and exclamation marks. */
export const SIGNS: CharacterTable = {
  "¿": "..-.-",
  "¡": "--...-",
};

/**
 * Characters sent as others (encode only): the multiplication sign as X and ITU's printed
 * forms as the ASCII signs they are (Part I, 1.1.3), and what ITU 3.3.1 and 3.5.1 send for
 * per cent, per mille, minute and second.
 */
export const SENT_AS: Readonly<Record<string, string>> = {
  "×": "X",
  "’": "'",
  "‘": "'",
  "“": '"',
  "”": '"',
  "–": "-",
  "%": "0/0",
  "‰": "0/00",
  "′": "'",
  "″": "''",
};

/**
 * Signs that ITU 3.3.2 joins to a number right before them by a hyphen, so that the number's
 * digits and the sign's do not run together: `2%` is sent `2-0/0` "and not 20/0", `2‰` `2-0/00`.
 */
export const JOINED_TO_A_NUMBER: ReadonlySet<string> = new Set(["%", "‰"]);

/** Prosigns: letters sent run together, written in angle brackets. */
export const PROSIGNS: CharacterTable = {
  "<AA>": ".-.-",
  "<AR>": ".-.-.",
  "<AS>": ".-...",
  "<BK>": "-...-.-",
  "<BT>": "-...-",
  "<CL>": "-.-..-..",
  "<CT>": "-.-.-",
  "<DO>": "-..---",
  "<HH>": "........",
  "<KN>": "-.--.",
  "<SK>": "...-.-",
  "<SN>": "...-.",
  "<SOS>": "...---...",
};

/**
 * Accented Latin letters of common practice (É is ITU's). Where several share a
 * sequence, the first listed is the one that sequence decodes to.
 */
export const ACCENTED: CharacterTable = {
  É: "..-..",
  Ä: ".-.-",
  Ö: "---.",
  Ü: "..--",
  Ñ: "--.--",
  À: ".--.-",
  Ç: "-.-..",
  È: ".-..-",
  Å: ".--.-",
  Æ: ".-.-",
  Ą: ".-.-",
  Ć: "-.-..",
  Ĉ: "-.-..",
  Ð: "..--.",
  Ę: "..-..",
  Ĝ: "--.-.",
  Ĥ: "----",
  Š: "----",
  Ĵ: ".---.",
  Ł: ".-..-",
  Ń: "--.--",
  Ó: "---.",
  Ø: "---.",
  Ś: "...-...",
  Ŝ: "...-.",
  Þ: ".--..",
  Ŭ: "..--",
  Ź: "--..-.",
  Ż: "--..-",
  Đ: "..-..",
  Á: ".--.-",
  Â: ".--.-",
  Ã: ".--.-",
  Č: "-.-..",
  Ê: "-..-.",
  Ë: "..-..",
  Ğ: "--.-.",
  Ì: ".---.",
  İ: ".-..-",
  Ï: "-..--",
  Œ: "---.",
  Ò: "---.",
  Ô: "---.",
  Ş: ".--..",
  Ș: "----",
  Ù: "..--",
  Ž: "--..-",
  ß: "...--..",
};

/** Decode precedence, highest first (API.md section 7). */
export const DECODE_PRECEDENCE: readonly CharacterTable[] = [LETTERS, DIGITS, PUNCTUATION, PROSIGNS, ACCENTED, SIGNS];
