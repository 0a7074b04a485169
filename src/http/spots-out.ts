/**
 * Where the spots of recordings and live streams go: the DX-cluster feed, where
 * SPOTS_TELNET_PORT is set, and, where REDIS_URL is, through Redis to every instance's feed
 * (shared-spots.ts), which /readyz says while it cannot.
 */
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.js";
import { DxFeed } from "./dx-feed.js";
import type { Readiness } from "./readiness.js";
import type { SpotsHeard } from "./routes/spots.js";
import { SharedSpots, type SpotDelivery } from "./shared-spots.js";

/** What /readyz says while spots cannot go through Redis. */
export const SPOTS_LOCAL_ONLY = "spots not shared, Redis unreachable: this instance spots locally";

/** The DX-cluster feed, listening once the app is ready and closed with it. */
function startFeed(app: FastifyInstance, telnet: NonNullable<Config["spotsTelnet"]>): DxFeed {
  const feed = new DxFeed();
  app.decorate("dxFeed", feed);
  app.metrics.feedCounts = () => feed.counts;
  app.addHook("onReady", async () => {
    const port = await feed.listen(telnet.port, telnet.host);
    app.log.info({ port }, "DX-cluster feed of spots listening");
  });
  app.addHook("onClose", async () => feed.close());
  return feed;
}

/** What the spots route and the live streams tell of their spots. */
export function spotsOut(app: FastifyInstance, config: Pick<Config, "spotsTelnet" | "redisUrl">, readiness: Readiness): SpotsHeard {
  const feed = config.spotsTelnet ? startFeed(app, config.spotsTelnet) : undefined;
  const local: SpotDelivery = (spots, reporter, atMs) => feed?.publish(spots, reporter, atMs);
  if (!config.redisUrl) return local;
  const shared = new SharedSpots(config.redisUrl, app.log, local);
  // Not ready before the reader has found the stream's end: a spot added before then never comes to this feed.
  readiness.addCheck("spots stream", () => shared.isPositioned);
  readiness.addDegradation(SPOTS_LOCAL_ONLY, () => shared.isUp);
  app.addHook("onReady", async () => shared.start());
  app.addHook("onClose", async () => shared.close());
  return (spots, reporter) => shared.publish(spots, reporter);
}
