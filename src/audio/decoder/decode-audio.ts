/**
 * Morse from a recording, one stage after another:
 *
 * 1. Front end (front-end/): the samples made usable, the tone's pitch found, the
 *    recording cut where two stations key in turn (front-end/turns.ts; each turn then
 *    goes through the stages below on its own), the tone mixed down to ~1 kHz complex
 *    baseband and its drift followed.
 * 2. Speed (speed.ts): the dot length whose filters give timings that fit Morse best,
 *    unless a speed is hinted.
 * 3. Keying (passes.ts): a fast fade taken out where the marks show one
 *    (evidence/fading.ts), threshold keying and segmentations of the envelope, then
 *    coherent segmentations of the tone's in-phase component, each pass searching the
 *    evidence (evidence/) for marks and gaps (search/marks.ts) and handing what it keyed
 *    (keyed.ts) to the next.
 * 4. Characters (passes.ts characterPass): the same evidence searched again for the
 *    likeliest whole characters, on the timing grid for machine keying (search/grid.ts),
 *    else with every length free (search/characters.ts); lone marks at the ends of a
 *    noisy recording dropped (characters/lone-ends.ts); the text written
 *    (characters/transcript.ts), with the timings' own decode (characters/timings.ts) where
 *    the character search cannot run.
 *
 * With a hinted speed, filters that short can fail to find keying deep in noise; the
 * keying and character stages are then tried again with longer ones.
 */
import { MorseError } from "../../core/errors.js";
import { dotMs as dotMsOf } from "../../core/units.js";
import { DEFAULT_SEPARATOR } from "../../core/limits.js";
import { timedCharacters, joinedAsWords, transmissionsOf, type TimedCharacter, type Transmission } from "./characters/timed.js";
import { clarity, loneEnds, noisy } from "./characters/lone-ends.js";
import { transcribe } from "./characters/transcript.js";
import { betweenGaps } from "./characters/spacing.js";
import { analyseTimings, type TimingDecode } from "./characters/timings.js";
import { toBaseband, withoutFade, type Baseband } from "./front-end/baseband.js";
import { withoutCrashes } from "./front-end/crashes.js";
import { followDrift } from "./front-end/drift.js";
import { findPitches, pitchRange, type Pitches } from "./front-end/pitch.js";
import { decimate } from "../dsp/decimator.js";
import { DECODE_FREQUENCY, DECODE_FREQUENCY_MAX_OF_RATE, decodeFactor, highestPitch } from "../limits.js";
import { turns, type Turn } from "./front-end/turns.js";
import { usableSamples } from "./front-end/usable-samples.js";
import { durationsOf, type Keyed } from "./keyed.js";
import type { PhaseReference } from "./evidence/in-phase.js";
import type { Levels } from "./evidence/levels.js";
import { characterPass, coherentPasses, envelopePasses, phaseReferenceOf, type Pass } from "./passes.js";
import { fadeOf } from "./evidence/fading.js";
import { searchSpeed, type Speed } from "./speed.js";
import type { Tuning } from "./tuning.js";
import { tuningOf } from "./tuning-overrides.js";

export interface AudioHints {
  /** Expected pitch, Hz, from 200 to 0.45 of the sample rate: the search is narrowed to ±50 Hz around it. */
  frequency?: number;
  /** Expected speed, wpm: skips the speed search (ignored unless a positive number). */
  wpm?: number;
  /** The decoder's configuration (tuning-overrides.ts tuningWith); DEFAULT_TUNING if absent. */
  tuning?: Tuning;
}

export interface AudioDecode extends TimingDecode {
  /** Pitch of the tone found, Hz (rounded); 0 when no Morse was found. */
  frequency: number;
  /** Length of the recording, ms. */
  durationMs: number;
  /** Where no Morse was found: that none was, and where it was looked for. */
  warning?: string;
}

