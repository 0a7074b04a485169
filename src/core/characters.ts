/**
 * The character tables: ITU-R M.1677-1 letters, digits and punctuation, the common
 * extensions, prosigns and accented Latin letters. Written once; every other table
 * (encode lookup, decode lookup, the chart) is derived from these.
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
};

/** Decode precedence, highest first (API.md section 7). */
export const DECODE_PRECEDENCE: readonly CharacterTable[] = [LETTERS, DIGITS, PUNCTUATION, PROSIGNS, ACCENTED];
