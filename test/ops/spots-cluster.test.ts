/**
 * Two ditdah instances sharing their spots through one redis-server (REDIS_URL), each with
 * its DX-cluster feed (SPOTS_TELNET_PORT): a spot made on one comes once on both feeds, a
 * repeat made on the other comes on neither, a live stream's spots go there too; a third
 * instance, once /readyz says it is ready, reads every spot added after; with Redis killed,
 * each instance still spots on its own feed, and /readyz says it is degraded.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Redis } from "ioredis";
import { encodeWav } from "../../src/audio/index.js";
import type { Spot } from "../../src/core/index.js";
import { SPOTS_STREAM } from "../../src/http/shared-spots.js";
import { recordBand } from "../fixtures/band.js";
import { parseDxSpot } from "../helpers/dx-cluster.js";
import { FeedClient } from "../helpers/feed-client.js";
import { frames, stream, wsUrl } from "../helpers/listen-client.js";
import {
  freePorts,
  httpGet,
  type Instance,
  instanceErrors,
  makeTempDir,
  type Managed,
  removeTempDirs,
  startInstance,
  startRedis,
  stopAll,
  waitFor,
} from "../helpers/processes.js";

const RATE = 8000;
let redis: Managed;
/** The instances' environment: this Redis, one live thread. */
let env: Record<string, string>;
let a: Instance;
let b: Instance;
let feedA: FeedClient;
let feedB: FeedClient;

/** A band with one station calling CQ at `frequency` Hz. */
function calling(call: string, frequency: number, noiseSeed: number): Float32Array {
  return recordBand({
    signals: [{ text: `CQ CQ DE ${call} ${call} K`, wpm: 24, frequency, snrDb: 8, startS: 0.5 }],
    durationS: 12,
    sampleRate: RATE,
    noiseSeed,
  });
}

async function postSpots(instance: Instance, samples: Float32Array, dial = 14025): Promise<string[]> {
  const response = await fetch(`${instance.url}/api/v1/spots?dial=${dial}`, {
    method: "POST",
    headers: { "content-type": "audio/wav" },
    body: encodeWav([samples], RATE),
    signal: AbortSignal.timeout(60_000),
  });
  const body = (await response.json()) as { spots: { call: string }[] };
  assert.equal(response.status, 200, JSON.stringify(body));
  return body.spots.map((s) => s.call);
}

/** The next spot line's call, or undefined if none comes within `ms`. */
async function nextCall(feed: FeedClient, ms = 5_000): Promise<string | undefined> {
  const line = await feed.lineWithin(ms);
  return line === undefined ? undefined : parseDxSpot(line)?.call;
}

before(async () => {
  const [redisPort, portA, portB, telnetA, telnetB] = (await freePorts(5)) as [number, number, number, number, number];
  redis = await startRedis(redisPort, await makeTempDir("ditdah-redis-spots-"));
  env = { REDIS_URL: `redis://127.0.0.1:${redisPort}`, LIVE_THREADS: "1" };
  [a, b] = await Promise.all([
    startInstance(portA, { ...env, SPOTS_TELNET_PORT: String(telnetA) }),
    startInstance(portB, { ...env, SPOTS_TELNET_PORT: String(telnetB) }),
  ]);
  feedA = new FeedClient(telnetA);
  feedB = new FeedClient(telnetB);
  await Promise.all([feedA.logIn("N0CALL"), feedB.logIn("N0CALL")]);
});

after(async () => {
  feedA?.socket.destroy();
  feedB?.socket.destroy();
  await stopAll();
  await removeTempDirs();
  assert.deepEqual(instanceErrors(), []);
});

