/**
 * POST /api/v1/decode-audio takes at most DECODE_QUEUE.max recordings at once, counted from
 * their headers: the next is refused with a JSON 503 before its body is read, and its
 * connection closed; a place is free again once its recording is answered or its client has
 * gone. And the memory it holds stays bounded: a flood of 32 MiB uploads against a real
 * process, its resident memory read from /proc.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import net from "node:net";
import { after, describe, it } from "node:test";
import { encodeWav } from "../../src/audio/index.js";
import { AudioDecoder } from "../../src/http/audio-decoder.js";
import { DECODE_QUEUE, RECORDING_BODY_LIMIT } from "../../src/http/limits.js";
import { recordBand } from "../fixtures/band.js";
import { freePorts, httpGet, type Instance, parseMetrics, startInstance, stopAll, waitFor } from "../helpers/processes.js";
import { serveForTests } from "../helpers/server.js";
import { type Answer, assertError, assertSuccess, rawRequest } from "./support.js";

const SHORT = Buffer.from(
  encodeWav([recordBand({ signals: [{ text: "TEST", wpm: 20, frequency: 600, snrDb: 10, startS: 0.3 }], durationS: 2, sampleRate: 8000, noiseSeed: 1 })], 8000),
);

const BUSY_BODY = { success: false, error: "Too many recordings are being decoded: try again in a few seconds", code: "BUSY" };

const head = (contentLength: number, extra = "") =>
  `POST /api/v1/decode-audio HTTP/1.1\r\nHost: x\r\nContent-Type: audio/wav\r\nContent-Length: ${contentLength}\r\n${extra}\r\n`;

/** `raw` without the interim (1xx) answers it starts with, and their statuses. */
function interimAnswers(raw: Buffer): { statuses: number[]; rest: Buffer } {
  const statuses: number[] = [];
  for (let status = /^HTTP\/1\.1 (1\d\d) /.exec(raw.toString("latin1", 0, 13)); status && raw.includes("\r\n\r\n"); ) {
    statuses.push(Number(status[1]));
    raw = raw.subarray(raw.indexOf("\r\n\r\n") + 4);
    status = /^HTTP\/1\.1 (1\d\d) /.exec(raw.toString("latin1", 0, 13));
  }
  return { statuses, rest: raw };
}

/** The first final answer in `raw`, once it is whole (by its Content-Length), else undefined. */
function parseAnswer(whole: Buffer): Answer | undefined {
  const raw = interimAnswers(whole).rest;
  const end = raw.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine = "", ...lines] = raw.subarray(0, end).toString("latin1").split("\r\n");
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const length = Number(headers.get("content-length") ?? Number.NaN);
  if (!(raw.length >= end + 4 + length)) return undefined;
  const text = raw.subarray(end + 4, end + 4 + length).toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, text, body };
}

/** A client over a raw socket: what it writes is up to the test; it reads one answer, and whether the server closed the connection. */
class RawClient {
  private readonly socket: net.Socket;
  private raw = Buffer.alloc(0);
  readonly connected: Promise<void>;
  /** The answer once it is whole, or what came before the connection closed (undefined: nothing whole). */
  readonly answer: Promise<Answer | undefined>;
  /** Resolves when the connection is closed, by either side. */
  readonly closed: Promise<void>;
  /** Resolves on a 100 Continue. */
  readonly continued: Promise<void>;

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.connected = new Promise((resolve) => this.socket.once("connect", () => resolve()));
    // A server that answers and closes before the body is all sent makes writes fail: that is the point.
    this.socket.on("error", () => {});
    this.closed = new Promise((resolve) => this.socket.once("close", () => resolve()));
    let onContinue = () => {};
    this.continued = new Promise((resolve) => {
      onContinue = resolve;
    });
    this.answer = new Promise((resolve) => {
      this.socket.on("data", (chunk: Buffer) => {
        this.raw = Buffer.concat([this.raw, chunk]);
        if (this.interim.includes(100)) onContinue();
        const answer = parseAnswer(this.raw);
        if (answer) resolve(answer);
      });
      void this.closed.then(() => resolve(parseAnswer(this.raw)));
    });
  }

  /** The statuses of the interim (1xx) answers received. */
  get interim(): number[] {
    return interimAnswers(this.raw).statuses;
  }

  write(data: string | Uint8Array): void {
    this.socket.write(data);
  }

  hangUp(): void {
    this.socket.destroy();
  }
}

