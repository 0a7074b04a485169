/**
 * The live listener: the recording decoder (decode-audio.ts) run over a stream. It keeps
 * the recent audio and, every HOP_MS of stream (FOLLOWED_HOP_MS once it follows a clear
 * signal: SignalListener.takeReading), decodes the window from a little before the
 * oldest undecided moment to now (a followed clear signal's last seconds only) with
 * `decodeAudioTimed`, the batch decoder itself; its Decider
 * (decider.ts) decides the characters. The window stays a few seconds long however long
 * the stream runs, so the memory and the work per second of audio do not grow with it.
 * WindowListener is that window and its readings, whatever decodes them (band-listener.ts
 * decodes every signal of a band).
 */
import { MorseError } from "../../../core/errors.js";
import { checkSpotOptions } from "../../../core/spots/index.js";
import { Decimator } from "../../dsp/decimator.js";
import { median } from "../../dsp/stats.js";
import { decodeFactor, READ_SAMPLE_RATE } from "../../limits.js";
import type { TimedCharacter } from "../characters/timed.js";
import { checkHints, decodeAudioTimed, type AudioDecode, type AudioHints, type Findings } from "../decode-audio.js";
import type { Tuning } from "../tuning.js";
import { tuningOf } from "../tuning-overrides.js";
import { Decider, dotAt } from "./decider.js";
import type { Listener, ListenerOptions, ListenEvent, ListenSummary } from "./events.js";
import { RecentAudio } from "./recent-audio.js";

export type {
  CharacterEvent,
  CorrectionEvent,
  Listener,
  ListenerOptions,
  ListenEvent,
  ListenSummary,
  SignalEvent,
  SpaceEvent,
  SpotEvent,
  LiveSpotOptions,
} from "./events.js";

/**
 * A listener that is `inner` with its push and flush replaced: what it has received, kept
 * and read are inner's, and so are the calls it left out as busted unless `busted` counts them.
 */
export function wrapListener(inner: Listener, push: Listener["push"], flush: Listener["flush"], busted = () => inner.busted): Listener {
  return {
    push,
    flush,
    get receivedMs() {
      return inner.receivedMs;
    },
    get windowMs() {
      return inner.windowMs;
    },
    get readMs() {
      return inner.readMs;
    },
    get busted() {
      return busted();
    },
  };
}

export function checkOptions(options: ListenerOptions): void {
  const { sampleRate } = options;
  if (!Number.isFinite(sampleRate) || sampleRate < READ_SAMPLE_RATE.min || sampleRate > READ_SAMPLE_RATE.max) {
    throw new MorseError("INVALID_AUDIO", `The sample rate must be ${READ_SAMPLE_RATE.min} to ${READ_SAMPLE_RATE.max} Hz`);
  }
  checkHints(options, sampleRate);
  if (options.spots) {
    if (options.signals !== "all") throw new MorseError("INVALID_OPTION", "Spots need every signal of the band read: signals=all");
    checkSpotOptions({ ...options.spots, alphabet: options.alphabet });
  }
}

/** Float samples of a chunk: Float32 as it is, Int16 scaled to ±1. */
export function floatSamples(chunk: Float32Array | Int16Array): Float32Array {
  if (chunk instanceof Float32Array) return chunk;
  if (!(chunk instanceof Int16Array)) throw new MorseError("INVALID_AUDIO", "A chunk must be a Float32Array or an Int16Array");
  const out = new Float32Array(chunk.length);
  for (let i = 0; i < chunk.length; i++) out[i] = chunk[i]! / 32768;
  return out;
}

/** A stream's recent audio, decoded every `hopMs()` of stream by `takeReading` (the readings fall at stream positions the stream alone sets, so any chunking gives the same events). */
export abstract class WindowListener implements Listener {
  protected readonly audio = new RecentAudio();
  private readonly decimator: Decimator;
  /** Samples per second kept: the stream's, or less where the decimator brings it down. */
  protected readonly sampleRate: number;
  /** Samples the last reading decoded. */
  private readSamples = 0;
  /** Stream index at which the next reading is made. */
  private nextReading: number;
  private ended = false;
  /** The decoder's configuration, the options' (DEFAULT_TUNING if they give none). */
  protected readonly tuning: Tuning;

  /** `decimate`: bring the stream down to the rate the decoder works at as it arrives (limits.ts decodeFactor). */
  constructor(options: ListenerOptions, decimate: boolean) {
    checkOptions(options);
    this.tuning = tuningOf(options);
    this.decimator = new Decimator(decimate ? decodeFactor(options.sampleRate, options.frequency) : 1);
    this.sampleRate = options.sampleRate / this.decimator.factor;
    this.nextReading = this.samplesOf(this.tuning.live.HOP_MS);
  }

