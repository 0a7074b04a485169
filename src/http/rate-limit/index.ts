/**
 * Fixed-window rate limiting per client address. The counting is @fastify/rate-limit's
 * (its in-memory store, or a shared store with the same interface); this hook speaks
 * API.md's header syntax, the IETF draft's and the X-RateLimit-* one, and refuses only
 * when enforcement is on. It calls the store directly, callback style: on every request
 * of the API, a promise chain would be pure overhead.
 */
import { normalizeIP, type FastifyRateLimitStore } from "@fastify/rate-limit";
import LocalStore from "@fastify/rate-limit/store/LocalStore.js";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import fp from "fastify-plugin";
import { rateLimited } from "../errors.js";
import { isApiPath } from "../paths.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Counts a request and sets the rate-limit headers; what the onRequest hook does, for paths that bypass hooks. */
    countRequest: (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;
    /** Counts one request more for a client outside any request (a live stream's minute of audio); calls back with the seconds to wait when over an enforced quota. */
    countUse: (ip: string, over: (retryAfterSeconds: number) => void) => void;
  }
}

export interface RateLimitOptions {
  enforce: boolean;
  quota: number;
  windowSeconds: number;
  /** A shared counter store; in memory when absent. */
  store?: FastifyRateLimitStore;
}

/** Header names, for CORS's Access-Control-Expose-Headers. */
export const RATE_LIMIT_HEADERS = ["RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After"] as const;

/** Client addresses remembered by the in-memory store (least recently seen forgotten first). */
const LOCAL_CAPACITY = 10_000;

export function localStore(): FastifyRateLimitStore {
  return new LocalStore(false, false, LOCAL_CAPACITY);
}

async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { quota, windowSeconds, enforce } = options;
  const store = options.store ?? localStore();
  const windowMs = windowSeconds * 1000;
  // Header values that never change, as strings once (Node would convert numbers per response).
  const policy = `"default";q=${quota};w=${windowSeconds}`;
  const limit = String(quota);

  // An IPv6 client counts by its /64, as one host usually holds the whole subnet.
  const keyOf = (ip: string) => (ip.includes(":") ? normalizeIP(ip) : ip);

  function countUse(ip: string, over: (retryAfterSeconds: number) => void): void {
    store.incr(
      keyOf(ip),
      (error, state) => {
        if (!error && state && enforce && state.current > quota) over(Math.max(0, Math.ceil(state.ttl / 1000)));
      },
      windowMs,
      quota,
    );
  }

  function countRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (request.method === "OPTIONS" || !isApiPath(request.url)) {
      done();
      return;
    }
    store.incr(
      keyOf(request.ip),
      (error, state) => {
        if (error || !state) return done(); // the shared store answers locally when it fails: never here
        const remaining = Math.max(0, quota - state.current);
        const reset = Math.max(0, Math.ceil(state.ttl / 1000));
        reply.header("ratelimit-policy", policy);
        reply.header("ratelimit", `"default";r=${remaining};t=${reset}`);
        reply.header("x-ratelimit-limit", limit);
        reply.header("x-ratelimit-remaining", String(remaining));
        reply.header("x-ratelimit-reset", String(reset));
        done(enforce && state.current > quota ? rateLimited(reset) : undefined);
      },
      windowMs,
      quota,
    );
  }
  app.decorate("countRequest", countRequest);
  app.decorate("countUse", countUse);
  app.addHook("onRequest", countRequest);
}

export default fp(rateLimitPlugin, { name: "ditdah-rate-limit" });
