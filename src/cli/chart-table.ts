/** The chart as a table for people: one row per character, a section per kind, the Morse in one column. */
import { CHART, type Chart } from "../core/index.js";

const TITLES: Record<keyof Chart, string> = {
  alphabet: "Letters",
  numbers: "Digits",
  punctuation: "Punctuation",
  prosigns: "Prosigns",
  accented: "Accented letters",
  signs: "Other signs",
};

const GAP = 2;

const width = (text: string) => [...text].length;

export function chartTable(chart: Readonly<Chart> = CHART): string {
  // A section with nothing in it (American Morse has no prosigns) is left out.
  const sections = (Object.entries(chart) as [keyof Chart, NonNullable<Chart[keyof Chart]>][]).filter(([, table]) => Object.keys(table).length > 0);
  const column = Math.max(...sections.flatMap(([, table]) => Object.keys(table).map(width))) + GAP;
  return sections
    .map(([kind, table]) => {
      const rows = Object.entries(table).map(([character, morse]) => character + " ".repeat(column - width(character)) + morse);
      return [TITLES[kind], ...rows].join("\n");
    })
    .join("\n\n");
}
