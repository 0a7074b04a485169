/**
 * The chart from the API, group by group: a click on a character plays it and adds it to
 * the text. The Morse tree is drawn from the same answer.
 */
import { call, report } from "./api.js";
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
] as const;

function chartTable(title: string, patterns: Record<string, string>, hear: Hear): HTMLTableElement {
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
      void hear.play(character);
    });
    row.insertCell().append(button);
    row.insertCell().textContent = pattern;
  }
  return table;
}

/** Shows the chart and draws the tree from it. */
export async function showChart(hear: Hear, tree: MorseTree): Promise<void> {
  const chartBox = byId("chart", HTMLElement);
  const chartError = byId("chart-error", HTMLElement);
  try {
    const chart = await call("/api/v1/chart");
    chartBox.replaceChildren(...CHART_GROUPS.map(([group, title]) => chartTable(title, chart[group], hear)));
    tree.draw(chart);
  } catch (error) {
    report(chartError, error);
  }
}
