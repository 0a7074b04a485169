/**
 * The characters a live listener has decided about one signal (decider.ts): written out
 * once no correction can come, the rest open to one.
 */
import { DEFAULT_SEPARATOR } from "../../../core/limits.js";
import { writeCharacter, type TimedCharacter } from "../characters/timed.js";
import type { CharacterEvent } from "./events.js";

export interface Decided {
  /** The character as it stands: as emitted, or as corrected. */
  event: CharacterEvent;
  wordStart: boolean;
  corrected: boolean;
  /** Decided before the stream's speed was known, and not yet read again. */
  early: boolean;
  /** The reading that decided it (Decider.readings). */
  reading: number;
}

/** The text and Morse of the characters decided: written out once no correction can come, the rest open. */
export class Written {
  output = "";
  morse = "";
  /** Characters decided (the next one's index). */
  count = 0;
  /** Characters written, as corrections left them (one may have become several, or none). */
  characters = 0;
  /** Characters still open to a correction: a stream's first ones until they are read again, then the last. */
  open: Decided[] = [];

  /** Adds a character; `keepOpen` keeps those before it open too. */
  add(d: Decided, keepOpen: boolean): void {
    if (!keepOpen) this.writeOpen();
    this.open.push(d);
    this.count++;
  }

  get last(): Decided | undefined {
    return this.open.at(-1);
  }

  /** The first character open that was decided before the speed was known, if any. */
  get firstEarly(): Decided | undefined {
    return this.open.find((d) => d.early);
  }

  result(): { output: string; morse: string; characters: number } {
    this.writeOpen();
    return { output: this.output, morse: this.morse, characters: this.characters };
  }

  private writeOpen(): void {
    // A character read again as none is left out.
    for (const d of this.open) {
      if (d.event.morse === "") continue;
      writeCharacter(this, { text: d.event.text, morse: d.event.morse, wordStart: d.wordStart });
      this.characters += d.event.morse.split(DEFAULT_SEPARATOR).join(" ").split(" ").length;
    }
    this.open = [];
  }
}

/** The characters of a reading as one text and one Morse, written as a transcript writes them (word spaces within). */
export function joined(parts: TimedCharacter[]): { text: string; morse: string } {
  const into = { output: "", morse: "" };
  for (const c of parts) writeCharacter(into, c);
  return { text: into.output, morse: into.morse };
}

/** Which of `open` a character read again stands for: the one it overlaps most in time, or else the nearest. */
export function standsFor(open: Decided[], c: TimedCharacter): number {
  let best = 0;
  let bestOverlap = Number.NEGATIVE_INFINITY;
  open.forEach((d, j) => {
    // Negative: the gap between the two.
    const overlap = Math.min(c.endMs, d.event.endMs) - Math.max(c.startMs, d.event.startMs);
    if (overlap > bestOverlap) [best, bestOverlap] = [j, overlap];
  });
  return best;
}
