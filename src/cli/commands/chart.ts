/** `ditdah chart`: the chart as a table, or as the API's JSON. */
import { anyAlphabetNamed, chartOf } from "../../core/index.js";
import { chartTable } from "../chart-table.js";
import { defineCommand, print, UsageError } from "../command.js";
import { ALPHABET_OPTION, HELP_LINES } from "../options.js";

export const chartCommand = defineCommand({
  usage: `Usage: ditdah chart [--alphabet NAME] [--json]
The Morse chart: letters, digits, punctuation, prosigns, and (Latin) accented letters and other signs.

${HELP_LINES.chartAlphabet}
  --json              the chart as GET /api/v1/chart answers it
${HELP_LINES.help}`,
  options: { json: { type: "boolean" }, ...ALPHABET_OPTION },
  async run(values, positionals) {
    if (positionals.length > 0) throw new UsageError("chart takes no arguments");
    const chart = chartOf(anyAlphabetNamed(values.alphabet));
    print(values.json ? JSON.stringify({ success: true, ...chart }) : chartTable(chart));
  },
});
