/** The HTTP service: fastify with thin adapters over the core. */
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { trackAllowedMethods } from "./allowed-methods.js";
import { answerClientError, answerUnservedRequests } from "./client-errors.js";
import type { Config } from "./config.js";
import { CORS_HEADERS, registerCors } from "./cors.js";
import { registerDocs, registerOpenApi } from "./docs.js";
import { errorBody, methodNotAllowed, missingHost, notFound, toHttpError } from "./errors.js";
import { registerHealth } from "./health.js";
import { DECODE_QUEUE, JSON_BODY_LIMIT, TIMEOUTS } from "./limits.js";
import { Metrics, registerMetrics } from "./metrics.js";
import rateLimit from "./rate-limit/index.js";
import { SharedCounter } from "./rate-limit/redis-store.js";
import { requestPath } from "./paths.js";
import { registerPlayground } from "./playground.js";
import { parseQuery } from "./query-string.js";
import { Readiness } from "./readiness.js";
import { audioMp3Routes } from "./routes/audio-mp3.js";
import { audioWavRoutes } from "./routes/audio-wav.js";
import { audioRoutes } from "./routes/audio.js";
import { chartRoutes } from "./routes/chart.js";
import { DECODE_AUDIO_PATH, decodeAudioRoutes } from "./routes/decode-audio.js";
import { decodeRoutes } from "./routes/decode.js";
import { SPOTS_PATH, spotsRoutes } from "./routes/spots.js";
import type { DxFeed } from "./dx-feed.js";
import { spotsOut } from "./spots-out.js";
import { AudioDecoder } from "./audio-decoder.js";
import { DecodeAdmission } from "./decode-admission.js";
import { encodeRoutes } from "./routes/encode.js";
import { LISTEN_PATH, LiveStreams, listenRoutes } from "./routes/listen.js";
import { asksForWebSocket, serveOtherUpgradesAsHttp } from "./upgrades.js";
import { LIVE_STREAM } from "./limits.js";
import websocket from "@fastify/websocket";
import { MorseError } from "../core/errors.js";

export type AppConfig = Pick<Config, "logLevel" | "rateLimit" | "trustProxy" | "redisUrl" | "decodeDeadlineMs" | "liveIdleMs" | "liveThreads" | "spotsTelnet">;

declare module "fastify" {
  interface FastifyInstance {
    /** What /readyz reports; the server turns it to "shutting down" on SIGTERM. */
    readiness: Readiness;
    /** The DX-cluster feed of spots, where SPOTS_TELNET_PORT is set. */
    dxFeed?: DxFeed;
  }
}

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const httpError = toHttpError(error, request.routeOptions.bodyLimit ?? JSON_BODY_LIMIT);
  const where = { reqId: request.id, method: request.method, url: request.url };
  // A bug, with its stack; the service refusing what it has no room or time for (503), in a line.
  if (httpError.code === "INTERNAL") request.log.error({ err: error, ...where }, "request failed");
  else if (httpError.statusCode >= 500) request.log.warn({ ...where, code: httpError.code, why: httpError.message }, "request refused");
  // A recording a decoder failed inside: the client is told it is damaged, the log what failed.
  else if (error instanceof MorseError && error.cause !== undefined)
    request.log.info({ ...where, code: httpError.code, cause: String(error.cause) }, "recording refused");
  reply.code(httpError.statusCode).headers(httpError.headers).send(errorBody(httpError));
}

