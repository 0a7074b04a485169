/**
 * The calls one signal's text holds that may be spotted (API.md section 9): each valid call
 * sign heard at least twice, or once right after `DE` or right before `K`, `AR` or `BK`; with
 * its kind, where and when it was heard, and the text around it.
 *
 * A call sent right before `DE` (`K1ABC DE W2XYZ`, or `K1ABC K1ABC DE W2XYZ`) is the station
 * called, not the one signing, and is not counted: it is on the air elsewhere. Between two
 * different calls, a word one character off `DE` (`K1ABC D W2XYZ`, `K1ABC SE W2XYZ`) is that
 * `DE` misread: nothing else stands there in a station's answer.
 */
import { DEFAULT_SEPARATOR } from "../limits.js";
import { callSignIn, oneApart } from "./call-sign.js";

/** A word of a signal's text, with where it was heard (ms into the recording or stream). */
export interface HeardWord {
  text: string;
  startMs: number;
  endMs: number;
  /** Its Morse, characters apart by spaces, where known. */
  morse?: string;
}

/** What a spot says the station was doing: calling CQ (or TEST), signing without calling, or a beacon. */
export type SpotKind = "CQ" | "DX" | "BEACON";
export const SPOT_KINDS: readonly SpotKind[] = ["CQ", "DX", "BEACON"];

/** A call one signal's text qualifies for a spot. */
export interface CallHeard {
  call: string;
  kind: SpotKind;
  /** Start of its first sending, end of its last, ms. */
  firstMs: number;
  lastMs: number;
  /** When it qualified: the end of its second sending, of its sending after DE, or of the K after it, ms. */
  qualifiedMs: number;
  /** How many times it was heard (sent by the station itself). */
  sightings: number;
  /** The text around it, at most HEARD_MAX_CHARACTERS. */
  heard: string;
  /** Which words `heard` holds: from, and up to (not including). */
  heardWords: { from: number; to: number };
}

/** `heard` holds at most this many characters. */
export const HEARD_MAX_CHARACTERS = 60;

/** How far back from a call a CQ counts as its own: words (another call before it ends the search). */
const CQ_LOOKBACK_WORDS = 6;
/** A repeated message longer than this is no beacon's, characters. */
const BEACON_MAX_CHARACTERS = 40;

const CALLING = new Set(["CQ", "TEST", "QRZ", "QRZ?"]);
/** What ends a sending, after which a call is taken as signed once heard: K, AR (as letters, `+` or `<AR>`), BK. */
const ENDINGS = new Set(["K", "AR", "+", "<AR>", "BK", "<BK>"]);

/** One sending of a call by its station. */
interface Sighting {
  index: number;
  /** Right after DE, or right before an ending. */
  signed: boolean;
  /** When it counts as signed: the end of the call after DE, or of the ending after it. */
  signedMs: number;
  calling: boolean;
}

/**
 * A signal's words, with times: its own where it has them, else spread over its span by
 * their place in the text (every character and space taking the same time); each with its
 * Morse where the signal's Morse has as many words.
 */
export function wordsOf(signal: { output: string; morse?: string; startMs: number; endMs: number; words?: readonly HeardWord[] }): HeardWord[] {
  const words = signal.words ? signal.words.map((word) => ({ ...word })) : spreadWords(signal.output, signal.startMs, signal.endMs);
  const morses = signal.morse?.split(DEFAULT_SEPARATOR);
  if (morses?.length === words.length) for (const [i, word] of words.entries()) word.morse ??= morses[i];
  return words;
}

/** The words of a text spread over a span, ms: every character and space taking the same time. */
function spreadWords(text: string, startMs: number, endMs: number): HeardWord[] {
  const span = Math.max(0, endMs - startMs);
  const words: HeardWord[] = [];
  const at = (i: number) => startMs + (text.length === 0 ? 0 : (span * i) / text.length);
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index;
    words.push({ text: match[0], startMs: at(start), endMs: at(start + match[0].length) });
  }
  return words;
}

/**
 * Whether the word at `j` is DE: DE itself, or a word one character off it (`D`, `E`, `SE`,
 * `DEE`) between a call and another call, the form of an answer (`K1ABC DE W2XYZ`) whose DE
 * was misread.
 */
function isDe(texts: readonly string[], j: number): boolean {
  const word = texts[j];
  if (word === "DE") return true;
  if (word === undefined || !oneApart(word, "DE")) return false;
  const before = callSignIn(texts[j - 1] ?? "");
  const after = callSignIn(texts[j + 1] ?? "");
  return before !== undefined && after !== undefined && before !== after;
}

/** Whether the call at `i` is the station called: it (or a run of it) comes right before DE. */
function isCalled(texts: readonly string[], i: number): boolean {
  let j = i + 1;
  while (texts[j] === texts[i]) j++;
  return isDe(texts, j);
}

/** Whether a CQ, TEST or QRZ goes with the call at `i`: within a few words before it (no other call between), or TEST right after it. */
function isCalling(texts: readonly string[], i: number): boolean {
  if (texts[i + 1] === "TEST") return true;
  for (let j = i - 1; j >= 0 && j >= i - CQ_LOOKBACK_WORDS; j--) {
    const word = texts[j]!;
    if (CALLING.has(word)) return true;
    if (word !== texts[i] && callSignIn(word) !== undefined) return false;
  }
  return false;
}

/**
 * Whether a station's words are one short message sent again and again with no CQ: a beacon
 * (`VVV VVV DE K1ABC`, or a call and its tones as NCDXF beacons send them), taken where it
 * holds VVV, or where each word equals the word one message later for at least 4 in 5.
 */