/** Throws MorseError INVALID_AUDIO unless the samples are a Float32Array at a positive rate. */
export function checkInput(samples: Float32Array, sampleRate: number): void {
  if (!(samples instanceof Float32Array)) throw new MorseError("INVALID_AUDIO", "The samples must be a Float32Array");
  if (!Number.isFinite(sampleRate) || sampleRate <= 0) throw new MorseError("INVALID_AUDIO", "The sample rate must be a positive number of Hz");
}

/**
 * Throws MorseError INVALID_OPTION for a pitch hinted outside what the samples can hold:
 * below DECODE_FREQUENCY's `min` or above highestPitch of their rate.
 */
export function checkHints(hints: AudioHints, sampleRate: number): void {
  const hz = hints.frequency;
  if (hz === undefined) return;
  const top = highestPitch(sampleRate);
  if (!Number.isFinite(hz) || hz < DECODE_FREQUENCY.min || hz > top) {
    throw new MorseError(
      "INVALID_OPTION",
      `frequency must be ${DECODE_FREQUENCY.min} to ${top} Hz for a recording at ${sampleRate} samples/s (${DECODE_FREQUENCY_MAX_OF_RATE} of its rate)`,
    );
  }
}

/** What a decode that found no Morse says: where it looked. */
export function nothingFound(range: { min: number; max: number }): string {
  return `No Morse was found between ${Math.round(range.min)} and ${Math.round(range.max)} Hz`;
}

/** A hinted speed, if it is a positive number. */
export function hintedWpm(hints: AudioHints): number | undefined {
  return hints.wpm !== undefined && Number.isFinite(hints.wpm) && hints.wpm > 0 ? hints.wpm : undefined;
}

/** What a piece of a recording decoded to: its text, the marks and gaps it was written from, and how they were found. */
export interface PieceDecode extends TimingDecode {
  keyed: Keyed;
  /** The rung of the speed search's ladder it was decoded at (speed.ts); undefined for a hinted speed. */
  rungMs?: number;
  /** How far its tone stands above the noise floor (characters/lone-ends.ts clarity). */
  clarity: number;
}

/** A piece of a recording (a station's turn, or one of its transmissions) and what it decoded to, if anything. */
export interface Piece {
  turn: Turn;
  decoded: PieceDecode | undefined;
}

/** The text of the last keying pass: what the character pass found, else the pass's own timings; lone ends dropped where `noisy`. */
function textOf(tuning: Tuning, bb: Baseband, pass: Pass, phase: PhaseReference, dropLoneEnds: boolean): TimingDecode & { keyed: Keyed } {
  const { decoded, spacing } = pass.analysis;
  const gapUnitMs = dotMsOf(decoded.wpm) * betweenGaps(spacing);
  const characters = characterPass(tuning, bb, pass, phase);
  if (characters) {
    const [from, to] = dropLoneEnds ? loneEnds(tuning, characters, gapUnitMs) : [0, characters.length];
    return { ...transcribe(tuning, characters, decoded.wpm, from, to), keyed: characters.slice(from, to) };
  }
  const [from, to] = dropLoneEnds ? loneEnds(tuning, pass.keyed, gapUnitMs) : [0, pass.keyed.length];
  if (from === 0 && to === pass.keyed.length) return { ...decoded, keyed: pass.keyed };
  const keyed = pass.keyed.slice(from, to);
  return { ...analyseTimings(tuning, durationsOf(keyed), { wpm: decoded.wpm }).decoded, keyed };
}

/**
 * A decode at a speed begun: the fade taken out where there is one, the envelope's passes
 * made with filters built for the dot (for longer ones where those find no keying: a hinted
 * speed's filters can be too short deep in noise), then the coherent passes. What they keyed
 * parts a signal into its transmissions (byTransmission) before the characters are searched.
 */
interface Begun {
  bb: Baseband;
  /** The envelope's levels, as the envelope passes measured them (how clear the tone is). */
  levels: Levels;
  phase: PhaseReference;
  /** The last coherent pass. */
  pass: Pass;
  /** The rung of the speed search's ladder it is decoded at; undefined for a hinted speed. */
  rungMs: number | undefined;
}

