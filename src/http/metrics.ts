/** Prometheus metrics (prom-client): requests by route, method and status, latency, rate-limit store health, process. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { TAGS } from "./docs.js";
import type { FeedCounts } from "./dx-feed.js";
import { errorResponses } from "./schemas.js";

const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/** One route and method's requests: counts by status and a latency histogram, as plain numbers. */
class RouteRecord {
  readonly statuses = new Map<number, number>();
  readonly buckets = new Float64Array(LATENCY_BUCKETS.length);
  sum = 0;
  count = 0;

  constructor(
    readonly route: string,
    readonly method: string,
  ) {}

  add(status: number, seconds: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]!) this.buckets[i]!++;
    this.sum += seconds;
    this.count++;
  }
}

type Sample = { metricName?: string; labels: Record<string, string | number>; value: number };

/**
 * Requests by route, method and status, and their latency. Kept in plain numbers on the
 * hot path (prom-client hashes the label set on every call, a tenth of a request's cost
 * here) and turned into Prometheus series when scraped, through prom-client's registry.
 */
class RequestStats {
  private readonly records = new Map<string, RouteRecord>();

  recordFor(route: string, method: string): RouteRecord {
    const key = `${method} ${route}`;
    let record = this.records.get(key);
    if (!record) {
      record = new RouteRecord(route, method);
      this.records.set(key, record);
    }
    return record;
  }

  /** Both series as metrics prom-client's registry can serve. */
  register(registry: Registry): void {
    const metric = (name: string, help: string, type: string, values: () => Sample[]) => ({
      name,
      help,
      type,
      aggregator: "sum",
      get: async () => ({ name, help, type, aggregator: "sum", values: values() }),
      reset: () => this.records.clear(),
    });
    registry.registerMetric(
      metric("ditdah_http_requests_total", "HTTP requests answered, by route, method and status", "counter", () =>
        [...this.records.values()].flatMap(({ route, method, statuses }) =>
          [...statuses].map(([status, value]) => ({ labels: { route, method, status }, value })),
        ),
      ) as never,
    );
    const name = "ditdah_http_request_duration_seconds";
    registry.registerMetric(
      metric(name, "Time to answer a request, by route and method", "histogram", () =>
        [...this.records.values()].flatMap(({ route, method, buckets, sum, count }): Sample[] => [
          ...LATENCY_BUCKETS.map((le, i) => ({ metricName: `${name}_bucket`, labels: { le, route, method }, value: buckets[i]! })),
          { metricName: `${name}_bucket`, labels: { le: "+Inf", route, method }, value: count },
          { metricName: `${name}_sum`, labels: { route, method }, value: sum },
          { metricName: `${name}_count`, labels: { route, method }, value: count },
        ]),
      ) as never,
    );
  }
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests = new RequestStats();
  readonly storeErrors = new Counter({
    name: "ditdah_rate_limit_store_errors_total",
    help: "Rate-limit store failures: failed calls and lost connections",
    registers: [this.registry],
  });
  readonly storeUp = new Gauge({
    name: "ditdah_rate_limit_store_up",
    help: "1 while the shared rate-limit store is reachable (or none is configured), else 0",
    registers: [this.registry],
  });

  readonly decodesStopped = new Counter({
    name: "ditdah_decodes_stopped_total",
    help: "Recordings whose decoding was stopped: at its deadline (reason deadline) or as its client went away (reason gone)",
    labelNames: ["reason"],
    registers: [this.registry],
  });

  readonly decodeRecordings = new Gauge({
    name: "ditdah_decode_recordings",
    help: "Recordings decode-audio has taken and not yet answered: being received, waiting for a thread or being decoded",
    registers: [this.registry],
  });

  readonly liveStreams = new Gauge({
    name: "ditdah_live_streams",
    help: "Live streams open (GET /api/v1/listen)",
    registers: [this.registry],
  });
  readonly liveAudioSeconds = new Counter({
    name: "ditdah_live_audio_seconds_total",
    help: "Seconds of audio the live streams have decoded",
    registers: [this.registry],
  });
  readonly liveLatency = new Histogram({
    name: "ditdah_live_character_latency_seconds",
    help: "From a character's last mark to its event, in seconds of stream audio",
    buckets: [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5],
    registers: [this.registry],
  });

  readonly spots = new Counter({
    name: "ditdah_spots_total",
    help: "Spots found in recordings (POST /api/v1/spots) and live streams (listen with spots=1): spots per minute is its rate",
    registers: [this.registry],
  });
  readonly spotsBusted: Counter<"where"> = new Counter({
    name: "ditdah_spots_busted_total",
    help: "Calls left out as busted (one character off a call spotted within 1 kHz in 10 minutes): within a recording (where recording), a live stream (where live) or on the DX-cluster feed (where feed)",
    labelNames: ["where"],
    registers: [this.registry],
    collect: (): void => this.catchUp("busted", this.spotsBusted, { where: "feed" }),
  });

  /** The DX-cluster feed's counts, where it runs. */
  feedCounts?: () => FeedCounts;
  private readonly feedSeen = { busted: 0, dropped: 0, sent: 0 };

  readonly feedClients: Gauge = new Gauge({
    name: "ditdah_feed_clients",
    help: "Clients of the DX-cluster feed (SPOTS_TELNET_PORT), logged in or not",
    registers: [this.registry],
    collect: (): void => this.feedClients.set(this.feedCounts?.().clients ?? 0),
  });
  readonly feedSent: Counter = new Counter({
    name: "ditdah_feed_spots_sent_total",
    help: "Spots the DX-cluster feed sent (each once, to every client)",
    registers: [this.registry],
    collect: (): void => this.catchUp("sent", this.feedSent),
  });
  readonly feedDropped: Counter = new Counter({
    name: "ditdah_feed_clients_dropped_total",
    help: "Clients of the DX-cluster feed dropped for not reading what was sent to them",
    registers: [this.registry],
    collect: (): void => this.catchUp("dropped", this.feedDropped),
  });

  /** A feed's count, as a counter: it goes up by what the feed counted since it was last read. */
  private catchUp<L extends string>(name: "busted" | "dropped" | "sent", counter: Counter<L>, labels?: Partial<Record<L, string>>): void {
    const now = this.feedCounts?.()[name] ?? 0;
    if (now > this.feedSeen[name]) {
      if (labels) counter.inc(labels, now - this.feedSeen[name]);
      else counter.inc(now - this.feedSeen[name]);
    }
    this.feedSeen[name] = now;
  }

  constructor() {
    this.requests.register(this.registry);
    this.storeUp.set(1);
    collectDefaultMetrics({ register: this.registry });
  }
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/**
 * Counts every answered request. Each route gets its own hook with its label bound, as
 * reading `request.routeOptions` builds an object per call; unknown paths share one label.
 * Must be registered before the routes.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.decorate("metrics", metrics);
  const recorder = (route: string) => {
    const byMethod = new Map<string, RouteRecord>();
    return (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      let record = byMethod.get(request.method);
      if (!record) {
        record = metrics.requests.recordFor(route, request.method);
        byMethod.set(request.method, record);
      }
      record.add(reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
  };
  app.addHook("onRoute", (route) => {
    route.onResponse = [...[route.onResponse ?? []].flat(), recorder(route.url)];
  });
  const unmatched = recorder("unmatched");
  app.addHook("onResponse", (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.is404) unmatched(request, reply, done);
    else done();
  });
  app.get(
    "/metrics",
    { schema: { summary: "Prometheus metrics (text exposition format)", tags: [TAGS.operations.name], response: errorResponses } },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
