/** Configuration from the environment, checked once at start. */
import { DECODE_DEADLINE_S, LIVE_POOL, LIVE_STREAM, RATE_LIMIT } from "./limits.js";

export interface Config {
  host: string;
  port: number;
  logLevel: string;
  rateLimit: {
    /** Refuse requests over the quota with 429 (otherwise the headers are informational). */
    enforce: boolean;
    /** Requests per client address per window. */
    quota: number;
    windowSeconds: number;
  };
  /** Shared rate-limit store; in-memory when absent. */
  redisUrl: string | undefined;
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean | string;
  /** The longest a recording may take to decode, from its arrival, ms: it is then stopped, with a 503. */
  decodeDeadlineMs: number;
  /** A live stream whose client sends nothing for this long is closed, ms. */
  liveIdleMs: number;
  /** Threads that decode live streams. */
  liveThreads: number;
  /** The DX-cluster feed of spots (SPOTS_TELNET_PORT; 0: any free port), on HOST; none when unset. */
  spotsTelnet?: { port: number; host?: string };
}

type Env = Record<string, string | undefined>;

class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["true", "1", "yes", "on"].includes(raw)) return true;
  if (["false", "0", "no", "off"].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${env[name]}")`);
}

/** TRUST_PROXY: true/false, or the proxy addresses/CIDRs to trust (comma-separated). */
function trustProxy(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (/^(true|false|1|0|yes|no|on|off)$/i.test(raw)) return boolean(env, "TRUST_PROXY", false);
  return raw;
}

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

export function loadConfig(env: Env = process.env): Config {
  const logLevel = env.LOG_LEVEL?.trim() || "info";
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}`);
  return {
    host: env.HOST?.trim() || "0.0.0.0",
    port: integer(env, "PORT", 3000, 0, 65535),
    logLevel,
    rateLimit: {
      enforce: boolean(env, "RATE_LIMIT_ENFORCE", false),
      quota: integer(env, "RATE_LIMIT_QUOTA", RATE_LIMIT.quota.default, RATE_LIMIT.quota.min, RATE_LIMIT.quota.max),
      windowSeconds: integer(env, "RATE_LIMIT_WINDOW_S", RATE_LIMIT.windowSeconds.default, RATE_LIMIT.windowSeconds.min, RATE_LIMIT.windowSeconds.max),
    },
    redisUrl: env.REDIS_URL?.trim() || undefined,
    trustProxy: trustProxy(env),
    decodeDeadlineMs: 1000 * integer(env, "DECODE_DEADLINE_S", DECODE_DEADLINE_S.default, DECODE_DEADLINE_S.min, DECODE_DEADLINE_S.max),
    liveIdleMs: 1000 * integer(env, "LIVE_IDLE_S", LIVE_STREAM.idleSeconds.default, LIVE_STREAM.idleSeconds.min, LIVE_STREAM.idleSeconds.max),
    liveThreads: integer(env, "LIVE_THREADS", LIVE_POOL.threads.default, LIVE_POOL.threads.min, LIVE_POOL.threads.max),
    ...(env.SPOTS_TELNET_PORT?.trim() ? { spotsTelnet: { port: integer(env, "SPOTS_TELNET_PORT", 0, 0, 65535), host: env.HOST?.trim() || "0.0.0.0" } } : {}),
  };
}

export { ConfigError };
