/**
 * Real processes for operations tests: redis-server, ditdah instances (`node --import tsx
 * src/http/server.ts`) and nginx, each on a free loopback port, each tracked so that one call
 * stops them all. Everything is bounded in time; nothing listens beyond 127.0.0.1.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect, createServer, type AddressInfo, type Server } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const NGINX_CONF = join(REPO_ROOT, "deploy", "nginx.conf");

const OUTPUT_KEPT = 64 * 1024;

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A child process with its output kept (the last 64 KiB) for failure messages. */
export class Managed {
  output = "";
  readonly exited: Promise<Exit>;
  private exit: Exit | undefined;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString("utf8")).slice(-OUTPUT_KEPT);
    };
    child.stdout?.on("data", keep);
    child.stderr?.on("data", keep);
    this.exited = new Promise((resolveExit) => {
      child.on("exit", (code, signal) => {
        this.exit = { code, signal };
        resolveExit(this.exit);
      });
      child.on("error", (error) => {
        this.output += `\n[spawn error] ${error.message}`;
        this.exit ??= { code: null, signal: null };
        resolveExit(this.exit);
      });
    });
    running.add(this);
    started.push(this);
    void this.exited.then(() => running.delete(this));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get isRunning(): boolean {
    return this.exit === undefined;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.isRunning) this.child.kill(signal);
  }

  /** The exit, or undefined if the process is still running after `ms`. */
  async exitWithin(ms: number): Promise<Exit | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(undefined), ms);
    });
    try {
      return await Promise.race([this.exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** `signal`, then SIGKILL if it has not exited after `graceMs`. */
  async stop(signal: NodeJS.Signals = "SIGTERM", graceMs = 5_000): Promise<Exit> {
    if (!this.isRunning) return this.exited;
    this.signal(signal);
    const exit = await this.exitWithin(graceMs);
    if (exit) return exit;
    this.signal("SIGKILL");
    return (await this.exitWithin(5_000)) ?? { code: null, signal: null };
  }

  describe(): string {
    return `${this.name} (pid ${this.pid})${this.exit ? ` exited ${JSON.stringify(this.exit)}` : ""}; output:\n${this.output}`;
  }
}

const running = new Set<Managed>();
const started: Managed[] = [];

/** Error-level log lines (pino levels 50 and 60) of every ditdah instance started here, for failure reports. */
export function instanceErrors(): string[] {
  return started
    .filter((process) => process.name.startsWith("ditdah"))
    .flatMap((process) =>
      process.output
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line))
        .map((line) => `${process.name}: ${line}`),
    );
}

/** Stops every process started here that is still running (nginx and redis first, then instances). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((process) => process.stop("SIGTERM", 3_000)));
}

/** `count` distinct free loopback ports: all are held open at once so they differ, then released. */
export async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const server = createServer();
      await new Promise<void>((resolveListen, reject) => {
        server.once("error", reject);
        server.listen(0, "127.0.0.1", () => resolveListen());
      });
      servers.push(server);
    }
    return servers.map((server) => (server.address() as AddressInfo).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolveClose) => server.close(resolveClose))));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolveSleep) => setTimeout(resolveSleep, ms));
}

/** Polls `check` until it returns a value other than undefined; bounded by `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 10_000, intervalMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (let attempt = 0; attempt < 10_000; attempt++) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) break;
    await sleep(intervalMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`);
}

/** Resolves an executable on PATH or in the usual sbin directories (Debian puts nginx in /usr/sbin). */
export function findExecutable(name: string): string {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/local/sbin", "/usr/sbin", "/sbin"];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = join(dir, name);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} not found on PATH nor in /usr/sbin (scripts/test.sh installs it)`);
}

const tempDirs = new Set<string>();

/** A new directory under the system temp dir, removed by removeTempDirs() unless removed before. */
export async function makeTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  tempDirs.add(dir);
  // nginx's worker processes run as an unprivileged user when the master runs as root.
  await chmod(dir, 0o755);
  return dir;
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (!dir) return;
  await rm(dir, { recursive: true, force: true });
  tempDirs.delete(dir);
}

/** Removes every directory made by makeTempDir (call after stopAll). */
export async function removeTempDirs(): Promise<void> {
  await Promise.all([...tempDirs].map((dir) => removeDir(dir)));
}

/** One GET, answering the status and the body as text; never throws on HTTP errors. */
export async function httpGet(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 5_000,
): Promise<{ status: number; headers: Headers; text: string }> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// ---------------------------------------------------------------- redis

