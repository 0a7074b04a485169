/**
 * Spots (API.md section 9): the calls heard on a band's signals, each placed on the dial,
 * less the busted calls (one character off a call spotted within 1 kHz in the last 10
 * minutes: the same station misread) and the repeats (the same call within 0.5 kHz, once
 * per 10 minutes). Pure: the signals come from the band decoder (decodeSignals), times are
 * ms of the recording or stream.
 */
import { alphabetNamed, DEFAULT_ALPHABET } from "../alphabets/index.js";
import { readHeardMorse } from "../decode.js";
import { MorseError } from "../errors.js";
import { DEFAULT_SEPARATOR } from "../limits.js";
import { notOneOf, numberOutOfRange } from "../messages.js";
import { oneApart } from "./call-sign.js";
import { type CallHeard, callsHeard, HEARD_MAX_CHARACTERS, type HeardWord, type SpotKind, wordsOf } from "./calls.js";

export type Sideband = "usb" | "lsb";
export const SIDEBANDS: readonly Sideband[] = ["usb", "lsb"];

/** The receiver's dial, kHz. */
export const DIAL_KHZ = { min: 100, max: 300_000 } as const;
/** The reporter named in DX-cluster lines when none is given. */
export const DEFAULT_REPORTER = "DITDAH";
/** The busted-call and once-per-10-minutes rules look back this far, ms. */
export const SPOT_WINDOW_MS = 10 * 60_000;
/** A call one character off a call spotted this near is that call misread, kHz. */
export const BUSTED_WITHIN_KHZ = 1;
/** The same call this near is the same spot, kHz. */
export const REPEAT_WITHIN_KHZ = 0.5;

/** One station heard. */
export interface Spot {
  call: string;
  /** dial + audio / 1000 in USB (dial - audio / 1000 in LSB), to 0.1 kHz. */
  frequencyKHz: number;
  /** Its pitch in the audio, Hz. */
  audioHz: number;
  snrDb: number;
  wpm: number;
  kind: SpotKind;
  /** Start of its first sending of the call, end of its last, ms into the recording. */
  firstMs: number;
  lastMs: number;
  /** The text around the call, at most 60 characters. */
  heard: string;
}

/** A signal as the band decoder reads it: what a spot is made from. `words`, where known, time each word. */
export interface SpotSignal {
  frequency: number;
  wpm: number;
  snrDb: number;
  output: string;
  /** What was heard, words split by " / " (for `heard` in another alphabet). */
  morse?: string;
  startMs: number;
  endMs: number;
  words?: readonly HeardWord[];
}

export interface SpotOptions {
  /** The receiver's dial frequency, kHz (DIAL_KHZ). */
  dial: number;
  /** Which side of the dial the audio lies: usb (default) or lsb. */
  sideband?: Sideband;
  /**
   * The alphabet `heard` is written in (latin by default). Calls are read in Latin
   * whatever it is: the ITU's call signs are Latin letters and digits.
   */
  alphabet?: string;
}

/** Refuses a dial or sideband out of bounds (MorseError INVALID_OPTION). */
export function checkSpotOptions(options: SpotOptions): void {
  const { dial, sideband, alphabet } = options;
  if (alphabet !== undefined) alphabetNamed(alphabet);
  if (typeof dial !== "number" || !Number.isFinite(dial) || dial < DIAL_KHZ.min || dial > DIAL_KHZ.max) {
    throw new MorseError("INVALID_OPTION", numberOutOfRange("dial", DIAL_KHZ.min, DIAL_KHZ.max));
  }
  if (sideband !== undefined && !SIDEBANDS.includes(sideband)) throw new MorseError("INVALID_OPTION", notOneOf("sideband", SIDEBANDS));
}

/** Where a pitch heard lies on the band: dial + audio in USB, dial - audio in LSB, rounded to 0.1 kHz. */
export function spotFrequencyKHz(dialKHz: number, audioHz: number, sideband: Sideband = "usb"): number {
  const hz = Math.round(dialKHz * 1000) + (sideband === "lsb" ? -audioHz : audioHz);
  return Math.round(hz / 100) / 10;
}

/** A spot made, as the rules remember it. */
export interface Logged {
  call: string;
  frequencyKHz: number;
  atMs: number;
}

/** What the rules make of a call heard: a new spot, a repeat of one, or a busted call (another call misread). */
export type Verdict = { is: "new" } | { is: "repeat"; of: Logged } | { is: "busted"; of: Logged };

/**
 * The spots of one reporter over the last SPOT_WINDOW_MS, and the two rules: the same call
 * within REPEAT_WITHIN_KHZ is a repeat; a call one character off a call within
 * BUSTED_WITHIN_KHZ is busted. Times may come in any order (a recording's calls are judged
 * most heard first); a stream's or a feed's come in order, and `forget` drops the old.
 */
export class SpotLog {
  /** The spots by whole kHz, so that a call is judged against its neighbours alone however many spots there are. */
  private readonly byKHz = new Map<number, Logged[]>();
  private count = 0;

  constructor(private readonly windowMs = SPOT_WINDOW_MS) {}

