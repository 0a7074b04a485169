/**
 * Every signal of a band decoded apart: the signals found in the spectrum
 * (front-end/signals.ts), each mixed down and low-passed into its own channel
 * (front-end/channel.ts) where it is heard, and decoded there by the recording decoder from
 * its baseband on (decode-audio.ts decodeTurn), strongest first, each taken out
 * (front-end/cancel.ts) before the weaker ones beside it are decoded. What is not Morse
 * (isMorse) is dropped, and so is what one signal leaks into another's channel (clicks,
 * sidebands, harmonics, images: withoutLeaks).
 */
import { decimate } from "../dsp/decimator.js";
import { dotMs } from "../../core/units.js";
import { DECODE_WPM, decodeFactor } from "../limits.js";
import { timedCharacters, joinedAsWords, writeCharacter, type TimedCharacter } from "./characters/timed.js";
import type { TimingDecode } from "./characters/timings.js";
import { checkInput, decodeTurn, followedAt, hintedWpm, mainPiece, type AudioHints, type FollowedHint, type PieceDecode } from "./decode-audio.js";
import { cancelSignal, type Mark } from "./front-end/cancel.js";
import { channelOf } from "./front-end/channel.js";
import { findSignals, type FoundSignal } from "./front-end/signals.js";
import type { Turn } from "./front-end/turns.js";
import { usableSamples } from "./front-end/usable-samples.js";
import type { Tuning } from "./tuning.js";
import { tuningOf } from "./tuning-overrides.js";

/** One signal of a band, as decoded. */
export interface SignalDecode extends TimingDecode {
  /** Its number: 0, 1, ... by pitch. */
  signal: number;
  /** Pitch, Hz (rounded). */
  frequency: number;
  /** From the start of its first character to the end of its last, ms into the recording. */
  startMs: number;
  endMs: number;
  /** Its power while keyed against the noise in 3 kHz, dB, estimated (to 0.1 dB). */
  snrDb: number;
}

export interface BandDecode {
  /** Every signal decoded, by pitch. */
  signals: SignalDecode[];
  /** Length of the recording, ms. */
  durationMs: number;
}

/** A character decoded in a channel, timed, with its marks (ms into the recording). */
interface ChannelCharacter extends TimedCharacter {
  marks: Mark[];
}

/** A signal decoded in its channel: its pitch, levels and speed, and each character timed, with its marks. */
export interface TimedSignal {
  frequency: number;
  snrDb: number;
  /** Its power while keyed (front-end/signals.ts FoundSignal): which of two signals leaks into the other. */
  powerDb: number;
  wpm: number;
  characters: ChannelCharacter[];
}

/** A channel's half-width: half the way to the nearest other signal, within CHANNEL_MIN_HZ..CHANNEL_MAX_HZ. */
function halfWidthOf(tuning: Tuning, found: FoundSignal[], i: number): number {
  const { CHANNEL_MIN_HZ, CHANNEL_MAX_HZ } = tuning.band;
  let nearest = Number.POSITIVE_INFINITY;
  for (let j = 0; j < found.length; j++) if (j !== i) nearest = Math.min(nearest, Math.abs(found[j]!.frequency - found[i]!.frequency));
  return Math.min(CHANNEL_MAX_HZ, Math.max(CHANNEL_MIN_HZ, nearest / 2));
}

/**
 * Whether a signal decoded is Morse: at MIN_SNR_DB or more, and its marks' median no shorter
 * than SHORTEST_MARK of a dot at DECODE_WPM's fastest (shorter is clicks or noise, keyed
 * faster than anyone sends).
 */
function isMorse(tuning: Tuning, signal: TimedSignal): boolean {
  const { MIN_SNR_DB, SHORTEST_MARK, MIN_CHARACTERS } = tuning.band;
  const lengths = signal.characters.flatMap((c) => c.marks.map((m) => m.endMs - m.startMs)).sort((a, b) => a - b);
  const median = lengths[lengths.length >> 1] ?? 0;
  return signal.characters.length >= MIN_CHARACTERS && signal.snrDb >= MIN_SNR_DB && median >= SHORTEST_MARK * dotMs(DECODE_WPM.max);
}

