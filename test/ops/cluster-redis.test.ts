/**
 * Ditdah instances behind nginx when the redis-server holding their shared rate-limit count
 * fails: killed, every request is still answered (fail-open), /readyz says 503 and the store
 * gauge 0, and once Redis is back the count is shared again; frozen (SIGSTOP), requests are
 * answered promptly all the same, and SIGTERM still ends an instance within its grace.
 * Every process is stopped in `after`, whatever happened (test/helpers/cluster.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { assertEncoded, assertRateLimitHeaders, clusterForTests, encode, nextClient, QUOTA, remaining } from "../helpers/cluster.js";
import {
  freePorts,
  httpGet,
  type Instance,
  makeTempDir,
  type Managed,
  metricSum,
  removeDir,
  startInstance,
  startRedis,
  waitFor,
} from "../helpers/processes.js";

const cluster = clusterForTests();

test("Redis down: every request still answered, /readyz 503, store_up 0; Redis back: one shared count again", async () => {
  const { a, b, nginx } = cluster;
  const errorsBefore = await metricSum(a, "ditdah_rate_limit_store_errors_total");
  await cluster.redis.stop("SIGKILL");
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

  cluster.redis = await startRedis(cluster.redisPort, cluster.redisDir);
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
    const instance = await startInstance(instancePort, { ...cluster.env, REDIS_URL: `redis://127.0.0.1:${port}` });
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