/** A decode at a speed found or hinted, begun; undefined where no keying is found. */
function begin(tuning: Tuning, baseband: Baseband, speed: Speed | { dotMs: number; rungMs: undefined }, hintWpm: number | undefined): Begun | undefined {
  // A fast or deep fade puts a trough's marks under the levels' threshold: it is taken out first.
  const fade = fadeOf(tuning, baseband, speed.dotMs);
  const bb = fade ? withoutFade(tuning, baseband, fade.gain) : baseband;
  for (let k = 0; k <= tuning.speed.FALLBACK_FILTERS; k++) {
    const first = envelopePasses(tuning, bb, speed.dotMs, hintWpm, speed.dotMs * Math.SQRT2 ** k);
    if (!first) continue;
    const phase = phaseReferenceOf(tuning, bb, first, fade?.fast ?? false);
    return { bb, levels: first.levels, phase, pass: coherentPasses(tuning, bb, first, phase), rungMs: speed.rungMs };
  }
  return undefined;
}

/** A decode begun, finished: its characters decoded; undefined where what was keyed is too fast to be Morse. */
function finish(tuning: Tuning, { bb, levels, phase, pass, rungMs }: Begun): PieceDecode | undefined {
  const clear = clarity(levels);
  const text = textOf(tuning, bb, pass, phase, noisy(tuning, clear));
  return text.wpm > tuning.speed.FASTEST_WPM ? undefined : { ...text, clarity: clear, rungMs };
}

/**
 * Decodes the Morse in a mono recording. A recording without Morse decodes to empty
 * output (not an error); only unusable input (not a Float32Array, a bad sample rate)
 * throws, as MorseError INVALID_AUDIO. A NaN sample counts as silence, an infinite one as
 * a clipped peak, and a recording far outside ordinary levels is rescaled (usable-samples.ts).
 */
export function decodeAudio(recording: Float32Array, sampleRate: number, hints: AudioHints = {}): AudioDecode {
  return decodeAudioTimed(recording, sampleRate, hints).decode;
}

/** What `decodeAudio` decodes, and each character it decoded, timed (worked out when asked for). */
export interface TimedDecode {
  decode: AudioDecode;
  readonly characters: TimedCharacter[];
  /** What its searches found, to narrow a decode of the same stream a moment later. */
  found: Findings;
}

/** What a decode found that the next decode of the same stream uses (a live listener decodes its window again every half second, or every second once it follows a clear signal): what narrows its searches, and how clear the signal is. */
export interface Findings {
  /** The pitches found (front-end/pitch.ts): the next decode mixes down at them without searching. */
  pitches?: Pitches;
  /** A dot length, ms, the next decode's speed search tries only the ladder's rungs near (speed.ts): the rung the main station was decoded at, or a live listener's speed followed. */
  nearDotMs?: number;
  /** How far the main station stands above the noise floor (characters/lone-ends.ts clarity): a live listener keeps more audio for a weak one. */
  clarity?: number;
  /** A signal's pitch, Hz, and speed, wpm, as a live listener follows it: a turn at that pitch is decoded at that speed without a search (a turn at another may be a new station, at its own speed). */
  followed?: FollowedHint;
}

