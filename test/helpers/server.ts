/** A real ditdah server listening on a free loopback port, for tests that talk HTTP over a socket. */
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import { buildApp, type AppConfig } from "../../src/http/app.js";

export interface TestServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:40123 */
  url: string;
  close: () => Promise<void>;
}

export const DEFAULT_TEST_CONFIG: AppConfig = {
  redisUrl: undefined,
  logLevel: "silent",
  rateLimit: { enforce: false, quota: 600, windowSeconds: 60 },
  trustProxy: false,
};

export async function startServer(overrides: Partial<AppConfig> = {}): Promise<TestServer> {
  const app = await buildApp({ ...DEFAULT_TEST_CONFIG, ...overrides });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** GET with the parameters as a query string. */
export async function getJson(base: string, path: string, params: Record<string, string> = {}): Promise<JsonAnswer> {
  const query = new URLSearchParams(params).toString();
  const response = await fetch(`${base}${path}${query ? `?${query}` : ""}`);
  return { status: response.status, headers: response.headers, body: await response.json() };
}

/** POST a JSON body (a value, serialized; or a raw string sent as is). */
export async function postJson(base: string, path: string, body: unknown, contentType = "application/json"): Promise<JsonAnswer> {
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}
