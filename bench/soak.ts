/**
 * Soak test (GitHub issue 6), `npm run soak`: the server as a child process under mixed
 * traffic at ≥100 connections for a while, watching for dropped requests, unexpected
 * statuses and memory growth.
 *
 *   SOAK_SECONDS=60 npm run soak        (or: npm run soak -- --seconds 60)
 *
 * One run per expected class, all at once, so that every status can be judged against
 * what that request should get (autocannon for ok and bad; for closing, a loop of our own
 * with one request per connection, as autocannon's latency for connections the server
 * closes measures its own reconnect wait):
 *   ok       GET/POST encode, decode, audio, audio.wav (short), chart: expected 2xx
 *   bad      400s (unsupported character, wpm out of range, bad option, undecodable),
 *            415s, 404s, 405s: expected 4xx
 *   closing  invalid or empty JSON bodies: expected 400, and the server closes the
 *            connection after each (fastify does after a body it could not parse)
 * Inputs never repeat, so that a cache or buffer keyed by input would show in the RSS.
 *
 * Prints throughput, p99 latency, errors/timeouts/resets and statuses by class, RSS over
 * time (/proc/<pid>/status VmRSS, every few seconds) and RSS(end)/RSS(after warm-up)
 * against the target ≤1.2x. "Nothing dropped" means no socket errors, timeouts or resets.
 * Exits 1 when a check fails.
 *
 * Tuning: SOAK_CONNECTIONS (default 100, split 80/15/5 between ok, bad and closing), SOAK_WARMUP_SECONDS
 * (default 10), SOAK_SAMPLE_SECONDS (default 2 for runs up to 30 s, else 5).
 */
import { request as httpRequest } from "node:http";
import autocannon from "autocannon";
import { encode } from "../src/core/index.js";
import { mixedText } from "./lib/corpus.js";
import { type Child, rssKiB, serverEntry, settledRss, startServer, stopServer, waitReady } from "./lib/process.js";
import { envNumber, fmt, fmtBytes, fmtMs, fmtRatio, line, sum } from "./lib/stats.js";

const RSS_TARGET = 1.2;

function secondsFromArgs(): number {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const value = arg.startsWith("--seconds=") ? arg.slice("--seconds=".length) : arg === "--seconds" ? args[i + 1] : undefined;
    if (value !== undefined) {
      const n = Number(value);
      if (!Number.isFinite(n) || n <= 0) throw new Error(`--seconds must be a positive number (got "${value}")`);
      return n;
    }
  }
  return envNumber("SOAK_SECONDS", 60);
}

// ---------------------------------------------------------------------------------------
// Traffic

const JSON_HEADERS = { "Content-Type": "application/json" };
type Setup = NonNullable<autocannon.RequestSpec["setupRequest"]>;

let serial = 0;
/** A text no earlier request used: 10 to `max` characters. */
function freshText(max = 120): string {
  serial++;
  return mixedText(10 + ((serial * 37) % (max - 9)), serial);
}
const q = encodeURIComponent;

const get = (build: () => string): autocannon.RequestSpec => ({
  method: "GET",
  setupRequest: ((request) => ({ ...request, method: "GET", path: build(), body: undefined })) satisfies Setup,
});
const send = (method: string, path: () => string, body: () => string, headers: Record<string, string> = JSON_HEADERS): autocannon.RequestSpec => ({
  method,
  setupRequest: ((request) => ({
    ...request,
    method,
    path: path(),
    headers: { ...request.headers, ...headers },
    body: body(),
  })) satisfies Setup,
});
const post = (path: string, build: () => object) =>
  send(
    "POST",
    () => path,
    () => JSON.stringify(build()),
  );

