/**
 * Every signal of a stream followed at once (`signals: "all"`). The latest SCAN_MS of
 * audio is searched for signals (front-end/signals.ts) every SCAN_HOP_MS; each new one
 * gets a channel: the stream mixed down at its pitch, low-passed and put back on
 * CHANNEL_PITCH_HZ (front-end/channel.ts ChannelTuner), read by a listener of its own
 * (listener.ts) from the start of the audio it was found in. Its events name it, and
 * its characters count only where the search still finds it: a channel whose station has
 * stopped reads its noise. A signal with no character for CLOSE_MS is closed.
 */
import { Decimator, decimationFactor } from "../../dsp/decimator.js";
import { DECODE_RATE, LIVE_SAMPLE_RATE } from "../../limits.js";
import type { SignalDecode } from "../decode-signals.js";
import { ChannelTuner } from "../front-end/channel.js";
import { findSignals, type FoundSignal } from "../front-end/signals.js";
import { TUNING } from "../tuning.js";
import { checkOptions, floatSamples, SignalListener, type Listener, type ListenerOptions, type ListenEvent, type ListenSummary } from "./listener.js";
import { RecentAudio } from "./recent-audio.js";
import { MorseError } from "../../../core/errors.js";
import { DEFAULT_SEPARATOR } from "../../../core/limits.js";

/** One signal's channel and what it has heard. */
interface Channel {
  signal: number;
  frequency: number;
  snrDb: number;
  tuner: ChannelTuner;
  listener: SignalListener;
  /** Stream time of the channel's first sample, ms. */
  offsetMs: number;
  /** The end of its last character, or when it was opened, ms of stream. */
  heardMs: number;
  /** The end of the last window the band search found it in, ms of stream: characters after it are noise. */
  activeToMs: number;
  /** The stream's character index of each of its listener's characters taken (they skip those after activeToMs). */
  indices: Map<number, number>;
  /** Its characters taken, corrected, each with whether a word space comes before it. */
  written: { text: string; morse: string; space: boolean }[];
  spaceNext: boolean;
  first?: number;
  last?: number;
}

export class BandListener implements Listener {
  private readonly audio = new RecentAudio();
  private readonly decimator: Decimator;
  private readonly sampleRate: number;
  private readonly wpm: number | undefined;
  private channels: Channel[] = [];
  private readonly closed: SignalDecode[] = [];
  private nextScan: number;
  private nextSignal = 0;
  private ended = false;

  constructor(options: ListenerOptions) {
    checkOptions(options);
    this.decimator = new Decimator(decimationFactor(options.sampleRate, DECODE_RATE));
    this.sampleRate = options.sampleRate / this.decimator.factor;
    this.wpm = options.wpm;
    this.nextScan = this.samplesOf(TUNING.band.SCAN_HOP_MS);
  }

  push(chunk: Float32Array | Int16Array): ListenEvent[] {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    const samples = this.decimator.push(floatSamples(chunk));
    const events: ListenEvent[] = [];
    for (let at = 0; at < samples.length; ) {
      const piece = samples.subarray(at, at + Math.min(this.nextScan - this.audio.end, samples.length - at));
      at += piece.length;
      this.audio.append(piece);
      for (const c of this.channels) this.hear(c, c.listener.push(c.tuner.push(piece)), events);
      if (this.audio.end === this.nextScan) {
        this.scan(events);
        this.closeSilent(events);
        this.nextScan += this.samplesOf(TUNING.band.SCAN_HOP_MS);
      }
    }
    return events;
  }

  flush(): { events: ListenEvent[]; summary: ListenSummary } {
    if (this.ended) throw new MorseError("INVALID_AUDIO", "The stream has ended");
    this.ended = true;
    const events: ListenEvent[] = [];
    const signals = [...this.closed, ...this.channels.flatMap((c) => this.close(c, events) ?? [])].sort((a, b) => a.frequency - b.frequency);
    const main = signals.reduce<SignalDecode | undefined>((a, b) => (a && a.characters >= b.characters ? a : b), undefined);
    const summary: ListenSummary = {
      output: main?.output ?? "",
      morse: main?.morse ?? "",
      characters: main?.characters ?? 0,
      wpm: main?.wpm ?? 0,
      frequency: main?.frequency ?? 0,
      durationMs: this.receivedMs,
      signals,
    };
    return { events, summary };
  }

  get receivedMs(): number {
    return this.msOf(this.audio.end);
  }

  get windowMs(): number {
    return Math.max(this.msOf(this.audio.end - this.audio.start), ...this.channels.map((c) => c.listener.windowMs));
  }

  private samplesOf(ms: number): number {
    return Math.max(1, Math.round((ms * this.sampleRate) / 1000));
  }

  private msOf(index: number): number {
    return (1000 * index) / this.sampleRate;
  }

