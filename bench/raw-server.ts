/**
 * The baseline for the HTTP benchmark: a bare `node:http` server that answers each
 * `METHOD /path` with a constant, pre-recorded response (status, headers, body) captured
 * from our server for the same request. It reads the request body in full, as our server
 * must, and does nothing else. Run as its own process:
 *
 *   RAW_SERVER_RESPONSES=/tmp/x.json PORT=3001 node --import tsx bench/raw-server.ts
 *
 * (RAW_SERVER_KEEP_ALIVE_S sets the keep-alive timeout, 72 s by default; HOST defaults to 127.0.0.1.)
 *
 * The JSON file is `{ "GET /api/v1/encode": { "status": 200, "headers": [[name, value], ...],
 * "body": "<base64>" }, ... }`; unknown routes get an empty 404.
 */
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

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

function main(): void {
  const file = process.env.RAW_SERVER_RESPONSES;
  if (!file) throw new Error("RAW_SERVER_RESPONSES (a JSON file of recorded responses) is not set");
  const routes = prepare(JSON.parse(readFileSync(file, "utf8")) as RecordedResponses);
  const notFound: Prepared = { status: 404, headers: ["Content-Length", "0"], body: Buffer.alloc(0) };

  const server = createServer((req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    const route = routes.get(`${req.method} ${path}`) ?? (path === "/healthz" ? undefined : notFound);
    req.on("end", () => {
      if (route === undefined) {
        res.writeHead(200, { "Content-Type": "text/plain", "Content-Length": "2" }).end("ok");
        return;
      }
      res.writeHead(route.status, route.headers);
      res.end(route.body);
    });
    req.resume();
  });
  // The keep-alive timeout our server announces (so that even `Keep-Alive: timeout=N` matches).
  server.keepAliveTimeout = Number(process.env.RAW_SERVER_KEEP_ALIVE_S ?? 72) * 1000;
  const port = Number(process.env.PORT ?? 3001);
  const host = process.env.HOST ?? "127.0.0.1";
  server.listen(port, host);
  const stop = (): void => { server.close(() => process.exit(0)); setTimeout(() => process.exit(0), 1000).unref(); };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main();