/** Expected 2xx: every endpoint, GET and POST; audio.wav kept short (a few letters at 8 kHz). */
function okRequests(): autocannon.RequestSpec[] {
  return [
    get(() => `/api/v1/encode?text=${q(freshText())}`),
    post("/api/v1/encode", () => ({ text: freshText(), separator: " | " })),
    get(() => `/api/v1/decode?morse=${q(encode(freshText()))}`),
    post("/api/v1/decode", () => ({ morse: encode(freshText()) })),
    get(() => "/api/v1/chart"),
    get(() => `/api/v1/audio?text=${q(freshText(60))}&wpm=${5 + (serial % 46)}`),
    post("/api/v1/audio", () => ({ text: freshText(60), wpm: 25, fwpm: 5 + (serial % 21), frequency: 700 })),
    get(() => `/api/v1/audio.wav?text=${q(`${"EISH"[serial++ % 4]}${serial % 10}`)}&wpm=40`),
    post("/api/v1/audio.wav", () => ({ text: `T${serial++ % 10}`, wpm: 45, sampleRate: 8000 })),
    get(() => `/api/v1/encode?text=${q(freshText())}`),
  ];
}

/** Expected 4xx: 400s, 404s, 405s, 415s, on connections the server keeps open. */
function badRequests(): autocannon.RequestSpec[] {
  return [
    get(() => `/api/v1/encode?text=${q(`${freshText()} ~${serial}`)}`), // 400: unsupported character
    get(() => `/api/v1/audio?text=SOS&wpm=${51 + (serial++ % 1000)}`), // 400: wpm out of range
    post("/api/v1/encode", () => ({ text: freshText(), dotChar: "" })), // 400: bad option
    get(() => `/api/v1/decode?morse=${q(`........-${serial++}`)}`), // 400: undecodable
    send(
      "POST",
      () => "/api/v1/encode",
      () => `text=${q(freshText())}`,
      { "Content-Type": "text/plain" },
    ), // 415
    get(() => `/api/v1/nope-${serial++}`), // 404
    get(() => `/not-here/${serial++}`), // 404
    get(() => `/api/v1/decode-audio?n=${serial++}`), // 405
  ];
}

/**
 * Expected 400, answered with `Connection: close` (fastify closes the connection after a
 * body it could not parse): sent one per fresh connection by a loop of our own, since
 * autocannon's latency figures for connections the server closes measure its reconnect
 * wait, not the server.
 */
function closingRequest(): { method: string; path: string; body: string } {
  serial++;
  return serial % 2 === 0
    ? { method: "POST", path: "/api/v1/encode", body: `{"text": "${freshText()}"` } // 400: invalid JSON
    : { method: "POST", path: "/api/v1/audio", body: "" }; // 400: empty body
}

interface TrafficClass {
  name: string;
  /** Share of the connections. */
  share: number;
  expected: "2xx" | "4xx";
  run: (child: Child, connections: number, seconds: number) => Promise<ClassResult>;
}

/** What the summary needs of a run, from autocannon or from the fresh-connection loop. */
interface ClassResult {
  duration: number;
  statuses: Map<number, number>;
  errors: number;
  timeouts: number;
  resets: number;
  latency: { p50: number; p99: number; max: number };
}

const CLASSES: readonly TrafficClass[] = [
  { name: "ok", share: 0.8, expected: "2xx", run: (child, n, seconds) => runAutocannon(child, okRequests(), n, seconds) },
  { name: "bad", share: 0.15, expected: "4xx", run: (child, n, seconds) => runAutocannon(child, badRequests(), n, seconds) },
  { name: "closing", share: 0.05, expected: "4xx", run: runFreshConnections },
];

const isExpected = (expected: TrafficClass["expected"], status: number) => (expected === "2xx" ? status >= 200 && status < 300 : status >= 400 && status < 500);

// ---------------------------------------------------------------------------------------
// Running and sampling

interface Sample {
  atSeconds: number;
  rssKiB: number;
}

async function runAutocannon(child: Child, requests: autocannon.RequestSpec[], connections: number, duration: number): Promise<ClassResult> {
  const result = await autocannon({ url: child.baseUrl, connections, duration, timeout: 10, requests });
  const statuses = new Map<number, number>();
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses.set(Number(code), count);
  return {
    duration: result.duration,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    resets: result.resets ?? 0,
    latency: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  };
}