/** `decodeAudio`, with the characters timed (the live listener's reading of each window), narrowed by what a decode `before` found. */
export function decodeAudioTimed(recording: Float32Array, recordingRate: number, hints: AudioHints = {}, before: Findings = {}): TimedDecode {
  checkInput(recording, recordingRate);
  checkHints(hints, recordingRate);
  const tuning = tuningOf(hints);
  const usable = usableSamples(tuning, recording);
  const durationMs = (1000 * usable.length) / recordingRate;
  const factor = decodeFactor(recordingRate, hints.frequency);
  const samples = withoutCrashes(tuning, decimate(usable, factor), recordingRate / factor);
  const sampleRate = recordingRate / factor;
  const range = pitchRange(tuning, hints.frequency, sampleRate);
  const pitches = before.pitches ?? findPitches(tuning, samples, sampleRate, range, tuning.turns.TURN_MIN_SEPARATION_HZ);
  const nothing: TimedDecode = {
    decode: { output: "", morse: "", characters: 0, wpm: 0, frequency: 0, durationMs, warning: nothingFound(range) },
    characters: [],
    found: { pitches },
  };
  if (pitches === undefined) return nothing;
  const strongest = { frequency: pitches.first, bb: toBaseband(tuning, samples, sampleRate, pitches.first) };
  // A hinted pitch names one station: the others' turns are not decoded.
  const stations = turns(tuning, samples, sampleRate, strongest, hints.frequency === undefined ? pitches.second : undefined);
  const pieces = stations.flatMap((turn) => {
    const bb = stations.length === 1 ? strongest.bb : toBaseband(tuning, samples.subarray(turn.from, turn.to), sampleRate, turn.frequency);
    const hintWpm = hintedWpm(hints) ?? followedAt(tuning, turn.frequency, before.followed ? [before.followed] : [])?.wpm;
    return decodeTurn(tuning, turn, bb, sampleRate, hintWpm, before.nearDotMs);
  });
  const decoded = pieces.filter((p): p is Piece & { decoded: PieceDecode } => (p.decoded?.characters ?? 0) > 0);
  if (decoded.length === 0) return nothing;
  const texts = decoded.map((p) => p.decoded);
  // The main station gives the pitch and speed.
  const main = mainPiece(decoded);
  const decode: AudioDecode = {
    output: texts.map((t) => t.output).join(" "),
    morse: texts.map((t) => t.morse).join(DEFAULT_SEPARATOR),
    characters: texts.reduce((sum, t) => sum + t.characters, 0),
    wpm: main.decoded.wpm,
    frequency: Math.round(main.turn.frequency),
    durationMs,
  };
  // Timed only when asked for: decodeAudio wants the text alone.
  const timed = () =>
    joinedAsWords(
      decoded.map(({ turn, decoded }) => timedCharacters(tuning, decoded, decoded.keyed, (1000 * turn.from) / sampleRate, Math.round(turn.frequency))),
    );
  return {
    decode,
    get characters() {
      return timed();
    },
    found: { pitches, nearDotMs: main.decoded.rungMs, clarity: main.decoded.clarity },
  };
}

/** Of pieces, the first that decoded most characters: the main station, whose pitch and speed a decode gives. */
export function mainPiece<T extends Piece>(pieces: readonly T[]): T {
  const characters = (p: T) => p.decoded?.characters ?? 0;
  return pieces.reduce((a, b) => (characters(b) > characters(a) ? b : a));
}

/** What a live listener tells a decode of a signal it follows at a known speed: a turn or signal found within PITCH_CHANGE_HZ of it is decoded at that speed, without a search, and from `fromMs` where given. */
export interface FollowedHint {
  frequency: number;
  wpm: number;
  /** Where in the samples its decode may start, ms: a band listener's signal followed needs only its recent audio (undefined: wherever it is heard). */
  fromMs?: number;
}

/** The signal followed nearest `frequency`, within PITCH_CHANGE_HZ; undefined where none is followed there. */
export function followedAt(tuning: Tuning, frequency: number, followed: readonly FollowedHint[]): FollowedHint | undefined {
  let nearest: FollowedHint | undefined;
  for (const f of followed) if (!nearest || Math.abs(f.frequency - frequency) < Math.abs(nearest.frequency - frequency)) nearest = f;
  return nearest && Math.abs(nearest.frequency - frequency) <= tuning.turns.PITCH_CHANGE_HZ ? nearest : undefined;
}

/**
 * One station's turn or signal, mixed down at its pitch (`bb`, blocks of the turn's
 * samples at `sampleRate`): its drift followed, the speed searched (unless hinted; near
 * the dot length `nearDotMs` if given), then keying and characters, by transmission where
 * they key at speeds apart (byTransmission), else whole. A piece where nothing is found, or
 * where what was keyed is too fast to be Morse, decodes to undefined.
 */