  /** Decodes the window; decides what enough audio now follows (everything when `final`). */
  protected abstract takeReading(final: boolean, events: ListenEvent[]): void;

  /** The stream's text, once it has ended. */
  protected abstract summary(): ListenSummary;

  /** Audio until the next reading, ms. */
  protected hopMs(): number {
    return this.tuning.live.HOP_MS;
  }

  push(chunk: Float32Array | Int16Array): ListenEvent[] {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    const floats = floatSamples(chunk);
    const samples = this.decimator.factor === 1 ? floats : this.decimator.push(floats);
    const events: ListenEvent[] = [];
    for (let at = 0; at < samples.length; ) {
      const take = Math.min(this.nextReading - this.audio.end, samples.length - at);
      this.audio.append(samples.subarray(at, at + take));
      at += take;
      if (this.audio.end === this.nextReading) {
        this.takeReading(false, events);
        this.nextReading += this.samplesOf(this.hopMs());
      }
    }
    return events;
  }

  flush(): { events: ListenEvent[]; summary: ListenSummary } {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    const events: ListenEvent[] = [];
    this.audio.append(this.decimator.flush());
    this.takeReading(true, events);
    this.ended = true;
    return { events, summary: this.summary() };
  }

  get receivedMs(): number {
    return this.msOf(this.audio.end);
  }

  get windowMs(): number {
    return this.msOf(this.audio.end - this.audio.start);
  }

  get readMs(): number {
    return this.msOf(this.readSamples);
  }

  /** The audio a reading decodes: from stream index `from` to now. */
  protected windowFrom(from: number): Float32Array {
    this.readSamples = this.audio.end - from;
    return this.audio.slice(from, this.audio.end);
  }

  protected samplesOf(ms: number): number {
    return Math.max(1, Math.round((ms * this.sampleRate) / 1000));
  }

  protected msOf(index: number): number {
    return (1000 * index) / this.sampleRate;
  }

  /** Keeps the audio from `fromMs`, and at most MAX_WINDOW_MS by the next reading. */
  protected keepFrom(fromMs: number): void {
    this.audio.dropBefore(Math.max(this.samplesOf(fromMs), this.audio.end + this.samplesOf(this.hopMs()) - this.samplesOf(this.tuning.live.MAX_WINDOW_MS)));
  }
}

/**
 * The audio a reading needs before the oldest undecided moment of a signal at `wpm`, ms:
 * CONTEXT_MS (WEAK_CONTEXT_MS for a signal whose tone typically stands under WEAK_CLARITY
 * above the noise) or CONTEXT_DOTS, the longer.
 */
export function contextMs(tuning: Tuning, wpm: number, clarity = Number.NaN): number {
  const { CONTEXT_MS, WEAK_CONTEXT_MS, CONTEXT_DOTS } = tuning.live;
  return Math.max(isWeak(tuning, clarity) ? WEAK_CONTEXT_MS : CONTEXT_MS, CONTEXT_DOTS * dotAt(wpm));
}

/** The audio a reading of a clear signal followed at `wpm` decodes before its oldest undecided moment, ms: FOLLOWED_CONTEXT_MS or FOLLOWED_CONTEXT_DOTS, the longer. */
export function followedContextMs(tuning: Tuning, wpm: number): number {
  const { FOLLOWED_CONTEXT_MS, FOLLOWED_CONTEXT_DOTS } = tuning.live;
  return Math.max(FOLLOWED_CONTEXT_MS, FOLLOWED_CONTEXT_DOTS * dotAt(wpm));
}

/** Whether a signal is weak: its tone typically stands under WEAK_CLARITY above the noise (NaN: not known, not weak). */
function isWeak(tuning: Tuning, clarity: number): boolean {
  return clarity < tuning.live.WEAK_CLARITY;
}

/** One signal followed: the strongest, or the one at a hinted pitch. */
export class SignalListener extends WindowListener {
  private readonly hints: AudioHints;
  private readonly unbounded: boolean;
  private readonly decider = new Decider(this.tuning);
  private finalReading: AudioDecode | undefined;
  /** Stream since the last reading that searched the pitch and speed afresh, ms (in hops: every reading falls a whole hop after the one before). */
  private sinceFullSearchMs = Number.POSITIVE_INFINITY;
  /** How far the tone stood above the noise in the last readings (CLARITY_READINGS). */
  private readonly clarities: number[] = [];
  /** What the last reading's searches found, and how many characters it decoded. */
  private found: Findings = {};
  private charactersDecoded = 0;
  /** The oldest moment the last reading left undecided, stream ms. */
  private undecidedMs = 0;