/** One request per connection: `loops` loops, each sending the next request once the last is answered. */
async function runFreshConnections(child: Child, loops: number, seconds: number): Promise<ClassResult> {
  const statuses = new Map<number, number>();
  const times: number[] = [];
  let errors = 0;
  let timeouts = 0;
  let resets = 0;
  const started = Date.now();
  const deadline = started + seconds * 1000;
  const one = () =>
    new Promise<void>((done) => {
      const { method, path, body } = closingRequest();
      const t0 = performance.now();
      const req = httpRequest(
        `${child.baseUrl}${path}`,
        {
          method,
          agent: false,
          timeout: 10_000,
          headers: { "Content-Type": "application/json", "Content-Length": String(Buffer.byteLength(body)) },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            times.push(performance.now() - t0);
            done();
          });
          res.on("error", () => {
            errors++;
            done();
          });
        },
      );
      req.on("timeout", () => {
        timeouts++;
        req.destroy(new Error("timeout"));
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.message === "timeout") {
          /* counted */
        } else if (error.code === "ECONNRESET") resets++;
        else errors++;
        done();
      });
      req.end(body);
    });
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  times.sort((a, b) => a - b);
  const at = (p: number) => (times.length === 0 ? Number.NaN : times[Math.min(times.length - 1, Math.floor(times.length * p))]!);
  return {
    duration: (Date.now() - started) / 1000,
    statuses,
    errors,
    timeouts,
    resets,
    latency: { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] ?? Number.NaN },
  };
}

/** Every class at once, the connections shared out between them. */
async function traffic(child: Child, connections: number, seconds: number): Promise<Map<TrafficClass, ClassResult>> {
  const results = await Promise.all(CLASSES.map((c) => c.run(child, connectionsOf(c, connections), seconds)));
  return new Map(CLASSES.map((c, i) => [c, results[i]!]));
}

const connectionsOf = (c: TrafficClass, connections: number) => Math.max(1, Math.round(connections * c.share));

function sampleEvery(pid: number, seconds: number, started: number): { samples: Sample[]; stop: () => void } {
  const samples: Sample[] = [];
  const take = () => {
    rssKiB(pid).then(
      (kib) => samples.push({ atSeconds: (Date.now() - started) / 1000, rssKiB: kib }),
      () => {
        /* the process is gone: the summary says so */
      },
    );
  };
  take();
  const timer = setInterval(take, seconds * 1000);
  return { samples, stop: () => clearInterval(timer) };
}

/** Statuses as "200: 1,234, 404: 56". */
function statusList(result: ClassResult): string {
  return (
    [...result.statuses]
      .sort(([a], [b]) => a - b)
      .map(([code, count]) => `${code}: ${fmt(count)}`)
      .join(", ") || "none"
  );
}

function countWhere(result: ClassResult, test: (status: number) => boolean): number {
  let n = 0;
  for (const [code, count] of result.statuses) if (test(code)) n += count;
  return n;
}

const total = (result: ClassResult) => countWhere(result, () => true);
const dropped = (result: ClassResult) => result.errors + result.timeouts + result.resets;

function printClass(name: string, result: ClassResult, expected: string, unexpected: number): void {
  line(`${name}: requests`, `${fmt(total(result))} (${fmt(total(result) / result.duration)} req/s)`);
  line(`${name}: latency`, `p50 ${fmtMs(result.latency.p50)}, p99 ${fmtMs(result.latency.p99)}, max ${fmtMs(result.latency.max)}`);
  line(`${name}: statuses`, `${statusList(result)} (expected ${expected}; unexpected: ${fmt(unexpected)})`);
  line(`${name}: dropped`, `errors ${result.errors}, timeouts ${result.timeouts}, resets ${result.resets}`);
}