/** One signal decoded in its channel where it is heard; undefined where nothing is decoded. */
function decodeChannel(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  found: FoundSignal,
  halfWidthHz: number,
  hintWpm: number | undefined,
  fromMs = 0,
): TimedSignal | undefined {
  const { PAD_MS } = tuning.band;
  const from = Math.max(0, Math.floor(((Math.max(fromMs, found.fromMs) - PAD_MS) * sampleRate) / 1000));
  const to = Math.min(samples.length, Math.ceil(((found.toMs + PAD_MS) * sampleRate) / 1000));
  const whole: Turn = { frequency: found.frequency, from, to };
  const pieces = decodeTurn(tuning, whole, channelOf(tuning, samples.subarray(from, to), sampleRate, found.frequency, halfWidthHz), sampleRate, hintWpm);
  const main = mainPiece(pieces);
  if (!main.decoded) return undefined;
  const frequency = Math.round(found.frequency);
  const characters = joinedAsWords(
    pieces.map(({ turn, decoded }) => (decoded ? channelCharacters(tuning, decoded, (1000 * turn.from) / sampleRate, frequency) : [])),
  );
  // Read from the channel's noise before or after the signal is keyed.
  return {
    frequency,
    snrDb: found.snrDb,
    powerDb: found.powerDb,
    wpm: main.decoded.wpm,
    characters: characters.filter((c) => c.endMs > found.fromMs && c.startMs < found.toMs),
  };
}

/** The characters of one piece, each with its marks, in ms from the recording's start (the piece's starts at `offsetMs`). */
function channelCharacters(tuning: Tuning, piece: PieceDecode, offsetMs: number, frequency: number): ChannelCharacter[] {
  const marks = piece.keyed.filter((e) => e.mark).map((e) => ({ startMs: offsetMs + e.startMs, endMs: offsetMs + e.startMs + e.durationMs }));
  // A character is as many marks as its pattern has elements, dealt out in order.
  const characters: ChannelCharacter[] = [];
  let m = 0;
  for (const c of timedCharacters(tuning, piece, piece.keyed, offsetMs, frequency)) {
    characters.push({ ...c, marks: marks.slice(m, m + c.morse.length) });
    m += c.morse.length;
  }
  return characters;
}

