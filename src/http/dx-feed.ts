/**
 * The DX-cluster feed (API.md section 9): plain TCP, as a DX cluster, the Reverse Beacon
 * Network and CW Skimmer Server speak it, so that a logging program that reads their telnet
 * feeds reads ours. A client is asked `Please enter your call: `, answers with a line, is
 * greeted, and from then on gets each new spot as a DX-cluster line ending in CRLF.
 *
 * A spot goes out once: per reporter, the same call within 0.5 kHz once per 10 minutes, and
 * a call one character off a call sent within 1 kHz in the last 10 minutes not at all (the
 * core's SpotLog, on the wall clock). A client that reads slower than spots come is never
 * waited for: what it has not read is kept up to `maxBufferBytes`, then it is dropped.
 */
import net from "node:net";
import { DEFAULT_REPORTER, dxClusterLine, type Spot, SpotLog } from "../core/index.js";

export const FEED_PROMPT = "Please enter your call: ";
const CRLF = "\r\n";
/** What a client may send as its call, upper-cased: a call sign or a listener's name. */
const CLIENT_CALL = /^[A-Z0-9/-]{1,20}$/;
/** What a client may send before its line ends, bytes; more is no login. */
const MAX_LINE_BYTES = 256;
/** What a client may send that is not read, once logged in, bytes, before it is dropped. */
const MAX_IGNORED_BYTES = 64 * 1024;

export interface FeedOptions {
  /** What a client has not read yet, at most, bytes; past it the client is dropped. */
  maxBufferBytes?: number;
  /** Clients at once, at most; one more is told so and closed. */
  maxClients?: number;
  /** A client that sends no call for this long is closed, ms. */
  loginMs?: number;
  /** What the clock says (ms since 1970): the spots' times and the once-per-10-minutes rule. */
  now?: () => number;
}

export const FEED_DEFAULTS = { maxBufferBytes: 256 * 1024, maxClients: 1000, loginMs: 60_000 } as const;

/** What the feed counts, for /metrics and its tests. */
export interface FeedCounts {
  clients: number;
  sent: number;
  repeats: number;
  busted: number;
  dropped: number;
}

interface Client {
  socket: net.Socket;
  /** The call it gave; undefined until it has. */
  call?: string;
  pending: string;
  ignored: number;
}

/** `28-Nov-2026 0040Z`, as DX clusters date their prompts. */
function clusterDate(at: Date): string {
  const month = at.toLocaleString("en", { month: "short", timeZone: "UTC" });
  const hhmm = `${String(at.getUTCHours()).padStart(2, "0")}${String(at.getUTCMinutes()).padStart(2, "0")}`;
  return `${String(at.getUTCDate()).padStart(2, "0")}-${month}-${at.getUTCFullYear()} ${hhmm}Z`;
}

/** Telnet's commands (IAC and what follows it), which a telnet client may send before its call: dropped. */
function withoutTelnetCommands(text: string): string {
  return text.replace(/\xff[\xfb-\xfe][\s\S]|\xff[\xf0-\xfa]/g, "");
}

export class DxFeed {
  private server?: net.Server;
  private readonly clients = new Set<Client>();
  private readonly logs = new Map<string, SpotLog>();
  private readonly options: Required<FeedOptions>;
  readonly counts: FeedCounts = { clients: 0, sent: 0, repeats: 0, busted: 0, dropped: 0 };

  constructor(options: FeedOptions = {}) {
    this.options = { ...FEED_DEFAULTS, now: Date.now, ...options };
  }

