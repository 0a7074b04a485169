/**
 * Whether a word is a call sign (API.md section 9): a prefix from the ITU's allocated
 * series (itu-series.ts), one digit after the prefix where the series needs one, a suffix
 * of 1 to 4 letters; optionally `/P`, `/M`, `/QRP` or `/digit` after it, or a prefix before
 * a `/` (`DL/K1ABC`, `EA8/G4ABC/P`).
 *
 * The prefix is one character where the Radio Regulations allow it (B, F, G, I, K, M, N,
 * R, W: `K1ABC`), two characters of an allocated series (`DL1ABC`, `A61AB`, `9A1A`), or
 * three where a two-character series is split between holders (`3DA0RU`). A prefix of
 * letters only needs a digit after it (`K1ABC`; `KABC` is no call). A prefix that holds a
 * digit already (`C6`, `9A`, `S5`) takes one more (`S51A`, `9A1A`) or none (`C6AGU`); with
 * none, its suffix is at least two letters, so that `5NN`, the report every contest sends,
 * is not Nigeria's `5N` and `N`.
 */
import { ITU_SERIES, ONE_CHARACTER_PREFIXES } from "./itu-series.js";

/** A character's place in the ITU's order: A to Z, then 0 to 9. */
function rank(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 65 && code <= 90) return code - 65;
  if (code >= 48 && code <= 57) return 26 + code - 48;
  return -1;
}

/** A three-character series as a number in the ITU's order. */
function seriesNumber(s: string): number {
  return (rank(s[0]!) * 36 + rank(s[1]!)) * 36 + rank(s[2]!);
}

const BLOCKS = ITU_SERIES.map(([from, to, holder]) => ({ from: seriesNumber(from), to: seriesNumber(to), holder }));

/** The holders of the series from `from` to `to` (three-character series, inclusive). */
function holdersBetween(from: string, to: string): string[] {
  const lo = seriesNumber(from);
  const hi = seriesNumber(to);
  const holders = BLOCKS.filter((b) => b.from <= hi && b.to >= lo).map((b) => b.holder);
  return [...new Set(holders)];
}

/** Whether a two-character series is split between holders (`3D`: Eswatini and Fiji). */
function isSplit(two: string): boolean {
  return holdersBetween(`${two}A`, `${two}Z`).length > 1;
}

/**
 * The holder of the series a prefix opens (one to three characters), or undefined where it is
 * no allocated amateur prefix: one character only where the Radio Regulations allow it, three
 * only where the two-character series is split and the third is a letter.
 */
export function holderOf(prefix: string): string | undefined {
  if (!/^[A-Z0-9]{1,3}$/.test(prefix)) return undefined;
  if (prefix.length === 1) return ONE_CHARACTER_PREFIXES.includes(prefix) ? holdersBetween(`${prefix}AA`, `${prefix}ZZ`)[0] : undefined;
  if (prefix.length === 2) {
    const holders = holdersBetween(`${prefix}A`, `${prefix}Z`);
    return holders.length === 0 ? undefined : holders.join(" / ");
  }
  if (!/[A-Z]/.test(prefix[2]!) || !isSplit(prefix.slice(0, 2))) return undefined;
  return holdersBetween(prefix, prefix)[0];
}

/** A call sign without anything after or before a `/`: prefix, digit where needed, 1 to 4 letters. */
export function isBaseCall(base: string): boolean {
  if (!/^[A-Z0-9]{3,8}$/.test(base)) return false;
  for (let length = 1; length <= 3 && length < base.length; length++) {
    const prefix = base.slice(0, length);
    if (holderOf(prefix) === undefined) continue;
    const rest = base.slice(length);
    if (/^[0-9][A-Z]{1,4}$/.test(rest)) return true;
    if (/[0-9]/.test(prefix) && /^[A-Z]{2,4}$/.test(rest)) return true;
  }
  return false;
}

/** What may follow a call after a `/`: portable, mobile, low power, or a call area's digit. */
const AFTER_SLASH = /^(?:P|M|QRP|[0-9])$/;

/** A prefix before a `/` (`DL/`, `EA8/`, `VP2E/`, `3D2/`): an allocated prefix, then maybe a digit, then maybe a letter. */
function isPrefixBeforeSlash(part: string): boolean {
  if (part.length === 0 || part.length > 4) return false;
  for (let length = 1; length <= Math.min(3, part.length); length++) {
    if (holderOf(part.slice(0, length)) === undefined) continue;
    if (/^(?:[0-9][A-Z]?)?$/.test(part.slice(length))) return true;
  }
  return false;
}

/** The call sign a word is, or undefined: `K1ABC`, `K1ABC/P`, `DL/K1ABC`, `EA8/G4ABC/QRP`. Upper case only, as decoded. */
export function callSignIn(word: string): string | undefined {
  const parts = word.split("/");
  if (parts.length === 1) return isBaseCall(word) ? word : undefined;
  if (parts.length === 2) {
    const [a, b] = parts as [string, string];
    if (isBaseCall(a) && AFTER_SLASH.test(b)) return word;
    if (isPrefixBeforeSlash(a) && isBaseCall(b)) return word;
    return undefined;
  }
  if (parts.length === 3) {
    const [a, b, c] = parts as [string, string, string];
    return isPrefixBeforeSlash(a) && isBaseCall(b) && AFTER_SLASH.test(c) ? word : undefined;
  }
  return undefined;
}

/** Whether a word is a call sign. */
export const isCallSign = (word: string): boolean => callSignIn(word) !== undefined;

/** The call without what is after or before its `/` (`DL/K1ABC/P` is `K1ABC`); the word itself where it is none. */
export function baseCallOf(call: string): string {
  const parts = call.split("/");
  return parts.find((p) => isBaseCall(p)) ?? call;
}

/**
 * Whether two calls differ by one character: one changed, added or dropped (Levenshtein
 * distance 1). Identical calls are not one apart.
 */
export function oneApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    let differences = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++differences > 1) return false;
    return differences === 1;
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  let i = 0;
  while (i < short.length && short[i] === long[i]) i++;
  return short.slice(i) === long.slice(i + 1);
}