function createFastify(config: AppConfig): FastifyInstance {
  const app: FastifyInstance = Fastify({
    logger: { level: config.logLevel },
    // Per-request lines cost throughput; /metrics counts requests instead.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (pino's child() on every request is measurable); the few
    // lines we log carry the request id themselves.
    childLoggerFactory: (logger) => logger,
    bodyLimit: JSON_BODY_LIMIT,
    routerOptions: { querystringParser: parseQuery },
    trustProxy: config.trustProxy,
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    // No coercion: `{"text": 5}` is a wrong type, not "5"; numbers from strings are read in endpoints.ts.
    ajv: { customOptions: { coerceTypes: false, verbose: true, allErrors: false } },
    // A malformed URL is refused before any hook runs: CORS and counting are done here.
    frameworkErrors: (error, request, reply) => {
      reply.headers(CORS_HEADERS);
      app.countRequest(request, reply, (rateError) => sendError(rateError ?? error, request, reply));
    },
    clientErrorHandler: answerClientError,
    // While shutting down, requests already on open connections are still answered.
    return503OnClosing: false,
    connectionTimeout: TIMEOUTS.idleSocketMs,
    requestTimeout: TIMEOUTS.requestMs,
    keepAliveTimeout: TIMEOUTS.keepAliveMs,
    // An HTTP/1.1 request without Host is refused by our hook, in JSON.
    http: { headersTimeout: TIMEOUTS.headersMs, connectionsCheckingInterval: TIMEOUTS.checkIntervalMs, requireHostHeader: false },
  }).withTypeProvider<TypeBoxTypeProvider>();
  answerUnservedRequests(app.server);
  // A client may shut its sending side once the request is out (nc, HTTP/1.0 clients). By
  // default Node then ends the socket at once, and whatever a response writes afterwards is
  // dropped: a static file (sent after an fs.stat), a decoded recording, the rest of a long
  // WAV. Allowed half-open, Node answers the request in progress and then closes.
  // (A property of http.Server since Node 0.x, missing from @types/node.)
  (app.server as typeof app.server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  return app;
}

/** The rate-limit store: Redis shared by every instance when configured, else in memory. */
function sharedCounter(app: FastifyInstance, config: AppConfig, metrics: Metrics, readiness: Readiness) {
  if (!config.redisUrl) return undefined;
  const counter = new SharedCounter(config.redisUrl, app.log, metrics);
  readiness.addCheck("redis", () => counter.isUp);
  app.addHook("onClose", async () => counter.close());
  counter.connect();
  return counter.store();
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = createFastify(config);
  const readiness = new Readiness();
  const metrics = new Metrics();
  app.decorate("readiness", readiness);

  // The Allow lists of 405s and the OpenAPI document learn of routes as they are added: before any route.
  const methods = trackAllowedMethods(app);
  await registerOpenApi(app);
  // Bound to each route as it is added: set before any route.
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  const streams = new LiveStreams(config.liveIdleMs, config.liveThreads);
  // Before any hook that may answer an upgrade itself (the rate limit), so that the socket is closed after that answer.
  // Frames over the limit are refused by the stream itself, with a JSON reason; ws cuts off anything far larger.
  await app.register(websocket, {
    options: { maxPayload: 2 * LIVE_STREAM.maxFrameBytes },
    // A frame that breaks the protocol or is far too large is the client's fault: ws closes it
    // (1002, 1009, with the JSON reason live-stream.ts gives) and it is logged quietly. Anything
    // else is ours: logged as an error, the socket cut.
    errorHandler: (error, socket, request) => {
      if ((error as NodeJS.ErrnoException).code?.startsWith("WS_ERR_")) return request.log.debug({ err: error }, "live stream: a frame refused");
      request.log.error({ err: error }, "live stream failed");
      socket.terminate();
    },
    // On close, each stream gets its last events before its 1001 (the default would cut them off).
    preClose: async function closeStreams(this: FastifyInstance) {
      this.server.removeAllListeners("upgrade");
      await streams.shutDown();
      await new Promise((resolve) => this.websocketServer.close(resolve));
    },
  });
  serveOtherUpgradesAsHttp(app.server, (request) => asksForWebSocket(request) && requestPath(request.url ?? "") === LISTEN_PATH);
  registerCors(app);
  await app.register(rateLimit, { ...config.rateLimit, store: sharedCounter(app, config, metrics, readiness) });
  registerMetrics(app, metrics);

  const unroutable = (request: FastifyRequest) => {
    const path = requestPath(request.url);
    const allowed = methods.allowed(path);
    return allowed ? methodNotAllowed(request.method, path, allowed) : notFound(request.method, path);
  };
  app.addHook("onRequest", (request, reply, done) => {
    // While shutting down, keep-alive clients are told to go elsewhere for their next request.
    if (readiness.isShuttingDown) reply.header("connection", "close");
    // RFC 9112: an HTTP/1.1 request without Host is a 400 (Node's own would not be JSON).
    if (request.headers.host === undefined && request.raw.httpVersion === "1.1") return done(missingHost());
    // 404 and 405 are known before the body is read: answer them before parsing it.
    done(request.is404 ? unroutable(request) : undefined);
  });
  app.setNotFoundHandler((request, reply) => sendError(unroutable(request), request, reply));

  encodeRoutes(app);
  decodeRoutes(app);
  chartRoutes(app);
  audioRoutes(app);
  audioWavRoutes(app);
  audioMp3Routes(app);
  // One pool of threads for every recording, whether read for its text or its spots.
  // Recordings, for decode-audio and spots alike: taken while there is a place, read on one pool of threads.
  const decoder = new AudioDecoder(config.decodeDeadlineMs, (reason) => metrics.decodesStopped.inc({ reason }));
  app.addHook("onClose", async () => decoder.close());
  const admission = new DecodeAdmission(DECODE_QUEUE.max, DECODE_QUEUE.retryAfterSeconds, metrics.decodeRecordings);
  admission.holdContinues(app.server, [DECODE_AUDIO_PATH, SPOTS_PATH]);
  await decodeAudioRoutes(app, decoder, admission);
  const spotted = spotsOut(app, config, readiness);
  await spotsRoutes(app, decoder, admission, spotted);
  listenRoutes(app, streams, spotted);
  registerHealth(app, readiness);
  await registerDocs(app);
  await registerPlayground(app);
  return app;
}
