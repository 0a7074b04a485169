/**
 * Our HTTP server against a bare `node:http` server that answers the same requests with
 * the same recorded bytes (status, headers, body): what we pay for routing, validation,
 * the work itself and the framework. A third server, fastify with one route sending those
 * same bytes, splits that cost in two: the framework's floor, and what ditdah adds on top.
 * The targets are ours over the floor: the framework is our choice, and on these machines
 * the floor itself stands well under raw node:http.
 * autocannon, 50 connections, a warm-up against each, then rounds alternated A B C A B C;
 * medians across rounds.
 */
import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { encode } from "../src/core/index.js";
import { mixedText } from "./lib/corpus.js";
import { type Child, cpuMicros, shortPath, stopServer } from "./lib/process.js";
import { exchange, startOurServer, startRawServer } from "./lib/server.js";
import { envNumber, fmt, fmtMs, fmtRatio, line, median, sum, verdict, warn } from "./lib/stats.js";
import type { RecordedResponses } from "./raw-server.js";

export interface HttpCase {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  /** The target for ours over fastify's floor. */
  target: number;
}

export interface HttpFigure {
  name: string;
  ours: RunSummary;
  raw: RunSummary;
  floor: RunSummary;
  /** Ours over the floor. */
  ratio: number;
}

export interface RunSummary {
  reqPerSec: number;
  /** Server CPU time per request: throughput per core, less swayed than req/s by what else runs on the machine. */
  cpuMicrosPerRequest: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

const JSON_HEADERS = { "Content-Type": "application/json" };
/** Hop-by-hop and per-response headers that node:http writes itself. */
const NOT_RECORDED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

export function httpCases(): HttpCase[] {
  const text = mixedText(100, 7);
  const morse = encode(text);
  return [
    { name: "GET encode", method: "GET", path: `/api/v1/encode?text=${encodeURIComponent(text)}`, target: 0.9 },
    { name: "POST encode", method: "POST", path: "/api/v1/encode", body: JSON.stringify({ text }), target: 0.9 },
    { name: "GET decode", method: "GET", path: `/api/v1/decode?morse=${encodeURIComponent(morse)}`, target: 0.9 },
    // A 25 KB timeline to build and write: half the floor's rate is the target.
    { name: "POST audio", method: "POST", path: "/api/v1/audio", body: JSON.stringify({ text }), target: 0.5 },
  ];
}

function routeKey(c: HttpCase): string {
  const q = c.path.indexOf("?");
  return `${c.method} ${q < 0 ? c.path : c.path.slice(0, q)}`;
}

/** Our server's real response to each case, to be replayed by the raw server. */
async function record(server: Child, cases: HttpCase[]): Promise<{ responses: RecordedResponses; keepAlive?: number }> {
  const recorded: RecordedResponses = {};
  let keepAlive: number | undefined;
  for (const c of cases) {
    const response = await exchange(server.baseUrl, c.method, c.path, c.body, c.body ? JSON_HEADERS : {});
    const announced = response.headers.find(([name]) => name.toLowerCase() === "keep-alive")?.[1];
    const timeout = announced === undefined ? undefined : /timeout=(\d+)/.exec(announced)?.[1];
    if (timeout !== undefined) keepAlive = Number(timeout);
    if (response.status < 200 || response.status >= 300) {
      warn(`http ${c.name}: our server answered ${response.status}: ${response.body.toString("utf8").slice(0, 300)}`);
    }
    const headers = response.headers.filter(([name]) => !NOT_RECORDED.has(name.toLowerCase()));
    if (!headers.some(([name]) => name.toLowerCase() === "content-length")) {
      headers.push(["Content-Length", String(response.body.length)]);
    }
    const key = routeKey(c);
    if (recorded[key]) warn(`http: two cases share ${key}; the raw server replays the last one`);
    recorded[key] = { status: response.status, headers, body: response.body.toString("base64") };
  }
  return keepAlive === undefined ? { responses: recorded } : { responses: recorded, keepAlive };
}

/** A baseline must give back what it was given, byte for byte in the body. */
async function checkReplay(ours: Child, raw: Child, cases: HttpCase[]): Promise<void> {
  for (const c of cases) {
    const [a, b] = await Promise.all([
      exchange(ours.baseUrl, c.method, c.path, c.body, c.body ? JSON_HEADERS : {}),
      exchange(raw.baseUrl, c.method, c.path, c.body, c.body ? JSON_HEADERS : {}),
    ]);
    const names = (e: typeof a): string =>
      e.headers
        .map(([n, v]) => (n.toLowerCase() === "keep-alive" ? `${n}=${v}` : n).toLowerCase())
        .filter((n) => !NOT_RECORDED.has(n))
        .sort()
        .join(",");
    if (a.status !== b.status || a.body.length !== b.body.length || names(a) !== names(b)) {
      warn(
        `http ${c.name}: ${raw.name}'s response differs from ours ` +
          `(status ${a.status}/${b.status}, body ${a.body.length}/${b.body.length} bytes, headers ${names(a)} / ${names(b)})`,
      );
    }
  }
}

async function load(server: Child, c: HttpCase, seconds: number, connections: number): Promise<RunSummary> {
  const cpuBefore = await cpuMicros(server.pid);
  const result = await autocannon({
    url: server.baseUrl + c.path,
    method: c.method,
    connections,
    duration: seconds,
    timeout: 10,
    ...(c.body === undefined ? {} : { body: c.body, headers: JSON_HEADERS }),
  });
  const cpu = (await cpuMicros(server.pid)) - cpuBefore;
  return {
    reqPerSec: result.requests.total / result.duration,
    cpuMicrosPerRequest: cpu / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}

function combine(runs: RunSummary[]): RunSummary {
  return {
    reqPerSec: median(runs.map((r) => r.reqPerSec)),
    cpuMicrosPerRequest: median(runs.map((r) => r.cpuMicrosPerRequest)),
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    errors: sum(runs.map((r) => r.errors)),
    non2xx: sum(runs.map((r) => r.non2xx)),
    requests: sum(runs.map((r) => r.requests)),
  };
}

export async function runHttpBench(): Promise<HttpFigure[]> {
  const seconds = envNumber("BENCH_HTTP_DURATION", 5);
  const warmup = envNumber("BENCH_HTTP_WARMUP", 2);
  const rounds = Math.max(2, Math.round(envNumber("BENCH_HTTP_ROUNDS", 2)));
  const connections = Math.round(envNumber("BENCH_HTTP_CONNECTIONS", 50));
  const cases = httpCases();
  const dir = mkdtempSync(join(tmpdir(), "ditdah-bench-"));
  const servers: Child[] = [];
  const figures: HttpFigure[] = [];
  try {
    const ours = await startOurServer();
    servers.push(ours);
    const responsesFile = join(dir, "responses.json");
    const { responses, keepAlive } = await record(ours, cases);
    writeFileSync(responsesFile, JSON.stringify(responses));
    const raw = await startRawServer(responsesFile, keepAlive);
    servers.push(raw);
    const floor = await startRawServer(responsesFile, keepAlive, "fastify");
    servers.push(floor);
    await checkReplay(ours, raw, cases);
    await checkReplay(ours, floor, cases);
    line(
      "http method",
      `${shortPath(ours.entry)} vs bench/raw-server.ts (node:http, and fastify's floor); autocannon, ${connections} connections, ` +
        `${warmup} s warm-up each, then ${rounds} rounds of ${seconds} s alternated ours/raw/floor; medians across rounds`,
    );
    // Warms the load generator itself (its JIT), so that the first case is not penalized.
    await load(raw, cases[0]!, warmup, connections);
    for (const c of cases) {
      const runs = await alternate([ours, raw, floor], c, { seconds, warmup, rounds, connections });
      const [a, b, f] = runs.map(combine) as [RunSummary, RunSummary, RunSummary];
      const figure = { name: c.name, ours: a, raw: b, floor: f, ratio: a.reqPerSec / f.reqPerSec };
      figures.push(figure);
      printFigure(c, figure);
    }
  } finally {
    for (const server of servers.reverse()) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  return figures;
}

/** Warm-up against each server, then `rounds` loads alternated between them; runs by server. */
async function alternate(servers: Child[], c: HttpCase, o: { seconds: number; warmup: number; rounds: number; connections: number }): Promise<RunSummary[][]> {
  for (const server of servers) await load(server, c, o.warmup, o.connections);
  const runs: RunSummary[][] = servers.map(() => []);
  for (let round = 0; round < o.rounds; round++) {
    for (const [i, server] of servers.entries()) runs[i]!.push(await load(server, c, o.seconds, o.connections));
  }
  return runs;
}

function printFigure(c: HttpCase, { name, ours: a, raw: b, floor: f, ratio }: HttpFigure): void {
  line(
    `http ${name}`,
    `ours ${fmtRatio(ratio)} fastify's floor (${verdict(ratio, c.target, "min")}) | ours ${fmt(a.reqPerSec)} req/s, ` +
      `floor ${fmt(f.reqPerSec)} req/s, raw node:http ${fmt(b.reqPerSec)} req/s; ours ${fmtRatio(a.reqPerSec / b.reqPerSec)} raw, the floor ${fmtRatio(f.reqPerSec / b.reqPerSec)} raw`,
  );
  line(
    `http ${name} cpu`,
    `ours ${a.cpuMicrosPerRequest.toFixed(1)} µs/request | raw ${b.cpuMicrosPerRequest.toFixed(1)} | ` +
      `floor ${f.cpuMicrosPerRequest.toFixed(1)}; requests per core ${fmtRatio(b.cpuMicrosPerRequest / a.cpuMicrosPerRequest)} of raw, ` +
      `${fmtRatio(f.cpuMicrosPerRequest / a.cpuMicrosPerRequest)} of the floor`,
  );
  line(
    `http ${name} latency`,
    `ours p50 ${fmtMs(a.p50)} p99 ${fmtMs(a.p99)} | raw p50 ${fmtMs(b.p50)} p99 ${fmtMs(b.p99)} | ` + `floor p50 ${fmtMs(f.p50)} p99 ${fmtMs(f.p99)}`,
  );
  line(
    `http ${name} failures`,
    `ours ${a.errors} errors, ${a.non2xx} non-2xx of ${fmt(a.requests)} | ` +
      `raw ${b.errors} errors, ${b.non2xx} non-2xx of ${fmt(b.requests)} | floor ${f.errors} errors, ${f.non2xx} non-2xx`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runHttpBench();
}
