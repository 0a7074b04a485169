/**
 * The dichotomic Morse tree, drawn from the chart the API serves: from the root, a dot takes
 * the first branch and a dash the second, so each character sits where its Morse leads. On a
 * wide screen the root is at the top (a dot goes down to the left, a dash to the right); on a
 * narrow one the tree lies on its side, root at the left (a dot goes up, a dash down), so that
 * its 32 deepest places share the screen's height rather than its width and the whole tree
 * fits a phone with labels as large as a desktop's. The path of the character played, keyed
 * or decoded is lit.
 */
import type { Chart } from "../../src/core/chart.js";
import { onCharacter } from "./announce.js";
import { svgElement } from "./svg.js";

/** Levels drawn: characters of up to five elements (letters, digits, the commonest signs). */
const DEPTH = 5;
/** A way to lay the tree out, in drawing units: its breadth (across the deepest level), the distance between levels, a node's radius. */
interface Layout {
  readonly upright: boolean;
  readonly breadth: number;
  readonly level: number;
  readonly radius: number;
}

/** Root at the top, for a wide screen. */
const UPRIGHT: Layout = { upright: true, breadth: 960, level: 52, radius: 13 };
/** Root at the left, for a phone: 17.5 units a deepest place, drawn at about 1 px a unit on a 390 px screen. */
const SIDEWAYS: Layout = { upright: false, breadth: 32 * 17.5, level: 64, radius: 8.5 };
/** Where the tree lies on its side: the page's phone layout (web/playground.css). */
const NARROW = "(max-width: 47.99rem)";

/**
 * The chart's groups drawn, in decode precedence (API.md section 7): a pattern is labelled
 * by the first that has it. Prosigns are left out: most share a sign's pattern, and their
 * names do not fit a node.
 */
const PRECEDENCE = ["alphabet", "numbers", "punctuation", "accented", "signs"] as const;

/** Patterns a binary tree holds: American Morse's long dashes and inner spaces have no place in it. */
const DOTS_AND_DASHES = /^[.-]+$/;

/** Pattern to character, the first group by precedence winning. */
function namesOf(chart: Chart): Map<string, string> {
  const names = new Map<string, string>();
  for (const group of PRECEDENCE) {
    for (const [character, pattern] of Object.entries(chart[group] ?? {}))
      if (DOTS_AND_DASHES.test(pattern) && !names.has(pattern)) names.set(pattern, character);
  }
  return names;
}

/** Where the node of `pattern` sits in `layout`. */
function placeOf(pattern: string, layout: Layout): { x: number; y: number } {
  const index = [...pattern].reduce((i, element) => 2 * i + (element === "-" ? 1 : 0), 0);
  const across = ((index + 0.5) * layout.breadth) / 2 ** pattern.length;
  const down = layout.radius + 4 + pattern.length * layout.level;
  return layout.upright ? { x: across, y: down } : { x: down, y: across };
}

/** Every pattern of 1 to DEPTH elements, parents before children. */
function patterns(): string[] {
  const all: string[] = [];
  for (let level = [""]; level[0]!.length < DEPTH; ) {
    level = level.flatMap((p) => [`${p}.`, `${p}-`]);
    all.push(...level);
  }
  return all;
}

export class MorseTree {
  readonly #svg: SVGSVGElement;
  readonly #narrow = matchMedia(NARROW);
  #lit: Element[] = [];
  #litPattern = "";
  #chart: Chart | undefined;

  /** Lights the path of every character announced (announce.ts), and lays the tree out again when the screen turns narrow or wide. */
  constructor(svg: SVGSVGElement) {
    this.#svg = svg;
    onCharacter((pattern) => this.light(pattern));
    this.#narrow.addEventListener("change", () => {
      if (this.#chart === undefined) return;
      this.draw(this.#chart);
      this.light(this.#litPattern);
    });
  }

  /** Draws the tree of `chart` (the API's `/api/v1/chart` answer). */
  draw(chart: Chart): void {
    this.#chart = chart;
    const layout = this.#narrow.matches ? SIDEWAYS : UPRIGHT;
    const { radius } = layout;
    const names = namesOf(chart);
    const edges: SVGElement[] = [];
    const root = placeOf("", layout);
    const nodes: SVGElement[] = [svgElement("circle", { cx: root.x, cy: root.y, r: radius / 2, class: "root" })];
    for (const pattern of patterns()) {
      const to = placeOf(pattern, layout);
      const from = placeOf(pattern.slice(0, -1), layout);
      edges.push(svgElement("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, "data-pattern": pattern, class: pattern.endsWith(".") ? "dot" : "dash" }));
      const name = names.get(pattern);
      if (name === undefined) continue;
      const node = svgElement("g", { "data-pattern": pattern });
      node.append(svgElement("circle", { cx: to.x, cy: to.y, r: radius }));
      const label = svgElement("text", { x: to.x, y: to.y, "text-anchor": "middle", "dominant-baseline": "central" });
      label.textContent = name;
      node.append(label);
      nodes.push(node);
    }
    const depth = 2 * radius + 8 + DEPTH * layout.level;
    this.#svg.setAttribute("viewBox", layout.upright ? `0 0 ${layout.breadth} ${depth}` : `0 0 ${depth} ${layout.breadth}`);
    this.#svg.classList.toggle("sideways", !layout.upright);
    const title = this.#svg.querySelector("title");
    this.#svg.replaceChildren(...(title ? [title] : []), ...edges, ...nodes);
    this.#lit = [];
  }

  /** Lights the path from the top to `pattern` (as deep as the tree goes), or nothing for "". */
  light(pattern: string): void {
    this.#litPattern = pattern;
    for (const lit of this.#lit) lit.classList.remove("lit");
    this.#lit = [];
    for (let n = 1; n <= Math.min(pattern.length, DEPTH); n++) {
      const step = CSS.escape(pattern.slice(0, n));
      this.#lit.push(...this.#svg.querySelectorAll(`[data-pattern="${step}"]`));
    }
    for (const lit of this.#lit) lit.classList.add("lit");
  }
}
