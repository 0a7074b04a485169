/**
 * The Morse as light and touch, in step with the tones: a lamp lit while a tone sounds,
 * and on phones the vibration motor run with the same pattern.
 */
import type { Timing } from "./api.js";

/** Lights `lamp` while `elapsedMs` falls in a tone of `timing`. */
export function showLamp(lamp: HTMLElement, timing: Timing, elapsedMs: number): void {
  const segment = timing.sequence.find((s) => elapsedMs >= s.startMs && elapsedMs < s.startMs + s.durationMs);
  lamp.classList.toggle("on", segment !== undefined && segment.type !== "silence");
}

/**
 * Runs the vibration motor with the timing's pattern (on, off, on, …, ms) after `leadMs`,
 * where the device has one; the Vibration API takes the whole pattern at once, so it stays
 * in step without a timer per element.
 */
export function vibrate(timing: Timing, leadMs: number): void {
  if (typeof navigator.vibrate !== "function") return;
  const pattern = timing.sequence.map((s) => Math.round(s.durationMs));
  setTimeout(() => navigator.vibrate(pattern), leadMs);
}

/** Stops the motor. */
export function stopVibrating(): void {
  if (typeof navigator.vibrate === "function") navigator.vibrate(0);
}
