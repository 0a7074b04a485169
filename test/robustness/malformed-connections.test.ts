/** Pipelined requests and hundreds of slow-header connections over raw sockets (GitHub issue 6): the server keeps serving. */
import assert from "node:assert/strict";
import http from "node:http";
import net from "node:net";
import { describe as suite, test } from "node:test";
import { serveForTests } from "../helpers/server.js";
import { CRLF, assertJsonError, refusals, show } from "./malformed.js";
import { exchange, jsonOf, parseResponses, requestBytes } from "./raw.js";

const server = serveForTests();
const { assertStillServing } = refusals(server);

suite("pipelining", () => {
  test("three requests in one write get three answers, in order", async () => {
    const data =
      `GET /api/v1/encode?text=A HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}` +
      `POST /api/v1/audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}Content-Length: 12${CRLF}${CRLF}{"text":"E"}` +
      `GET /api/v1/decode?morse=-.-. HTTP/1.1${CRLF}Host: x${CRLF}Connection: close${CRLF}${CRLF}`;
    const result = await exchange(server.port, data);
    assert.equal(result.responses.length, 3, show(result));
    assert.deepEqual(jsonOf(result.responses[0]!), { success: true, input: "A", output: ".-", characters: 1 });
    assert.equal((jsonOf(result.responses[1]!) as { text?: string }).text, "E");
    assert.deepEqual(jsonOf(result.responses[2]!), { success: true, input: "-.-.", output: "C", characters: 1 });
  });

  test("pipelined requests of every kind (ok, 400, 404, 405, HEAD, OPTIONS, WAV) come back in order", async () => {
    const requests = [
      { method: "GET", target: "/api/v1/encode?text=A" },
      { method: "GET", target: "/api/v1/encode?text=%7E" },
      { method: "GET", target: "/nope" },
      { method: "DELETE", target: "/api/v1/encode" },
      { method: "HEAD", target: "/api/v1/chart" },
      { method: "OPTIONS", target: "/api/v1/encode" },
      { method: "GET", target: "/api/v1/audio.wav?text=T" },
      { method: "GET", target: "/api/v1/decode?morse=-" },
    ];
    const data = Buffer.concat(requests.map((r, i) => requestBytes({ ...r, headers: { Connection: i === requests.length - 1 ? "close" : "keep-alive" } })));
    const result = await exchange(server.port, data, { noBody: (i) => requests[i]?.method === "HEAD" });
    assert.deepEqual(
      result.responses.map((r) => r.status),
      [200, 400, 404, 405, 200, 204, 200, 200],
      show(result),
    );
    assert.equal(result.responses[6]!.headers["content-type"], "audio/wav");
    assert.deepEqual(jsonOf(result.responses[7]!), { success: true, input: "-", output: "T", characters: 1 });
  });

  test("a hundred pipelined requests in one write are all answered, in order", async () => {
    const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const data = Array.from(
      { length: 100 },
      (_, i) => `GET /api/v1/encode?text=${letters[i % 26]} HTTP/1.1${CRLF}Host: x${CRLF}${i === 99 ? `Connection: close${CRLF}` : ""}${CRLF}`,
    ).join("");
    const result = await exchange(server.port, data);
    assert.equal(result.responses.length, 100, show(result));
    result.responses.forEach((response, i) => {
      assert.equal((jsonOf(response) as { input?: string }).input, letters[i % 26]);
    });
  });
});

// ---------------------------------------------------------------------------------------

/** One GET over a fresh connection; its latency in ms. */
function timedGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.request({ host: "127.0.0.1", port: server.port, path, agent: false }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
        else resolve(Number(process.hrtime.bigint() - started) / 1e6);
      });
    });
    request.on("error", reject);
    request.end();
  });
}

async function medianLatency(count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) times.push(await timedGet(`/api/v1/encode?text=SOS${i % 10}`));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** Opens a connection and sends the start of a request, never the end. */
function slowClient(partial: string): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, "127.0.0.1", () => {
      socket.write(partial);
      resolve(socket);
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ECONNRESET" && error.code !== "EPIPE") reject(error);
    });
  });
}

