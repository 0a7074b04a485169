/**
 * Memory: our server's resident set size after a warm-up against after 100,000 mixed
 * requests (every endpoint, GET and POST, a few errors, and inputs that never repeat, so
 * that a cache or buffer keyed by input would show). RSS is read from /proc/<pid>/status.
 * The warm-up is 30,000 requests because V8 keeps growing its heap for the first ~20,000
 * (measured on a plain node:http stand-in), which is not a leak.
 */
import autocannon from "autocannon";
import { encode } from "../src/core/index.js";
import { mixedText } from "./lib/corpus.js";
import { type Child, rssKiB, settledRss, shortPath, stopServer } from "./lib/process.js";
import { startOurServer } from "./lib/server.js";
import { envNumber, fmt, fmtBytes, fmtRatio, line, verdict } from "./lib/stats.js";

export interface MemoryFigure {
  warmRssKiB: number;
  afterRssKiB: number;
  peakRssKiB: number;
  ratio: number;
  requests: number;
  errors: number;
  non2xx: number;
}

const JSON_HEADERS = { "Content-Type": "application/json" };

let serial = 0;
/** A text that no earlier request used: 20 to `max` characters. */
function freshText(max = 200): string {
  serial++;
  return mixedText(20 + ((serial * 37) % (max - 19)), serial);
}

type Setup = NonNullable<autocannon.RequestSpec["setupRequest"]>;
const get = (build: () => string): autocannon.RequestSpec => ({
  method: "GET",
  setupRequest: ((request) => ({ ...request, method: "GET", path: build() })) satisfies Setup,
});
const post = (path: string, build: () => object): autocannon.RequestSpec => ({
  method: "POST",
  setupRequest: ((request) => ({
    ...request,
    method: "POST",
    path,
    headers: { ...request.headers, ...JSON_HEADERS },
    body: JSON.stringify(build()),
  })) satisfies Setup,
});

/** The mix: 10 requests, cycled by every connection; 8 succeed, 2 are client errors. */
export function mixedRequests(): autocannon.RequestSpec[] {
  const q = encodeURIComponent;
  return [
    get(() => `/api/v1/encode?text=${q(freshText())}`),
    post("/api/v1/encode", () => ({ text: freshText(), separator: " | " })),
    get(() => `/api/v1/decode?morse=${q(encode(freshText()))}`),
    post("/api/v1/decode", () => ({ morse: encode(freshText()) })),
    get(() => `/api/v1/audio?text=${q(freshText(100))}&wpm=${5 + (serial % 46)}`),
    post("/api/v1/audio", () => ({ text: freshText(100), wpm: 25, fwpm: 5 + (serial % 21), frequency: 700 })),
    get(() => "/api/v1/chart"),
    get(() => `/api/v1/encode?text=${q(freshText())}`),
    get(() => `/api/v1/encode?text=${q(`${freshText()} ~${serial}`)}`), // 400: unsupported character
    get(() => `/api/v1/nope-${serial++}`), // 404
  ];
}

async function hammer(server: Child, amount: number, connections: number): Promise<autocannon.Result> {
  return autocannon({ url: server.baseUrl, connections, amount, timeout: 20, requests: mixedRequests() });
}

export async function runMemoryBench(): Promise<MemoryFigure> {
  const warmupRequests = Math.round(envNumber("BENCH_MEMORY_WARMUP", 30_000));
  const requests = Math.round(envNumber("BENCH_MEMORY_REQUESTS", 100_000));
  const connections = Math.round(envNumber("BENCH_HTTP_CONNECTIONS", 50));
  const server = await startOurServer();
  try {
    const startRss = await rssKiB(server.pid);
    await hammer(server, warmupRequests, connections);
    const warmRss = await settledRss(server.pid);
    const started = Date.now();
    const result = await hammer(server, requests, connections);
    const seconds = (Date.now() - started) / 1000;
    const afterRss = await settledRss(server.pid);
    const peakRss = await rssKiB(server.pid, "VmHWM");
    const ratio = afterRss / warmRss;
    const sent = result.requests.total;
    const expected4xx = Math.round((sent * 2) / 10);
    line(
      "memory method",
      `${shortPath(server.entry)}, RSS of pid ${server.pid} at start ${fmtBytes(startRss)}; ${fmt(warmupRequests)} mixed requests ` +
        `to warm up, then ${fmt(requests)} mixed requests (${connections} connections, ${seconds.toFixed(1)} s)`,
    );
    line("memory rss", `after warm-up ${fmtBytes(warmRss)} | after ${fmt(sent)} requests ${fmtBytes(afterRss)} | ` + `peak ${fmtBytes(peakRss)}`);
    line("memory ratio", `${fmtRatio(ratio)} after / after warm-up (${verdict(ratio, 1.2, "max")})`);
    line(
      "memory failures",
      `${result.errors + result.timeouts} errors, ${result["5xx"]} 5xx, ` + `${result["4xx"]} 4xx (about ${fmt(expected4xx)} expected by design)`,
    );
    return {
      warmRssKiB: warmRss,
      afterRssKiB: afterRss,
      peakRssKiB: peakRss,
      ratio,
      requests: sent,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
    };
  } finally {
    await stopServer(server);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runMemoryBench();
}