  /** Listens on `port` (0: any free one) of `host`; resolves to the port. */
  async listen(port: number, host?: string): Promise<number> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
    return this.port;
  }

  get port(): number {
    return (this.server?.address() as net.AddressInfo | null)?.port ?? 0;
  }

  /**
   * Sends the spots a reporter made that are new: each as a DX-cluster line to every client
   * logged in. `atMs` is when they are judged and dated (the feed's clock by default; spots
   * shared through Redis, the stream's). Returns the spots sent.
   */
  publish(spots: readonly Spot[], reporter: string = DEFAULT_REPORTER, atMs?: number): Spot[] {
    const nowMs = atMs ?? this.options.now();
    let log = this.logs.get(reporter);
    if (!log) {
      log = new SpotLog();
      this.logs.set(reporter, log);
    }
    log.forget(nowMs);
    const sent: Spot[] = [];
    const lines: string[] = [];
    const at = new Date(nowMs);
    for (const spot of spots) {
      const verdict = log.verdict(spot.call, spot.frequencyKHz, nowMs);
      if (verdict.is === "repeat") this.counts.repeats++;
      else if (verdict.is === "busted") this.counts.busted++;
      else {
        log.add({ call: spot.call, frequencyKHz: spot.frequencyKHz, atMs: nowMs });
        sent.push(spot);
        lines.push(dxClusterLine(spot, reporter, at) + CRLF);
      }
    }
    if (lines.length > 0) {
      const text = lines.join("");
      for (const client of this.clients) if (client.call !== undefined) this.send(client, text);
      this.counts.sent += sent.length;
    }
    return sent;
  }

  /** Ends every client, and stops listening. */
  async close(): Promise<void> {
    for (const client of this.clients) client.socket.end(`Server shutting down${CRLF}`);
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        for (const client of this.clients) client.socket.destroy();
      }, 1000);
      cut.unref();
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
    });
  }

  private accept(socket: net.Socket): void {
    if (this.clients.size >= this.options.maxClients) {
      socket.end(`Too many clients: try again later${CRLF}`);
      return;
    }
    const client: Client = { socket, pending: "", ignored: 0 };
    this.clients.add(client);
    this.counts.clients = this.clients.size;
    socket.setNoDelay(true);
    socket.setEncoding("latin1");
    const login = setTimeout(() => socket.end(`No call given: goodbye${CRLF}`), this.options.loginMs);
    login.unref();
    socket.on("data", (data: string) => this.read(client, data, login));
    socket.on("error", () => socket.destroy());
    socket.on("close", () => {
      clearTimeout(login);
      this.clients.delete(client);
      this.counts.clients = this.clients.size;
    });
    socket.write(FEED_PROMPT);
  }

  /** A client's input: its call, line by line until it gives one; afterwards only BYE (QUIT) is heard. */
  private read(client: Client, data: string, login: NodeJS.Timeout): void {
    client.pending += withoutTelnetCommands(data);
    for (let end = client.pending.search(/[\r\n]/); end !== -1; end = client.pending.search(/[\r\n]/)) {
      const line = client.pending.slice(0, end).trim().toUpperCase();
      client.pending = client.pending.slice(end + 1);
      if (client.call === undefined) {
        if (line === "") continue;
        if (!CLIENT_CALL.test(line)) {
          this.send(client, `Please send a call sign: letters, digits and /${CRLF}${FEED_PROMPT}`);
          continue;
        }
        clearTimeout(login);
        client.call = line;
        const now = new Date(this.options.now());
        this.send(
          client,
          `Hello ${line}, this is ditdah's DX-cluster feed: CW spots in the Reverse Beacon Network's columns.${CRLF}` +
            `${line} de ${DEFAULT_REPORTER}-# ${clusterDate(now)} >${CRLF}`,
        );
      } else if (["BYE", "QUIT", "EXIT", "B", "Q"].includes(line)) {
        client.socket.end(`73${CRLF}`);
        return;
      }
    }
    if (client.pending.length > MAX_LINE_BYTES) {
      if (client.call === undefined) {
        client.socket.end(`Line too long${CRLF}`);
        return;
      }
      client.ignored += client.pending.length;
      client.pending = "";
      if (client.ignored > MAX_IGNORED_BYTES) client.socket.destroy();
    }
  }

  /** Writes to a client, or drops it where what it has not read would pass maxBufferBytes. */
  private send(client: Client, text: string): void {
    const { socket } = client;
    if (socket.destroyed) return;
    if (socket.writableLength + text.length > this.options.maxBufferBytes) {
      this.counts.dropped++;
      socket.destroy();
      return;
    }
    socket.write(text, "latin1");
  }
}
