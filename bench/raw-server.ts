/**
 * The baselines for the HTTP benchmark: a server that answers each `METHOD /path` with a
 * constant, pre-recorded response (status, headers, body) captured from our server for the
 * same request. It reads the request body in full, as our server must, and does nothing
 * else. Two kinds: a bare `node:http` server (the raw limit, the baseline), and
 * fastify with default options and one route (RAW_SERVER_KIND=fastify: the framework's own
 * floor, what any fastify service pays before doing anything). Run as its own process:
 *
 *   RAW_SERVER_RESPONSES=/tmp/x.json PORT=3001 node --import tsx bench/raw-server.ts
 *
 * (RAW_SERVER_KEEP_ALIVE_S sets the keep-alive timeout, 72 s by default; HOST defaults to 127.0.0.1.)
 *
 * The JSON file is `{ "GET /api/v1/encode": { "status": 200, "headers": [[name, value], ...],
 * "body": "<base64>" }, ... }`; unknown routes get an empty 404.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import Fastify from "fastify";

export interface RecordedResponse {
  status: number;
  headers: [string, string][];
  /** base64 */
  body: string;
}
export type RecordedResponses = Record<string, RecordedResponse>;

interface Prepared {
  status: number;
  /** Names and values in one flat list, as `writeHead` takes them. */
  headers: string[];
  body: Buffer;
}

function prepare(recorded: RecordedResponses): Map<string, Prepared> {
  const routes = new Map<string, Prepared>();
  for (const [key, response] of Object.entries(recorded)) {
    const body = Buffer.from(response.body, "base64");
    const headers: string[] = [];
    for (const [name, value] of response.headers) headers.push(name, value);
    routes.set(key, { status: response.status, headers, body });
  }
  return routes;
}

const HEALTHY: Prepared = { status: 200, headers: ["Content-Type", "text/plain", "Content-Length", "2"], body: Buffer.from("ok") };
const NOT_FOUND: Prepared = { status: 404, headers: ["Content-Length", "0"], body: Buffer.alloc(0) };

function lookup(routes: Map<string, Prepared>, method: string, url: string): Prepared {
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  return routes.get(`${method} ${path}`) ?? (path === "/healthz" ? HEALTHY : NOT_FOUND);
}

function nodeServer(routes: Map<string, Prepared>): Server {
  return createServer((req, res) => {
    const route = lookup(routes, req.method ?? "GET", req.url ?? "/");
    req.on("end", () => {
      res.writeHead(route.status, route.headers);
      res.end(route.body);
    });
    req.resume();
  });
}

/** Fastify's defaults, a parser that reads any body whole, one route per recorded response. */
async function fastifyServer(routes: Map<string, Prepared>): Promise<Server> {
  const app = Fastify();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
  for (const [key, route] of [...routes, ["GET /healthz", HEALTHY] as const]) {
    const [method, url] = key.split(" ") as [string, string];
    const headers: Record<string, string> = {};
    for (let i = 0; i < route.headers.length; i += 2) headers[route.headers[i]!.toLowerCase()] = route.headers[i + 1]!;
    app.route({ method, url, handler: (_request, reply) => reply.code(route.status).headers(headers).send(route.body) });
  }
  await app.ready();
  return app.server;
}

async function main(): Promise<void> {
  const file = process.env.RAW_SERVER_RESPONSES;
  if (!file) throw new Error("RAW_SERVER_RESPONSES (a JSON file of recorded responses) is not set");
  const routes = prepare(JSON.parse(readFileSync(file, "utf8")) as RecordedResponses);
  const server = process.env.RAW_SERVER_KIND === "fastify" ? await fastifyServer(routes) : nodeServer(routes);
  // The keep-alive timeout our server announces (so that even `Keep-Alive: timeout=N` matches).
  server.keepAliveTimeout = Number(process.env.RAW_SERVER_KEEP_ALIVE_S ?? 72) * 1000;
  const port = Number(process.env.PORT ?? 3001);
  const host = process.env.HOST ?? "127.0.0.1";
  server.listen(port, host);
  const stop = (): void => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

await main();