async function recordingsTaken(url: string): Promise<number> {
  const samples = parseMetrics((await httpGet(`${url}/metrics`)).text);
  const gauge = samples.find((s) => s.name === "ditdah_decode_recordings");
  if (!gauge) throw new Error("no ditdah_decode_recordings in /metrics");
  return gauge.value;
}

const untilTaken = (url: string, count: number) =>
  waitFor(`${count} recordings taken`, async () => ((await recordingsTaken(url)) === count ? true : undefined), 20_000, 20);

function postShort(url: string) {
  return rawRequest(url, "POST", "/api/v1/decode-audio", { headers: { "content-type": "audio/wav", "content-length": String(SHORT.length) }, chunks: [SHORT] });
}

describe("decode-audio's places, taken from a request's headers to its answer", () => {
  const server = serveForTests();

  it("refuses one more with 503 BUSY, Retry-After and a closed connection before its body is sent; places free as uploads are answered or given up", async () => {
    // Every place held by an upload in progress: some have sent half their body, some only their headers.
    const holders = Array.from({ length: DECODE_QUEUE.max }, () => new RawClient(server.port));
    await Promise.all(holders.map((holder) => holder.connected));
    const half = SHORT.length >> 1;
    for (const [i, holder] of holders.entries()) {
      holder.write(i % 2 === 0 ? Buffer.concat([Buffer.from(head(SHORT.length)), SHORT.subarray(0, half)]) : head(SHORT.length));
    }
    await untilTaken(server.url, DECODE_QUEUE.max);

    // Only its headers: a 32 MiB body announced, none sent. Answered all the same, and its connection closed.
    const refused = new RawClient(server.port);
    refused.write(head(RECORDING_BODY_LIMIT));
    const answer = await refused.answer;
    assert.ok(answer, "no answer to headers alone");
    assertError(answer, 503, BUSY_BODY.error, "BUSY");
    assert.deepEqual(answer.body, BUSY_BODY);
    assert.equal(answer.headers.get("retry-after"), String(DECODE_QUEUE.retryAfterSeconds));
    assert.equal(answer.headers.get("connection"), "close");
    await refused.closed;
    // One that asks before sending its body is refused without being asked for it.
    const asking = new RawClient(server.port);
    asking.write(head(SHORT.length, "Expect: 100-continue\r\n"));
    assert.deepEqual((await asking.answer)?.body, BUSY_BODY);
    assert.deepEqual(asking.interim, []);
    await asking.closed;
    // A refused request takes no place.
    assert.equal(await recordingsTaken(server.url), DECODE_QUEUE.max);

    // Two finish their uploads and are decoded; the others hang up mid-upload.
    const [first, second, ...rest] = holders as [RawClient, RawClient, ...RawClient[]];
    first.write(SHORT.subarray(half));
    second.write(SHORT);
    for (const holder of [first, second]) assert.equal(assertSuccess((await holder.answer)!).output, "TEST");
    for (const holder of rest) holder.hangUp();
    await untilTaken(server.url, 0);
    for (const holder of [first, second]) holder.hangUp();

    // One that asks is told to send its body once it has a place.
    const told = new RawClient(server.port);
    told.write(head(SHORT.length, "Expect: 100-continue\r\n"));
    await told.continued;
    told.write(SHORT);
    assert.equal(assertSuccess((await told.answer)!).output, "TEST");
    assert.deepEqual(told.interim, [100]);
    told.hangUp();

    // Every place is free: as many uploads as there are places are taken at once, and decoded.
    const answers = await Promise.all(Array.from({ length: DECODE_QUEUE.max }, () => postShort(server.url)));
    for (const decoded of answers) assert.equal(assertSuccess(decoded).output, "TEST");
    await untilTaken(server.url, 0);
  });

  it("reads a chunked upload (no Content-Length) into one buffer and decodes it, and refuses one that grows past 32 MiB (413)", async () => {
    const chunks = [SHORT.subarray(0, 7), SHORT.subarray(7, 5000), SHORT.subarray(5000)];
    const chunked = await rawRequest(server.url, "POST", "/api/v1/decode-audio", {
      headers: { "content-type": "audio/wav", "transfer-encoding": "chunked" },
      chunks,
    });
    assert.equal(assertSuccess(chunked).output, "TEST");
    const tooLarge = await rawRequest(server.url, "POST", "/api/v1/decode-audio", {
      headers: { "content-type": "audio/wav", "transfer-encoding": "chunked" },
      chunks: [SHORT, Buffer.alloc(RECORDING_BODY_LIMIT)],
    });
    assertError(tooLarge, 413, "Request body is too large: the limit is 33554432 bytes (32 MiB)", "PAYLOAD_TOO_LARGE");
    await untilTaken(server.url, 0);
  });
});

