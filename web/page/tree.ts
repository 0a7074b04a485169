/**
 * The dichotomic Morse tree, drawn from the chart the API serves: from the top, a dot goes
 * down to the left and a dash to the right, so each character sits where its Morse leads.
 * The path of the character played, keyed or decoded is lit.
 */
import type { Chart } from "../../src/core/chart.js";
import { onCharacter } from "./announce.js";

const SVG = "http://www.w3.org/2000/svg";
/** Levels drawn: characters of up to five elements (letters, digits, the commonest signs). */
const DEPTH = 5;
/** Drawing units: width of the tree, height of a level, radius of a node. */
const WIDTH = 960;
const LEVEL = 52;
const RADIUS = 13;

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

/** Where the node of `pattern` sits. */
function placeOf(pattern: string): { x: number; y: number } {
  const index = [...pattern].reduce((i, element) => 2 * i + (element === "-" ? 1 : 0), 0);
  return { x: ((index + 0.5) * WIDTH) / 2 ** pattern.length, y: RADIUS + 4 + pattern.length * LEVEL };
}

function element(name: string, attributes: Record<string, string | number>): SVGElement {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
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
  #lit: Element[] = [];

  /** Lights the path of every character announced (announce.ts). */
  constructor(svg: SVGSVGElement) {
    this.#svg = svg;
    onCharacter((pattern) => this.light(pattern));
  }

  /** Draws the tree of `chart` (the API's `/api/v1/chart` answer). */
  draw(chart: Chart): void {
    const names = namesOf(chart);
    const edges: SVGElement[] = [];
    const nodes: SVGElement[] = [element("circle", { cx: WIDTH / 2, cy: RADIUS + 4, r: RADIUS / 2, class: "root" })];
    for (const pattern of patterns()) {
      const to = placeOf(pattern);
      const from = placeOf(pattern.slice(0, -1));
      edges.push(element("line", { x1: from.x, y1: from.y, x2: to.x, y2: to.y, "data-pattern": pattern, class: pattern.endsWith(".") ? "dot" : "dash" }));
      const name = names.get(pattern);
      if (name === undefined) continue;
      const node = element("g", { "data-pattern": pattern });
      node.append(element("circle", { cx: to.x, cy: to.y, r: RADIUS }));
      const label = element("text", { x: to.x, y: to.y, "text-anchor": "middle", "dominant-baseline": "central" });
      label.textContent = name;
      node.append(label);
      nodes.push(node);
    }
    this.#svg.setAttribute("viewBox", `0 0 ${WIDTH} ${2 * RADIUS + 8 + DEPTH * LEVEL}`);
    const title = this.#svg.querySelector("title");
    this.#svg.replaceChildren(...(title ? [title] : []), ...edges, ...nodes);
    this.#lit = [];
  }

  /** Lights the path from the top to `pattern` (as deep as the tree goes), or nothing for "". */
  light(pattern: string): void {
    for (const lit of this.#lit) lit.classList.remove("lit");
    this.#lit = [];
    for (let n = 1; n <= Math.min(pattern.length, DEPTH); n++) {
      const step = CSS.escape(pattern.slice(0, n));
      this.#lit.push(...this.#svg.querySelectorAll(`[data-pattern="${step}"]`));
    }
    for (const lit of this.#lit) lit.classList.add("lit");
  }
}