/** The index of the first of `sorted` (ascending by `key`) at or after `from`. */
function firstAtOrAfter<T>(sorted: readonly T[], key: (item: T) => number, from: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(sorted[mid]!) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Another signal's marks and edges, sorted, as a leak's source. */
interface Source {
  marks: Mark[];
  edges: number[];
  /** LEAK_DB or more stronger than the signal tested. */
  stronger: boolean;
}

/** Whether one of the source's edges lies in [from, to], ms. */
function edgeWithin(source: Source, from: number, to: number): boolean {
  const k = firstAtOrAfter(source.edges, (e) => e, from);
  return k < source.edges.length && source.edges[k]! <= to;
}

/** A mark that starts and ends within `withinMs` of one edge of the source: the click of a key going down or up. */
function clickOf(m: Mark, source: Source, withinMs: number): boolean {
  return edgeWithin(source, m.endMs - withinMs, m.startMs + withinMs);
}

/** A mark that starts and ends within `withinMs` of the start and end of one of the source's: its keying, copied. */
function copyOf(m: Mark, source: Source, withinMs: number): boolean {
  for (
    let k = firstAtOrAfter(source.marks, (s) => s.startMs, m.startMs - withinMs);
    k < source.marks.length && source.marks[k]!.startMs <= m.startMs + withinMs;
    k++
  ) {
    if (Math.abs(source.marks[k]!.endMs - m.endMs) <= withinMs) return true;
  }
  return false;
}

/** A mark with one of the source's edges within it, or within `withinMs` of it: a click, however widely or skewed a channel read it. */
function byEdge(m: Mark, source: Source, withinMs: number): boolean {
  return edgeWithin(source, m.startMs - withinMs, m.endMs + withinMs);
}

/** A signal's marks and edges, sorted, as a source of leaks into others. */
function sourceOf(s: TimedSignal): Omit<Source, "stronger"> {
  const marks = s.characters.flatMap((c) => c.marks).sort((x, y) => x.startMs - y.startMs);
  return { marks, edges: marks.flatMap((m) => [m.startMs, m.endMs]).sort((x, y) => x - y) };
}

/** The other signals as sources of leaks into `signal`. */
function sourcesFor(tuning: Tuning, signal: TimedSignal, others: readonly TimedSignal[], sources: Map<TimedSignal, Omit<Source, "stronger">>): Source[] {
  return others.filter((o) => o !== signal).map((o) => ({ ...sources.get(o)!, stronger: o.powerDb >= signal.powerDb + tuning.band.LEAK_DB }));
}

/** A mark copying a stronger source's keying. */
function copied(tuning: Tuning, m: Mark, sources: readonly Source[]): boolean {
  return sources.some((src) => src.stronger && copyOf(m, src, tuning.band.ALIGNED_MS));
}

/**
 * The share of a signal's marks that copy a stronger one's keying or have another's edge
 * by them, and the share chance alone would give: a mark has some edge of a source with
 * edges everywhere (noise read as Morse) by it often, and a long one of any source.
 */
function leakedShare(tuning: Tuning, signal: TimedSignal, sources: readonly Source[]): { share: number; chance: number } {
  const { ALIGNED_MS } = tuning.band;
  const marks = signal.characters.flatMap((c) => c.marks);
  if (marks.length === 0) return { share: 0, chance: 0 };
  const share = marks.filter((m) => copied(tuning, m, sources) || sources.some((src) => byEdge(m, src, ALIGNED_MS))).length / marks.length;
  const byChance = (m: Mark) =>
    1 - sources.reduce((apart, src) => apart * (1 - Math.min(1, (src.edges.length * (m.endMs - m.startMs + 2 * ALIGNED_MS)) / spanMs(src))), 1);
  return { share, chance: marks.reduce((sum, m) => sum + byChance(m), 0) / marks.length };
}

/** How long a source keys, ms: from its first edge to its last. */
function spanMs(src: Omit<Source, "stronger">): number {
  return src.edges.length > 1 ? Math.max(1, src.edges[src.edges.length - 1]! - src.edges[0]!) : Number.POSITIVE_INFINITY;
}

/**
 * The signals without what they leak into each other. Hard keying, or a strong signal's
 * clicks, reach every channel of the band; a strong signal's keying sidebands, harmonics
 * and images copy its keying. A signal is a leak as a whole where LEAKED_SHARE of its marks
 * are copies of the marks of one LEAK_DB or more stronger (both edges within ALIGNED_MS),
 * or have another's edge within them or ALIGNED_MS of them (a channel may read a click wider
 * or later than it is), and twice as many as chance would give (a station keying apart
 * meets another's edges by chance alone; noise read as Morse, with edges everywhere, very
 * often). Each signal is measured against the stronger ones kept so far, then each kept
 * against the others kept. Then, in each signal kept, a character is a leak where every
 * mark is such a copy, or a click starting and ending within ALIGNED_MS of one edge of
 * another's: a station keying apart matches so in under one character in thirty.
 */
function withoutLeaks(tuning: Tuning, signals: readonly TimedSignal[]): TimedSignal[] {
  const { ALIGNED_MS, LEAKED_SHARE } = tuning.band;
  const sources = new Map(signals.map((r) => [r, sourceOf(r)]));
  const leaks = (s: TimedSignal, from: readonly TimedSignal[]) => {
    const { share, chance } = leakedShare(tuning, s, sourcesFor(tuning, s, from, sources));
    return share >= LEAKED_SHARE && share >= 2 * chance;
  };
  // Against the stronger signals kept so far, then each against all the others kept (a strong image of a weaker station leaks back into it).
  const stronger: TimedSignal[] = [];
  for (const s of [...signals].sort((a, b) => b.powerDb - a.powerDb)) if (!leaks(s, stronger)) stronger.push(s);
  const kept = stronger.filter((s) => !leaks(s, stronger));
  return kept.map((signal) => {
    const from = sourcesFor(tuning, signal, kept, sources);
    const leaked = (c: ChannelCharacter) => c.marks.every((m) => copied(tuning, m, from) || from.some((src) => clickOf(m, src, ALIGNED_MS)));
    return { ...signal, characters: signal.characters.filter((c) => !leaked(c)) };
  });
}

/** A signal's decode from the characters kept. */
function decodeOf(r: TimedSignal): SignalDecode {
  const first = r.characters[0]!;
  const last = r.characters[r.characters.length - 1]!;
  const text = { output: "", morse: "" };
  for (const c of r.characters) writeCharacter(text, c);
  return {
    signal: 0,
    ...text,
    characters: r.characters.length,
    wpm: r.wpm,
    frequency: r.frequency,
    startMs: Math.round(first.startMs),
    endMs: Math.round(last.endMs),
    snrDb: Math.round(10 * r.snrDb) / 10,
  };
}

/**
 * Where a signal's channel is decoded from, ms: where a live listener's signal followed
 * needs it to start (FollowedHint fromMs), unless another signal is within SIDEBAND_HZ of
 * it; else wherever it is heard (0). Two signals that close are decoded over all the audio
 * kept: the longer decode reads a faint one beside a stronger better (the band bench's live
 * part, signals 50 to 74 Hz apart: 17 errors in 652 characters with it, 23 with each
 * decoded from where it needs, 24 with each pair from where the earlier needs).
 */
function decodedFromMs(tuning: Tuning, found: readonly FoundSignal[], s: FoundSignal, followed: readonly FollowedHint[]): number {
  if (found.some((o) => o !== s && Math.abs(o.frequency - s.frequency) <= tuning.band.SIDEBAND_HZ)) return 0;
  return followedAt(tuning, s.frequency, followed)?.fromMs ?? 0;
}

/**
 * Every signal of samples at about DECODE_RATE (limits.ts decodeFactor; usable, as usableSamples leaves them), decoded
 * apart, strongest first, each character with its marks, without what the others leak into
 * it. The samples are left as they are. A signal `followed` at a known speed is decoded at
 * it (a live listener's narrowed reading).
 */
export function decodeSignalsTimed(
  tuning: Tuning,
  samples: Float32Array,
  sampleRate: number,
  hints: AudioHints = {},
  followed: readonly FollowedHint[] = [],
): TimedSignal[] {
  const found = findSignals(tuning, samples, sampleRate);
  // Strongest first: each signal decoded is taken out of what the weaker ones beside it are decoded from.
  const rest = samples.slice();
  const decoded: TimedSignal[] = [];
  found.forEach((s, i) => {
    const signal = decodeChannel(
      tuning,
      rest,
      sampleRate,
      s,
      halfWidthOf(tuning, found, i),
      hintedWpm(hints) ?? followedAt(tuning, s.frequency, followed)?.wpm,
      decodedFromMs(tuning, found, s, followed),
    );
    if (!signal || !isMorse(tuning, signal)) return;
    decoded.push(signal);
    if (found.slice(i + 1).some((o) => Math.abs(o.frequency - s.frequency) <= tuning.band.SIDEBAND_HZ)) {
      cancelSignal(
        tuning,
        rest,
        sampleRate,
        s.frequency,
        signal.characters.flatMap((c) => c.marks),
      );
    }
  });
  return withoutLeaks(tuning, decoded).filter((r) => r.characters.length >= tuning.band.MIN_CHARACTERS);
}

/**
 * Decodes every Morse signal of a mono recording in the whole passband (front-end/pitch.ts
 * pitchRange), each on its own: its text, pitch, speed, where it is heard and its level. A `wpm` hint is taken
 * for every signal; a `frequency` hint has no meaning here and is ignored. Throws as
 * decodeAudio does on unusable input.
 */
export function decodeSignals(recording: Float32Array, sampleRate: number, hints: AudioHints = {}): BandDecode {
  const { signals, durationMs } = decodeSignalWords(recording, sampleRate, hints);
  return { signals: signals.map(({ words: _, ...signal }) => signal), durationMs };
}

/** A word of a signal, with where it was heard, ms into the recording. */
export interface SignalWord {
  text: string;
  startMs: number;
  endMs: number;
}

/** decodeSignals' decode with each signal's words timed (for spots: where in the recording each call was heard). */
export function decodeSignalWords(
  recording: Float32Array,
  sampleRate: number,
  hints: AudioHints = {},
): { signals: (SignalDecode & { words: SignalWord[] })[]; durationMs: number } {
  checkInput(recording, sampleRate);
  const tuning = tuningOf(hints);
  const usable = usableSamples(tuning, recording);
  const durationMs = (1000 * usable.length) / sampleRate;
  const factor = decodeFactor(sampleRate);
  const signals = decodeSignalsTimed(tuning, decimate(usable, factor), sampleRate / factor, hints)
    .map((signal) => ({ ...decodeOf(signal), words: wordsOf(signal) }))
    .sort((a, b) => a.frequency - b.frequency);
  for (const [i, s] of signals.entries()) s.signal = i;
  return { signals, durationMs };
}

/** A signal's characters gathered into words, each from the start of its first character to the end of its last. */
function wordsOf(r: TimedSignal): SignalWord[] {
  const words: SignalWord[] = [];
  for (const c of r.characters) {
    const last = words[words.length - 1];
    if (!last || c.wordStart) words.push({ text: c.text, startMs: c.startMs, endMs: c.endMs });
    else {
      last.text += c.text;
      last.endMs = c.endMs;
    }
  }
  return words;
}
