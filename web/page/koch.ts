/**
 * The Koch method's rules, with no DOM and no storage of their own, so they run under Node's
 * tests as they do in the page: the order characters are learned in, a round's random groups,
 * an answer scored against what was sent, when the next character may be added, and a
 * learner's stored progress read back safely.
 *
 * The order is LCWO's (https://lcwo.net/, "Koch method course"; its lessons add the
 * characters in this order, the first lesson with K and M), the most used Koch course online.
 */
import { WPM } from "../../src/core/limits.js";

/** LCWO's Koch order: lesson n practises the first n + 1 characters. */
export const KOCH_ORDER: readonly string[] = [..."KMURESNAPTLWI.JZ=FOY,VG5/Q92H38B?47C1D60X"];

/** A learner starts with the first two characters, K and M. */
export const FIRST_LESSON = 2;

/** The share of a round copied right at which the next character may be added: 90 %. */
export const PASS_PERCENT = 90;

/** Rounds kept in the recent scores. */
export const RECENT_ROUNDS = 10;

/** Bounds of the page's own round settings; the speeds' bounds are the API's. */
export const GROUP_LENGTH = { min: 1, max: 10, default: 5 } as const;
export const GROUPS = { min: 1, max: 20, default: 5 } as const;

/**
 * What a round sends: Koch's random groups of the characters in play; words, or call signs,
 * made only of characters in play, so a learner hears real text as soon as there is some.
 */
export const MODES = ["groups", "words", "calls"] as const;
export type Mode = (typeof MODES)[number];

/** A round's settings. */
export interface Settings {
  mode: Mode;
  /** Character speed, wpm. */
  wpm: number;
  /** Farnsworth overall speed, wpm: slower than the characters, so there is time to think between them. */
  fwpm: number;
  groupLength: number;
  groups: number;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = { mode: "groups", wpm: WPM.default, fwpm: 10, groupLength: GROUP_LENGTH.default, groups: GROUPS.default };

/** One scored round: how many characters were learned then, and how many of its were right. */
export interface RoundRecord {
  learned: number;
  right: number;
  total: number;
}

/** What the page keeps of a learner between visits. */
export interface Progress {
  /** How many characters of KOCH_ORDER are learned (in play). */
  learned: number;
  settings: Settings;
  /** The recent rounds' scores, oldest first. */
  rounds: RoundRecord[];
  /** Every character's copying so far, over every scored round: how often it was sent, and copied right. */
  accuracy: Record<string, CharacterTally>;
}

/** Where a new learner starts. */
export function startingProgress(): Progress {
  return { learned: FIRST_LESSON, settings: { ...DEFAULT_SETTINGS }, rounds: [], accuracy: {} };
}

/** The lessons: lesson n practises the first n + 1 characters, so 40 lessons take K and M to all 41. */
export const LESSONS = KOCH_ORDER.length - 1;

/** The lesson of a learner with `learned` characters, from 1. */
export function lessonOf(learned: number): number {
  return learned - 1;
}

/** The characters in play when `learned` are learned, in Koch order. */
export function charactersInPlay(learned: number): string[] {
  return KOCH_ORDER.slice(0, learned);
}

/** The character a learner would add next, or undefined when all are learned. */
export function nextCharacter(learned: number): string | undefined {
  return KOCH_ORDER[learned];
}

/** A source of numbers in [0, 1), as Math.random: injected so rounds can be reproduced. */
export type RandomSource = () => number;

/** A seeded RandomSource (mulberry32): the same seed draws the same rounds. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/**
 * One character drawn from `characters`, the last (the newest learned) at twice the weight of
 * each other, as Koch courses commonly do, so the newest gets the most practice.
 */
function drawCharacter(characters: readonly string[], random: RandomSource): string {
  const slot = Math.floor(random() * (characters.length + 1));
  return characters[Math.min(slot, characters.length - 1)]!;
}

/** A round: `groups` random groups of `groupLength` characters drawn from `characters`. */
export function drawGroups(characters: readonly string[], groupLength: number, groups: number, random: RandomSource): string[] {
  if (characters.length === 0) throw new RangeError("No characters to draw from");
  return Array.from({ length: groups }, () => Array.from({ length: groupLength }, () => drawCharacter(characters, random)).join(""));
}

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

function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.min(Math.floor(random() * items.length), items.length - 1)]!;
}