function redisPing(port: number, timeoutMs = 1_000): Promise<boolean> {
  return new Promise((resolvePing) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolvePing(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}

/** redis-server in the foreground, on 127.0.0.1:port, persisting nothing. */
export async function startRedis(port: number, dir: string): Promise<Managed> {
  const child = spawn(
    findExecutable("redis-server"),
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const redis = new Managed(`redis:${port}`, child);
  await waitFor(
    `redis on port ${port}`,
    async () => {
      if (!redis.isRunning) throw new Error(redis.describe());
      return (await redisPing(port)) ? true : undefined;
    },
    10_000,
  );
  return redis;
}

// ---------------------------------------------------------------- ditdah

export interface Instance {
  process: Managed;
  port: number;
  url: string;
}

const CONFIG_VARIABLES = [
  "HOST",
  "PORT",
  "LOG_LEVEL",
  "RATE_LIMIT_ENFORCE",
  "RATE_LIMIT_QUOTA",
  "RATE_LIMIT_WINDOW_S",
  "REDIS_URL",
  "TRUST_PROXY",
  "DECODE_DEADLINE_S",
  "LIVE_IDLE_S",
  "LIVE_THREADS",
  "SPOTS_TELNET_PORT",
];

/**
 * `node --import tsx src/http/server.ts` on 127.0.0.1:port; resolves once /healthz answers
 * (and /readyz too when `waitReady`). The configuration comes only from `env`.
 */
export async function startInstance(port: number, env: Record<string, string>, waitReady = true): Promise<Instance> {
  const baseEnv: Record<string, string | undefined> = { ...process.env };
  for (const name of CONFIG_VARIABLES) delete baseEnv[name];
  const child = spawn(process.execPath, ["--import", "tsx", "src/http/server.ts"], {
    cwd: REPO_ROOT,
    env: { ...baseEnv, HOST: "127.0.0.1", PORT: String(port), LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const instance: Instance = { process: new Managed(`ditdah:${port}`, child), port, url: `http://127.0.0.1:${port}` };
  const path = waitReady ? "/readyz" : "/healthz";
  await waitFor(
    `ditdah on port ${port} (${path})`,
    async () => {
      if (!instance.process.isRunning) throw new Error(instance.process.describe());
      const { status } = await httpGet(`${instance.url}${path}`, {}, 1_000);
      return status === 200 ? true : undefined;
    },
    30_000,
    100,
  );
  return instance;
}

/** Prometheus text → samples, e.g. `metric(text, "ditdah_rate_limit_store_up")`. */
export function parseMetrics(text: string): { name: string; labels: Record<string, string>; value: number }[] {
  const samples: { name: string; labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[label[1]!] = label[2]!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Sum of a metric's samples whose labels include `labels`. */
export async function metricSum(instance: Instance, name: string, labels: Record<string, string> = {}): Promise<number> {
  const { status, text } = await httpGet(`${instance.url}/metrics`);
  if (status !== 200) throw new Error(`/metrics on ${instance.url} answered ${status}`);
  return parseMetrics(text)
    .filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

// ---------------------------------------------------------------- nginx

export interface NginxOptions {
  listenPort: number;
  upstreamPorts: number[];
  /** Logs, pid, temp files and the rendered configuration go here. */
  dir: string;
}

/**
 * deploy/nginx.conf made runnable in `dir`: the `listen` address, the upstream `server` ports
 * (one line per port, with the parameters of the committed first line), log paths inside `dir`,
 * no `pid` (given on the command line), and temp paths inside `dir`. Everything else is the
 * committed file, byte for byte.
 */
export function renderNginxConfig(template: string, options: NginxOptions): string {
  const { listenPort, upstreamPorts, dir } = options;
  const upstream = /upstream\s+ditdah\s*\{[^}]*\}/.exec(template);
  if (!upstream) throw new Error("deploy/nginx.conf: no `upstream ditdah { ... }` block");
  const serverLine = /^([ \t]*)server\s+127\.0\.0\.1:\d+([^;]*);[ \t]*\n/gm;
  const first = serverLine.exec(upstream[0]);
  if (!first) throw new Error("deploy/nginx.conf: no `server 127.0.0.1:PORT ...;` line in the upstream block");
  let seen = 0;
  const newUpstream = upstream[0].replace(serverLine, () =>
    seen++ === 0 ? upstreamPorts.map((port) => `${first[1]}server 127.0.0.1:${port}${first[2]};\n`).join("") : "",
  );
  let config = template.replace(upstream[0], newUpstream);

  const listens = config.match(/^\s*listen\s+[^;]+;/gm) ?? [];
  if (listens.length !== 1) throw new Error(`deploy/nginx.conf: expected one listen directive, found ${listens.length}`);
  config = config.replace(/^(\s*)listen\s+[^;]+;/m, `$1listen 127.0.0.1:${listenPort};`);

  config = config.replace(/^(\s*)pid\s+[^;]+;[ \t]*\n/m, "");
  config = config.replace(
    /^(\s*)(error_log|access_log)\s+\/[^\s;]+/gm,
    (_all, indent: string, directive: string) => `${indent}${directive} ${join(dir, `${directive.replace("_log", "")}.log`)}`,
  );

  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((kind) => `    ${kind}_temp_path ${join(dir, "temp", kind)};`).join("\n");
  if (!/^http\s*\{/m.test(config)) throw new Error("deploy/nginx.conf: no `http {` block");
  config = config.replace(/^http\s*\{[ \t]*\n/m, (open) => `${open}${temp}\n`);
  return config;
}

export interface Nginx {
  process: Managed;
  port: number;
  url: string;
  dir: string;
}

/** nginx in the foreground with deploy/nginx.conf rendered for these ports; resolves once it proxies /healthz. */
export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = await makeTempDir("ditdah-nginx-");
  await mkdir(join(dir, "temp"), { recursive: true });
  const conf = join(dir, "nginx.conf");
  await writeFile(conf, renderNginxConfig(await readFile(NGINX_CONF, "utf8"), { listenPort, upstreamPorts, dir }));
  const child = spawn(findExecutable("nginx"), ["-e", "stderr", "-p", dir, "-c", conf, "-g", `daemon off; pid ${join(dir, "nginx.pid")}; error_log stderr;`], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const nginx: Nginx = { process: new Managed(`nginx:${listenPort}`, child), port: listenPort, url: `http://127.0.0.1:${listenPort}`, dir };
  await waitFor(
    `nginx on port ${listenPort}`,
    async () => {
      if (!nginx.process.isRunning) throw new Error(nginx.process.describe());
      const { status } = await httpGet(`${nginx.url}/healthz`, {}, 1_000);
      return status === 200 ? true : undefined;
    },
    10_000,
  );
  return nginx;
}
