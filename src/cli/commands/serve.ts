/** `ditdah serve`: the HTTP service, as `npm start` runs it. */
import { defineCommand, UsageError } from "../command.js";
import { HELP_LINES } from "../options.js";

export const serveCommand = defineCommand({
  usage: `Usage: ditdah serve
The HTTP service, configured from the environment as by npm start (HOST, PORT, LOG_LEVEL,
RATE_LIMIT_*, REDIS_URL, TRUST_PROXY: see docs/operations.md). It runs until SIGTERM or SIGINT.

${HELP_LINES.help}`,
  options: {},
  async run(_values, positionals) {
    if (positionals.length > 0) throw new UsageError("serve takes no arguments: it is configured from the environment");
    await import("../../http/server.js");
  },
});