test("a spot made on one instance comes once on both feeds; the same call on the other, within 10 minutes, on neither", async () => {
  assert.deepEqual(await postSpots(a, calling("K1ABC", 700, 3)), ["K1ABC"]);
  assert.equal(await nextCall(feedA), "K1ABC");
  assert.equal(await nextCall(feedB), "K1ABC");
  // The same station heard on B: a repeat on both feeds. Then another station, on B: the next line of each feed is that one.
  assert.deepEqual(await postSpots(b, calling("K1ABC", 700, 4)), ["K1ABC"]);
  assert.deepEqual(await postSpots(b, calling("W2XYZ", 1200, 5)), ["W2XYZ"]);
  assert.equal(await nextCall(feedA), "W2XYZ");
  assert.equal(await nextCall(feedB), "W2XYZ");
  assert.equal(await nextCall(feedA, 1500), undefined);
  assert.equal(await nextCall(feedB, 1500), undefined);
});

test("a live stream's spots on one instance come on the other's feed", async () => {
  const pcm = Buffer.from(Int16Array.from(calling("G4XYZ", 900, 6), (x) => Math.round(x * 32767)).buffer);
  const session = await stream(wsUrl(b.url, `sampleRate=${RATE}&signals=all&spots=1&dial=14025`), frames(pcm, 1600));
  assert.deepEqual(
    session.events.filter((e) => e.type === "spot").map((e) => e.call),
    ["G4XYZ"],
  );
  assert.equal(await nextCall(feedA), "G4XYZ");
  assert.equal(await nextCall(feedB), "G4XYZ");
});

test("an instance that says it is ready reads every spot added to the stream after: added the moment it says so", async () => {
  const [port, telnet] = (await freePorts(2)) as [number, number];
  // Waited for alive only: its feed (listening from the start) is logged into before it is
  // ready, and /readyz polled every 5 ms, so that the spot is added the moment it says 200.
  const c = await startInstance(port, { ...env, SPOTS_TELNET_PORT: String(telnet) }, false);
  const feedC = new FeedClient(telnet);
  const publisher = new Redis(env.REDIS_URL!, { lazyConnect: true });
  try {
    await Promise.all([feedC.logIn("N0CALL"), publisher.connect()]);
    await waitFor("/readyz 200", async () => ((await httpGet(`${c.url}/readyz`, {}, 1_000)).status === 200 ? true : undefined), 10_000, 5);
    // Added as another instance adds a spot it made.
    const spot: Spot = { call: "DL1NEW", frequencyKHz: 14025.8, audioHz: 800, snrDb: 12, wpm: 22, kind: "CQ", firstMs: 0, lastMs: 900, heard: "CQ DE DL1NEW" };
    await publisher.xadd(SPOTS_STREAM, "*", "reporter", "N0CALL", "spot", JSON.stringify(spot));
    assert.deepEqual(await Promise.all([feedC, feedA, feedB].map((feed) => nextCall(feed))), ["DL1NEW", "DL1NEW", "DL1NEW"]);
  } finally {
    feedC.socket.destroy();
    publisher.disconnect();
  }
});

test("Redis killed: each instance still spots on its own feed, and /readyz says spots are local only", async () => {
  await redis.stop("SIGKILL");
  for (const instance of [a, b]) {
    const deadline = Date.now() + 5_000;
    let status = "";
    while (!/degraded: spots not shared/.test(status) && Date.now() < deadline) {
      status = JSON.parse((await httpGet(`${instance.url}/readyz`)).text).status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.match(status, /degraded: spots not shared, Redis unreachable: this instance spots locally/);
  }
  assert.deepEqual(await postSpots(a, calling("JA1ZZ", 800, 7)), ["JA1ZZ"]);
  assert.equal(await nextCall(feedA), "JA1ZZ");
  assert.deepEqual(await postSpots(b, calling("VK2ABC", 1000, 8)), ["VK2ABC"]);
  assert.equal(await nextCall(feedB), "VK2ABC");
  // Local only: neither reaches the other's feed.
  assert.equal(await nextCall(feedA, 1500), undefined);
  assert.equal(await nextCall(feedB, 1500), undefined);
});