suite("slow clients", () => {
  test("300 slow-header connections do not slow normal requests down (median < 5x + 50 ms)", async (t) => {
    await medianLatency(10); // warm-up
    const baseline = await medianLatency(50);
    const slow: net.Socket[] = [];
    try {
      for (let i = 0; i < 300; i++) {
        slow.push(await slowClient(i % 2 === 0 ? "GET /api/v1/encode?text=S" : `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: appl`));
      }
      const withSlow = await medianLatency(50);
      const open = slow.filter((s) => !s.destroyed).length;
      t.diagnostic(`median latency: ${baseline.toFixed(2)} ms without, ${withSlow.toFixed(2)} ms with ${open} slow connections open`);
      assert.ok(open >= 290, `only ${open} of 300 slow connections are still open: the test measured nothing`);
      assert.ok(withSlow < 5 * baseline + 50, `median ${withSlow.toFixed(2)} ms with 300 slow connections vs ${baseline.toFixed(2)} ms without`);
    } finally {
      for (const socket of slow) socket.destroy();
    }
    await assertStillServing();
  });

  test("200 slow-body connections (headers sent, body held back) do not slow normal requests down", async (t) => {
    await medianLatency(10);
    const baseline = await medianLatency(50);
    const slow: net.Socket[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        slow.push(
          await slowClient(
            i % 2 === 0
              ? `POST /api/v1/encode HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: application/json${CRLF}Content-Length: 1000${CRLF}${CRLF}{"text":"`
              : `POST /api/v1/decode-audio HTTP/1.1${CRLF}Host: x${CRLF}Content-Type: audio/wav${CRLF}Content-Length: 1000000${CRLF}${CRLF}RIFF`,
          ),
        );
      }
      const withSlow = await medianLatency(50);
      const open = slow.filter((s) => !s.destroyed).length;
      t.diagnostic(`median latency: ${baseline.toFixed(2)} ms without, ${withSlow.toFixed(2)} ms with ${open} slow-body connections open`);
      assert.ok(open >= 190, `only ${open} of 200 slow connections are still open: the test measured nothing`);
      assert.ok(withSlow < 5 * baseline + 50, `median ${withSlow.toFixed(2)} ms with 200 slow-body connections vs ${baseline.toFixed(2)} ms without`);
    } finally {
      for (const socket of slow) socket.destroy();
    }
    await assertStillServing();
  });

  test("regression: the 10 s headers timeout cuts off a client that never finishes its headers (408 JSON within 15 s)", { timeout: 30_000 }, async () => {
    const started = Date.now();
    const connections = [
      // Stalls inside the request line.
      { socket: await slowClient("GET /api/v1/encode?text=S"), trickle: false },
      // Trickles a header line every second: the timeout counts from the start of the request.
      { socket: await slowClient(`GET /api/v1/encode?text=SOS HTTP/1.1${CRLF}Host: x${CRLF}`), trickle: true },
    ];
    const outcomes = await Promise.all(
      connections.map(
        ({ socket, trickle }) =>
          new Promise<{ ms: number; data: string }>((resolve) => {
            let data = "";
            const timer = trickle ? setInterval(() => socket.writable && socket.write(`X-Slow: 1${CRLF}`), 1000) : undefined;
            const deadline = setTimeout(() => socket.destroy(), 15_000);
            socket.on("data", (chunk: Buffer) => {
              data += chunk.toString("latin1");
            });
            socket.on("close", () => {
              clearInterval(timer);
              clearTimeout(deadline);
              resolve({ ms: Date.now() - started, data });
            });
          }),
      ),
    );
    for (const [i, { ms, data }] of outcomes.entries()) {
      assert.ok(ms < 14_900, `connection ${i} was still open after ${ms} ms (headers timeout 10 s)`);
      assert.ok(ms >= 9_000, `connection ${i} closed after only ${ms} ms`);
      const [response] = parseResponses(Buffer.from(data, "latin1"));
      assertJsonError(response, 408, data, "REQUEST_TIMEOUT");
    }
    await assertStillServing();
  });
});
