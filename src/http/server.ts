/** `npm start`: the service on HOST:PORT, with a graceful shutdown on SIGTERM and SIGINT. */
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { cannotListen, SystemError } from "../system-errors.js";
import { ConfigError, loadConfig } from "./config.js";

/** Past this, connections still open are cut so that the process exits within 10 s. */
const SHUTDOWN_GRACE_MS = 9_000;

function shutDownOnSignals(app: FastifyInstance): void {
  let closing = false;
  const shutDown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down: finishing requests in flight");
    app.readiness.startShutdown();
    const deadline = setTimeout(() => {
      app.log.warn("shutdown grace period over: closing the connections still open");
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutDown("SIGTERM"));
  process.on("SIGINT", () => shutDown("SIGINT"));
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  shutDownOnSignals(app);
  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    throw cannotListen(config.host, config.port, error);
  }
}

main().catch((error: unknown) => {
  // What the operator can set right is one line; anything else is a bug, with its stack.
  console.error(error instanceof ConfigError || error instanceof SystemError ? `ditdah: ${error.message}` : error);
  process.exit(1);
});