describe("a recording's bytes, handed to its decoding thread", () => {
  it("are transferred, not copied, when they are the whole of their buffer (as bodies are read); a view into a larger one is copied", async () => {
    const decoder = new AudioDecoder(30_000);
    try {
      const whole = Buffer.allocUnsafeSlow(SHORT.length);
      SHORT.copy(whole);
      assert.equal((await decoder.decode(whole, "audio/wav", {})).output, "TEST");
      assert.equal(whole.byteLength, 0, "the thread took the buffer over: nothing is left here");
      const larger = Buffer.concat([Buffer.from("head"), SHORT]);
      const view = larger.subarray(4);
      assert.equal((await decoder.decode(view, "audio/wav", {})).output, "TEST");
      assert.equal(larger.byteLength, SHORT.length + 4, "the larger buffer is left whole");
      assert.ok(view.equals(SHORT));
    } finally {
      await decoder.close();
    }
  });
});

/** The resident memory of a process, bytes (VmRSS in /proc/PID/status: threads included). */
function residentBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * A WAV of (nearly) 32 MiB that decodes fast: 44 s of stereo 32-bit float at 96 kHz, a 600 Hz
 * tone keyed on and off (the decoder reads it at a few kHz).
 */
function largeWav(): Uint8Array {
  const rate = 96_000;
  const frames = Math.floor((RECORDING_BODY_LIMIT - 1024) / 8);
  const samples = new Float32Array(frames);
  for (let i = 0; i < frames; i++) samples[i] = Math.floor(i / 14_400) % 2 === 0 ? 0.5 * Math.sin((2 * Math.PI * 600 * i) / rate) : 0;
  return encodeWav([samples, samples], rate, { format: "float", bits: 32 });
}

const MIB = 1024 * 1024;
/** The growth in resident memory the flood may cause: bodies held at once are bounded by DECODE_QUEUE.max × 32 MiB. */
const MAX_GROWTH = 512 * MIB;
const UPLOADS = 50;

describe("a flood of 32 MiB uploads against a real process", () => {
  after(stopAll);

  it(`keeps its resident memory under ${MAX_GROWTH / MIB} MiB above where it started, and answers every upload with JSON (200 or 503)`, async (t) => {
    const wav = largeWav();
    assert.ok(wav.length <= RECORDING_BODY_LIMIT && wav.length > RECORDING_BODY_LIMIT - 2048, String(wav.length));
    const [port] = (await freePorts(1)) as [number];
    const instance: Instance = await startInstance(port, {});
    const pid = instance.process.pid!;
    // A decoding thread started, as it will be under any load.
    assert.equal(assertSuccess(await postShort(instance.url)).output, "TEST");
    const baseline = residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(pid));
    }, 10);
    let answers: (Answer | undefined)[];
    try {
      const clients = Array.from({ length: UPLOADS }, () => new RawClient(port));
      await Promise.all(clients.map((client) => client.connected));
      for (const client of clients) {
        client.write(head(wav.length));
        client.write(wav);
      }
      answers = await Promise.all(clients.map((client) => client.answer));
      for (const client of clients) client.hangUp();
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, residentBytes(pid));
    const growthMiB = (peak - baseline) / MIB;
    const statuses = answers.map((answer) => answer?.status ?? 0);
    t.diagnostic(`baseline ${(baseline / MIB).toFixed(0)} MiB, peak growth ${growthMiB.toFixed(0)} MiB, statuses ${statuses.join(" ")}`);
    assert.ok(peak - baseline < MAX_GROWTH, `resident memory grew by ${growthMiB.toFixed(0)} MiB`);
    for (const answer of answers) {
      assert.ok(answer, "an upload got no whole answer");
      if (answer.status === 503) assert.deepEqual(answer.body, BUSY_BODY);
      else assert.equal(assertSuccess(answer).success, true);
    }
    assert.ok(statuses.includes(200) && statuses.includes(503), statuses.join(" "));
    await untilTaken(instance.url, 0);
    assert.equal(assertSuccess(await postShort(instance.url)).output, "TEST");
    t.diagnostic(`resident once answered: ${((residentBytes(pid) - baseline) / MIB).toFixed(0)} MiB above the baseline`);
  });
});
