/**
 * A learner's progress as stored in the browser and as a file: written as JSON, and read back
 * safely, each part that does not fit falling back alone to where a new learner starts.
 */
import { WPM } from "../../src/core/limits.js";
import {
  type CharacterTally,
  DEFAULT_SETTINGS,
  FIRST_LESSON,
  GROUP_LENGTH,
  GROUPS,
  HISTORY_DAYS,
  KOCH_ORDER,
  MODES,
  type Mode,
  type Progress,
  RECENT_ROUNDS,
  type RoundRecord,
  type Session,
  type Settings,
  startingProgress,
} from "./koch.js";

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

/** A stored history, each day kept only if it names a day and has a tally that adds up; the last HISTORY_DAYS. */
function readHistory(stored: unknown): Session[] {
  if (!Array.isArray(stored)) return [];
  const history: Session[] = [];
  for (const session of stored) {
    if (typeof session !== "object" || session === null) continue;
    const { day, tallies } = session as Record<string, unknown>;
    const kept = readAccuracy(tallies);
    if (typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) && Object.keys(kept).length > 0) history.push({ day, tallies: kept });
  }
  return history.slice(-HISTORY_DAYS);
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
  const { learned, settings, rounds, accuracy, history } = data as Record<string, unknown>;
  if (isWhole(learned, FIRST_LESSON, KOCH_ORDER.length)) progress.learned = learned;
  progress.settings = readSettings(settings);
  if (Array.isArray(rounds)) progress.rounds = rounds.filter(isRound).slice(-RECENT_ROUNDS);
  progress.accuracy = readAccuracy(accuracy);
  progress.history = readHistory(history);
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