  /** The spots logged within `withinKHz` of `frequencyKHz` and the window of `atMs`. */
  private near(frequencyKHz: number, withinKHz: number, atMs: number): Logged[] {
    const near: Logged[] = [];
    for (let k = Math.floor(frequencyKHz - withinKHz); k <= Math.floor(frequencyKHz + withinKHz); k++) {
      for (const s of this.byKHz.get(k) ?? []) {
        if (Math.abs(s.atMs - atMs) < this.windowMs && Math.abs(s.frequencyKHz - frequencyKHz) <= withinKHz + 1e-9) near.push(s);
      }
    }
    return near;
  }

  verdict(call: string, frequencyKHz: number, atMs: number): Verdict {
    const repeat = this.near(frequencyKHz, REPEAT_WITHIN_KHZ, atMs).find((s) => s.call === call);
    if (repeat) return { is: "repeat", of: repeat };
    const busted = this.near(frequencyKHz, BUSTED_WITHIN_KHZ, atMs).find((s) => oneApart(s.call, call));
    return busted ? { is: "busted", of: busted } : { is: "new" };
  }

  add(spot: Logged): void {
    const k = Math.floor(spot.frequencyKHz);
    const bucket = this.byKHz.get(k);
    if (bucket) bucket.push(spot);
    else this.byKHz.set(k, [spot]);
    this.count++;
  }

  /** Drops what is older than the window before `nowMs`. */
  forget(nowMs: number): void {
    this.count = 0;
    for (const [k, bucket] of this.byKHz) {
      const kept = bucket.filter((s) => nowMs - s.atMs < this.windowMs);
      if (kept.length === 0) this.byKHz.delete(k);
      else this.byKHz.set(k, kept);
      this.count += kept.length;
    }
  }

  get size(): number {
    return this.count;
  }
}

/** The text around a call, in `alphabet` where it is another than Latin and the signal's Morse is known: the same words, read there. */
function heardIn(signal: SpotSignal, call: CallHeard, alphabet: string | undefined): string {
  if (alphabet === undefined || alphabet === DEFAULT_ALPHABET || signal.morse === undefined) return call.heard;
  const morse = signal.morse.split(DEFAULT_SEPARATOR).slice(call.heardWords.from, call.heardWords.to).join(DEFAULT_SEPARATOR);
  return [...readHeardMorse(morse, alphabet)].slice(0, HEARD_MAX_CHARACTERS).join("");
}

/** The spot a call heard on a signal makes, at `frequencyKHz` on the band. */
export function spotOf(call: CallHeard, signal: SpotSignal, frequencyKHz: number, alphabet?: string): Spot {
  return {
    call: call.call,
    frequencyKHz,
    audioHz: signal.frequency,
    snrDb: signal.snrDb,
    wpm: signal.wpm,
    kind: call.kind,
    firstMs: Math.round(call.firstMs),
    lastMs: Math.round(call.lastMs),
    heard: heardIn(signal, call, alphabet),
  };
}

/** The spots of a band's signals, and how many calls the busted-call rule kept out. */
export interface SpotsResult {
  spots: Spot[];
  busted: number;
}

/**
 * The spots of a recording's signals (decodeSignals' `signals`, maybe with word times),
 * sorted by frequency. Calls are judged most heard first (then as they qualified), so that
 * of a call and its misreading the one heard more is spotted; a repeat widens the spot it
 * repeats (firstMs, lastMs).
 */
export function spotsFromSignals(signals: readonly SpotSignal[], options: SpotOptions): SpotsResult {
  checkSpotOptions(options);
  const sideband = options.sideband ?? "usb";
  const candidates = signals.flatMap((signal) =>
    callsHeard(wordsOf(signal), SPOT_WINDOW_MS).map((call) => ({ call, signal, frequencyKHz: spotFrequencyKHz(options.dial, signal.frequency, sideband) })),
  );
  candidates.sort((a, b) => b.call.sightings - a.call.sightings || a.call.qualifiedMs - b.call.qualifiedMs || b.signal.snrDb - a.signal.snrDb);
  const log = new SpotLog();
  const made = new Map<Logged, Spot>();
  let busted = 0;
  for (const { call, signal, frequencyKHz } of candidates) {
    const verdict = log.verdict(call.call, frequencyKHz, call.qualifiedMs);
    if (verdict.is === "busted") busted++;
    else if (verdict.is === "repeat") {
      const spot = made.get(verdict.of)!;
      spot.firstMs = Math.min(spot.firstMs, Math.round(call.firstMs));
      spot.lastMs = Math.max(spot.lastMs, Math.round(call.lastMs));
    } else {
      const logged = { call: call.call, frequencyKHz, atMs: call.qualifiedMs };
      log.add(logged);
      made.set(logged, spotOf(call, signal, frequencyKHz, options.alphabet));
    }
  }
  const spots = [...made.values()].sort((a, b) => a.frequencyKHz - b.frequencyKHz || a.audioHz - b.audioHz || a.firstMs - b.firstMs);
  return { spots, busted };
}
