/** Prometheus metrics (prom-client): requests by route, method and status, latency, rate-limit store health, process. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: "ditdah_http_requests_total", help: "HTTP requests answered, by route, method and status",
    labelNames: ["route", "method", "status"] as const, registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: "ditdah_http_request_duration_seconds", help: "Time to answer a request, by route and method",
    labelNames: ["route", "method"] as const, registers: [this.registry],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  });
  readonly storeErrors = new Counter({
    name: "ditdah_rate_limit_store_errors_total", help: "Rate-limit store failures: failed calls and lost connections",
    registers: [this.registry],
  });
  readonly storeUp = new Gauge({
    name: "ditdah_rate_limit_store_up", help: "1 while the shared rate-limit store is reachable (or none is configured), else 0",
    registers: [this.registry],
  });

  constructor() {
    this.storeUp.set(1);
    collectDefaultMetrics({ register: this.registry });
  }
}

/** Counts every answered request; unknown paths share one route label so the label set stays small. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  // Labelled children, looked up once per route, method and status rather than hashed per request.
  const counters = new Map<string, { inc: () => void }>();
  const timers = new Map<string, { observe: (seconds: number) => void }>();
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const route = request.routeOptions.url ?? "unmatched";
    const method = request.method;
    const key = `${method} ${route}`;
    const countKey = `${key} ${reply.statusCode}`;
    let counter = counters.get(countKey);
    if (!counter) counters.set(countKey, counter = metrics.requests.labels({ route, method, status: reply.statusCode }));
    let timer = timers.get(key);
    if (!timer) timers.set(key, timer = metrics.latency.labels({ route, method }));
    counter.inc();
    timer.observe(reply.elapsedTime / 1000);
    done();
  });
  app.get("/metrics", { schema: { summary: "Prometheus metrics (text exposition format)" } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