async function main(): Promise<void> {
  const seconds = secondsFromArgs();
  const connections = Math.max(2, Math.round(envNumber("SOAK_CONNECTIONS", 100)));
  const warmupSeconds = envNumber("SOAK_WARMUP_SECONDS", 10);
  const sampleSeconds = envNumber("SOAK_SAMPLE_SECONDS", seconds <= 30 ? 2 : 5);
  const entry = serverEntry();
  if (!entry) throw new Error("src/http/server.ts does not exist (or set BENCH_SERVER=<entry>)");

  console.log(`soak: ${seconds} s of mixed traffic at ${connections} connections (warm-up ${warmupSeconds} s), RSS every ${sampleSeconds} s`);
  const child = await startServer("server", entry, { LOG_LEVEL: "warn", RATE_LIMIT_ENFORCE: "false" });
  const failures: string[] = [];
  try {
    await waitReady(child, "/healthz");
    line("server", `pid ${child.pid}, ${child.baseUrl}`);
    line("RSS at start", fmtBytes(await rssKiB(child.pid)));

    const warm = await traffic(child, connections, warmupSeconds);
    const warmRss = await settledRss(child.pid);
    line("warm-up", `${fmt(sum([...warm.values()].map(total)))} requests; RSS after ${fmtBytes(warmRss)}`);

    const started = Date.now();
    const sampler = sampleEvery(child.pid, sampleSeconds, started);
    const results = await traffic(child, connections, seconds);
    sampler.stop();
    const endRss = await settledRss(child.pid);
    const peakRss = await rssKiB(child.pid, "VmHWM");
    const alive = child.process.exitCode === null && child.process.signalCode === null;

    console.log("");
    let unexpected = 0;
    for (const [c, result] of results) {
      const wrong = countWhere(result, (status) => !isExpected(c.expected, status));
      unexpected += wrong;
      printClass(`${c.name} (${connectionsOf(c, connections)} conn.)`, result, c.expected, wrong);
      if (wrong > 0) failures.push(`${wrong} ${c.name} requests (expected ${c.expected}) got another status`);
    }
    const all = [...results.values()];
    const requests = sum(all.map(total));
    const duration = Math.max(...all.map((r) => r.duration));
    line("throughput (all)", `${fmt(requests / duration)} req/s over ${duration.toFixed(1)} s (${fmt(requests)} requests)`);
    line("p99 latency, ok class", fmtMs(results.get(CLASSES[0]!)!.latency.p99));
    line("p99 latency, worst class", fmtMs(Math.max(...all.map((r) => r.latency.p99))));
    line("5xx", fmt(sum(all.map((r) => countWhere(r, (status) => status >= 500)))));
    line("unexpected statuses", fmt(unexpected));

    console.log("");
    console.log("RSS over time (during traffic):");
    for (const s of [...sampler.samples].sort((a, b) => a.atSeconds - b.atSeconds)) {
      console.log(`  ${s.atSeconds.toFixed(1).padStart(7)} s  ${fmtBytes(s.rssKiB)}`);
    }
    const ratio = endRss / warmRss;
    line("RSS after warm-up", fmtBytes(warmRss));
    line("RSS at end", fmtBytes(endRss));
    line("RSS peak (VmHWM)", fmtBytes(peakRss));
    line("RSS end / after warm-up", `${fmtRatio(ratio)} (target ≤${RSS_TARGET}x: ${ratio <= RSS_TARGET ? "met" : "MISSED"})`);

    const droppedCount = sum(all.map(dropped));
    failures.push(
      ...(droppedCount > 0 ? [`${droppedCount} requests dropped (socket errors, timeouts or resets)`] : []),
      ...(ratio > RSS_TARGET ? [`RSS grew ${fmtRatio(ratio)} (target ≤${RSS_TARGET}x)`] : []),
      ...(alive ? [] : ["the server exited during the soak"]),
      ...(requests === 0 ? ["no request was answered"] : []),
    );
    console.log("");
    line("nothing dropped", droppedCount === 0 ? "yes" : `NO (${droppedCount})`);
    line("verdict", failures.length === 0 ? "PASS" : `FAIL: ${failures.join("; ")}`);
  } finally {
    if (child.process.exitCode !== null) console.log(`server output:\n${child.output()}`);
    await stopServer(child);
  }
  process.exitCode = failures.length === 0 ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
