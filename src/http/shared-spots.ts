/**
 * Spots shared by every instance (API.md section 9, several instances): with REDIS_URL, each
 * instance adds its spots to one Redis stream (XADD) and reads every instance's back from it
 * (XREAD), its own included, so that each feed gets every spot once and in the same order,
 * and judges them by the same rules at the same times (the stream entry's time, Redis's
 * clock): the once-per-10-minutes and busted-call rules hold across instances. A spot is
 * never handed to the feed directly while Redis answers, so none comes twice.
 *
 * The reader starts at the stream's end as a concrete id (XREVRANGE), not XREAD's "$",
 * which means the end at each call: until it has that id, spots are not shared and /readyz
 * says the instance is not ready, so that a spot added once it says it is comes on its feed.
 *
 * While Redis is unreachable, spots go straight to the instance's own feed (spotting goes
 * on, locally), /readyz says so, and reading resumes where it stopped once Redis is back.
 */
import { once } from "node:events";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { Spot } from "../core/index.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The stream, and how many entries it keeps at least (XADD MAXLEN ~). */
export const SPOTS_STREAM = "ditdah:spots";
const STREAM_KEEPS = 10_000;
/** An XADD slower than this counts as failed: the spot goes to the local feed instead. */
const ADD_TIMEOUT_MS = 250;
/** How long one XREAD waits for new entries, and how long after a failed one the next is tried, ms. */
const READ_BLOCK_MS = 2000;
const READ_RETRY_MS = 500;
const READ_COUNT = 500;

/** Where a spot goes: the instance's feed, with its reporter and the time it is judged at (ms since 1970). */
export type SpotDelivery = (spots: readonly Spot[], reporter: string, atMs?: number) => void;

export class SharedSpots {
  private readonly writer: Redis;
  private readonly reader: Redis;
  /** The last entry read; undefined until the stream's end has been found. */
  private lastId: string | undefined;
  private closed = false;
  private outageLogged = false;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly deliver: SpotDelivery,
  ) {
    const options = {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      lazyConnect: true,
      retryStrategy: (n: number) => Math.min(n * 200, 2000),
    };
    this.writer = new Redis(url, { ...options, commandTimeout: ADD_TIMEOUT_MS });
    this.reader = new Redis(url, { ...options, commandTimeout: READ_BLOCK_MS + 1000 });
    for (const redis of [this.writer, this.reader]) {
      redis.on("error", (error: Error) => this.down(error.message));
      redis.on("ready", () => this.back());
    }
  }

  /** Connects, and reads the stream from its end on (whether Redis is there yet or not). */
  start(): void {
    for (const redis of [this.writer, this.reader]) redis.connect().catch((error: Error) => this.down(error.message));
    void this.readLoop();
  }

  /** Whether the reader has found the stream's end: every entry added from then on comes to the feed. */
  get isPositioned(): boolean {
    return this.lastId !== undefined;
  }

  /** Whether spots go through Redis now. */
  get isUp(): boolean {
    return this.isPositioned && this.writer.status === "ready" && this.reader.status === "ready";
  }

  /** Adds a reporter's spots to the stream; while Redis does not take them, hands them to the local feed. */
  publish(spots: readonly Spot[], reporter: string): void {
    if (spots.length === 0) return;
    if (!this.isUp) {
      this.deliver(spots, reporter);
      return;
    }
    const batch = this.writer.multi();
    for (const spot of spots) batch.xadd(SPOTS_STREAM, "MAXLEN", "~", STREAM_KEEPS, "*", "reporter", reporter, "spot", JSON.stringify(spot));
    batch.exec().then(
      (answers) => {
        const failed = spots.filter((_, i) => answers?.[i]?.[0]);
        if (failed.length > 0 || !answers) this.deliver(answers ? failed : spots, reporter);
      },
      (error: Error) => {
        this.down(error.message);
        this.deliver(spots, reporter);
      },
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const redis of [this.writer, this.reader]) redis.disconnect();
  }

  /** Reads every entry added after the stream's end as it was at start, for as long as the instance runs. */
  private async readLoop(): Promise<void> {
    while (!this.closed) {
      try {
        // Not connected (yet, or again): its "error" events say why. Waiting for the connection
        // rather than a fixed time, the instance finds the stream's end, and is ready, as it connects.
        if (this.reader.status !== "ready") {
          await once(this.reader, "ready", { signal: AbortSignal.timeout(READ_RETRY_MS) }).catch(() => undefined);
          continue;
        }
        this.lastId ??= await this.streamEnd();
        const answer = (await this.reader.xread("COUNT", READ_COUNT, "BLOCK", READ_BLOCK_MS, "STREAMS", SPOTS_STREAM, this.lastId)) as
          | [string, [string, string[]][]][]
          | null;
        for (const [, entries] of answer ?? []) for (const [id, fields] of entries) this.take(id, fields);
      } catch (error) {
        if (this.closed) return;
        this.down((error as Error).message);
        await sleep(READ_RETRY_MS);
      }
    }
  }

  /** The id of the stream's last entry now ("0-0" while it has none). */
  private async streamEnd(): Promise<string> {
    const last = (await this.reader.xrevrange(SPOTS_STREAM, "+", "-", "COUNT", 1)) as [string, string[]][];
    return last[0]?.[0] ?? "0-0";
  }

  /** One entry: a spot and its reporter, judged at the entry's time (its id's first part, Redis's clock). */
  private take(id: string, fields: string[]): void {
    this.lastId = id;
    const field = (name: string) => fields[fields.indexOf(name) + 1];
    const reporter = field("reporter");
    const spot = field("spot");
    if (reporter === undefined || spot === undefined) return;
    try {
      this.deliver([JSON.parse(spot) as Spot], reporter, Number(id.split("-")[0]));
    } catch (error) {
      this.log.warn({ id, err: error }, "spots stream: an entry that is no spot, passed over");
    }
  }

  private down(reason: string): void {
    if (this.outageLogged || this.closed) return;
    this.outageLogged = true;
    this.log.warn({ reason }, "spots: Redis unreachable; spotting locally until it is back");
  }

  private back(): void {
    if (!this.isUp) return;
    if (this.outageLogged) this.log.info("spots: Redis is back; sharing spots through it again");
    this.outageLogged = false;
  }
}
