/**
 * The Morse drawn to scale: each tone and silence of `/api/v1/audio`'s sequence a box as
 * wide as it lasts, characters labelled beneath, and the element sounding highlighted in
 * step with playback. Farnsworth spacing shows as gaps wider than the letters' own units.
 */
import type { Segment, Timing } from "./api.js";

/** Width of one unit (a dot) on the strip, px. */
const PX_PER_UNIT = 8;

/** One character as drawn: its Morse and the segments it spans. */
export interface StripCharacter {
  pattern: string;
  /** Index in the sequence of its first and one past its last segment. */
  from: number;
  to: number;
}

/**
 * What a silence is, from its length: between elements (1 unit), letters (3) or words (7),
 * the last two in Farnsworth's stretched unit (API.md section 6), which is the unit itself
 * without Farnsworth. The formula is the library's gapUnitMs (core/timing.ts), written out:
 * importing it would bundle that module's American Morse timing too.
 */
function gapKind(segment: Segment, timing: Timing): "element" | "letter" | "word" {
  if (segment.durationMs < 2 * timing.unitMs) return "element";
  const { wpm, fwpm } = timing;
  const stretchedMs = (1000 * (60 * wpm - 37.2 * fwpm)) / (19 * wpm * fwpm);
  return segment.durationMs < 5 * stretchedMs ? "letter" : "word";
}

/**
 * The text's characters as sent, one per Morse character: a prosign `<..>` is one, spaces
 * are none. Undefined unless they match the Morse one to one (then no labels are drawn).
 */
function labelsOf(text: string, patterns: readonly string[]): string[] | undefined {
  const characters = text.toUpperCase().match(/<[^<>\s]+>|\S/gu) ?? [];
  return characters.length === patterns.length ? characters : undefined;
}

/** The characters of a timing, each with its segments (the sequence split at letter and word gaps). */
export function charactersOf(timing: Timing): StripCharacter[] {
  const patterns = timing.morse.split(" ").filter((token) => token !== "/" && token !== "");
  const characters: StripCharacter[] = [];
  let from = 0;
  timing.sequence.forEach((segment, i) => {
    const ends = i === timing.sequence.length - 1 || (segment.type === "silence" && gapKind(segment, timing) !== "element");
    if (!ends) return;
    const to = segment.type === "silence" ? i : i + 1;
    characters.push({ pattern: patterns[characters.length] ?? "", from, to });
    from = i + 1;
  });
  return characters;
}

export class Strip {
  readonly #box: HTMLElement;
  #segments: HTMLElement[] = [];
  #lit = -1;

  constructor(box: HTMLElement) {
    this.#box = box;
  }

  /** Draws `timing`, replacing what was drawn. */
  draw(timing: Timing): void {
    const pxPerMs = PX_PER_UNIT / timing.unitMs;
    const characters = charactersOf(timing);
    const labels = labelsOf(
      timing.text,
      characters.map((c) => c.pattern),
    );
    this.#segments = timing.sequence.map((segment, i) => {
      const box = document.createElement("span");
      box.className = segment.type === "silence" ? `gap ${gapKind(segment, timing)}` : `tone ${segment.type}`;
      box.style.width = `${segment.durationMs * pxPerMs}px`;
      box.dataset.segment = String(i);
      return box;
    });
    const drawn: HTMLElement[] = [];
    characters.forEach((character, k) => {
      const group = document.createElement("span");
      group.className = "character";
      group.dataset.pattern = character.pattern;
      group.append(...this.#segments.slice(character.from, character.to));
      const label = document.createElement("span");
      label.className = "label";
      label.textContent = labels?.[k] ?? character.pattern;
      group.append(label);
      drawn.push(group);
      const gap = this.#segments[character.to];
      if (gap) drawn.push(gap);
    });
    this.#box.replaceChildren(...drawn);
    this.#box.scrollLeft = 0;
    const speed = timing.fwpm === timing.wpm ? `${timing.wpm} wpm` : `${timing.wpm} wpm, Farnsworth ${timing.fwpm} wpm`;
    this.#box.setAttribute("aria-label", `The Morse of ${timing.text} at ${speed}, drawn to scale: ${timing.morse}`);
    this.#lit = -1;
  }

  /**
   * Highlights the segment sounding `elapsedMs` into the timing (none before or after it),
   * keeps it in view, and returns its index (-1 for none).
   */
  highlight(timing: Timing, elapsedMs: number): number {
    const index = timing.sequence.findIndex((s) => elapsedMs >= s.startMs && elapsedMs < s.startMs + s.durationMs);
    if (index === this.#lit) return index;
    this.#segments[this.#lit]?.classList.remove("now");
    this.#lit = index;
    const now = this.#segments[index];
    if (now) {
      now.classList.add("now");
      const left = now.offsetLeft - this.#box.offsetLeft;
      if (left < this.#box.scrollLeft || left > this.#box.scrollLeft + this.#box.clientWidth - 40) this.#box.scrollLeft = left - 40;
    }
    return index;
  }
}
