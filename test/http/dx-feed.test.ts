/** The DX-cluster feed of spots (SPOTS_TELNET_PORT), over real TCP sockets, its lines read by a parser written from the RBN's format. */
import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import type { Spot } from "../../src/core/index.js";
import { DxFeed, FEED_PROMPT } from "../../src/http/dx-feed.js";
import { FeedClient } from "../helpers/feed-client.js";
import { loadConfig } from "../../src/http/config.js";
import { recordBand } from "../fixtures/band.js";
import { parseDxSpot } from "../helpers/dx-cluster.js";
import { httpGet, parseMetrics } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";
import { assertSuccess, rawRequest } from "./support.js";

const spot = (call: string, frequencyKHz: number): Spot => ({
  call,
  frequencyKHz,
  audioHz: 600,
  snrDb: 12,
  wpm: 24,
  kind: "CQ",
  firstMs: 0,
  lastMs: 1000,
  heard: `CQ DE ${call} K`,
});

describe("the DX-cluster feed, behind POST /api/v1/spots", () => {
  const server = serveForTests({ spotsTelnet: { port: 0, host: "127.0.0.1" } });

  const band = (signals: { text: string; frequency: number }[], noiseSeed: number) =>
    encodeWav([recordBand({ signals: signals.map((s) => ({ ...s, wpm: 24, snrDb: 8, startS: 0.5 })), durationS: 14, sampleRate: 8000, noiseSeed })], 8000);
  const postSpots = (bytes: Uint8Array, query: string) =>
    rawRequest(server.url, "POST", `/api/v1/spots${query}`, {
      headers: { "content-type": "audio/wav", "content-length": String(bytes.length) },
      chunks: [bytes],
    });

  it("prompts, greets, and sends each new spot to every client as an RBN line with CRLF, once per 10 minutes", async () => {
    const port = server.app.dxFeed!.port;
    assert.ok(port > 0);
    const clients = [new FeedClient(port), new FeedClient(port), new FeedClient(port)];
    try {
      for (const [i, client] of clients.entries()) {
        const [hello, prompt] = await client.logIn(i === 0 ? "n0call" : `W${i}XX`);
        assert.match(hello!, new RegExp(`^Hello ${i === 0 ? "N0CALL" : `W${i}XX`}, `));
        assert.match(prompt!, /^\S+ de DITDAH-# \d\d-[A-Z][a-z]{2}-\d{4} \d{4}Z >$/);
      }
      const first = band([{ text: "CQ CQ DE K1ABC K1ABC K", frequency: 700 }], 2);
      assert.deepEqual(
        assertSuccess(await postSpots(first, "?dial=14025&reporter=k9rx")).spots.map((s: Spot) => s.call),
        ["K1ABC"],
      );
      for (const client of clients) {
        const line = await client.line();
        assert.ok(Math.abs(parseDxSpot(line)!.wpm - 24) <= 2, line);
        assert.deepEqual(
          { ...parseDxSpot(line), time: undefined },
          {
            spotter: "K9RX-#",
            frequencyKHz: 14025.7,
            call: "K1ABC",
            mode: "CW",
            snrDb: parseDxSpot(line)!.snrDb,
            wpm: parseDxSpot(line)!.wpm,
            kind: "CQ",
            time: undefined,
          },
          line,
        );
      }
      // The same station again (a repeat: not sent), then another: the next line is the other's.
      assertSuccess(await postSpots(first, "?dial=14025&reporter=k9rx"));
      const second = assertSuccess(await postSpots(band([{ text: "TEST DL1XYZ DL1XYZ", frequency: 1200 }], 3), "?dial=14025&reporter=k9rx"));
      assert.deepEqual(
        second.spots.map((s: Spot) => s.call),
        ["DL1XYZ"],
      );
      for (const client of clients) assert.equal(parseDxSpot(await client.line())?.call, "DL1XYZ");
      assert.equal(server.app.dxFeed!.counts.repeats, 1);
      // /metrics: spots found (3: the repeat is in its recording's answer), spots sent on the feed (2), its clients (3).
      const metrics = parseMetrics((await httpGet(`${server.url}/metrics`)).text);
      const value = (name: string) => metrics.find((m) => m.name === name)?.value;
      assert.deepEqual(
        ["ditdah_spots_total", "ditdah_feed_spots_sent_total", "ditdah_feed_clients", "ditdah_feed_clients_dropped_total"].map(value),
        [3, 2, 3, 0],
      );
    } finally {
      for (const client of clients) client.socket.destroy();
    }
  });
});

describe("DxFeed", () => {
  const feeds: DxFeed[] = [];
  after(async () => {
    for (const feed of feeds) await feed.close();
  });
  const started = async (options: ConstructorParameters<typeof DxFeed>[0] = {}) => {
    const feed = new DxFeed(options);
    feeds.push(feed);
    await feed.listen(0, "127.0.0.1");
    return feed;
  };

  it("asks again for a line that is no call, reads through telnet's commands, and says 73 to BYE", async () => {
    const feed = await started();
    const client = new FeedClient(feed.port);
    assert.equal(await client.upTo(FEED_PROMPT), FEED_PROMPT);
    client.socket.write("\r\n\xff\xfb\x18what is this?\r\n", "latin1");
    assert.equal(await client.line(), "Please send a call sign: letters, digits and /");
    assert.equal(await client.upTo(FEED_PROMPT), FEED_PROMPT);
    client.socket.write("\xff\xfd\x01g4abc/p\n", "latin1");
    assert.match(await client.line(), /^Hello G4ABC\/P, /);
    await client.line();
    client.socket.write("bye\r\n");
    assert.equal(await client.line(), "73");
    await client.closedByFeed();
  });

  it("sends no spot before a client has given its call, nor a busted call, nor a repeat", async () => {
    const feed = await started();
    const early = new FeedClient(feed.port);
    assert.equal(await early.upTo(FEED_PROMPT), FEED_PROMPT);
    feed.publish([spot("K1ABC", 14025.7)]);
    await early.logIn("N0CALL", true);
    assert.deepEqual(
      feed.publish([spot("K1ABC", 14025.9), spot("K1ABD", 14026.2), spot("W1AW", 14030)]).map((s) => s.call),
      ["W1AW"],
    );
    assert.equal(parseDxSpot(await early.line())?.call, "W1AW");
    assert.deepEqual(feed.counts, { clients: 1, sent: 2, repeats: 1, busted: 1, dropped: 0 });
    early.socket.destroy();
  });

  it("serves many clients at once, each every line", async () => {
    const feed = await started();
    const clients = Array.from({ length: 60 }, () => new FeedClient(feed.port));
    await Promise.all(clients.map((c, i) => c.logIn(`K${i % 10}C${String.fromCharCode(65 + (i % 26))}`)));
    feed.publish([spot("JA1ZZ", 7010), spot("VK2ABC", 7012.5)]);
    for (const client of clients) {
      assert.equal(parseDxSpot(await client.line())?.call, "JA1ZZ");
      assert.equal(parseDxSpot(await client.line())?.call, "VK2ABC");
      client.socket.destroy();
    }
  });

  it("drops a client that does not read once its unread lines pass the buffer, and never holds up the others", { timeout: 120_000 }, async () => {
    const feed = await started({ maxBufferBytes: 1024 * 1024 });
    const silent = new FeedClient(feed.port);
    await silent.logIn("SLOW");
    silent.socket.pause(); // reads nothing more: the kernel's buffers fill, then the feed's
    const reader = new FeedClient(feed.port);
    await reader.logIn("FAST");
    // The reader counts the lines as they come, keeping none.
    let count = 0;
    reader.socket.removeAllListeners("data");
    reader.socket.on("data", (data: string) => {
      for (let i = data.indexOf("\n"); i !== -1; i = data.indexOf("\n", i + 1)) count++;
    });
    const caughtUp = async (sent: number) => {
      while (count < sent && !reader.closed) await new Promise((resolve) => setImmediate(resolve));
    };
    // Distinct spots, 0.01 kHz apart, no two calls one character apart (each 4 letters twice), 5000 at a time (385 kB),
    // the reader reading each batch, until the silent client is dropped (the kernel's buffers hold a few MB first).
    let sent = 0;
    for (let batch = 0; feed.counts.dropped === 0; batch++) {
      assert.ok(batch < 80, "the silent client was never dropped");
      const spots = Array.from({ length: 5000 }, (_, i) => {
        const n = batch * 5000 + i;
        return spot(`${letters4(n)}${letters4(n)}`, 1800 + n / 100);
      });
      sent += feed.publish(spots).length;
      await caughtUp(sent);
    }
    assert.equal(feed.counts.busted, 0);
    // Dropped on the feed's side (the silent client, reading nothing, would not even see it close).
    while (feed.counts.clients > 1) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(feed.counts.dropped, 1);
    silent.socket.destroy();
    // The reader, which reads, was kept and got every line; and gets the next.
    feed.publish([spot("W1AW", 14100)]);
    await caughtUp(sent + 1);
    assert.equal(count, sent + 1);
    assert.equal(reader.closed, false);
    assert.equal(feed.counts.clients, 1);
    reader.socket.destroy();
  });
});

/** n as four letters (AAAA, AAAB, ...). */
function letters4(n: number): string {
  return [17576, 676, 26, 1].map((place) => String.fromCharCode(65 + (Math.floor(n / place) % 26))).join("");
}

describe("SPOTS_TELNET_PORT", () => {
  it("turns the feed on, on HOST, and is a port number", () => {
    assert.equal(loadConfig({}).spotsTelnet, undefined);
    assert.deepEqual(loadConfig({ SPOTS_TELNET_PORT: "7300", HOST: "127.0.0.1" }).spotsTelnet, { port: 7300, host: "127.0.0.1" });
    assert.throws(() => loadConfig({ SPOTS_TELNET_PORT: "70000" }), /SPOTS_TELNET_PORT must be a whole number from 0 to 65535/);
  });
});