/** A call sign of `characters` (a prefix of one or two letters, a digit, a suffix of one to three letters), or undefined without a digit and a letter in play. */
function callSign(characters: readonly string[], random: RandomSource): string | undefined {
  const letters = characters.filter((c) => /^[A-Z]$/.test(c));
  const digits = characters.filter((c) => /^[0-9]$/.test(c));
  if (letters.length === 0 || digits.length === 0) return undefined;
  const some = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(letters, random)).join("");
  return `${some(1, 2)}${pick(digits, random)}${some(1, 3)}`;
}

/**
 * A round of `count` items in `mode` from the characters in play: groups of `groupLength`,
 * words or call signs. Undefined, with the reason, when the characters in play make none yet.
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
  if (callSign(characters, () => 0) === undefined) return { reason: "Call signs come once a digit is in play (5, at lesson 23)" };
  return { items: Array.from({ length: count }, () => callSign(characters, random)!) };
}

/** One sent character, as copied: `typed` is what stood in its place (undefined: nothing). */
export interface CharacterMark {
  sent: string;
  typed: string | undefined;
  right: boolean;
}

/** One sent group, as copied: its characters, and whatever was typed past its end. */
export interface GroupScore {
  marks: CharacterMark[];
  extra: string;
}

/** How often one character was sent in a round and copied right. */
export interface CharacterTally {
  sent: number;
  right: number;
}

/** An answer scored against the round sent. */
export interface Score {
  groups: GroupScore[];
  /** Whole groups typed past the last one sent. */
  extraGroups: string[];
  /** Characters copied right. */
  right: number;
  /** Characters sent plus characters typed extra: each wrong, missing or extra one is an error. */
  total: number;
  perCharacter: Map<string, CharacterTally>;
}

/** The answer's groups as typed: apart by any white space, in capitals (Morse has no case). */
function typedGroups(answer: string): string[] {
  const trimmed = answer.trim().toUpperCase();
  return trimmed === "" ? [] : trimmed.split(/\s+/);
}

/** One group scored position by position: a missing or extra character is an error. */
function scoreGroup(sent: string, typed: string): GroupScore {
  const sentCharacters = [...sent];
  const typedCharacters = [...typed];
  const marks = sentCharacters.map((character, i) => ({ sent: character, typed: typedCharacters[i], right: typedCharacters[i] === character }));
  return { marks, extra: typedCharacters.slice(sentCharacters.length).join("") };
}

/**
 * Scores `answer` against the `sent` groups: the n-th typed group against the n-th sent, so a
 * slip stays within its group and does not shift the rest of the round.
 */
export function scoreAnswer(sent: readonly string[], answer: string): Score {
  const typed = typedGroups(answer);
  const groups = sent.map((group, i) => scoreGroup(group, typed[i] ?? ""));
  const extraGroups = typed.slice(sent.length);
  const perCharacter = new Map<string, CharacterTally>();
  let right = 0;
  let total = 0;
  for (const { marks, extra } of groups) {
    for (const mark of marks) {
      const tally = perCharacter.get(mark.sent) ?? { sent: 0, right: 0 };
      perCharacter.set(mark.sent, { sent: tally.sent + 1, right: tally.right + (mark.right ? 1 : 0) });
      if (mark.right) right++;
    }
    total += marks.length + [...extra].length;
  }
  total += extraGroups.reduce((count, group) => count + [...group].length, 0);
  return { groups, extraGroups, right, total, perCharacter };
}

/** `right` of `total` as a whole percentage, rounded down so that what shows 90 % has passed. */
export function percent(right: number, total: number): number {
  return total === 0 ? 0 : Math.floor((100 * right) / total);
}

/** Whether a round of `right` of `total` lets a learner with `learned` characters add the next. */
export function mayAdvance(right: number, total: number, learned: number): boolean {
  return total > 0 && 100 * right >= PASS_PERCENT * total && learned < KOCH_ORDER.length;
}

/** Whether a learner with `learned` characters may go back one (never below the first lesson). */
export function mayGoBack(learned: number): boolean {
  return learned > FIRST_LESSON;
}

/**
 * `progress` with `round` added to the recent rounds (the oldest beyond RECENT_ROUNDS
 * dropped) and, given its `perCharacter` tallies, each character's accuracy brought up to date.
 */
