/** A real ditdah server listening on a free loopback port, for tests that talk HTTP over a socket. */
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { after, before } from "node:test";
import { buildApp, type AppConfig } from "../../src/http/app.js";
import { DECODE_DEADLINE_S, LIVE_POOL, LIVE_STREAM, RATE_LIMIT } from "../../src/http/limits.js";

export interface TestServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  close: () => Promise<void>;
}

export const DEFAULT_TEST_CONFIG: AppConfig = {
  redisUrl: undefined,
  logLevel: "silent",
  rateLimit: { enforce: false, quota: RATE_LIMIT.quota.default, windowSeconds: RATE_LIMIT.windowSeconds.default },
  trustProxy: false,
  decodeDeadlineMs: 1000 * DECODE_DEADLINE_S.default,
  liveIdleMs: 1000 * LIVE_STREAM.idleSeconds.default,
  liveThreads: LIVE_POOL.threads.default,
};

export async function startServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const app = await buildApp({ ...DEFAULT_TEST_CONFIG, ...overrides });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** The server of a test file: started before its tests, closed after them. */
export interface FileServer {
  readonly app: FastifyInstance;
  /** e.g. http://127.0.0.1:40123 */
  readonly url: string;
  readonly port: number;
}

export function serveForTests(overrides: Partial<AppConfig> = {}): FileServer {
  let server: TestServer | undefined;
  before(async () => {
    server = await startServer(overrides);
  });
  after(async () => server?.close());
  const started = () => {
    if (!server) throw new Error("the test server is not started yet: use it inside tests");
    return server;
  };
  return {
    get app() {
      return started().app;
    },
    get url() {
      return started().url;
    },
    get port() {
      return (started().app.server.address() as AddressInfo).port;
    },
  };
}
