/**
 * The chart from the API, group by group: a click on a character plays it and adds it to
 * the text. The Morse tree is drawn from the same answer.
 */
import { AMERICAN } from "../../src/core/alphabets/index.js";
import type { AlphabetSummary, Chart } from "../../src/core/chart.js";
import type { CharacterTable } from "../../src/core/characters.js";
import { call, latestOnly, report } from "./api.js";
import { byId } from "./dom.js";
import type { Hear } from "./hear.js";
import type { MorseTree } from "./tree.js";

/** The chart's groups, in the order shown. */
const CHART_GROUPS = [
  ["alphabet", "Letters"],
  ["numbers", "Digits"],
  ["punctuation", "Punctuation"],
  ["prosigns", "Prosigns"],
  ["accented", "Accented letters"],
  ["signs", "Other signs"],
] as const;

/** A table of a chart's group, each character's button playing it in `alphabet` (undefined: its own). */
function chartTable(title: string, patterns: CharacterTable, hear: Hear, alphabet: string | undefined): HTMLTableElement {
  const table = document.createElement("table");
  table.createCaption().textContent = title;
  const body = table.createTBody();
  for (const [character, pattern] of Object.entries(patterns)) {
    const row = body.insertRow();
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = character;
    button.addEventListener("click", () => {
      hear.type(character);
      void hear.play(character, alphabet);
    });
    row.insertCell().append(button);
    row.insertCell().textContent = pattern;
  }
  return table;
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

/** Shows the chart of `alphabet` (Latin by default) and draws the tree from it. */
export async function showChart(hear: Hear, tree: MorseTree, alphabet?: string): Promise<void> {
  const chartBox = byId("chart", HTMLElement);
  const chartError = byId("chart-error", HTMLElement);
  const signal = nextChart();
  try {
    const chart: Chart = await call(`/api/v1/chart${alphabet ? `?${new URLSearchParams({ alphabet })}` : ""}`, { signal });
    if (signal.aborted) return;
    chartBox.replaceChildren(
      ...CHART_GROUPS.filter(([group]) => Object.keys(chart[group] ?? {}).length > 0).map(([group, title]) =>
        chartTable(title, chart[group]!, hear, playedIn(group, alphabet)),
      ),
    );
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
