/** `ditdah chart`: the chart as a table, or as the API's JSON. */
import { CHART } from "../../core/index.js";
import { chartTable } from "../chart-table.js";
import { defineCommand, print, UsageError } from "../command.js";
import { HELP_LINES } from "../options.js";

export const chartCommand = defineCommand({
  usage: `Usage: ditdah chart [--json]
The Morse chart: letters, digits, punctuation, prosigns and accented letters.

  --json              the chart as GET /api/v1/chart answers it
${HELP_LINES.help}`,
  options: { json: { type: "boolean" } },
  async run(values, positionals) {
    if (positionals.length > 0) throw new UsageError("chart takes no arguments");
    print(values.json ? JSON.stringify({ success: true, ...CHART }) : chartTable());
  },
});
