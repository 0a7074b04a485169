/**
 * Every signal of a band read apart: the signals found in the spectrum
 * (front-end/signals.ts), each mixed down and low-passed into its own channel
 * (front-end/channel.ts) where it is heard, and read there by the recording decoder from
 * its baseband on (decode-audio.ts readBaseband). A character keyed in step with a much
 * stronger signal close by is that signal leaking into the channel, and is dropped; a
 * channel left with fewer than MIN_CHARACTERS characters held noise.
 */
import { Decimator, decimationFactor } from "../dsp/decimator.js";
import { DECODE_RATE } from "../limits.js";
import { DEFAULT_SEPARATOR } from "../../core/limits.js";
import { heardCharacters, type HeardCharacter } from "./characters/heard.js";
import type { TimingDecode } from "./characters/timings.js";
import { checkInput, hintedWpm, readBaseband, type AudioHints } from "./decode-audio.js";
import { channelOf } from "./front-end/channel.js";
import { findSignals, type FoundSignal } from "./front-end/signals.js";
import { usableSamples } from "./front-end/usable-samples.js";
import type { Ms } from "./keyed.js";
import { TUNING } from "./tuning.js";

/** One signal of a band, as read. */
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
  /** Every signal read, by pitch. */
  signals: SignalDecode[];
  /** Length of the recording, ms. */
  durationMs: number;
}

/** A character read in a channel, with its marks (ms into the recording). */
interface ChannelCharacter extends HeardCharacter {
  marks: { startMs: Ms; endMs: Ms }[];
}

/** A signal read in its channel: its pitch, level and speed, and each character with its marks. */
interface ReadSignal {
  frequency: number;
  snrDb: number;
  wpm: number;
  characters: ChannelCharacter[];
}

/** The samples at about DECODE_RATE (or as they are, where already no higher than twice it). */
function atDecodeRate(samples: Float32Array, sampleRate: number): { samples: Float32Array; sampleRate: number } {
  const factor = decimationFactor(sampleRate, DECODE_RATE);
  return factor === 1 ? { samples, sampleRate } : { samples: new Decimator(factor).push(samples), sampleRate: sampleRate / factor };
}

/** A channel's half-width: half the way to the nearest other signal, within CHANNEL_MIN_HZ..CHANNEL_MAX_HZ. */
function halfWidthOf(found: FoundSignal[], i: number): number {
  const { CHANNEL_MIN_HZ, CHANNEL_MAX_HZ } = TUNING.band;
  let nearest = Number.POSITIVE_INFINITY;
  for (let j = 0; j < found.length; j++) if (j !== i) nearest = Math.min(nearest, Math.abs(found[j]!.frequency - found[i]!.frequency));
  return Math.min(CHANNEL_MAX_HZ, Math.max(CHANNEL_MIN_HZ, nearest / 2));
}

/** One signal read in its channel where it is heard; undefined where nothing is read. */
function readSignal(samples: Float32Array, sampleRate: number, found: FoundSignal, halfWidthHz: number, hintWpm: number | undefined): ReadSignal | undefined {
  const { PAD_MS } = TUNING.band;
  const from = Math.max(0, Math.floor(((found.fromMs - PAD_MS) * sampleRate) / 1000));
  const to = Math.min(samples.length, Math.ceil(((found.toMs + PAD_MS) * sampleRate) / 1000));
  const read = readBaseband(channelOf(samples.subarray(from, to), sampleRate, found.frequency, halfWidthHz), hintWpm);
  if (!read) return undefined;
  const offsetMs = (1000 * from) / sampleRate;
  const frequency = Math.round(found.frequency);
  const marks = read.keyed.filter((e) => e.mark).map((e) => ({ startMs: offsetMs + e.startMs, endMs: offsetMs + e.startMs + e.durationMs }));
  const heard = heardCharacters(read.decoded, read.keyed, offsetMs, frequency);
  const firstMark = heard.reduce<number[]>((starts, c, i) => [...starts, i === 0 ? 0 : starts[i - 1]! + heard[i - 1]!.morse.length], []);
  const characters = heard
    .map((c, i) => ({ ...c, marks: marks.slice(firstMark[i], firstMark[i]! + c.morse.length) }))
    // Read from the channel's noise before or after the signal is keyed.
    .filter((c) => c.endMs > found.fromMs && c.startMs < found.toMs);
  return { frequency, snrDb: found.snrDb, wpm: read.decoded.wpm, characters };
}

