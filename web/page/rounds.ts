/**
 * What a practice round sends besides Koch's random groups: words, call signs and QSO text,
 * each made only of the characters in play, so a learner hears real text as soon as some can
 * be spelled.
 */
import { callSign, pick } from "./call-signs.js";
import { drawGroups, lessonOf, type Mode, type RandomSource } from "./koch.js";
import { firstQsoLearned, qsoText } from "./qso.js";

/**
 * Words heard on the air and common short English ones, each drawn in a round of words once
 * all its characters are in play (lesson 5, K M U R E S, makes ten: US, SEE, SURE, MUSE...).
 */
export const WORDS: readonly string[] = (
  "CQ DE K KN TU UR RST 5NN 599 FB OM ES HR QTH NAME WX 73 AGN PSE RIG ANT PWR GM GA GE GN SRI TNX CUL BK HW CPY " +
  "QRS QRQ QRM QRN QSB QSL QRZ QRT QSO SOLID RPRT TEMP SUN RAIN SNOW " +
  "THE AND ARE MAN MEN TEN RUN SEE SET NET NEW NOW ONE TWO OUT PUT SUM USE MUST NEAR TERM TREE STAR SEA EAST WEST " +
  "NORTH SOUTH TIME MORE SOME MANY RATE TEST MEET SURE UP US AS AT AM AN IN IS IT ON NO SO TO WE ME MY OR OF IF GO " +
  "RAM RAN RUM SUN NUT MAP NAP PAN PEN PET SPA SPUR PURE MUSE MASK RANK SANK PARK SPARK TAPE PAST TRAP SMART"
).split(" ");

/** The words made only of `characters`, each once. */
export function wordsOf(characters: readonly string[]): string[] {
  const inPlay = new Set(characters);
  return [...new Set(WORDS)].filter((word) => [...word].every((c) => inPlay.has(c)));
}

/** Fewest words in play for a round of words, first reached at lesson 5: fewer would repeat too often to be worth copying. */
export const FEWEST_WORDS = 8;

/**
 * A round of `count` items in `mode` from the characters in play: groups of `groupLength`,
 * words, call signs, or the words of `count` exchanges of a QSO. Undefined, with the reason, when the characters in play make none yet.
 */
export function drawRound(
  mode: Mode,
  characters: readonly string[],
  groupLength: number,
  count: number,
  random: RandomSource,
): { items: string[] } | { reason: string } {
  if (mode === "groups") return { items: drawGroups(characters, groupLength, count, random) };
  if (mode === "words") {
    const words = wordsOf(characters);
    if (words.length < FEWEST_WORDS) {
      return { reason: `Words come once ${FEWEST_WORDS} can be made of the characters in play (at lesson 5): there are ${words.length} yet` };
    }
    return { items: Array.from({ length: count }, () => pick(words, random)) };
  }
  if (mode === "qso") {
    const text = qsoText(characters, count, random);
    if (text === undefined) return { reason: `QSO text comes once its shortest exchange can be spelled (at lesson ${lessonOf(firstQsoLearned())})` };
    return { items: text.split(" ") };
  }
  if (callSign(characters, () => 0) === undefined) return { reason: "Call signs come once a digit is in play (5, at lesson 23)" };
  return { items: Array.from({ length: count }, () => callSign(characters, random)!) };
}
