/**
 * Every signal of a stream followed at once (`signals: "all"`): the window of recent audio
 * (listener.ts WindowListener) decoded every HOP_MS by the band decoder itself
 * (decode-signals.ts decodeSignalsTimed: each signal found, decoded in its own channel, the stronger
 * ones taken out before the weaker beside them), and each signal's characters decided by a
 * Decider of its own (decider.ts), as the single-signal listener decides its one. A signal
 * decoded within PEAK_HALF_HZ of one followed is that one (its pitch followed as it drifts);
 * any other is a new one, numbered in the order found. A signal with no character for
 * CLOSE_MS is closed. The window keeps the context the slowest undecided signal needs.
 */
import type { TimedCharacter } from "../characters/timed.js";
import type { FollowedHint } from "../decode-audio.js";
import { decodeSignalsTimed, type SignalDecode } from "../decode-signals.js";
import { Decider } from "./decider.js";
import type { ListenerOptions, ListenEvent, ListenSummary } from "./events.js";
import { contextMs, followedContextMs, shifted, WindowListener } from "./listener.js";

/** One signal followed: its number, where it is, and its decisions. */
interface Followed {
  signal: number;
  frequency: number;
  snrDb: number;
  decider: Decider;
  /** When it was first decoded, ms of stream. */
  foundMs: number;
  /** The oldest moment of it still undecided after the last reading, ms of stream. */
  undecidedMs: number;
}

/** A signal followed now, as the last reading left it (what live spotting needs of it). */
export interface FollowedSignal {
  signal: number;
  frequency: number;
  snrDb: number;
  wpm: number;
  /** Its characters before this moment are all decided, ms of stream. */
  undecidedMs: number;
}

export class BandListener extends WindowListener {
  private readonly wpm: number | undefined;
  private followed: Followed[] = [];
  private readonly closed: SignalDecode[] = [];
  private nextSignal = 0;
  /** Stream from the last reading that searched every signal's speed to the next reading, ms. */
  private sinceFullSearchMs = Number.POSITIVE_INFINITY;

  constructor(options: ListenerOptions) {
    super(options, true);
    this.wpm = options.wpm;
  }

  protected takeReading(final: boolean, events: ListenEvent[]): void {
    const from = this.audio.start;
    const nowMs = this.receivedMs;
    const fromMs = this.msOf(from);
    let keepFromMs = nowMs - contextMs(this.tuning, 0);
    const taken = new Set<Followed>();
    for (const signal of decodeSignalsTimed(this.tuning, this.windowFrom(from), this.sampleRate, { wpm: this.wpm }, this.followedHints(final, fromMs))) {
      const f = this.followed.find((o) => !taken.has(o) && Math.abs(o.frequency - signal.frequency) <= this.tuning.band.PEAK_HALF_HZ) ?? this.follow(nowMs);
      taken.add(f);
      f.frequency = signal.frequency;
      f.snrDb = signal.snrDb;
      const characters = signal.characters.map((c) => shifted(c, fromMs));
      const undecidedMs = this.take(f, characters, nowMs, final, signal.wpm, events);
      keepFromMs = Math.min(keepFromMs, undecidedMs - contextMs(this.tuning, f.decider.wpmOr(signal.wpm)));
    }
    for (const f of this.followed) if (!taken.has(f)) this.take(f, [], nowMs, final, 0, events);
    this.closeSilent(nowMs, events);
    this.keepFrom(keepFromMs);
  }

  /**
   * The signals whose speed is known, read at it without a search and from a little before
   * their oldest undecided moment (as the single signal's listener reads its own; where
   * another signal is close, decode-signals.ts decodes the two over all the audio kept);
   * none on the final reading and every FULL_SEARCH_MS of stream, so that a signal's change
   * of speed is picked up. `windowFromMs`: where the reading's window starts, stream ms.
   */
  private followedHints(final: boolean, windowFromMs: number): FollowedHint[] {
    const full = final || this.sinceFullSearchMs >= this.tuning.live.FULL_SEARCH_MS;
    this.sinceFullSearchMs = full ? this.hopMs() : this.sinceFullSearchMs + this.hopMs();
    if (full) return [];
    return this.followed.flatMap((f) => {
      if (!f.decider.follows) return [];
      const wpm = f.decider.wpmOr(0);
      return [{ frequency: f.frequency, wpm, fromMs: f.undecidedMs - followedContextMs(this.tuning, wpm) - windowFromMs }];
    });
  }

  /** The signals followed now. */
  followedSignals(): FollowedSignal[] {
    return this.followed.map((f) => ({
      signal: f.signal,
      frequency: Math.round(f.frequency),
      snrDb: Math.round(10 * f.snrDb) / 10,
      wpm: f.decider.wpmOr(0),
      undecidedMs: f.undecidedMs,
    }));
  }

  protected summary(): ListenSummary {
    const signals = [...this.closed, ...this.followed.flatMap((f) => this.decodeOf(f) ?? [])].sort((a, b) => a.frequency - b.frequency);
    const main = signals.reduce<SignalDecode | undefined>((a, b) => (a && a.characters >= b.characters ? a : b), undefined);
    return {
      output: main?.output ?? "",
      morse: main?.morse ?? "",
      characters: main?.characters ?? 0,
      wpm: main?.wpm ?? 0,
      frequency: main?.frequency ?? 0,
      durationMs: this.receivedMs,
      signals,
    };
  }

  /** A signal's decisions on a reading, every event naming its pitch; returns the oldest moment undecided. */
  private take(f: Followed, characters: TimedCharacter[], nowMs: number, final: boolean, wpm: number, events: ListenEvent[]): number {
    const from = events.length;
    const undecidedMs = f.decider.take(characters, nowMs, final, wpm, events);
    f.undecidedMs = undecidedMs;
    for (const e of events.slice(from)) if (e.type !== "spot") e.frequency ??= Math.round(f.frequency);
    return undecidedMs;
  }

  private follow(nowMs: number): Followed {
    const signal = this.nextSignal++;
    const f: Followed = { signal, frequency: 0, snrDb: 0, decider: new Decider(this.tuning, { signal }), foundMs: nowMs, undecidedMs: nowMs };
    this.followed.push(f);
    return f;
  }

  /** Closes the signals with no character for CLOSE_MS (or none since found that long ago). */
  private closeSilent(nowMs: number, events: ListenEvent[]): void {
    for (const f of this.followed) {
      const lastMs = Math.max(f.decider.decidedEndMs, f.foundMs);
      if (nowMs - lastMs < this.tuning.band.CLOSE_MS) continue;
      this.followed = this.followed.filter((o) => o !== f);
      const decoded = this.decodeOf(f);
      if (!decoded) continue;
      this.closed.push(decoded);
      events.push({ type: "signal", state: "closed", signal: f.signal, frequency: decoded.frequency, wpm: decoded.wpm, emittedAtMs: Math.round(nowMs) });
    }
  }

  /** What a signal followed has decoded, if anything. */
  private decodeOf(f: Followed): SignalDecode | undefined {
    const summary = f.decider.summary(this.receivedMs);
    if (summary.characters === 0 || f.decider.firstStartMs === undefined) return undefined;
    const { output, morse, characters, wpm } = summary;
    return {
      signal: f.signal,
      frequency: Math.round(f.frequency),
      wpm,
      output,
      morse,
      characters,
      startMs: f.decider.firstStartMs,
      endMs: Math.round(f.decider.decidedEndMs),
      snrDb: Math.round(10 * f.snrDb) / 10,
    };
  }
}
