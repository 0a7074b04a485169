/**
 * Fixed-window rate limiting per client address. @fastify/rate-limit counts (in memory,
 * or in any store with its interface); this plugin speaks API.md's header syntax, both
 * the IETF draft's and the X-RateLimit-* one, and refuses only when enforcement is on.
 */
import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { rateLimited } from "../errors.js";

export interface RateLimitOptions {
  enforce: boolean;
  quota: number;
  windowSeconds: number;
  /** A counter store with @fastify/rate-limit's interface; its in-memory store when absent. */
  store?: FastifyRateLimitStoreCtor;
}

/** Header names, for CORS's Access-Control-Expose-Headers. */
export const RATE_LIMIT_HEADERS = [
  "RateLimit", "RateLimit-Policy", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Retry-After",
] as const;

const API_PREFIX = "/api/v1/";

async function rateLimitPlugin(app: FastifyInstance, options: RateLimitOptions): Promise<void> {
  const { quota, windowSeconds, enforce } = options;
  await app.register(rateLimit, { global: false, ...(options.store ? { store: options.store } : {}) });
  const count = app.createRateLimit({ max: quota, timeWindow: windowSeconds * 1000 });
  const policy = `"default";q=${quota};w=${windowSeconds}`;

  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === "OPTIONS" || !request.url.startsWith(API_PREFIX)) return;
    const state = await count(request);
    const remaining = "remaining" in state ? state.remaining : quota;
    const reset = "ttlInSeconds" in state ? state.ttlInSeconds : windowSeconds;
    reply.header("ratelimit-policy", policy);
    reply.header("ratelimit", `"default";r=${remaining};t=${reset}`);
    reply.header("x-ratelimit-limit", quota);
    reply.header("x-ratelimit-remaining", remaining);
    reply.header("x-ratelimit-reset", reset);
    if (enforce && "isExceeded" in state && state.isExceeded) throw rateLimited(reset);
  });
}

export default fp(rateLimitPlugin, { name: "ditdah-rate-limit" });
