/**
 * Child processes for the HTTP and memory benchmarks: free ports, servers started as
 * `node` children (never through a shell, so the child's pid is the server's), readiness
 * by polling, and cleanup of every child when the benchmark exits, however it exits.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, request } from "node:http";
import { cpus } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const HOST = "127.0.0.1";

/** A port that was free a moment ago: the kernel's pick for port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface Child {
  name: string;
  /** The script it runs. */
  entry: string;
  process: ChildProcess;
  pid: number;
  port: number;
  baseUrl: string;
  /** The last few KiB the child wrote, for error messages. */
  output(): string;
  exited: Promise<number | null>;
}

const children = new Set<ChildProcess>();
let cleanupInstalled = false;

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill("SIGKILL");
      } catch {
        /* already gone */
      }
    }
  }
  children.clear();
}

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on("exit", killAll);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
    });
  }
  process.on("uncaughtException", (error) => {
    killAll();
    console.error(error);
    process.exit(1);
  });
}

/** Node arguments that run a TypeScript entry through tsx, a JavaScript one directly. */
export function nodeArgs(entry: string): string[] {
  return entry.endsWith(".ts") ? ["--import", "tsx", entry] : [entry];
}

/**
 * Servers and the load generator on separate CPUs (with `taskset`, on a machine of two or
 * more), so that they never compete for one and each run measures the same placement. (On
 * the 2-core VM of the README, figures still vary by up to a third from run to run.)
 * BENCH_PIN=0 leaves placement to the scheduler.
 */
const SERVER_CPU = cpus().length - 1;
export const PINNED = process.env.BENCH_PIN !== "0" && SERVER_CPU > 0 && hasTaskset();

function hasTaskset(): boolean {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Keeps this process (the load generator), all its threads, off the servers' CPU. */
export function pinLoadGenerator(): string {
  if (!PINNED) return "not pinned";
  execFileSync("taskset", ["-a", "-cp", `0-${SERVER_CPU - 1}`, String(process.pid)], { stdio: "ignore" });
  return `servers on CPU ${SERVER_CPU}, load generator on CPU 0${SERVER_CPU > 1 ? `-${SERVER_CPU - 1}` : ""}`;
}

/** Starts `node <entry>` with PORT/HOST set to a free port on loopback (on the servers' CPU when pinned). */
export async function startServer(name: string, entry: string, env: Record<string, string> = {}): Promise<Child> {
  installCleanup();
  const port = await freePort();
  const command = PINNED ? ["taskset", "-c", String(SERVER_CPU), process.execPath] : [process.execPath];
  // taskset execs node in its own process: the child's pid stays the server's.
  const child = spawn(command[0]!, [...command.slice(1), ...nodeArgs(entry)], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV ?? "production",
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
      ...env,
      HOST,
      PORT: String(port),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let tail = "";
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString("utf8")).slice(-4096);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((done) => {
    child.once("exit", (code) => {
      children.delete(child);
      done(code);
    });
  });
  if (child.pid === undefined) throw new Error(`${name}: could not start ${entry}`);
  return {
    name,
    entry,
    process: child,
    pid: child.pid,
    port,
    baseUrl: `http://${HOST}:${port}`,
    output: () => tail,
    exited,
  };
}

/** One GET; resolves with the status code, or rejects when nothing answers. */
function probe(url: string): Promise<number> {
  return new Promise((done, fail) => {
    const req = request(url, { method: "GET", agent: false, timeout: 1000 }, (res) => {
      res.resume();
      res.on("end", () => done(res.statusCode ?? 0));
    });
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", fail);
    req.end();
  });
}

/** Polls `path` until the server answers with a status below 500. */
export async function waitReady(child: Child, path = "/healthz", timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void child.exited.then((code) => {
    exitCode = code;
  });
  let lastError = "";
  while (Date.now() < deadline) {
    if (exitCode !== undefined || child.process.exitCode !== null) {
      throw new Error(`${child.name} exited (code ${child.process.exitCode}) before it was ready:\n${child.output()}`);
    }
    try {
      const status = await probe(child.baseUrl + path);
      if (status > 0 && status < 500) return;
      lastError = `status ${status}`;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await sleep(100);
  }
  throw new Error(`${child.name} not ready after ${timeoutMs} ms (${lastError}):\n${child.output()}`);
}

export async function stopServer(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill("SIGTERM");
  const timer = setTimeout(() => child.process.kill("SIGKILL"), 3000);
  await child.exited;
  clearTimeout(timer);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}

/** CPU time (user + system) a process has used, in microseconds (Linux: /proc/<pid>/stat, 100 ticks a second). */
export async function cpuMicros(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10_000; // utime and stime, fields 14 and 15
}

/** Resident set size of a process in KiB, from /proc/<pid>/status (Linux). */
export async function rssKiB(pid: number, field: "VmRSS" | "VmHWM" = "VmRSS"): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
  return Number(match[1]);
}

/** RSS after the traffic has stopped and the heap has had a moment: the median of three reads. */
export async function settledRss(pid: number): Promise<number> {
  const reads: number[] = [];
  for (let i = 0; i < 3; i++) {
    await sleep(500);
    reads.push(await rssKiB(pid));
  }
  return reads.sort((a, b) => a - b)[1]!;
}

/** The newest modification time of the files under `dir`, in ms. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * The server entry to benchmark: $BENCH_SERVER if set (a .ts or .js file); else the build,
 * dist/http/server.js, when it is newer than every file under src/ (what `npm start` runs);
 * else src/http/server.ts through tsx. Undefined when there is no server yet.
 */
export function serverEntry(): string | undefined {
  const override = process.env.BENCH_SERVER;
  if (override) return resolve(ROOT, override);
  const source = resolve(ROOT, "src/http/server.ts");
  if (!existsSync(source)) return undefined;
  const built = resolve(ROOT, "dist/http/server.js");
  if (existsSync(built) && statSync(built).mtimeMs >= newestMtime(resolve(ROOT, "src"))) return built;
  return source;
}

export const RAW_SERVER_ENTRY = resolve(ROOT, "bench/raw-server.ts");

/** A path relative to the project root, for printing. */
export function shortPath(path: string): string {
  const rel = relative(ROOT, path);
  return rel.startsWith("..") ? path : rel;
}
