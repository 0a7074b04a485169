/**
 * The rate-limit counter in Redis, shared by every instance: @fastify/rate-limit's
 * Redis store (one Lua call: INCR with PEXPIRE, one round trip). Fail-open: while
 * Redis is unreachable each request is counted locally instead, the outage is logged
 * once and shown by /readyz and /metrics, and Redis counts again once it is back.
 */
import type { FastifyBaseLogger } from "fastify";
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import RedisStore from "@fastify/rate-limit/store/RedisStore.js";
import { Redis } from "ioredis";
import type { Metrics } from "../metrics.js";

type IncrCallback = Parameters<FastifyRateLimitStore["incr"]>[1];

export class SharedCounter {
  readonly redis: Redis;
  private up = false;
  private outageLogged = false;

  constructor(url: string, private readonly log: FastifyBaseLogger, private readonly metrics: Metrics) {
    // No offline queue: while Redis is away, calls fail at once and the local counter answers.
    this.redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 0, connectTimeout: 2000, lazyConnect: true,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000) });
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
  }

  /** A store class for @fastify/rate-limit that counts in Redis, or locally while Redis is away. */
  storeClass(): FastifyRateLimitStoreCtor {
    const counter = this;
    return class FailOpenStore implements FastifyRateLimitStore {
      private readonly shared = new RedisStore(false, false, counter.redis, "ditdah:rl:");
      private readonly local = new LocalStore(false, false, 10_000);

      incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
        if (!counter.isUp) return this.local.incr(key, callback, timeWindow, max);
        this.shared.incr(key, (error: Error | null, result?: { current: number; ttl: number }) => {
          if (!error) return callback(null, result);
          counter.markDown(error.message);
          this.local.incr(key, callback, timeWindow, max);
        }, timeWindow, max);
      }

      child(): FastifyRateLimitStore {
        return this;
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }

  async close(): Promise<void> {
    this.redis.removeAllListeners("close");
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
