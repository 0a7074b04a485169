/**
 * The Koch method's rules, with no DOM and no storage of their own, so they run under Node's
 * tests as they do in the page: the order characters are learned in, a round's random groups,
 * an answer scored against what was sent, when the next character may be added, and a
 * learner's progress, in all and day by day (progress.ts stores it and reads it back).
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
 * What a round sends: Koch's random groups of the characters in play; words, call signs, or
 * QSO-like text (rounds.ts), made only of characters in play, so a learner hears real text as
 * soon as there is some.
 */
export const MODES = ["groups", "words", "calls", "qso"] as const;
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
  /** Each day's copying, oldest first, the last HISTORY_DAYS days practised: accuracy over time. */
  history: Session[];
}

/** Days of practice kept in the history: two months of practice every day. */
export const HISTORY_DAYS = 60;

/** One day's practice: each character's copying that day. */
export interface Session {
  /** The day, `YYYY-MM-DD` in the learner's time zone. */
  day: string;
  tallies: Record<string, CharacterTally>;
}

/** The day of `date` in the learner's time zone, as a Session names it. */
export function dayOf(date: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** Where a new learner starts. */
export function startingProgress(): Progress {
  return { learned: FIRST_LESSON, settings: { ...DEFAULT_SETTINGS }, rounds: [], accuracy: {}, history: [] };
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

/** `tallies` with `added` counted in. */
function summed(tallies: Readonly<Record<string, CharacterTally>>, added: ReadonlyMap<string, CharacterTally>): Record<string, CharacterTally> {
  const sum = { ...tallies };
  for (const [character, { sent, right }] of added) {
    const before = sum[character] ?? { sent: 0, right: 0 };
    sum[character] = { sent: before.sent + sent, right: before.right + right };
  }
  return sum;
}

/**
 * `progress` with `round` added to the recent rounds (the oldest beyond RECENT_ROUNDS
 * dropped) and, given its `perCharacter` tallies, each character's accuracy brought up to
 * date, in all and on `day` (the history keeps the last HISTORY_DAYS days practised).
 */
export function withRound(progress: Progress, round: RoundRecord, perCharacter: ReadonlyMap<string, CharacterTally> = new Map(), day?: string): Progress {
  const accuracy = summed(progress.accuracy, perCharacter);
  let history = progress.history;
  if (day !== undefined && perCharacter.size > 0) {
    const last = history.at(-1);
    history =
      last?.day === day
        ? [...history.slice(0, -1), { day, tallies: summed(last.tallies, perCharacter) }]
        : [...history, { day, tallies: summed({}, perCharacter) }].slice(-HISTORY_DAYS);
  }
  return { ...progress, rounds: [...progress.rounds, round].slice(-RECENT_ROUNDS), accuracy, history };
}
