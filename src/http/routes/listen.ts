import type {} from "@fastify/websocket";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { checkListenerOptions } from "../../audio/index.js";
import { TAGS } from "../docs.js";
import { paramsNormalizer } from "../endpoints.js";
import { liveBusy, upgradeRequired } from "../errors.js";
import { LIVE_POOL } from "../limits.js";
import { LivePool } from "../live-pool.js";
import { requestPath } from "../paths.js";
import { listenerOptionsOf, LiveStream, type LiveStreamOptions } from "../live-stream.js";
import { errorResponses, ListenParams } from "../schemas.js";
import type { SpotsHeard } from "./spots.js";
import { handshakeError } from "../upgrades.js";

export const LISTEN_PATH = "/api/v1/listen";

/** The streams open and the threads that decode them, so that a shutdown can end each stream with its last events. */
export class LiveStreams {
  private readonly open = new Set<LiveStream>();
  readonly pool: LivePool;

  /** `idleMs`: a stream whose client sends nothing for this long is closed; `threads` decode them. */
  constructor(
    readonly idleMs: number,
    threads: number,
  ) {
    this.pool = new LivePool(threads);
  }

  add(stream: LiveStream): void {
    this.open.add(stream);
  }

  remove(stream: LiveStream): void {
    this.open.delete(stream);
  }

  async shutDown(): Promise<void> {
    await Promise.all([...this.open].map((s) => s.shutDown()));
    await this.pool.close();
  }
}

/** Live decoding over a WebSocket (API.md section 8); a plain GET is told to upgrade. */
export function listenRoutes(app: FastifyInstance, streams: LiveStreams, spotted: SpotsHeard = () => {}): void {
  app.route({
    method: "GET",
    url: LISTEN_PATH,
    schema: {
      summary:
        "Live decoding over a WebSocket: send mono PCM in binary frames and an empty binary frame to end; " +
        "receive one JSON event per text frame (character, correction, space, signal, with spots=1 spot, end). A plain GET is a 426.",
      tags: [TAGS.audio.name],
      querystring: ListenParams,
      response: errorResponses,
    },
    // A handshake ws would refuse in text/html is refused here, in JSON, before it reaches ws.
    onRequest: (request, _reply, done) => done(request.ws ? handshakeError(request.headers) : undefined),
    // Options the listener would refuse, and a stream the decoders have no room for, are refused before the upgrade.
    preHandler: (request, _reply, done) => {
      if (!request.ws) return done();
      try {
        checkListenerOptions(listenerOptionsOf(request.query as LiveStreamOptions));
      } catch (error) {
        return done(error as Error);
      }
      done(streams.pool.full ? liveBusy(LIVE_POOL.windowMs / 1000) : undefined);
    },
    // Any answer to a handshake short of the upgrade ends the connection (@fastify/websocket
    // closes it): say so, whichever hook gave it (the rate limit's 429 comes before ours).
    onSend: (request, reply, payload, done) => {
      if (request.ws) reply.header("connection", "close");
      done(null, payload);
    },
    ...paramsNormalizer("query", ListenParams),
    handler: async (request: FastifyRequest) => {
      throw upgradeRequired(requestPath(request.url));
    },
    wsHandler: (socket, request) => {
      const stream = new LiveStream(socket, request.query as LiveStreamOptions, {
        metrics: app.metrics,
        log: request.log,
        pool: streams.pool,
        idleMs: streams.idleMs,
        countMinute: (over) => app.countUse(request.ip, over),
        closed: (s) => streams.remove(s),
        spotted: (spot, reporter) => spotted([spot], reporter),
      });
      streams.add(stream);
    },
  });
}
