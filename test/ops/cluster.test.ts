/**
 * Several ditdah instances behind nginx (deploy/nginx.conf, as committed) sharing their
 * rate-limit counter in one redis-server: balancing, one shared counter, enforcement,
 * failover on SIGKILL, fail-open while Redis is down or frozen, graceful shutdown on SIGTERM.
 * Every process runs on a free loopback port and is stopped in `after`, whatever happened,
 * and every temporary directory removed.
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { after, before, test } from "node:test";
import WebSocket from "ws";
import {
  freePorts,
  httpGet,
  instanceErrors,
  type Instance,
  makeTempDir,
  type Managed,
  metricSum,
  type Nginx,
  removeDir,
  removeTempDirs,
  sleep,
  startInstance,
  startNginx,
  startRedis,
  stopAll,
  waitFor,
} from "../helpers/processes.js";

const QUOTA = 100_000;
const WINDOW_S = 600;
const ENFORCED_QUOTA = 4;
const SOS = "... --- ...";

let redisPort = 0;
let redisDir: string | undefined;
let redis: Managed | undefined;
let sharedEnv: Record<string, string> = {};
/** The main pair, behind `nginx`. */
let a: Instance;
let b: Instance;
let nginx: Nginx;
/** The pair with enforcement on, behind `nginxEnforced`. */
let e1: Instance;
let e2: Instance;
let nginxEnforced: Nginx;

/** Each test is its own client (a documentation address), so that counters never mix. */
let clientSeq = 10;
const nextClient = () => `198.51.100.${clientSeq++}`;

interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** encode("SOS") by GET or POST, as `client` (X-Forwarded-For; nginx appends its peer). */
async function encode(base: string, client: string, method: "GET" | "POST" = "GET"): Promise<Answer> {
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

function remaining(answer: Answer): number {
  const value = answer.headers.get("x-ratelimit-remaining");
  assert.match(value ?? "", /^\d+$/, `X-RateLimit-Remaining: ${value}`);
  return Number(value);
}

function assertRateLimitHeaders(answer: Answer, quota = QUOTA): void {
  assert.equal(answer.headers.get("ratelimit-policy"), `"default";q=${quota};w=${WINDOW_S}`);
  const r = remaining(answer);
  assert.match(answer.headers.get("ratelimit") ?? "", new RegExp(`^"default";r=${r};t=\\d+$`));
  assert.equal(answer.headers.get("x-ratelimit-limit"), String(quota));
  assert.match(answer.headers.get("x-ratelimit-reset") ?? "", /^\d+$/);
}

function assertEncoded(answer: Answer): void {
  assert.equal(answer.status, 200, answer.text);
  assert.equal(JSON.parse(answer.text).output, SOS);
}

/** The end of an nginx error log, for failure messages. */
async function nginxLog(proxy: Nginx): Promise<string> {
  const text = await readFile(join(proxy.dir, "error.log"), "utf8").catch(() => "");
  return `\nnginx error.log:\n${text.slice(-3_000)}`;
}

const encodeRequests = (instance: Instance, status?: string) =>
  metricSum(instance, "ditdah_http_requests_total", { route: "/api/v1/encode", ...(status ? { status } : {}) });

/** /metrics counts a request once its response is sent: wait (bounded) until the counts settle. */
async function encodeCountsReach(instances: Instance[], before: number[], total: number, status?: string): Promise<number[]> {
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

interface Outcome {
  index: number;
  status: number;
  detail?: string;
  /** Date.now() when the request was sent. */
  startedAt: number;
}

/** Requests a load run sends after its signal (a kill or SIGTERM): the failover must carry them. */
const LOAD_AFTER_SIGNAL = 240;
/** The most requests a load run sends, should the signal never come. */
const LOAD_RUN_CAP = 3_000;

/**
 * Encode requests through `base`, `concurrency` at a time (GET and POST alternately), each
 * worker pausing `paceMs` between requests. `event` runs when request number `before` starts;
 * the run then goes on until `after` requests have been sent since `signalledAt()` (the signal,
 * which may come later than the event). Counting from the signal, not a fixed total, keeps the
 * test's meaning on a slow machine, where the signal can come late in the run.
 */
async function loadRun(
  base: string,
  options: { before: number; after: number; concurrency: number; paceMs: number; event: () => void; signalledAt: () => number },
): Promise<Outcome[]> {
  const { before, after, concurrency, paceMs, event, signalledAt } = options;
  const client = nextClient();
  const outcomes: Outcome[] = [];
  let next = 0;
  let sentAfter = 0;
  const more = () => next < before || (sentAfter < after && next < LOAD_RUN_CAP);
  const worker = async () => {
    while (more()) {
      const index = next++;
      if (index === before) event();
      const startedAt = Date.now();
      const since = signalledAt();
      if (since > 0 && startedAt >= since) sentAfter++;
      try {
        const answer = await encode(base, client, index % 2 === 0 ? "GET" : "POST");
        const ok = answer.status === 200 && JSON.parse(answer.text).output === SOS && answer.headers.has("ratelimit");
        outcomes.push({ index, status: answer.status, startedAt, ...(ok ? {} : { detail: answer.text.slice(0, 300) }) });
      } catch (error) {
        outcomes.push({ index, status: 0, startedAt, detail: String(error) });
      }
      await sleep(paceMs);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return outcomes;
}

/** Every request answered 200 with the right body, and at least `minAfter` of them sent after `since` (the signal). */
function assertAllAnswered(outcomes: Outcome[], since: number, minAfter: number): void {
  const failed = outcomes.filter((outcome) => outcome.status !== 200 || outcome.detail !== undefined);
  assert.deepEqual(failed, [], `${failed.length} of ${outcomes.length} requests not answered 200`);
  const after = outcomes.filter((outcome) => outcome.startedAt >= since).length;
  assert.ok(since > 0 && after >= minAfter, `only ${after} requests were sent after the signal`);
}

before(
  async () => {
    const [rPort, aPort, bPort, nPort, e1Port, e2Port, nePort] = (await freePorts(7)) as [number, number, number, number, number, number, number];
    redisPort = rPort;
    redisDir = await makeTempDir("ditdah-redis-");
    redis = await startRedis(redisPort, redisDir);
    sharedEnv = {
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      TRUST_PROXY: "127.0.0.1",
      RATE_LIMIT_QUOTA: String(QUOTA),
      RATE_LIMIT_WINDOW_S: String(WINDOW_S),
    };
    const enforcedEnv = { ...sharedEnv, RATE_LIMIT_ENFORCE: "true", RATE_LIMIT_QUOTA: String(ENFORCED_QUOTA) };
    [a, b, e1, e2] = await Promise.all([
      startInstance(aPort, sharedEnv),
      startInstance(bPort, sharedEnv),
      startInstance(e1Port, enforcedEnv),
      startInstance(e2Port, enforcedEnv),
    ]);
    [nginx, nginxEnforced] = await Promise.all([startNginx(nPort, [aPort, bPort]), startNginx(nePort, [e1Port, e2Port])]);
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

test("traffic through nginx reaches both instances", async () => {
  const client = nextClient();
  const before = await Promise.all([a, b].map((instance) => encodeRequests(instance)));
  for (let i = 0; i < 20; i++) assertEncoded(await encode(nginx.url, client, i % 2 === 0 ? "GET" : "POST"));
  const [fromA, fromB] = await encodeCountsReach([a, b], before, 20);
  assert.ok(fromA! > 0 && fromB! > 0, `A answered ${fromA}, B answered ${fromB}${await nginxLog(nginx)}`);
  assert.equal(fromA! + fromB!, 20);
});

test("one counter: X-RateLimit-Remaining falls by exactly one per request, whichever instance answers", async () => {
  const client = nextClient();
  const before = await Promise.all([a, b].map((instance) => encodeRequests(instance)));
  for (let i = 0; i < 12; i++) {
    const answer = await encode(nginx.url, client, i % 2 === 0 ? "GET" : "POST");
    assertEncoded(answer);
    assertRateLimitHeaders(answer);
    assert.equal(remaining(answer), QUOTA - 1 - i, `request ${i + 1}`);
  }
  const [fromA, fromB] = await encodeCountsReach([a, b], before, 12);
  assert.ok(fromA! > 0 && fromB! > 0, `A answered ${fromA}, B answered ${fromB}${await nginxLog(nginx)}`);
  // The key is the client address from X-Forwarded-For: another client has its own count.
  assert.equal(remaining(await encode(nginx.url, nextClient())), QUOTA - 1);
  // Directly to either instance, the same client continues the same count.
  assert.equal(remaining(await encode(a.url, client)), QUOTA - 13);
  assert.equal(remaining(await encode(b.url, client)), QUOTA - 14);
});

test("enforcement on: the request over quota is refused with 429 and Retry-After by either instance", async () => {
  const client = nextClient();
  const before = await Promise.all([e1, e2].map((instance) => encodeRequests(instance, "429")));
  for (let i = 0; i < ENFORCED_QUOTA; i++) {
    const answer = await encode(nginxEnforced.url, client);
    assertEncoded(answer);
    assertRateLimitHeaders(answer, ENFORCED_QUOTA);
    assert.equal(remaining(answer), ENFORCED_QUOTA - 1 - i);
  }
  for (let i = 0; i < 4; i++) {
    const answer = await encode(nginxEnforced.url, client, i % 2 === 0 ? "GET" : "POST");
    assert.equal(answer.status, 429, answer.text);
    const retryAfter = Number(answer.headers.get("retry-after"));
    assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= WINDOW_S, `Retry-After: ${answer.headers.get("retry-after")}`);
    assert.equal(remaining(answer), 0);
    const body = JSON.parse(answer.text);
    assert.equal(body.success, false);
    assert.equal(typeof body.error, "string");
  }
  const [from1, from2] = await encodeCountsReach([e1, e2], before, 4, "429");
  assert.ok(from1! > 0 && from2! > 0, `429s: ${from1} from one instance, ${from2} from the other${await nginxLog(nginxEnforced)}`);
  // Another client is not affected.
  assertEncoded(await encode(nginxEnforced.url, nextClient()));
});

/** An answer made by a ditdah instance (its JSON), not by nginx (502, 504, or an HTML 413 page). */
function assertFromInstance(answer: { status: number; text: string; contentType: string | null }): void {
  assert.ok(![413, 502, 503, 504].includes(answer.status), `${answer.status}: ${answer.text.slice(0, 300)}`);
  assert.match(answer.contentType ?? "", /^application\/json/);
  assert.equal(typeof JSON.parse(answer.text).success, "boolean");
}

async function decodeAudioThroughNginx(wav: Buffer): Promise<{ status: number; text: string; contentType: string | null }> {
  const response = await fetch(`${nginx.url}/api/v1/decode-audio`, {
    method: "POST",
    headers: { "content-type": "audio/wav" },
    body: wav,
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, text: await response.text(), contentType: response.headers.get("content-type") };
}

test("WAV streams through nginx, and a WAV body over 1 MiB reaches decode-audio", async (t) => {
  const wav = await fetch(`${nginx.url}/api/v1/audio.wav?text=PARIS%20PARIS&wpm=8&sampleRate=48000`, { signal: AbortSignal.timeout(20_000) });
  assert.equal(wav.status, 200);
  assert.equal(wav.headers.get("content-type"), "audio/wav");
  const bytes = Buffer.from(await wav.arrayBuffer());
  assert.equal(Number(wav.headers.get("content-length")), bytes.length);
  assert.ok(bytes.length > 1024 * 1024, `${bytes.length} bytes`);
  // nginx's own limit is 1 MiB unless raised: this body must get through to the instance.
  // (Whether it decodes well is the audio tests' business; here only nginx is under test.)
  const decoded = await decodeAudioThroughNginx(bytes);
  assertFromInstance(decoded);
  if (decoded.status !== 200) t.diagnostic(`decode-audio answered ${decoded.status}: ${decoded.text.slice(0, 200)}`);
});

test("Redis down: every request still answered, /readyz 503, store_up 0; Redis back: one shared count again", async () => {
  const errorsBefore = await metricSum(a, "ditdah_rate_limit_store_errors_total");
  await redis!.stop("SIGKILL");
  const notReady = async (instance: Instance) => (await httpGet(`${instance.url}/readyz`)).status === 503;
  await waitFor("both instances to see Redis gone", async () => ((await notReady(a)) && (await notReady(b)) ? true : undefined), 5_000);

  const client = nextClient();
  for (let i = 0; i < 20; i++) {
    const answer = await encode(nginx.url, client, i % 2 === 0 ? "GET" : "POST");
    assertEncoded(answer);
    assertRateLimitHeaders(answer);
  }
  for (const instance of [a, b]) {
    const readyz = await httpGet(`${instance.url}/readyz`);
    assert.equal(readyz.status, 503);
    const body = JSON.parse(readyz.text);
    assert.equal(body.success, false);
    assert.match(body.status, /redis unreachable/);
    assert.equal(await metricSum(instance, "ditdah_rate_limit_store_up"), 0);
  }
  assert.ok((await metricSum(a, "ditdah_rate_limit_store_errors_total")) > errorsBefore);

  redis = await startRedis(redisPort, redisDir!);
  const ready = async (instance: Instance) => (await httpGet(`${instance.url}/readyz`)).status === 200;
  await waitFor("both instances ready again", async () => ((await ready(a)) && (await ready(b)) ? true : undefined), 10_000);
  for (const instance of [a, b]) assert.equal(await metricSum(instance, "ditdah_rate_limit_store_up"), 1);

  const again = nextClient();
  assert.equal(remaining(await encode(a.url, again)), QUOTA - 1);
  assert.equal(remaining(await encode(b.url, again, "POST")), QUOTA - 2);
  assert.equal(remaining(await encode(nginx.url, again)), QUOTA - 3);
  assert.equal(remaining(await encode(nginx.url, again)), QUOTA - 4);
});

/** A fresh redis-server and one instance counting in it; the Redis is frozen (SIGSTOP) during `body`. */
async function withFrozenRedis(body: (instance: Instance, frozen: Managed) => Promise<void>): Promise<void> {
  const [port, instancePort] = (await freePorts(2)) as [number, number];
  const dir = await makeTempDir("ditdah-redis-frozen-");
  const frozen = await startRedis(port, dir);
  try {
    const instance = await startInstance(instancePort, { ...sharedEnv, REDIS_URL: `redis://127.0.0.1:${port}` });
    assertEncoded(await encode(instance.url, nextClient()));
    frozen.signal("SIGSTOP");
    await body(instance, frozen);
  } finally {
    frozen.signal("SIGCONT");
    await frozen.stop("SIGKILL");
    await removeDir(dir);
  }
}

// A Redis that stops answering without closing its connections (frozen, overloaded, or cut off
// by a network partition) is unreachable too: fail-open must not wait for it.
test("Redis not answering (frozen): requests are still answered promptly, /readyz 503, then 200 once it answers", async () => {
  await withFrozenRedis(async (instance, frozen) => {
    const client = nextClient();
    const answers = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        const startedAt = Date.now();
        try {
          const response = await fetch(`${instance.url}/api/v1/encode?text=SOS`, {
            headers: { "x-forwarded-for": client },
            signal: AbortSignal.timeout(3_000),
          });
          return { i, status: response.status, ms: Date.now() - startedAt, rateLimit: response.headers.get("ratelimit") };
        } catch (error) {
          return { i, status: 0, ms: Date.now() - startedAt, error: String(error) };
        }
      }),
    );
    assert.ok(
      answers.every((answer) => answer.status === 200 && "rateLimit" in answer && answer.rateLimit),
      `with Redis frozen, requests must still be answered (fail-open) within 3 s: ${JSON.stringify(answers)}`,
    );
    await waitFor(
      "/readyz to say 503 redis unreachable",
      async () => {
        const readyz = await httpGet(`${instance.url}/readyz`, {}, 1_000);
        return readyz.status === 503 && /redis unreachable/.test(readyz.text) ? true : undefined;
      },
      5_000,
    );
    frozen.signal("SIGCONT");
    await waitFor("/readyz to say 200 again", async () => ((await httpGet(`${instance.url}/readyz`, {}, 1_000)).status === 200 ? true : undefined), 10_000);
    await instance.process.stop("SIGTERM", 10_000);
  });
});

test("SIGTERM while Redis is not answering (frozen): the instance still exits 0 within 10 s", async () => {
  await withFrozenRedis(async (instance) => {
    instance.process.signal("SIGTERM");
    const exit = await instance.process.exitWithin(10_000);
    assert.deepEqual(exit, { code: 0, signal: null }, `still running 10 s after SIGTERM: ${instance.process.describe()}`);
  });
});

test("SIGKILL of one instance during a load run through nginx loses no request, POSTs in flight included", async (t) => {
  // Each decode-audio of this WAV takes most of a second: four of them, sent just before the
  // kill, are spread over both instances by round robin, so POSTs are in flight on the victim
  // when it dies, and nginx must send them again to the other one (non_idempotent).
  const text = Array.from({ length: 16 }, () => "PARIS").join(" ");
  const wav = Buffer.from(await (await fetch(`${b.url}/api/v1/audio.wav?text=${encodeURIComponent(text)}&wpm=8&sampleRate=48000`)).arrayBuffer());
  const decodeThroughNginx = () => decodeAudioThroughNginx(wav);
  // One first, to know how long a decode takes here (and to warm up).
  const started = Date.now();
  await decodeThroughNginx();
  const killDelayMs = Math.max(300, Math.round((Date.now() - started) * 0.6));
  const victim = a;
  let decodes: ReturnType<typeof decodeThroughNginx>[] = [];
  let killTimer: NodeJS.Timeout | undefined;
  let killedAt = 0;
  const outcomes = await loadRun(nginx.url, {
    before: 60,
    after: LOAD_AFTER_SIGNAL,
    concurrency: 10,
    paceMs: 25,
    signalledAt: () => killedAt,
    event: () => {
      decodes = Array.from({ length: 4 }, decodeThroughNginx);
      killTimer = setTimeout(() => {
        killedAt = Date.now();
        victim.process.signal("SIGKILL");
      }, killDelayMs);
    },
  });
  try {
    const exit = await victim.process.exitWithin(5_000);
    assert.equal(exit?.signal, "SIGKILL");
    assertAllAnswered(outcomes, killedAt, LOAD_AFTER_SIGNAL);
    // Answered by an instance, not lost by nginx (their content is the audio tests' business).
    for (const decoded of await Promise.all(decodes)) {
      assertFromInstance(decoded);
      if (decoded.status !== 200) t.diagnostic(`decode-audio answered ${decoded.status}: ${decoded.text.slice(0, 200)}`);
    }
    // nginx did meet the dead instance (and went on to the other one).
    const errorLog = await readFile(join(nginx.dir, "error.log"), "utf8");
    assert.match(errorLog, new RegExp(`upstream: "http://127\\.0\\.0\\.1:${victim.port}/`));
    const inFlight = new RegExp(`(reset by peer|prematurely closed)[^\\n]*request: "POST [^\\n]*upstream: "http://127\\.0\\.0\\.1:${victim.port}/`);
    t.diagnostic(inFlight.test(errorLog) ? "a POST in flight on the killed instance was sent again" : "no POST was in flight on the killed instance this time");
  } finally {
    clearTimeout(killTimer);
    // Back on the same port for what follows.
    victim.process.signal("SIGKILL");
    await victim.process.exitWithin(5_000);
    a = await startInstance(victim.port, sharedEnv);
  }
});

test("SIGTERM to an instance during a load run through nginx drops no request; it exits 0 within 10 s", async () => {
  // nginx left the killed instance out for fail_timeout (5 s): wait until it balances onto both again.
  const client = nextClient();
  const before = await Promise.all([a, b].map((instance) => encodeRequests(instance)));
  await waitFor(
    "nginx to send traffic to both instances",
    async () => {
      assertEncoded(await encode(nginx.url, client));
      const counts = await Promise.all([a, b].map((instance) => encodeRequests(instance)));
      return counts.every((count, i) => count > before[i]!) ? true : undefined;
    },
    10_000,
    200,
  );

  let signalledAt = 0;
  const outcomes = await loadRun(nginx.url, {
    before: 60,
    after: LOAD_AFTER_SIGNAL,
    concurrency: 10,
    paceMs: 25,
    signalledAt: () => signalledAt,
    event: () => {
      signalledAt = Date.now();
      b.process.signal("SIGTERM");
    },
  });
  assertAllAnswered(outcomes, signalledAt, LOAD_AFTER_SIGNAL);
  const exit = await b.process.exitWithin(Math.max(0, signalledAt + 10_000 - Date.now()));
  assert.deepEqual(exit, { code: 0, signal: null }, b.process.describe());
});

test("graceful shutdown of one instance: a request in flight at SIGTERM completes, then exit code 0", async () => {
  const [port] = (await freePorts(1)) as [number];
  const single = await startInstance(port, { LOG_LEVEL: "info" });
  const body = JSON.stringify({ text: "PARIS" });
  const split = 6;
  const request = httpRequest({
    host: "127.0.0.1",
    port,
    method: "POST",
    path: "/api/v1/encode",
    agent: false,
    headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; text: string }>((resolveAnswer, reject) => {
    request.on("error", reject);
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => {
        text += chunk;
      });
      response.on("end", () => resolveAnswer({ status: response.statusCode ?? 0, connection: response.headers.connection, text }));
      response.on("error", reject);
    });
  });
  // Headers and half the body: the instance is now in the middle of this request.
  request.write(body.slice(0, split));
  await sleep(300);
  const signalledAt = Date.now();
  single.process.signal("SIGTERM");
  // Shutting down: no new connections are accepted...
  await waitFor(
    "the instance to stop accepting connections",
    async () => {
      try {
        await httpGet(`${single.url}/healthz`, {}, 500);
        return undefined;
      } catch {
        return true;
      }
    },
    5_000,
    50,
  );
  assert.ok(single.process.isRunning, "still running while a request is in flight");
  // ...but the request in flight is finished and answered.
  request.end(body.slice(split));
  const { status, connection, text } = await answer;
  assert.equal(status, 200, text);
  assert.equal(JSON.parse(text).output, ".--. .- .-. .. ...");
  assert.equal(connection, "close");
  const exit = await single.process.exitWithin(Math.max(0, signalledAt + 10_000 - Date.now()));
  assert.deepEqual(exit, { code: 0, signal: null }, single.process.describe());
  assert.match(single.process.output, /shutting down/);
});

/** A live stream of `pcm` (s16le at 8 kHz) as `client`, ended at once: its events and close code, or the HTTP status that refused it. */
function liveStream(base: string, client: string, pcm: Buffer): Promise<{ status?: number; code?: number; events: Record<string, unknown>[] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, "ws")}/api/v1/listen?sampleRate=8000`, { headers: { "x-forwarded-for": client } });
    const events: Record<string, unknown>[] = [];
    ws.on("unexpected-response", (_request, response) => resolve({ status: response.statusCode, events }));
    ws.on("error", reject);
    ws.on("message", (data) => events.push(JSON.parse(data.toString())));
    ws.on("close", (code) => resolve({ code, events }));
    ws.on("open", () => {
      for (let at = 0; at < pcm.length; at += 3200) ws.send(pcm.subarray(at, at + 3200), { binary: true });
      ws.send(Buffer.alloc(0), { binary: true });
    });
  });
}

test("a live stream (WebSocket) through nginx reads as it does from an instance, and counts against the client's limit", async () => {
  const wav = await fetch(`${nginx.url}/api/v1/audio.wav?text=CQ%20DE%20W1AW&wpm=20&sampleRate=8000`, { signal: AbortSignal.timeout(20_000) });
  assert.equal(wav.status, 200);
  const pcm = Buffer.from(await wav.arrayBuffer()).subarray(44);
  const client = nextClient();
  const proxied = await liveStream(nginx.url, client, pcm);
  assert.equal(proxied.status, undefined, `nginx answered ${proxied.status}${await nginxLog(nginx)}`);
  assert.equal(proxied.code, 1000);
  const direct = await liveStream(a.url, nextClient(), pcm);
  assert.deepEqual(proxied.events, direct.events);
  assert.equal(proxied.events.at(-1)?.output, "CQ DE W1AW");
  // The stream was one request of this client's, in the shared count.
  assert.equal(remaining(await encode(nginx.url, client)), QUOTA - 2);
  // A plain GET is the instance's 426, passed on.
  const plain = await fetch(`${nginx.url}/api/v1/listen?sampleRate=8000`, { signal: AbortSignal.timeout(20_000) });
  assert.equal(plain.status, 426);
  assert.equal(((await plain.json()) as { code?: string }).code, "UPGRADE_REQUIRED");
});
