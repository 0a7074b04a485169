/**
 * A byte-exact HTTP/1.1 client over `net`, for the robustness tests: it sends whatever it
 * is given (bad percent-encoding, odd methods, NUL, huge lines, lying Content-Length) and
 * reads whatever comes back until the server closes the connection or a deadline passes.
 */
import assert from "node:assert/strict";
import net from "node:net";

export interface RawResponse {
  status: number;
  /** Header names lower case; repeated headers joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** Everything received, as latin1 (for messages). */
  raw: string;
}

export interface RawResult {
  /** Every response found in what came back, in order (pipelining gives several). */
  responses: RawResponse[];
  /** How the exchange ended: the server closed, or the client gave up waiting. */
  ended: "closed" | "timeout" | "error";
  error?: string;
  bytes: Buffer;
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}

function dechunk(data: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf("\r\n", at);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(at, lineEnd).toString("latin1").split(";")[0]!.trim(), 16);
    if (!Number.isFinite(size)) return undefined;
    at = lineEnd + 2;
    if (size === 0) {
      // Trailers (none expected), then the blank line.
      const trailerEnd = data.indexOf("\r\n", at);
      return { body: Buffer.concat(parts), end: trailerEnd < 0 ? data.length : trailerEnd + 2 };
    }
    if (at + size > data.length) return undefined;
    parts.push(data.subarray(at, at + size));
    at += size + 2;
  }
}

/** Splits a byte stream into HTTP responses; `noBody` says which of them answer a HEAD. */
export function parseResponses(data: Buffer, noBody: (index: number) => boolean = () => false): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf("\r\n\r\n", at);
    if (headEnd < 0) break;
    const head = data.subarray(at, headEnd).toString("latin1");
    const [statusLine, ...lines] = head.split("\r\n");
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? "");
    if (!match) break;
    const status = Number(match[1]);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    }
    const bodyStart = headEnd + 4;
    let body: Buffer;
    let end: number;
    if (status === 100) {
      at = bodyStart;
      continue;
    }
    if (noBody(out.length) || status === 204 || status === 304) {
      body = Buffer.alloc(0);
      end = bodyStart;
    } else if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
      const chunked = dechunk(data, bodyStart);
      body = chunked?.body ?? data.subarray(bodyStart);
      end = chunked?.end ?? data.length;
    } else if (headers["content-length"] !== undefined) {
      const length = Number(headers["content-length"]);
      body = data.subarray(bodyStart, bodyStart + length);
      end = bodyStart + length;
    } else {
      body = data.subarray(bodyStart);
      end = data.length;
    }
    out.push({ status, headers, body, raw: data.subarray(at, end).toString("latin1") });
    at = end;
  }
  return out;
}

export interface ExchangeOptions {
  /** Give up after this long without the server closing. */
  timeoutMs?: number;
  /** Half-close after writing (the client sends FIN). */
  endAfterWrite?: boolean;
  /** Stop as soon as this many responses have fully arrived (for keep-alive connections). */
  responses?: number;
  /** Responses (by index) that answer a HEAD and so carry no body. */
  noBody?: (index: number) => boolean;
}

/** Writes `data` on a fresh connection and collects what comes back. */
export function exchange(port: number, data: string | Buffer | readonly (string | Buffer)[], options: ExchangeOptions = {}): Promise<RawResult> {
  const { timeoutMs = 10_000, endAfterWrite = false, responses, noBody } = options;
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = (ended: RawResult["ended"], error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const bytes = Buffer.concat(chunks);
      resolve({ responses: parseResponses(bytes, noBody), ended, error, bytes });
    };
    const timer = setTimeout(() => finish("timeout"), timeoutMs);
    socket.on("data", (chunk: Buffer) => {
      chunks.push(chunk);
      if (responses !== undefined) {
        const parsed = parseResponses(Buffer.concat(chunks), noBody);
        const last = parsed[parsed.length - 1];
        if (parsed.length >= responses && last && (noBody?.(parsed.length - 1) || completeBody(last))) finish("closed");
      }
    });
    socket.on("end", () => finish("closed"));
    socket.on("close", () => finish("closed"));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived is an ending like any other.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") finish("closed");
      else finish("error", error.code ?? error.message);
    });
    socket.on("connect", () => {
      for (const part of Array.isArray(data) ? data : [data]) socket.write(part);
      if (endAfterWrite) socket.end();
    });
  });
}

function completeBody(response: RawResponse): boolean {
  const length = response.headers["content-length"];
  return length === undefined || response.body.length >= Number(length);
}

export interface Request {
  method: string;
  /** The request target exactly as sent. */
  target: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request, `Connection: close`, Content-Length from the body unless the headers give one. */
export function requestBytes({ method, target, headers = {}, body }: Request): Buffer {
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, "utf8");
  const lines = [`${method} ${target} HTTP/1.1`, "Host: 127.0.0.1"];
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (!names.has("connection")) lines.push("Connection: close");
  if (payload && !names.has("content-length") && !names.has("transfer-encoding")) lines.push(`Content-Length: ${payload.length}`);
  const head = Buffer.from(`${lines.join("\r\n")}\r\n\r\n`, "latin1");
  return payload ? Buffer.concat([head, payload]) : head;
}

/** One request over its own connection; fails the test when no complete answer comes. */
export async function send(port: number, request: Request, timeoutMs = 10_000): Promise<RawResponse> {
  const result = await exchange(port, requestBytes(request), { timeoutMs, noBody: () => request.method === "HEAD" });
  const response = result.responses[0];
  assert.ok(
    response,
    `no HTTP answer to ${request.method} ${JSON.stringify(request.target.slice(0, 200))} ` +
      `(${result.ended}${result.error ? ` ${result.error}` : ""}; got ${JSON.stringify(result.bytes.toString("latin1").slice(0, 300))})`,
  );
  return response;
}

/** The body as JSON, or undefined. */
export function jsonOf(response: RawResponse): unknown {
  try {
    return JSON.parse(response.body.toString("utf8"));
  } catch {
    return undefined;
  }
}

export function isJsonResult(value: unknown): value is { success: boolean } & Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { success?: unknown }).success === "boolean";
}

export function describe(request: Request, response?: RawResponse): string {
  const body =
    request.body === undefined ? "" : ` body=${JSON.stringify((Buffer.isBuffer(request.body) ? request.body.toString("latin1") : request.body).slice(0, 200))}`;
  const answer = response ? ` -> ${response.raw.slice(0, 600)}` : "";
  return `${request.method} ${JSON.stringify(request.target.slice(0, 300))} headers=${JSON.stringify(request.headers ?? {})}${body}${answer}`;
}
