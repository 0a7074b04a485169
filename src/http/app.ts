/** The HTTP service: fastify with thin adapters over the core. */
import cors from "@fastify/cors";
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from "fastify";
import type { Config } from "./config.js";
import { JSON_BODY_LIMIT, methodNotAllowed, notFound, toHttpError } from "./errors.js";
import { MethodRegistry } from "./endpoints.js";
import rateLimit, { RATE_LIMIT_HEADERS } from "./rate-limit.js";
import { audioRoutes } from "./routes/audio.js";
import { chartRoutes } from "./routes/chart.js";
import { decodeRoutes } from "./routes/decode.js";
import { encodeRoutes } from "./routes/encode.js";

export type AppConfig = Pick<Config, "logLevel" | "rateLimit" | "trustProxy">;

function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): void {
  const httpError = toHttpError(error);
  if (httpError.statusCode >= 500) request.log.error({ err: error }, "request failed");
  reply.code(httpError.statusCode).headers(httpError.headers).send({ success: false, error: httpError.message });
}

function pathOf(url: string): string {
  const query = url.indexOf("?");
  return query === -1 ? url : url.slice(0, query);
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // Per-request lines cost throughput; /metrics counts requests instead.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT,
    trustProxy: config.trustProxy,
    onProtoPoisoning: "remove",
    onConstructorPoisoning: "remove",
    // No coercion: `{"text": 5}` is a wrong type, not "5"; numbers from strings are read in endpoints.ts.
    ajv: { customOptions: { coerceTypes: false, verbose: true, allErrors: false } },
    frameworkErrors: (error, request, reply) => sendError(error, request, reply),
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(cors, {
    origin: "*",
    methods: ["GET", "POST", "OPTIONS"],
    allowedHeaders: ["Content-Type"],
    exposedHeaders: [...RATE_LIMIT_HEADERS],
    maxAge: 86400,
    strictPreflight: false,
  });
  await app.register(rateLimit, config.rateLimit);

  const methods = new MethodRegistry();
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const allowed = methods.allowed(path);
    sendError(allowed ? methodNotAllowed(request.method, path, allowed) : notFound(request.method, path), request, reply);
  });

  encodeRoutes(app, methods);
  decodeRoutes(app, methods);
  chartRoutes(app, methods);
  audioRoutes(app, methods);
  return app;
}
