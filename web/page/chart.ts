/**
 * The chart from the API as a compact grid, group by group, each character over its Morse
 * drawn: a click on one plays it and adds it to the text. Letters, digits and punctuation are
 * in view; prosigns, accented letters and other signs a tap away, each behind a disclosure.
 * The Morse tree is drawn from the same answer.
 */
import { AMERICAN } from "../../src/core/alphabets/index.js";
import type { AlphabetSummary, Chart } from "../../src/core/chart.js";
import type { CharacterTable } from "../../src/core/characters.js";
import { call, latestOnly, report } from "./api.js";
import { byId } from "./dom.js";
import type { Hear } from "./hear.js";
import type { MorseTree } from "./tree.js";

/** The chart's groups, in the order shown: the first three always in view, the rest each behind a disclosure. */
const CHART_GROUPS = [
  ["alphabet", "Letters"],
  ["numbers", "Digits"],
  ["punctuation", "Punctuation"],
  ["prosigns", "Prosigns"],
  ["accented", "Accented letters"],
  ["signs", "Other signs"],
] as const;

/** Groups shown at once; the others open with a tap. */
const IN_VIEW = new Set<string>(["alphabet", "numbers", "punctuation"]);

/** Each element of a pattern as drawn: a dot, a dash, American Morse's long dashes and its space inside a character. */
const ELEMENTS: Readonly<Record<string, string>> = { ".": "dit", "-": "dah", "⸺": "long", "⸻": "longer", "␣": "space" };

/** `pattern` drawn, element by element (hidden from screen readers, which read the pattern as text). */
function drawnPattern(pattern: string): HTMLSpanElement {
  const drawn = document.createElement("span");
  drawn.className = "pattern";
  drawn.setAttribute("aria-hidden", "true");
  for (const element of pattern) {
    const mark = document.createElement("span");
    mark.className = ELEMENTS[element] ?? "dah";
    drawn.append(mark);
  }
  return drawn;
}

/** A button for `character`: the character over its Morse, drawn; a click plays it and types it under Hear. */
function characterButton(character: string, pattern: string, hear: Hear, alphabet: string | undefined): HTMLLIElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "chart-character";
  button.dataset.character = character;
  button.dataset.pattern = pattern;
  const shown = document.createElement("span");
  shown.className = "character";
  shown.textContent = character;
  const spoken = document.createElement("span");
  spoken.className = "visually-hidden";
  spoken.textContent = ` ${pattern}`;
  button.append(shown, drawnPattern(pattern), spoken);
  button.addEventListener("click", () => {
    hear.type(character);
    void hear.play(character, alphabet);
  });
  const item = document.createElement("li");
  item.append(button);
  return item;
}

/** A group of the chart as a grid of its characters, under its title: in view, or behind a disclosure. */
function chartGroup(group: string, title: string, patterns: CharacterTable, hear: Hear, alphabet: string | undefined): HTMLElement {
  const grid = document.createElement("ul");
  grid.className = "chart-grid";
  grid.setAttribute("aria-label", title);
  grid.append(...Object.entries(patterns).map(([character, pattern]) => characterButton(character, pattern, hear, alphabet)));
  const count = Object.keys(patterns).length;
  if (IN_VIEW.has(group)) {
    const box = document.createElement("section");
    box.className = "chart-group";
    box.dataset.group = group;
    const heading = document.createElement("h3");
    heading.textContent = title;
    box.append(heading, grid);
    return box;
  }
  const box = document.createElement("details");
  box.className = "chart-group more";
  box.dataset.group = group;
  const summary = document.createElement("summary");
  summary.textContent = `${title} (${count})`;
  box.append(summary, grid);
  return box;
}

/**
 * The alphabet a chart's group is played in: a letter in the chart's own (Persian's خ is not
 * Arabic's, which the text alone would send), every sign of American Morse's chart in it,
 * and the signs every other alphabet shares in their own (a sign sent "in Wabun" would be
 * shifted out of kana first).
 */
function playedIn(group: string, alphabet: string | undefined): string | undefined {
  return group === "alphabet" || alphabet === AMERICAN.name ? alphabet : undefined;
}

/** Charts asked for: a choice made since aborts the one being fetched, so that a slow answer cannot replace a later one. */
const nextChart = latestOnly();

/** The grid of the chart shown last, drawn when the chart's view is first shown (until then, `draw` waits). */
const grid = {
  seen: false,
  draw: undefined as (() => void) | undefined,
};

/**
 * Draws the grid from now on: the chart view is shown. Until then only the tree is drawn: the
 * grid is some 1,200 elements, a third of the page's start-up work, for a view not yet seen.
 */
export function chartSeen(): void {
  grid.seen = true;
  grid.draw?.();
  grid.draw = undefined;
}

/** Shows the chart of `alphabet` (Latin by default) and draws the tree from it. */
export async function showChart(hear: Hear, tree: MorseTree, alphabet?: string): Promise<void> {
  const chartBox = byId("chart", HTMLElement);
  const chartError = byId("chart-error", HTMLElement);
  const signal = nextChart();
  try {
    const chart: Chart = await call(`/api/v1/chart${alphabet ? `?${new URLSearchParams({ alphabet })}` : ""}`, { signal });
    if (signal.aborted) return;
    grid.draw = () =>
      chartBox.replaceChildren(
        ...CHART_GROUPS.filter(([group]) => Object.keys(chart[group] ?? {}).length > 0).map(([group, title]) =>
          chartGroup(group, title, chart[group]!, hear, playedIn(group, alphabet)),
        ),
      );
    if (grid.seen) chartSeen();
    tree.draw(chart);
    report(chartError);
  } catch (error) {
    if (!signal.aborted) report(chartError, error);
  }
}

/** The chart's choice of alphabet: each choice shows that alphabet's chart, its tree and its source. */
export function chooseChartAlphabet(hear: Hear, tree: MorseTree, alphabets: readonly AlphabetSummary[]): void {
  const choice = byId("chart-alphabet", HTMLSelectElement);
  const source = byId("chart-source", HTMLElement);
  choice.addEventListener("change", () => {
    const alphabet = alphabets.find((a) => a.name === choice.value);
    source.textContent = alphabet ? `${alphabet.title}. Source: ${alphabet.source}` : "";
    void showChart(hear, tree, choice.value);
  });
}
