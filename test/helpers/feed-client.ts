/** A telnet client of the DX-cluster feed, for tests: what the feed sent, read line by line (CRLF) or up to a text. */
import assert from "node:assert/strict";
import net from "node:net";
import { FEED_PROMPT } from "../../src/http/dx-feed.js";

export class FeedClient {
  readonly socket: net.Socket;
  private received = "";
  private waiting?: () => void;
  closed = false;

  constructor(port: number) {
    this.socket = net.connect(port, "127.0.0.1");
    this.socket.setEncoding("latin1");
    this.socket.on("data", (data: string) => {
      this.received += data;
      this.waiting?.();
    });
    this.socket.on("close", () => {
      this.closed = true;
      this.waiting?.();
    });
    this.socket.on("error", () => {});
  }

  /** Everything up to and including `text`, once it has come (or what came, if the feed closed first). */
  async upTo(text: string): Promise<string> {
    while (!this.received.includes(text) && !this.closed) await new Promise<void>((resolve) => (this.waiting = resolve));
    const end = this.received.includes(text) ? this.received.indexOf(text) + text.length : this.received.length;
    const taken = this.received.slice(0, end);
    this.received = this.received.slice(end);
    return taken;
  }

  /** The next line, without its CRLF. */
  async line(): Promise<string> {
    const line = await this.upTo("\r\n");
    assert.ok(line.endsWith("\r\n"), `the feed closed after ${JSON.stringify(line)}`);
    return line.slice(0, -2);
  }

  /** The next line, without its CRLF, or undefined if none comes within `ms` (nothing is left waiting for one). */
  async lineWithin(ms: number): Promise<string | undefined> {
    const deadline = Date.now() + ms;
    while (!this.received.includes("\r\n") && !this.closed && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, deadline - Date.now()).unref();
      });
    }
    return this.received.includes("\r\n") ? this.line() : undefined;
  }

  /** Answers the prompt (read here unless `prompted`) with `call` and reads the greeting (its two lines). */
  async logIn(call: string, prompted = false): Promise<string[]> {
    if (!prompted) assert.equal(await this.upTo(FEED_PROMPT), FEED_PROMPT);
    this.socket.write(`${call}\r\n`);
    return [await this.line(), await this.line()];
  }

  async closedByFeed(): Promise<void> {
    while (!this.closed) await new Promise<void>((resolve) => (this.waiting = resolve));
  }
}
