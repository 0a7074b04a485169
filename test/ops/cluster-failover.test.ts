/**
 * Ditdah instances behind nginx losing one of their number under load: SIGKILL of an instance
 * loses no request (nginx sends those in flight, POSTs included, to the other), SIGTERM drops
 * none and the instance exits 0 within its grace; and one instance's graceful shutdown finishes
 * the request in flight before it exits. Every process is stopped in `after`, whatever
 * happened (test/helpers/cluster.ts).
 */
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { test } from "node:test";
import { assertEncoded, assertFromInstance, clusterForTests, decodeAudioThrough, encode, encodeRequests, nextClient, SOS } from "../helpers/cluster.js";
import { freePorts, httpGet, sleep, startInstance, waitFor } from "../helpers/processes.js";

const cluster = clusterForTests();

interface Outcome {
  index: number;
  status: number;
  detail?: string;
  /** Date.now() when the request was sent. */
  startedAt: number;
}

/** A load run: requests sent before its event, and after its signal (a kill or SIGTERM): the failover must carry those. */
const LOAD_BEFORE_EVENT = 60;
const LOAD_AFTER_SIGNAL = 240;
/** The most requests a load run sends, should the signal never come. */
const LOAD_RUN_CAP = 3_000;
/** Requests in flight at once, and each worker's pause between two, ms. */
const LOAD_CONCURRENCY = 10;
const LOAD_PACE_MS = 25;

/**
 * Encode requests through `base`, LOAD_CONCURRENCY at a time (GET and POST alternately), each
 * worker pausing LOAD_PACE_MS between requests. `event` runs when request number
 * LOAD_BEFORE_EVENT starts; the run then goes on until LOAD_AFTER_SIGNAL requests have been
 * sent since `signalledAt()` (the signal, which may come later than the event). Counting from
 * the signal, not a fixed total, keeps the test's meaning on a slow machine, where the signal
 * can come late in the run.
 */
async function loadRun(base: string, { event, signalledAt }: { event: () => void; signalledAt: () => number }): Promise<Outcome[]> {
  const client = nextClient();
  const outcomes: Outcome[] = [];
  let next = 0;
  let sentAfter = 0;
  const more = () => next < LOAD_BEFORE_EVENT || (sentAfter < LOAD_AFTER_SIGNAL && next < LOAD_RUN_CAP);
  const worker = async () => {
    while (more()) {
      const index = next++;
      if (index === LOAD_BEFORE_EVENT) event();
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
      await sleep(LOAD_PACE_MS);
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  return outcomes;
}

/** Every request answered 200 with the right body, and at least `minAfter` of them sent after `since` (the signal). */
function assertAllAnswered(outcomes: Outcome[], since: number, minAfter: number): void {
  const failed = outcomes.filter((outcome) => outcome.status !== 200 || outcome.detail !== undefined);
  assert.deepEqual(failed, [], `${failed.length} of ${outcomes.length} requests not answered 200`);
  const after = outcomes.filter((outcome) => outcome.startedAt >= since).length;
  assert.ok(since > 0 && after >= minAfter, `only ${after} requests were sent after the signal`);
}

test("SIGKILL of one instance during a load run through nginx loses no request, POSTs in flight included", async (t) => {
  const { b, nginx } = cluster;
  // Each decode-audio of this WAV takes most of a second: four of them, sent just before the
  // kill, are spread over both instances by round robin, so POSTs are in flight on the victim
  // when it dies, and nginx must send them again to the other one (non_idempotent).
  const text = Array.from({ length: 16 }, () => "PARIS").join(" ");
  const wav = Buffer.from(await (await fetch(`${b.url}/api/v1/audio.wav?text=${encodeURIComponent(text)}&wpm=8&sampleRate=48000`)).arrayBuffer());
  const decodeThroughNginx = () => decodeAudioThrough(nginx, wav);
  // One first, to know how long a decode takes here (and to warm up).
  const started = Date.now();
  await decodeThroughNginx();
  const killDelayMs = Math.max(300, Math.round((Date.now() - started) * 0.6));
  const victim = cluster.a;
  let decodes: ReturnType<typeof decodeThroughNginx>[] = [];
  let killTimer: NodeJS.Timeout | undefined;
  let killedAt = 0;
  const outcomes = await loadRun(nginx.url, {
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
    cluster.a = await startInstance(victim.port, cluster.env);
  }
});

test("SIGTERM to an instance during a load run through nginx drops no request; it exits 0 within 10 s", async () => {
  const { a, b, nginx } = cluster;
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