  /** Opens a channel for each signal in the latest audio that none follows yet; forgets the audio before SCAN_MS. */
  private scan(events: ListenEvent[]): void {
    const { SCAN_MS, PEAK_HALF_HZ } = TUNING.band;
    const from = this.audio.start;
    const found = findSignals(this.audio.slice(from, this.audio.end), this.sampleRate);
    for (const f of found) {
      const following = this.channels.find((c) => Math.abs(c.frequency - f.frequency) <= PEAK_HALF_HZ);
      if (following) {
        following.activeToMs = this.msOf(from) + f.toMs;
        continue;
      }
      const c = this.open(f, this.halfWidthFor(f, found));
      c.offsetMs = this.msOf(from);
      c.heardMs = this.receivedMs;
      c.activeToMs = c.offsetMs + f.toMs;
      this.hear(c, c.listener.push(c.tuner.push(this.audio.slice(from, this.audio.end))), events);
    }
    this.audio.dropBefore(this.audio.end - this.samplesOf(SCAN_MS));
  }

  private halfWidthFor(f: FoundSignal, found: FoundSignal[]): number {
    const { CHANNEL_MIN_HZ, CHANNEL_MAX_HZ } = TUNING.band;
    const others = [...found.map((o) => o.frequency), ...this.channels.map((c) => c.frequency)].filter((hz) => hz !== f.frequency);
    const nearest = Math.min(Number.POSITIVE_INFINITY, ...others.map((hz) => Math.abs(hz - f.frequency)));
    return Math.min(CHANNEL_MAX_HZ, Math.max(CHANNEL_MIN_HZ, nearest / 2));
  }

  private open(f: FoundSignal, halfWidthHz: number): Channel {
    const { CHANNEL_PITCH_HZ } = TUNING.band;
    const tuner = new ChannelTuner(this.sampleRate, f.frequency, halfWidthHz, CHANNEL_PITCH_HZ, LIVE_SAMPLE_RATE.min);
    const listener = new SignalListener({ sampleRate: tuner.sampleRate, frequency: CHANNEL_PITCH_HZ, wpm: this.wpm });
    const channel: Channel = {
      signal: this.nextSignal++,
      frequency: Math.round(f.frequency),
      snrDb: Math.round(10 * f.snrDb) / 10,
      tuner,
      listener,
      offsetMs: 0,
      heardMs: 0,
      activeToMs: 0,
      indices: new Map(),
      written: [],
      spaceNext: false,
    };
    this.channels.push(channel);
    return channel;
  }

  /** A channel's events in stream time, at the band's pitch, naming their signal; characters where it is no longer found left out. */
  private hear(c: Channel, heard: ListenEvent[], events: ListenEvent[]): void {
    const shift = c.offsetMs;
    const at = (e: ListenEvent) => ({ signal: c.signal, emittedAtMs: Math.round(e.emittedAtMs + shift + c.tuner.delayMs) });
    for (const e of heard) {
      if (e.type === "signal") {
        events.push({ ...e, ...at(e), frequency: this.pitchOf(c, e.frequency) });
        continue;
      }
      const times = { startMs: Math.round(e.startMs + shift), endMs: Math.round(e.endMs + shift) };
      if (e.type === "character") {
        if (times.startMs > c.activeToMs) continue;
        c.indices.set(e.index, c.indices.size);
        events.push({ ...e, ...at(e), ...times, index: c.indices.size - 1, frequency: this.pitchOf(c, e.frequency) });
        c.written.push({ text: e.text, morse: e.morse, space: c.spaceNext && c.written.length > 0 });
        c.spaceNext = false;
        c.first ??= times.startMs;
        c.last = times.endMs;
        c.heardMs = Math.max(c.heardMs, times.endMs);
        continue;
      }
      const index = e.type === "space" ? c.indices.size : c.indices.get(e.index);
      if (index === undefined || times.startMs > c.activeToMs) continue;
      events.push({ ...e, ...at(e), ...times, index });
      if (e.type === "space") c.spaceNext = true;
      else Object.assign(c.written[index]!, { text: e.text, morse: e.morse });
    }
  }

  /** A pitch the channel's listener read, at the band's pitch. */
  private pitchOf(c: Channel, channelPitch: number): number {
    return Math.round(c.frequency + channelPitch - TUNING.band.CHANNEL_PITCH_HZ);
  }

  /** Closes the channels with no character for CLOSE_MS. */
  private closeSilent(events: ListenEvent[]): void {
    const silent = this.channels.filter((c) => this.receivedMs - c.heardMs >= TUNING.band.CLOSE_MS);
    for (const c of silent) {
      const read = this.close(c, events);
      if (read) this.closed.push(read);
    }
  }

  /** Ends a channel's listener: its last events, a closing event if it heard anything, and what it read. */
  private close(c: Channel, events: ListenEvent[]): SignalDecode | undefined {
    this.channels = this.channels.filter((o) => o !== c);
    const { events: last, summary } = c.listener.flush();
    this.hear(c, last, events);
    if (c.first === undefined || c.last === undefined) return undefined;
    const emittedAtMs = Math.round(this.receivedMs);
    events.push({ type: "signal", state: "closed", signal: c.signal, frequency: c.frequency, wpm: summary.wpm, emittedAtMs });
    const output = c.written.map((w) => (w.space ? " " : "") + w.text).join("");
    const morse = c.written.map((w, i) => (i === 0 ? "" : w.space ? DEFAULT_SEPARATOR : " ") + w.morse).join("");
    return {
      signal: c.signal,
      frequency: c.frequency,
      wpm: summary.wpm,
      output,
      morse,
      characters: c.written.length,
      startMs: c.first,
      endMs: c.last,
      snrDb: c.snrDb,
    };
  }
}
