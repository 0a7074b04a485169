/**
 * An iambic keyer (Curtis mode A and mode B) as a pure state machine: paddle presses and
 * releases, each with its time, go in; the key line's edges, each at the keyer's own exact
 * time, come out. It keeps no timer and touches no page: the page calls `advance` when
 * `nextChangeMs` comes round, so the same machine runs under test with made-up times.
 *
 * An element is a mark (dit 1 unit, dah 3) and the 1-unit gap after it. At the end of
 * that gap the keyer picks the next element: the other paddle's if it is held or was
 * remembered, else the same paddle's if it is held or was remembered, else it stops.
 * Holding both paddles (squeezing) therefore alternates. A paddle pressed while an element
 * sounds is remembered ("paddle memory"), so a quick tap is not lost. Mode B also
 * remembers the other paddle whenever it is down at any time during the element: letting
 * go of both paddles in a squeeze then sends one more alternate element, where mode A stops
 * after the element it is sending.
 */
import { DASH_DOTS, DOT_DOTS } from "../../src/core/units.js";

/** The dit paddle sends dots, the dah paddle dashes. */
export type Paddle = "dit" | "dah";

export type IambicMode = "A" | "B";

/** The key line going down (a tone starts) or up, at `atMs`, in an element of `paddle`. */
export interface KeyEdge {
  readonly down: boolean;
  readonly atMs: number;
  readonly paddle: Paddle;
}

/** Mark lengths in units (the library's dot and dash); every mark is followed by a gap of one unit. */
const MARK_UNITS: Readonly<Record<Paddle, number>> = { dit: DOT_DOTS, dah: DASH_DOTS };

/** The other paddle. */
export function otherPaddle(paddle: Paddle): Paddle {
  return paddle === "dit" ? "dah" : "dit";
}

/** The element being sent: its mark ends at `upMs`, the gap after it at `endMs`. */
interface Element {
  readonly paddle: Paddle;
  readonly upMs: number;
  readonly endMs: number;
  /** Whether its key-up edge has been given out yet. */
  upSent: boolean;
}

export class IambicKeyer {
  /** Applies from the next element on. */
  mode: IambicMode;
  /** The length of a dot, ms; applies from the next element on. */
  unitMs: number;
  readonly #held: Record<Paddle, boolean> = { dit: false, dah: false };
  /** Paddles that the current element remembers, to be sent after it even if let go by then. */
  readonly #remembered: Record<Paddle, boolean> = { dit: false, dah: false };
  #element: Element | undefined;
  /** The latest time seen: events are taken in order, none before it. */
  #nowMs = Number.NEGATIVE_INFINITY;

  constructor(mode: IambicMode, unitMs: number) {
    this.mode = mode;
    this.unitMs = unitMs;
  }

  /** Whether the keyer is sending (a mark or the gap after it). */
  get sending(): boolean {
    return this.#element !== undefined;
  }

  /** When `advance` next has something to do (a key-up or the choice of the next element), or undefined when idle. */
  nextChangeMs(): number | undefined {
    const element = this.#element;
    if (element === undefined) return undefined;
    return element.upSent ? element.endMs : element.upMs;
  }

  /** `paddle` pressed at `atMs`: the edges up to then, and the first element's key-down if the keyer was idle. */
  press(paddle: Paddle, atMs: number): KeyEdge[] {
    const edges = this.advance(atMs);
    if (this.#held[paddle]) return edges;
    this.#held[paddle] = true;
    if (this.#element !== undefined) this.#remembered[paddle] = true;
    else edges.push(this.#start(paddle, this.#nowMs));
    return edges;
  }

  /** `paddle` let go at `atMs`: the edges up to then. */
  release(paddle: Paddle, atMs: number): KeyEdge[] {
    const edges = this.advance(atMs);
    this.#held[paddle] = false;
    return edges;
  }

  /** The key edges due by `nowMs`, in order, each at its exact time. */
  advance(nowMs: number): KeyEdge[] {
    if (nowMs > this.#nowMs) this.#nowMs = nowMs;
    const edges: KeyEdge[] = [];
    for (let element = this.#element; element !== undefined; element = this.#element) {
      if (!element.upSent) {
        if (element.upMs > this.#nowMs) break;
        element.upSent = true;
        edges.push({ down: false, atMs: element.upMs, paddle: element.paddle });
      }
      if (element.endMs > this.#nowMs) break;
      const next = this.#nextPaddle(element.paddle);
      this.#element = undefined;
      if (next !== undefined) edges.push(this.#start(next, element.endMs));
    }
    return edges;
  }

  /** The paddle whose element follows one of `last`'s, if any: the other one first, so a squeeze alternates. */
  #nextPaddle(last: Paddle): Paddle | undefined {
    const other = otherPaddle(last);
    if (this.#held[other] || this.#remembered[other]) return other;
    if (this.#held[last] || this.#remembered[last]) return last;
    return undefined;
  }

  /** Starts an element of `paddle` at `atMs` and returns its key-down. */
  #start(paddle: Paddle, atMs: number): KeyEdge {
    const upMs = atMs + MARK_UNITS[paddle] * this.unitMs;
    this.#element = { paddle, upMs, endMs: upMs + this.unitMs, upSent: false };
    this.#remembered.dit = false;
    this.#remembered.dah = false;
    // Mode B remembers the other paddle if it is down at any time during the element: from its start, or pressed later (press).
    if (this.mode === "B") this.#remembered[otherPaddle(paddle)] = this.#held[otherPaddle(paddle)];
    return { down: true, atMs, paddle };
  }
}
