/**
 * Registers an endpoint's GET (query string) and POST (JSON body) forms over one
 * handler, and remembers which methods each path allows, for 405 answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import type { Static, TObject, TSchema } from "typebox";
import { unsupportedMediaType } from "./errors.js";
import { ErrorResult, NUMBER_PARAMS } from "./schemas.js";

export type Method = "GET" | "HEAD" | "POST";

/** Allowed methods by path, for the 405 answer's Allow header. */
export class MethodRegistry {
  private readonly byPath = new Map<string, Method[]>();

  add(path: string, methods: readonly Method[]): void {
    this.byPath.set(path, [...(this.byPath.get(path) ?? []), ...methods]);
  }

  allowed(path: string): readonly string[] | undefined {
    const methods = this.byPath.get(path);
    return methods && [...methods, "OPTIONS"];
  }
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Before validation: a `null` parameter counts as absent, and a number parameter may
 * come as a decimal string (a query string carries nothing else).
 */
export function normalizeParams(source: unknown): void {
  if (typeof source !== "object" || source === null || Array.isArray(source)) return;
  const params = source as Record<string, unknown>;
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === null) delete params[key];
    else if (typeof value === "string" && NUMBER_PARAMS.includes(key) && DECIMAL.test(value)) params[key] = Number(value);
  }
}

// Hooks and handlers here are synchronous: on every request, a promise would be pure overhead.
export function normalizeQuery(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  normalizeParams(request.query);
  done();
}

function normalizeBody(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  normalizeParams(request.body);
  done();
}

/** The media type of a request, lower case, without parameters. */
export function mediaType(request: FastifyRequest): string {
  const header = request.headers["content-type"] ?? "";
  const end = header.indexOf(";");
  return (end === -1 ? header : header.slice(0, end)).trim().toLowerCase();
}

/** An onRequest hook: 415 unless the body is of one of these media types. */
export function requireMediaType(accepted: readonly string[]) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    done(accepted.includes(mediaType(request)) ? undefined : unsupportedMediaType(accepted.join(" or ")));
  };
}

export const errorResponses = { "4xx": ErrorResult, "5xx": ErrorResult };

export interface Endpoint<P extends TObject> {
  url: string;
  summary: string;
  params: P;
  /** The 200 response: a schema, or an OpenAPI response object for non-JSON bodies. */
  result: TSchema | object;
  /** The answer: an object to serialize, or a stream. */
  handle: (params: Static<P>, reply: FastifyReply) => unknown;
}

export function registerGetAndPost<P extends TObject>(app: FastifyInstance, methods: MethodRegistry, endpoint: Endpoint<P>): void {
  const { url, summary, params, result, handle } = endpoint;
  const response = { 200: result, ...errorResponses };
  // A query string holds no nulls: only number parameters need reading first.
  const hasNumbers = Object.keys(params.properties).some((name) => NUMBER_PARAMS.includes(name));
  app.get(url, {
    schema: { summary, querystring: params, response },
    ...(hasNumbers ? { preValidation: normalizeQuery } : {}),
  }, (request: FastifyRequest, reply: FastifyReply) => handle(request.query as Static<P>, reply));
  app.post(url, {
    schema: { summary, body: params, response },
    onRequest: requireMediaType(["application/json"]),
    preValidation: normalizeBody,
  }, (request: FastifyRequest, reply: FastifyReply) => handle(request.body as Static<P>, reply));
  methods.add(url, ["GET", "HEAD", "POST"]);
}