function isBeacon(texts: readonly string[] | undefined): boolean {
  if (texts === undefined || texts.some((t) => CALLING.has(t))) return false;
  if (texts.includes("VVV")) return true;
  const n = texts.length;
  for (let period = 1; 2 * period <= n; period++) {
    if (texts.slice(0, period).join(" ").length > BEACON_MAX_CHARACTERS) break;
    let same = 0;
    for (let k = 0; k + period < n; k++) if (texts[k] === texts[k + period]) same++;
    if (same >= 0.8 * (n - period)) return true;
  }
  return false;
}

/**
 * A call's own words on a signal: from its first sending back and from its last on, up to
 * another call (not included), so that stations taking turns on one frequency (a QSO, or
 * beacons sharing it) are each judged by what they sent; undefined where another call
 * comes between its sendings.
 */
function ownWords(texts: readonly string[], callAt: readonly (string | undefined)[], call: string, sightings: readonly Sighting[]): string[] | undefined {
  const other = (j: number) => callAt[j] !== undefined && callAt[j] !== call;
  let from = sightings[0]!.index;
  let to = sightings[sightings.length - 1]!.index + 1;
  for (let j = from; j < to; j++) if (other(j)) return undefined;
  while (from > 0 && !other(from - 1)) from--;
  while (to < texts.length && !other(to)) to++;
  return texts.slice(from, to);
}

/** The words around word `i` joined, at most HEARD_MAX_CHARACTERS: the word, then one more before and after it in turn while they fit. */
export function textAround(texts: readonly string[], i: number): string {
  const { from, to } = wordsAround(texts, i);
  return texts.slice(from, to).join(" ").slice(0, HEARD_MAX_CHARACTERS);
}

/** Which words textAround joins: from, and up to (not including). */
export function wordsAround(texts: readonly string[], i: number): { from: number; to: number } {
  let from = i;
  let to = i + 1;
  let length = texts[i]!.length;
  for (let grew = true; grew; ) {
    grew = false;
    if (from > 0 && length + 1 + texts[from - 1]!.length <= HEARD_MAX_CHARACTERS) {
      length += 1 + texts[--from]!.length;
      grew = true;
    }
    if (to < texts.length && length + 1 + texts[to]!.length <= HEARD_MAX_CHARACTERS) {
      length += 1 + texts[to++]!.length;
      grew = true;
    }
  }
  return { from, to };
}

/** A word's dits and dahs without the gaps between its characters; undefined where its Morse is not known. */
function elementsOf(word: HeardWord): string | undefined {
  return word.morse?.replace(/[^.-]/g, "") || undefined;
}

/**
 * The calls heard on a signal by their dits and dahs (where its words' Morse is known, and
 * no two calls share them): a word that is no call but has a call's dits and dahs is that
 * call sent again with a gap misjudged between its characters (`OKONX` for `OK9X`).
 */
function callsByElements(words: readonly HeardWord[], callAt: readonly (string | undefined)[]): Map<string, string> {
  const byElements = new Map<string, string>();
  const shared = new Set<string>();
  words.forEach((word, i) => {
    const call = callAt[i];
    const elements = elementsOf(word);
    if (call === undefined || elements === undefined) return;
    if ((byElements.get(elements) ?? call) !== call) shared.add(elements);
    byElements.set(elements, call);
  });
  for (const elements of shared) byElements.delete(elements);
  return byElements;
}

/**
 * The calls a signal's words qualify for spots, in the order they qualified. A call heard
 * over more than `episodeMs` is one call per such stretch (so that once-per-10-minutes can
 * spot it again).
 */
export function callsHeard(words: readonly HeardWord[], episodeMs = Number.POSITIVE_INFINITY): CallHeard[] {
  const texts = words.map((w) => w.text);
  const callAt = texts.map((text) => callSignIn(text));
  const resent = callsByElements(words, callAt);
  const byCall = new Map<string, Sighting[][]>();
  texts.forEach((_, i) => {
    const call = callAt[i] ?? resent.get(elementsOf(words[i]!) ?? "");
    if (call === undefined || isCalled(texts, i)) return;
    const afterDe = isDe(texts, i - 1);
    const beforeEnding = ENDINGS.has(texts[i + 1] ?? "");
    const sighting: Sighting = {
      index: i,
      signed: afterDe || beforeEnding,
      signedMs: afterDe ? words[i]!.endMs : beforeEnding ? words[i + 1]!.endMs : Number.POSITIVE_INFINITY,
      calling: isCalling(texts, i),
    };
    const episodes = byCall.get(call) ?? [];
    const last = episodes[episodes.length - 1];
    if (last && words[i]!.startMs - words[last[0]!.index]!.startMs < episodeMs) last.push(sighting);
    else episodes.push([sighting]);
    byCall.set(call, episodes);
  });
  const calls: CallHeard[] = [];
  for (const [call, episodes] of byCall) {
    for (const sightings of episodes) {
      const second = sightings[1] ? words[sightings[1].index]!.endMs : Number.POSITIVE_INFINITY;
      const qualifiedMs = Math.min(second, ...sightings.map((s) => s.signedMs));
      if (!Number.isFinite(qualifiedMs)) continue;
      const shown = sightings.find((s) => s.signed) ?? sightings[0]!;
      calls.push({
        call,
        kind: sightings.some((s) => s.calling) ? "CQ" : isBeacon(ownWords(texts, callAt, call, sightings)) ? "BEACON" : "DX",
        firstMs: words[sightings[0]!.index]!.startMs,
        lastMs: words[sightings[sightings.length - 1]!.index]!.endMs,
        qualifiedMs,
        sightings: sightings.length,
        heard: textAround(texts, shown.index),
        heardWords: wordsAround(texts, shown.index),
      });
    }
  }
  return calls.sort((a, b) => a.qualifiedMs - b.qualifiedMs);
}
