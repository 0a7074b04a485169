/**
 * The rate-limit counter in Redis, shared by every instance: @fastify/rate-limit's
 * Redis store (one Lua call: INCR with PEXPIRE, one round trip). Fail-open: while
 * Redis is unreachable each request is counted locally instead, the outage is logged
 * once and shown by /readyz and /metrics, and Redis counts again once it is back.
 * "Unreachable" includes a Redis that keeps its connection but stops answering (frozen,
 * overloaded, partitioned): calls time out, and a probe tells when it answers again.
 */
import type { FastifyBaseLogger } from "fastify";
import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import { Redis } from "ioredis";
import type { Metrics } from "../metrics.js";
import { localStore } from "./index.js";

/** A Redis call slower than this counts as a failure: the request is counted locally instead. */
const COMMAND_TIMEOUT_MS = 250;
/** While Redis is down but connected, how often to ask whether it answers again. */
const PROBE_INTERVAL_MS = 1000;
/** Longest wait for a polite QUIT at shutdown before the connection is simply dropped. */
const QUIT_TIMEOUT_MS = 1000;

export class SharedCounter {
  readonly redis: Redis;
  private up = false;
  private outageLogged = false;
  private probe?: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: Metrics,
  ) {
    // No offline queue: while Redis is away, calls fail at once and the local counter answers.
    this.redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      commandTimeout: COMMAND_TIMEOUT_MS,
      lazyConnect: true,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
    this.redis.on("ready", () => this.markUp());
    this.redis.on("error", (error: Error) => this.markDown(error.message));
    this.redis.on("close", () => this.markDown("connection closed"));
    metrics.storeUp.set(0);
  }

  /** Starts connecting; the service answers (counting locally) whether or not Redis is there yet. */
  connect(): void {
    this.redis.connect().catch((error: Error) => this.markDown(error.message));
  }

  get isUp(): boolean {
    return this.up;
  }

  private markUp(): void {
    if (this.outageLogged) this.log.info("rate-limit store: Redis is back; counting there again");
    clearInterval(this.probe);
    this.probe = undefined;
    this.up = true;
    this.outageLogged = false;
    this.metrics.storeUp.set(1);
  }

  markDown(reason: string): void {
    this.up = false;
    this.metrics.storeUp.set(0);
    this.metrics.storeErrors.inc();
    if (!this.outageLogged) {
      this.outageLogged = true;
      this.log.warn({ reason }, "rate-limit store: Redis unreachable; counting locally until it is back");
    }
    this.probe ??= setInterval(() => this.probeRedis(), PROBE_INTERVAL_MS).unref();
  }

  /** A connection that is open but stopped answering gets no "ready" event when it recovers: ask it. */
  private probeRedis(): void {
    if (this.redis.status !== "ready") return; // reconnecting: its "ready" event will tell
    this.redis.ping().then(
      () => this.markUp(),
      () => undefined,
    );
  }

  /** A store with @fastify/rate-limit's interface that counts in Redis, or locally while Redis is away. */
  store(): FastifyRateLimitStore {
    const shared = new RedisStore(false, false, this.redis, "ditdah:rl:");
    const local = localStore();
    return {
      incr: (key, callback, timeWindow, max) => {
        if (!this.up) return local.incr(key, callback, timeWindow, max);
        shared.incr(
          key,
          (error, result) => {
            if (!error) return callback(null, result);
            this.markDown(error.message);
            local.incr(key, callback, timeWindow, max);
          },
          timeWindow,
          max,
        );
      },
      child() {
        return this;
      },
    };
  }

  async close(): Promise<void> {
    clearInterval(this.probe);
    this.redis.removeAllListeners("close");
    const quitOrGiveUp = new Promise((resolve) => setTimeout(resolve, QUIT_TIMEOUT_MS).unref());
    await Promise.race([this.redis.quit().catch(() => undefined), quitOrGiveUp]);
    this.redis.disconnect();
  }
}
