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

/**
 * Counts every answered request. Each route gets its own hook with its label bound, as
 * reading `request.routeOptions` builds an object per call; unknown paths share one label.
 * Must be registered before the routes.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  const record = (route: string, request: FastifyRequest, reply: FastifyReply) => {
    metrics.requests.inc({ route, method: request.method, status: reply.statusCode });
    metrics.latency.observe({ route, method: request.method }, reply.elapsedTime / 1000);
  };
  app.addHook("onRoute", (route) => {
    const hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => { record(route.url, request, reply); done(); };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.is404) record("unmatched", request, reply);
    done();
  });
  app.get("/metrics", { schema: { summary: "Prometheus metrics (text exposition format)" } }, async (_request, reply) => {
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
}