export function decodeTurn(tuning: Tuning, turn: Turn, bb: Baseband, sampleRate: number, hintWpm: number | undefined, nearDotMs?: number): Piece[] {
  // The transmissions are cut from the baseband as mixed: the drift follower works in place.
  const mixed = hintWpm === undefined ? { re: bb.re.slice(), im: bb.im.slice(), blockMs: bb.blockMs } : bb;
  followDrift(tuning, bb);
  const speed = hintWpm !== undefined ? { dotMs: dotMsOf(hintWpm), rungMs: undefined } : searchSpeed(tuning, bb, nearDotMs);
  const begun = speed && begin(tuning, bb, speed, hintWpm);
  if (!begun) return [{ turn, decoded: undefined }];
  const pieces = hintWpm === undefined ? byTransmission(tuning, turn, mixed, sampleRate, begun) : undefined;
  return pieces ?? [{ turn, decoded: finish(tuning, begun) }];
}

/**
 * A turn's transmissions (parted by pauses in what the coherent passes keyed,
 * characters/timed.ts), each cut from the turn's baseband `mixed` (at a whole block, halfway
 * through the pause) and decoded at its own speed, where one's speed search differs from the
 * turn's by SPEED_CHANGE or more: after a pause, another station at the same pitch may key
 * at another speed, and one speed's filters and priors misread the other. Else undefined:
 * the turn is decoded whole. Parted before the turn's characters are searched: a band's
 * signals, one station after another, are mostly decoded by transmission, and their whole
 * decode's character pass was thrown away.
 */
function byTransmission(tuning: Tuning, turn: Turn, mixed: Baseband, sampleRate: number, { levels, pass }: Begun): Piece[] | undefined {
  // In noise a few characters' speed search wanders by more than the ratio: no split there.
  const spans = noisy(tuning, clarity(levels)) ? [] : measurable(tuning, transmissionsOf(tuning, pass.analysis.decoded, pass.keyed));
  if (spans.length < 2) return undefined;
  const samplesPerBlock = Math.round((mixed.blockMs * sampleRate) / 1000);
  const cuts = [0, ...spans.slice(1).map((span, k) => Math.round((spans[k]!.endMs + span.startMs) / 2 / mixed.blockMs)), mixed.re.length];
  const pieces = spans.map((_, k) => {
    const [from, to] = [cuts[k]!, cuts[k + 1]!];
    const piece: Turn = {
      frequency: turn.frequency,
      from: turn.from + from * samplesPerBlock,
      to: k === spans.length - 1 ? turn.to : turn.from + to * samplesPerBlock,
    };
    const bb = { re: mixed.re.slice(from, to), im: mixed.im.slice(from, to), blockMs: mixed.blockMs };
    followDrift(tuning, bb);
    return { piece, bb, speed: searchSpeed(tuning, bb) };
  });
  const dotMs = dotMsOf(pass.analysis.decoded.wpm);
  const apart = (s: Speed | undefined) => s !== undefined && Math.max(s.dotMs / dotMs, dotMs / s.dotMs) >= tuning.turns.SPEED_CHANGE;
  if (!pieces.some(({ speed }) => apart(speed))) return undefined;
  return pieces.map(({ piece, bb, speed }) => {
    const begun = speed && begin(tuning, bb, speed, undefined);
    return { turn: piece, decoded: begun && finish(tuning, begun) };
  });
}

/** The transmissions joined until each holds TRANSMISSION_CHARACTERS (a short one to the one before; the first, to the one after): fewer are too few to measure a speed by. */
function measurable(tuning: Tuning, spans: Transmission[]): Transmission[] {
  const out: Transmission[] = [];
  for (const span of spans) {
    const last = out.at(-1);
    if (last && (last.characters < tuning.speed.TRANSMISSION_CHARACTERS || span.characters < tuning.speed.TRANSMISSION_CHARACTERS)) {
      last.endMs = span.endMs;
      last.characters += span.characters;
    } else out.push({ ...span });
  }
  return out;
}