export function withRound(progress: Progress, round: RoundRecord, perCharacter?: ReadonlyMap<string, CharacterTally>): Progress {
  const accuracy = { ...progress.accuracy };
  for (const [character, { sent, right }] of perCharacter ?? []) {
    const before = accuracy[character] ?? { sent: 0, right: 0 };
    accuracy[character] = { sent: before.sent + sent, right: before.right + right };
  }
  return { ...progress, rounds: [...progress.rounds, round].slice(-RECENT_ROUNDS), accuracy };
}

function isWhole(value: unknown, min: number, max: number): value is number {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}

function isSpeed(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isFinite(value) && value >= WPM.min && value <= max;
}

/** Stored settings, each one kept only if it is one the round could use. */
function readSettings(stored: unknown): Settings {
  const settings = { ...DEFAULT_SETTINGS };
  if (typeof stored !== "object" || stored === null) return settings;
  const { mode, wpm, fwpm, groupLength, groups } = stored as Record<string, unknown>;
  if ((MODES as readonly unknown[]).includes(mode)) settings.mode = mode as Mode;
  if (isSpeed(wpm, WPM.max)) settings.wpm = wpm;
  // The API allows no Farnsworth speed above the character speed.
  settings.fwpm = isSpeed(fwpm, settings.wpm) ? fwpm : Math.min(DEFAULT_SETTINGS.fwpm, settings.wpm);
  if (isWhole(groupLength, GROUP_LENGTH.min, GROUP_LENGTH.max)) settings.groupLength = groupLength;
  if (isWhole(groups, GROUPS.min, GROUPS.max)) settings.groups = groups;
  return settings;
}

function isRound(value: unknown): value is RoundRecord {
  if (typeof value !== "object" || value === null) return false;
  const { learned, right, total } = value as Record<string, unknown>;
  return isWhole(learned, 1, KOCH_ORDER.length) && isWhole(total, 1, Number.MAX_SAFE_INTEGER) && isWhole(right, 0, total);
}

function isTally(value: unknown): value is CharacterTally {
  if (typeof value !== "object" || value === null) return false;
  const { sent, right } = value as Record<string, unknown>;
  return isWhole(sent, 1, Number.MAX_SAFE_INTEGER) && isWhole(right, 0, sent as number);
}

/** Stored accuracy, each character's kept only if it is a character of the course with a tally that adds up. */
function readAccuracy(stored: unknown): Record<string, CharacterTally> {
  const accuracy: Record<string, CharacterTally> = {};
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return accuracy;
  for (const [character, tally] of Object.entries(stored)) {
    if (KOCH_ORDER.includes(character) && isTally(tally)) accuracy[character] = { sent: tally.sent, right: tally.right };
  }
  return accuracy;
}

/**
 * Progress as stored by `storedProgress`, read back: missing or corrupt data, or any part of
 * it that does not fit, falls back to where a new learner starts. Never throws.
 */
export function readProgress(stored: string | null | undefined): Progress {
  const progress = startingProgress();
  let data: unknown;
  try {
    data = JSON.parse(stored ?? "null");
  } catch {
    return progress;
  }
  if (typeof data !== "object" || data === null) return progress;
  const { learned, settings, rounds, accuracy } = data as Record<string, unknown>;
  if (isWhole(learned, FIRST_LESSON, KOCH_ORDER.length)) progress.learned = learned;
  progress.settings = readSettings(settings);
  if (Array.isArray(rounds)) progress.rounds = rounds.filter(isRound).slice(-RECENT_ROUNDS);
  progress.accuracy = readAccuracy(accuracy);
  return progress;
}

/** `progress` as a string to store. */
export function storedProgress(progress: Progress): string {
  return JSON.stringify(progress);
}

/** What an exported file says it is, so that an import can tell a learner's progress from any other JSON. */
export const EXPORT_FORMAT = "ditdah.practice";

/** `progress` as a file to keep or move to another browser: JSON, saying what it is. */
export function exportedProgress(progress: Progress): string {
  return `${JSON.stringify({ format: EXPORT_FORMAT, version: 1, ...progress }, null, 2)}\n`;
}

/**
 * A file made by `exportedProgress`, read back as `readProgress` reads storage (a part that
 * does not fit falls back alone), or undefined for a file that is not one: not JSON, or JSON
 * that does not say it is a learner's progress.
 */
export function importedProgress(text: string): Progress | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof data !== "object" || data === null || (data as Record<string, unknown>).format !== EXPORT_FORMAT) return undefined;
  return readProgress(text);
}
