/**
 * American (railroad) Morse: the code of Morse and Vail's telegraph, kept on North American
 * landlines after the rest of the world took up Gerke's International code.
 *
 * Sources:
 * - morsecode.world, "American Morse Code" (morsecode.world/american/morse.html): the table
 *   of letters, digits and punctuation used here, and its timing (below).
 * - Webster's Revised Unabridged Dictionary (1913), "Morse code": the letters, the digits, the
 *   period and the comma, which agree with morsecode.world's but for T: printed `--` there, which
 *   is M's pattern, and one dash at morsecode.world, taken here. Its L is a "long dash" and its
 *   0 a longer one.
 * - Wikipedia, "American Morse code": what the code is made of (dot, dash, the long dash of L,
 *   the longer dash of 0, a longer gap inside C, O, R, Y, Z and &), with no lengths in units;
 *   its current drawing shows the dash twice the dot and L's long dash four dots long.
 *
 * Notation: besides `.` (dot) and `-` (dash), a pattern writes L's long dash as `⸺` (U+2E3A,
 * two-em dash), 0's very long dash as `⸻` (U+2E3B, three-em dash) and the space inside a
 * character as `␣` (U+2423): C is `..␣.`. The dashes are morsecode.world's own (and morse-pro's,
 * src/dictionary/american.js, by the same author), so that text pasted from there reads back
 * as written; ditdah wrote L as `—` (U+2014) and 0 as `⸺` before issue 42, which read every
 * pasted L as 0. Decode with default glyphs still reads `—` as L: it is what ditdah wrote, and
 * no other character of American Morse is drawn with it. A pattern holding none of these three
 * is still no International one: American's dash is shorter (AMERICAN_UNITS).
 *
 * Timing (AMERICAN_UNITS), morsecode.world's: dot 1 unit, dash 2, long dash 4, very long dash 5;
 * 1 between the elements of a character, 1.5 for a space inside one, 2 between characters, 3
 * between words. Where the sources disagree: Webster (1913) makes the dash "theoretically" three
 * dots and the space inside a letter three dots, and gives no gaps between letters or words;
 * Wikipedia gives no lengths beyond its drawing (dash 2, long dash 4); morsecode.world says that
 * timing varied in practice and that its lengths are one interpretation. Theirs is the one
 * complete set, and it agrees with Wikipedia's drawing, so ditdah takes it whole: Webster's
 * three-dot inner space would be longer than morsecode.world's gap between letters.
 *
 * Speed: a unit lasts 1600 / wpm ms, so that PARIS (37.5 units with its word gap, against
 * International's 50) is sent wpm times a minute; timing.ts. In a timeline every dash, of 2, 4
 * or 5 units, is a `dash` segment of its length, and a `␣` a `silence` of 1.5 units.
 *
 * Punctuation is morsecode.world's (Webster gives only the period and the comma). Its signs
 * made of two or three letters (`(` is P and N) are one character: the spaces inside them are
 * written `␣`, as C's, so that each decodes back as the sign. Quotation marks: the closing
 * quote `”` is Q and J (`..-.␣-.-.`), the opening one Q and N, as morse-pro
 * (src/dictionary/american.js) and TypeAtlas send them; the straight `"` is sent as the opening
 * one, as morse-pro does, and QN decodes to it (the opening `“` is sent as `"`, characters.ts).
 *
 * American Morse shares Latin's characters, so encode sends it only when asked for
 * (`alphabet: "american"`); it is not among ALPHABETS (each character's own alphabet), has
 * no prosigns and none of ITU's punctuation, and its digits are its own.
 */
import type { CharacterTable } from "../characters.js";
import type { Alphabet } from "./alphabet.js";

/** The long dash of L (4 units): the two-em dash, as morsecode.world writes it. */
export const LONG_DASH = "\u2E3A";
/** The very long dash of the digit 0 (5 units): the three-em dash, as morsecode.world writes it. */
export const VERY_LONG_DASH = "\u2E3B";
/** L's long dash as ditdah wrote it before it took morsecode.world's: still read as L by the forgiving decode. */
export const FORMER_LONG_DASH = "\u2014";
/** A space inside a character (1.5 units, in place of the 1-unit gap between elements). */
export const INNER_SPACE = "␣";

/** Lengths in units (a dot is one), morsecode.world's. */
export const AMERICAN_UNITS = {
  dot: 1,
  dash: 2,
  longDash: 4,
  veryLongDash: 5,
  elementGap: 1,
  innerSpace: 1.5,
  letterGap: 2,
  wordGap: 3,
} as const;

const DIGITS: CharacterTable = {
  "1": ".--.",
  "2": "..-..",
  "3": "...-.",
  "4": "....-",
  "5": "---",
  "6": "......",
  "7": "--..",
  "8": "-....",
  "9": "-..-",
  "0": VERY_LONG_DASH,
};

const PUNCTUATION: CharacterTable = {
  ".": "..--..",
  ",": ".-.-",
  ":": "-.-␣.␣.",
  "?": "-..-.",
  "'": "..-.␣.-..",
  "-": "...␣.-..",
  "/": "..-␣-",
  "(": ".....␣-.",
  ")": ".....␣..␣..",
  '"': "..-.␣-.",
  "”": "..-.␣-.-.",
  "&": ".␣...",
  "!": "---.",
  ";": "...␣..",
};

export const AMERICAN: Alphabet = {
  name: "american",
  title: "American (railroad) Morse: Latin letters, digits and punctuation in the original landline code (encode sends it only when asked, alphabet=american)",
  source:
    'morsecode.world, "American Morse Code" (table and timing); Webster\'s Revised Unabridged Dictionary (1913), "Morse code"; Wikipedia, "American Morse code"',
  letters: {
    A: ".-",
    B: "-...",
    C: "..␣.",
    D: "-..",
    E: ".",
    F: ".-.",
    G: "--.",
    H: "....",
    I: "..",
    J: "-.-.",
    K: "-.-",
    L: LONG_DASH,
    M: "--",
    N: "-.",
    O: ".␣.",
    P: ".....",
    Q: "..-.",
    R: ".␣..",
    S: "...",
    T: "-",
    U: "..-",
    V: "...-",
    W: ".--",
    X: ".-..",
    Y: "..␣..",
    Z: "...␣.",
  },
  digits: DIGITS,
  signs: PUNCTUATION,
};
