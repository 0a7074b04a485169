/** `ditdah serve`: the HTTP service, as `npm start` runs it. */
import { defineCommand, UsageError } from "../command.js";
import { HELP_LINES } from "../options.js";

/**
 * The service's entry, beside the command in a clone's build (dist/). The command's own
 * package (ditdah-cli) leaves the service out, and with it the server's dependencies.
 */
const SERVER = new URL("../../http/server.js", import.meta.url);

export const serveCommand = defineCommand({
  usage: `Usage: ditdah serve
The HTTP service, configured from the environment as by npm start (HOST, PORT, LOG_LEVEL,
RATE_LIMIT_*, REDIS_URL, TRUST_PROXY: see docs/operations.md). It runs until SIGTERM or SIGINT.
It runs from a clone of the repository; the command installed from npm leaves the service out.

${HELP_LINES.help}`,
  options: {},
  async run(_values, positionals) {
    if (positionals.length > 0) throw new UsageError("serve takes no arguments: it is configured from the environment");
    await import(SERVER.href).catch((error: { code?: unknown; url?: unknown }) => {
      const missing = error.code === "ERR_MODULE_NOT_FOUND" && error.url === SERVER.href;
      throw missing ? new Error("serve: this installation holds the command alone; the service runs from a clone of the repository (npm start)") : error;
    });
  },
});
