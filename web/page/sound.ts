/**
 * Tones through Web Audio: a timed sequence from the API played on the audio clock, and the
 * sidetone a key sounds. One sound plays at a time: playing a timing, or a key going down,
 * stops the timing playing before.
 */
import type { Segment, Timing } from "./api.js";

/** Tone edges, s: the WAV endpoint's raised-cosine ramps are 5 ms (src/audio/limits.ts RAMP_MS). */
const RAMP_S = 0.005;
/** Tone level, of full scale. */
const LEVEL = 0.5;
/** Head start for the audio clock before the first tone, s. */
const LEAD_S = 0.1;

/** A timing being played: where it is, how it ended. */
export interface Playback {
  readonly timing: Timing;
  /** Time since the first tone started, ms (negative before it). */
  elapsedMs(): number;
  /** Settles once the last tone has sounded ("played") or the playback was stopped ("stopped"). */
  readonly ended: Promise<"played" | "stopped">;
  stop(): void;
}

let current: { stop(): void } | undefined;

/** Stops whatever plays, if anything does. */
export function stopSound(): void {
  current?.stop();
}

/**
 * Schedules the timeline's tones on a gain envelope: each edge a ramp of RAMP_S centred on
 * the element's nominal edge, as in the WAV (linear here, a raised cosine there).
 */
function scheduleTones(gain: AudioParam, sequence: readonly Segment[], start: number): void {
  for (const segment of sequence) {
    if (segment.type === "silence") continue;
    const on = start + segment.startMs / 1000;
    const off = on + segment.durationMs / 1000;
    gain.setValueAtTime(0, on - RAMP_S / 2);
    gain.linearRampToValueAtTime(LEVEL, on + RAMP_S / 2);
    gain.setValueAtTime(LEVEL, off - RAMP_S / 2);
    gain.linearRampToValueAtTime(0, off + RAMP_S / 2);
  }
}

/** Plays `timing` (stopping what played before) and returns its playback. */
export function playTiming(timing: Timing): Playback {
  stopSound();
  const context = new AudioContext();
  const oscillator = new OscillatorNode(context, { frequency: timing.frequency });
  const envelope = new GainNode(context, { gain: 0 });
  oscillator.connect(envelope).connect(context.destination);
  const start = context.currentTime + LEAD_S;
  scheduleTones(envelope.gain, timing.sequence, start);
  oscillator.start(start);
  oscillator.stop(start + timing.durationMs / 1000 + RAMP_S);
  let finish: (how: "played" | "stopped") => void = () => {};
  const ended = new Promise<"played" | "stopped">((resolve) => {
    finish = resolve;
  });
  let open = true;
  const close = (how: "played" | "stopped") => {
    if (!open) return;
    open = false;
    if (current === playback) current = undefined;
    void context.close();
    finish(how);
  };
  oscillator.addEventListener("ended", () => close("played"));
  const playback: Playback = {
    timing,
    elapsedMs: () => (open ? 1000 * (context.currentTime - start) : timing.durationMs),
    ended,
    stop: () => close("stopped"),
  };
  current = playback;
  return playback;
}

/**
 * Calls `step` with the playback's elapsed time on every animation frame while it plays,
 * and once more when it ends (with Infinity if it played to its end, -1 if stopped).
 */
export function follow(playback: Playback, step: (elapsedMs: number) => void): void {
  let running = true;
  const frame = () => {
    if (!running) return;
    step(playback.elapsedMs());
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  void playback.ended.then((how) => {
    running = false;
    step(how === "played" ? Number.POSITIVE_INFINITY : -1);
  });
}

/**
 * A key's sidetone: a steady oscillator whose gain is ramped up on key-down and down on
 * key-up over RAMP_S, so no edge clicks. The audio context starts on the first key-down
 * (browsers allow sound only after a gesture). A key-down stops a timing playing.
 */
export class Sidetone {
  #context: AudioContext | undefined;
  #oscillator: OscillatorNode | undefined;
  #gain: GainNode | undefined;
  #frequency: number;

  constructor(frequency: number) {
    this.#frequency = frequency;
  }

  set frequency(hz: number) {
    this.#frequency = hz;
    if (this.#oscillator && this.#context) this.#oscillator.frequency.setValueAtTime(hz, this.#context.currentTime);
  }

  #ramp(to: number): void {
    if (!this.#context) {
      this.#context = new AudioContext();
      this.#oscillator = new OscillatorNode(this.#context, { frequency: this.#frequency });
      this.#gain = new GainNode(this.#context, { gain: 0 });
      this.#oscillator.connect(this.#gain).connect(this.#context.destination);
      this.#oscillator.start();
    }
    const gain = this.#gain!.gain;
    const now = this.#context.currentTime;
    gain.cancelScheduledValues(now);
    gain.setValueAtTime(gain.value, now);
    gain.linearRampToValueAtTime(to, now + RAMP_S);
  }

  down(): void {
    stopSound();
    this.#ramp(LEVEL);
  }

  up(): void {
    if (this.#context) this.#ramp(0);
  }
}
