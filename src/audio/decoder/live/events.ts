/** What a live listener takes and says: its options, its events and its summary. */
import type { AudioDecodeOptions, RecordingDecode } from "../decode-recording.js";
import type { Sideband, Spot } from "../../../core/spots/index.js";

/** Where a stream's audio lies on the band, for its spots (API.md section 9). */
export interface LiveSpotOptions {
  /** The receiver's dial frequency, kHz. */
  dial: number;
  /** Which side of the dial the audio lies (usb by default). */
  sideband?: Sideband;
}

export interface ListenerOptions extends AudioDecodeOptions {
  /** Samples per second of the stream, 2000 to 96000 (as a recording's; limits.ts READ_SAMPLE_RATE). */
  sampleRate: number;
  /**
   * `bounded` (the default) keeps a few seconds of audio; `unbounded` keeps the whole
   * stream, and its summary is then `decodeAudio`'s reading of the whole stream.
   */
  window?: "bounded" | "unbounded";
  /** With `signals: "all"`, every signal of the band is followed apart (live/band-listener.ts), its events naming it; `window` does not apply (bounded). */
  /** With `signals: "all"`: spot the stations heard (spot events, live/spotter.ts). */
  spots?: LiveSpotOptions;
}

/** With `signals: "all"`: the signal an event belongs to, numbered from 0 as they are found. */
interface OfSignal {
  signal?: number;
  /** ... and its pitch, Hz (every event of a band's signal carries it). */
  frequency?: number;
}

/** Times are ms of stream audio; `emittedAtMs` is how much audio had arrived when the event was decided. */
export interface CharacterEvent extends OfSignal {
  type: "character";
  /** 0 for the stream's first character, then one more for each. */
  index: number;
  text: string;
  morse: string;
  startMs: number;
  endMs: number;
  /** Pitch, Hz, and speed, wpm, it was read at. */
  frequency: number;
  wpm: number;
  emittedAtMs: number;
}

/**
 * A character already emitted, read again with more audio after it: what it is now. A
 * stream's first characters, read again once its speed is known, may become several
 * characters (`text` with word spaces within) or none (`text` and `morse` empty).
 */
export interface CorrectionEvent extends OfSignal {
  type: "correction";
  index: number;
  text: string;
  morse: string;
  /** Whether a word space comes before it now. */
  space: boolean;
  startMs: number;
  endMs: number;
  emittedAtMs: number;
}

/** A word space before character `index`. */
export interface SpaceEvent extends OfSignal {
  type: "space";
  index: number;
  startMs: number;
  endMs: number;
  emittedAtMs: number;
}

/** A signal found, lost (no character for SIGNAL_LOST_MS), or changed in pitch or speed; with `signals: "all"`, closed after CLOSE_MS without a character. */
export interface SignalEvent extends OfSignal {
  type: "signal";
  state: "found" | "lost" | "changed" | "closed";
  frequency: number;
  wpm: number;
  emittedAtMs: number;
}

/** With `spots`: a station heard (API.md section 9), sent the moment its call qualifies; `signal` is the signal it was heard on. */
export interface SpotEvent extends Spot {
  type: "spot";
  signal: number;
  /** Its pitch is `audioHz`: a spot's `frequency` is on the band (`frequencyKHz`). */
  frequency?: never;
  emittedAtMs: number;
}

export type ListenEvent = CharacterEvent | CorrectionEvent | SpaceEvent | SignalEvent | SpotEvent;

/** The stream's text once it has ended, as `decodeRecording` gives a recording's: with `signals: "all"`, every signal's too. */
export type ListenSummary = RecordingDecode;

/** A live listener: push chunks of PCM, get events as they are decided; flush at the end. */
export interface Listener {
  /** Takes a chunk of the stream; returns what it decided. */
  push(chunk: Float32Array | Int16Array): ListenEvent[];
  /** Ends the stream: decides what is pending; returns those events and the stream's text. */
  flush(): { events: ListenEvent[]; summary: ListenSummary };
  /** Audio received so far, ms. */
  readonly receivedMs: number;
  /** Audio kept for the next reading, ms. */
  readonly windowMs: number;
  /** Audio the last reading read, ms: the window kept, or its last seconds once a clear signal is followed. */
  readonly readMs: number;
  /** Calls the busted-call rule has left out so far, where the listener spots (`spots`). */
  readonly busted?: number;
}