  constructor(options: ListenerOptions) {
    // The whole stream is kept as it came, to be decoded as decodeAudio decodes it; a window is brought down as it arrives.
    super(options, options.window !== "unbounded");
    this.hints = { frequency: options.frequency, wpm: options.wpm, tuning: this.tuning };
    this.unbounded = options.window === "unbounded";
  }

  protected takeReading(final: boolean, events: ListenEvent[]): void {
    const aSecondApart = !final && this.decider.followedHops;
    const before = this.before(final, aSecondApart);
    // An unbounded window is decoded whole, as decodeAudio decodes the stream.
    const followedOnly = aSecondApart && !this.unbounded;
    const from = followedOnly ? this.followedFrom() : this.audio.start;
    const nowMs = this.receivedMs;
    // A narrowed reading of the signal followed decodes it at the speed followed (a turn at another pitch at its own).
    const findings = followedOnly && before.pitches !== undefined ? { ...before, followed: this.decider.followedSignal } : before;
    const reading = decodeAudioTimed(this.windowFrom(from), this.sampleRate, this.hints, findings);
    this.found = reading.found;
    this.charactersDecoded = reading.decode.characters;
    if (final) this.finalReading = reading.decode;
    const characters = reading.characters.map((c) => shifted(c, this.msOf(from)));
    const undecidedMs = this.decider.take(characters, nowMs, final, reading.decode.wpm, events);
    this.undecidedMs = undecidedMs;
    if (reading.found.clarity !== undefined) this.clarities.push(reading.found.clarity);
    if (this.clarities.length > this.tuning.live.CLARITY_READINGS) this.clarities.shift();
    const clarity = median(this.clarities);
    // FOLLOWED_HOP_MS once the stream's speed is known and its signal followed, unless the signal is weak: a weak signal's readings of a character disagree more often, and two of them half a second apart still decide it.
    this.decider.followedHops = this.decider.follows && !isWeak(this.tuning, clarity);
    if (!this.unbounded) this.keepFrom(undecidedMs - contextMs(this.tuning, this.decider.wpmOr(reading.decode.wpm), clarity));
    this.sinceFullSearchMs += this.decider.hopMs;
  }

  /**
   * What the reading before found, to narrow this one's pitch and speed searches: nothing
   * for the final reading (which decodes as decodeAudio does) and every FULL_SEARCH_MS of
   * stream, so that a new pitch or speed is picked up, except that a followed clear
   * signal's speed search then tries only the ladder's rungs near the speed followed (the
   * speed a reading measures is not held to the rungs it tries, so a change still shows);
   * nothing after a reading that decoded fewer than NARROWING_CHARACTERS (the pitch it found
   * is unconfirmed: a stream's first second can lock onto noise, a harmonic or another
   * station's burst); the pitch alone until the stream's speed is known (a speed measured in
   * a stream's first seconds can be a rung off, and narrowed searches would keep it).
   */
  private before(final: boolean, aSecondApart: boolean): Findings {
    const full = final || this.sinceFullSearchMs >= this.tuning.live.FULL_SEARCH_MS;
    if (full) this.sinceFullSearchMs = 0;
    if (final || this.charactersDecoded < this.tuning.live.NARROWING_CHARACTERS) return {};
    if (full) return aSecondApart ? { nearDotMs: dotAt(this.decider.wpmOr(0)) } : {};
    return this.decider.knowsSpeed ? this.found : { ...this.found, nearDotMs: undefined };
  }

  /**
   * Where a reading of a clear signal followed starts: FOLLOWED_CONTEXT_MS (or
   * FOLLOWED_CONTEXT_DOTS) before the oldest undecided moment. Its pitch and speed are
   * known, so it decodes less than the window kept for a reading that measures them.
   */
  private followedFrom(): number {
    return Math.max(this.audio.start, this.samplesOf(this.undecidedMs - followedContextMs(this.tuning, this.decider.wpmOr(0))));
  }

  /** As the last reading set it for its decider (`takeReading`). */
  protected override hopMs(): number {
    return this.decider.hopMs;
  }

  protected summary(): ListenSummary {
    return this.unbounded && this.finalReading ? this.finalReading : this.decider.summary(this.receivedMs);
  }
}

/** A character timed in a window, in stream time. */
export function shifted(c: TimedCharacter, byMs: number): TimedCharacter {
  return { ...c, startMs: c.startMs + byMs, endMs: c.endMs + byMs };
}
