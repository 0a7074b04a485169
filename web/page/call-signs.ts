/** Call signs made of the characters in play, for practice rounds of call signs and of QSO text. */
import type { RandomSource } from "./koch.js";

/** One of `items`, drawn by `random`. */
export function pick<T>(items: readonly T[], random: RandomSource): T {
  return items[Math.min(Math.floor(random() * items.length), items.length - 1)]!;
}

/** A call sign of `characters` (a prefix of one or two letters, a digit, a suffix of one to three letters), or undefined without a digit and a letter in play. */
export function callSign(characters: readonly string[], random: RandomSource): string | undefined {
  const letters = characters.filter((c) => /^[A-Z]$/.test(c));
  const digits = characters.filter((c) => /^[0-9]$/.test(c));
  if (letters.length === 0 || digits.length === 0) return undefined;
  const some = (min: number, max: number) => Array.from({ length: min + Math.floor(random() * (max - min + 1)) }, () => pick(letters, random)).join("");
  return `${some(1, 2)}${pick(digits, random)}${some(1, 3)}`;
}