/** Whether `ms` lies within `withinMs` of one of `edges` (sorted). */
function nearEdge(ms: Ms, edges: Float64Array, withinMs: number): boolean {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (edges[mid]! < ms - withinMs) lo = mid + 1;
    else hi = mid;
  }
  return lo < edges.length && edges[lo]! <= ms + withinMs;
}

/**
 * The characters of `weak` that are a stronger signal leaking into its channel: the
 * clicks at its marks' edges, or its keying's sidebands, read as marks that start and end
 * where the stronger signal's marks start or end. A character whose every mark does so,
 * within ALIGNED_MS, next to a signal LEAK_DB or more stronger and within SIDEBAND_HZ, is
 * taken out.
 */
function withoutLeaks(weak: ReadSignal, stronger: ReadSignal[]): ReadSignal {
  const { SIDEBAND_HZ, LEAK_DB, ALIGNED_MS } = TUNING.band;
  const sources = stronger.filter((s) => Math.abs(s.frequency - weak.frequency) <= SIDEBAND_HZ && s.snrDb >= weak.snrDb + LEAK_DB).map(edgesOf);
  if (sources.length === 0) return weak;
  const leaked = (c: ChannelCharacter) =>
    sources.some((edges) => c.marks.every((m) => nearEdge(m.startMs, edges, ALIGNED_MS) && nearEdge(m.endMs, edges, ALIGNED_MS)));
  return { ...weak, characters: weak.characters.filter((c) => !leaked(c)) };
}

/** Where a signal's marks start and end, sorted. */
function edgesOf(s: ReadSignal): Float64Array {
  return Float64Array.from(s.characters.flatMap((c) => c.marks.flatMap((m) => [m.startMs, m.endMs]))).sort();
}

/** A signal's decode from the characters kept. */
function decodeOf(r: ReadSignal): SignalDecode {
  const first = r.characters[0]!;
  const last = r.characters[r.characters.length - 1]!;
  const words = r.characters.map((c, i) => (i > 0 && c.wordStart ? " " : "") + c.text);
  const morse = r.characters.map((c, i) => (i === 0 ? "" : c.wordStart ? DEFAULT_SEPARATOR : " ") + c.morse);
  return {
    signal: 0,
    output: words.join(""),
    morse: morse.join(""),
    characters: r.characters.length,
    wpm: r.wpm,
    frequency: r.frequency,
    startMs: Math.round(first.startMs),
    endMs: Math.round(last.endMs),
    snrDb: Math.round(10 * r.snrDb) / 10,
  };
}

/**
 * Reads every Morse signal of a mono recording between BAND_FREQUENCY's pitches, each on
 * its own: its text, pitch, speed, where it is heard and its level. A `wpm` hint is taken
 * for every signal; a `frequency` hint has no meaning here and is ignored. Throws as
 * decodeAudio does on unusable input.
 */
export function decodeSignals(recording: Float32Array, sampleRate: number, hints: AudioHints = {}): BandDecode {
  checkInput(recording, sampleRate);
  const usable = usableSamples(recording);
  const durationMs = (1000 * usable.length) / sampleRate;
  const { samples, sampleRate: rate } = atDecodeRate(usable, sampleRate);
  const found = findSignals(samples, rate);
  // Strongest first, so that leaks are looked for in the signals already kept.
  const kept: ReadSignal[] = [];
  found.forEach((s, i) => {
    const read = readSignal(samples, rate, s, halfWidthOf(found, i), hintedWpm(hints));
    const own = read && withoutLeaks(read, kept);
    if (own && own.characters.length >= TUNING.band.MIN_CHARACTERS) kept.push(own);
  });
  const signals = kept.map(decodeOf).sort((a, b) => a.frequency - b.frequency);
  for (const [i, s] of signals.entries()) s.signal = i;
  return { signals, durationMs };
}
