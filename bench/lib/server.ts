/** Starting our HTTP server (and the raw baseline) for the HTTP and memory benchmarks. */
import { request } from "node:http";
import { type Child, RAW_SERVER_ENTRY, serverEntry, startServer, stopServer, waitReady } from "./process.js";

export class SkipError extends Error {}

/** Our server, ready to serve; throws SkipError while src/http/server.ts does not exist. */
export async function startOurServer(): Promise<Child> {
  const entry = serverEntry();
  if (!entry) throw new SkipError("src/http/server.ts does not exist yet (or set BENCH_SERVER=<entry>)");
  // The rate limiter is informational by default; make sure no inherited setting turns it on.
  return startReady("our server", entry, { RATE_LIMIT_ENFORCE: "false" });
}

/** A server child, once it answers /healthz; stopped again if it never does. */
async function startReady(name: string, entry: string, env: Record<string, string>): Promise<Child> {
  const child = await startServer(name, entry, env);
  try {
    await waitReady(child, "/healthz");
  } catch (error) {
    await stopServer(child);
    throw error;
  }
  return child;
}

/**
 * A baseline replaying `responsesFile` (see bench/raw-server.ts): bare node:http, or fastify's
 * floor; `keepAliveSeconds` as our server announces it.
 */
export async function startRawServer(responsesFile: string, keepAliveSeconds?: number, kind: "node" | "fastify" = "node"): Promise<Child> {
  return startReady(kind === "node" ? "raw server" : "fastify floor", RAW_SERVER_ENTRY, {
    RAW_SERVER_RESPONSES: responsesFile,
    RAW_SERVER_KIND: kind,
    ...(keepAliveSeconds === undefined ? {} : { RAW_SERVER_KEEP_ALIVE_S: String(keepAliveSeconds) }),
  });
}

export interface Exchange {
  status: number;
  /** As sent, in order, names as the server spelled them. */
  headers: [string, string][];
  body: Buffer;
}

/** One request over a fresh connection, keeping the raw response headers. */
export function exchange(baseUrl: string, method: string, path: string, body?: string, headers: Record<string, string> = {}): Promise<Exchange> {
  return new Promise((done, fail) => {
    const payload = body === undefined ? undefined : Buffer.from(body);
    const req = request(
      baseUrl + path,
      {
        method,
        agent: false,
        headers: payload ? { ...headers, "Content-Length": String(payload.length) } : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const pairs: [string, string][] = [];
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
          done({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
        });
        res.on("error", fail);
      },
    );
    req.on("error", fail);
    req.end(payload);
  });
}
