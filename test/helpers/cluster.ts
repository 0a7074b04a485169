/**
 * Several ditdah instances behind nginx (deploy/nginx.conf, as committed) sharing their
 * rate-limit counter in one redis-server, for the cluster's operations tests
 * (test/ops/cluster-*.test.ts): a test file's cluster, started before its tests and stopped
 * after them whatever happened (every temporary directory removed), and the requests and
 * checks those files share.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before } from "node:test";
import {
  freePorts,
  instanceErrors,
  type Instance,
  makeTempDir,
  type Managed,
  metricSum,
  type Nginx,
  removeTempDirs,
  startInstance,
  startNginx,
  startRedis,
  stopAll,
  waitFor,
} from "./processes.js";

/** A quota no test reaches: the count is read from the headers, never enforced. */
export const QUOTA = 100_000;
export const WINDOW_S = 600;
/** The quota of the pair with enforcement on. */
export const ENFORCED_QUOTA = 4;
export const SOS = "... --- ...";

/** Two instances behind an nginx of their own. */
export interface Pair {
  a: Instance;
  b: Instance;
  nginx: Nginx;
}

export interface Cluster extends Pair {
  redis: Managed;
  redisPort: number;
  redisDir: string;
  /** The environment of the main pair's instances: this Redis, nginx trusted, QUOTA not enforced. */
  env: Record<string, string>;
  /** A second pair counting in the same Redis with enforcement on, at ENFORCED_QUOTA (when asked for). */
  enforced: Pair;
}

/**
 * The cluster of a test file: redis-server and a pair of instances behind nginx, plus the
 * pair with enforcement on when `enforced`. Its fields are set before the file's tests run;
 * a test that restarts a process puts the new one in its place.
 */
export function clusterForTests(options: { enforced?: boolean } = {}): Cluster {
  const cluster = {} as Cluster;
  before(
    async () => {
      // Every port at once, so that they all differ.
      const [redisPort, ...ports] = (await freePorts(options.enforced ? 7 : 4)) as [number, ...number[]];
      cluster.redisPort = redisPort;
      cluster.redisDir = await makeTempDir("ditdah-redis-");
      cluster.redis = await startRedis(redisPort, cluster.redisDir);
      cluster.env = {
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        TRUST_PROXY: "127.0.0.1",
        RATE_LIMIT_QUOTA: String(QUOTA),
        RATE_LIMIT_WINDOW_S: String(WINDOW_S),
      };
      const enforcedEnv = { ...cluster.env, RATE_LIMIT_ENFORCE: "true", RATE_LIMIT_QUOTA: String(ENFORCED_QUOTA) };
      const [main, enforced] = await Promise.all([
        startPair(ports.slice(0, 3), cluster.env),
        options.enforced ? startPair(ports.slice(3), enforcedEnv) : undefined,
      ]);
      Object.assign(cluster, main);
      if (enforced) cluster.enforced = enforced;
    },
    { timeout: 60_000 },
  );
  after(
    async () => {
      await stopAll();
      // Errors the instances logged (a 500's details go to the log, not to the client).
      for (const line of instanceErrors()) console.error(line.slice(0, 2_000));
      await removeTempDirs();
    },
    { timeout: 20_000 },
  );
  return cluster;
}

/** Two instances on the first two ports, with `env`, behind nginx on the third. */
async function startPair([aPort, bPort, nginxPort]: number[], env: Record<string, string>): Promise<Pair> {
  const [a, b] = await Promise.all([startInstance(aPort!, env), startInstance(bPort!, env)]);
  return { a, b, nginx: await startNginx(nginxPort!, [aPort!, bPort!]) };
}

/** Each test is its own client (a documentation address), so that counters never mix. */
let clientSeq = 10;
export const nextClient = () => `198.51.100.${clientSeq++}`;

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** encode("SOS") by GET or POST, as `client` (X-Forwarded-For; nginx appends its peer). */
export async function encode(base: string, client: string, method: "GET" | "POST" = "GET"): Promise<Answer> {
  const response =
    method === "GET"
      ? await fetch(`${base}/api/v1/encode?text=SOS`, { headers: { "x-forwarded-for": client }, signal: AbortSignal.timeout(20_000) })
      : await fetch(`${base}/api/v1/encode`, {
          method: "POST",
          headers: { "x-forwarded-for": client, "content-type": "application/json" },
          body: JSON.stringify({ text: "SOS" }),
          signal: AbortSignal.timeout(20_000),
        });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

export function remaining(answer: Answer): number {
  const value = answer.headers.get("x-ratelimit-remaining");
  assert.match(value ?? "", /^\d+$/, `X-RateLimit-Remaining: ${value}`);
  return Number(value);
}

export function assertRateLimitHeaders(answer: Answer, quota = QUOTA): void {
  assert.equal(answer.headers.get("ratelimit-policy"), `"default";q=${quota};w=${WINDOW_S}`);
  const r = remaining(answer);
  assert.match(answer.headers.get("ratelimit") ?? "", new RegExp(`^"default";r=${r};t=\\d+$`));
  assert.equal(answer.headers.get("x-ratelimit-limit"), String(quota));
  assert.match(answer.headers.get("x-ratelimit-reset") ?? "", /^\d+$/);
}

export function assertEncoded(answer: Answer): void {
  assert.equal(answer.status, 200, answer.text);
  assert.equal(JSON.parse(answer.text).output, SOS);
}

/** The end of an nginx error log, for failure messages. */
export async function nginxLog(proxy: Nginx): Promise<string> {
  const text = await readFile(join(proxy.dir, "error.log"), "utf8").catch(() => "");
  return `\nnginx error.log:\n${text.slice(-3_000)}`;
}

/** The encode requests an instance has answered (with `status`, if given), from its /metrics. */
export const encodeRequests = (instance: Instance, status?: string) =>
  metricSum(instance, "ditdah_http_requests_total", { route: "/api/v1/encode", ...(status ? { status } : {}) });

/** /metrics counts a request once its response is sent: wait (bounded) until the counts settle. */
export async function encodeCountsReach(instances: Instance[], before: number[], total: number, status?: string): Promise<number[]> {
  return waitFor(
    `${total} requests counted`,
    async () => {
      const deltas = await Promise.all(instances.map(async (instance, i) => (await encodeRequests(instance, status)) - before[i]!));
      return deltas.reduce((sum, delta) => sum + delta, 0) >= total ? deltas : undefined;
    },
    3_000,
    50,
  );
}

export interface Decoded {
  status: number;
  text: string;
  contentType: string | null;
}

/** POST /api/v1/decode-audio of `wav` through `proxy`. */
export async function decodeAudioThrough(proxy: Nginx, wav: Buffer): Promise<Decoded> {
  const response = await fetch(`${proxy.url}/api/v1/decode-audio`, {
    method: "POST",
    headers: { "content-type": "audio/wav" },
    body: wav,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text(), contentType: response.headers.get("content-type") };
}

/** An answer made by a ditdah instance (its JSON), not by nginx (502, 504, or an HTML 413 page). */
export function assertFromInstance(answer: Decoded): void {
  assert.ok(![413, 502, 503, 504].includes(answer.status), `${answer.status}: ${answer.text.slice(0, 300)}`);
  assert.match(answer.contentType ?? "", /^application\/json/);
  assert.equal(typeof JSON.parse(answer.text).success, "boolean");
}
