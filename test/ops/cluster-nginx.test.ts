/**
 * What nginx (deploy/nginx.conf, as committed) carries to a pair of ditdah instances counting
 * their rate limit in one redis-server: traffic balanced over both, one shared count whichever
 * instance answers, enforcement by either, recording bodies over nginx's default limit, and live
 * streams (WebSocket). Every process is stopped in `after`, whatever happened (test/helpers/cluster.ts).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import WebSocket from "ws";
import {
  assertEncoded,
  assertFromInstance,
  assertRateLimitHeaders,
  clusterForTests,
  decodeAudioThrough,
  ENFORCED_QUOTA,
  encode,
  encodeCountsReach,
  encodeRequests,
  nextClient,
  nginxLog,
  QUOTA,
  remaining,
  WINDOW_S,
} from "../helpers/cluster.js";

const cluster = clusterForTests({ enforced: true });

test("traffic through nginx reaches both instances", async () => {
  const { a, b, nginx } = cluster;
  const client = nextClient();
  const before = await Promise.all([a, b].map((instance) => encodeRequests(instance)));
  for (let i = 0; i < 20; i++) assertEncoded(await encode(nginx.url, client, i % 2 === 0 ? "GET" : "POST"));
  const [fromA, fromB] = await encodeCountsReach([a, b], before, 20);
  assert.ok(fromA! > 0 && fromB! > 0, `A answered ${fromA}, B answered ${fromB}${await nginxLog(nginx)}`);
  assert.equal(fromA! + fromB!, 20);
});

test("one counter: X-RateLimit-Remaining falls by exactly one per request, whichever instance answers", async () => {
  const { a, b, nginx } = cluster;
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
  const { a: e1, b: e2, nginx: nginxEnforced } = cluster.enforced;
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

test("WAV streams through nginx, and a WAV body over 1 MiB reaches decode-audio", async (t) => {
  const { nginx } = cluster;
  const wav = await fetch(`${nginx.url}/api/v1/audio.wav?text=PARIS%20PARIS&wpm=8&sampleRate=48000`, { signal: AbortSignal.timeout(20_000) });
  assert.equal(wav.status, 200);
  assert.equal(wav.headers.get("content-type"), "audio/wav");
  const bytes = Buffer.from(await wav.arrayBuffer());
  assert.equal(Number(wav.headers.get("content-length")), bytes.length);
  assert.ok(bytes.length > 1024 * 1024, `${bytes.length} bytes`);
  // nginx's own limit is 1 MiB unless raised: this body must get through to the instance.
  // (Whether it decodes well is the audio tests' business; here only nginx is under test.)
  const decoded = await decodeAudioThrough(nginx, bytes);
  assertFromInstance(decoded);
  if (decoded.status !== 200) t.diagnostic(`decode-audio answered ${decoded.status}: ${decoded.text.slice(0, 200)}`);
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
  const { a, nginx } = cluster;
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
