/** Registers an endpoint's GET (query string) and POST (JSON body) forms over one handler. */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, preValidationHookHandler } from "fastify";
import type { Static, TObject, TSchema } from "typebox";
import type { TagName } from "./docs.js";
import { unsupportedMediaType } from "./errors.js";
import { errorResponses } from "./schemas.js";

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A params schema's number parameters: the ones a decimal string may stand for. */
function numberNames(params: TObject): ReadonlySet<string> {
  const properties = params.properties as Record<string, { type?: string }>;
  return new Set(Object.keys(properties).filter((name) => ["number", "integer"].includes(properties[name]!.type ?? "")));
}

/**
 * A params schema's required number parameters, or required by another (`dependencies`):
 * the ones `""` stands absent for (a string's `""` is refused as absent by its minLength).
 */
function requiredNumberNames(params: TObject): ReadonlySet<string> {
  const numbers = numberNames(params);
  const needed = Object.values((params as { dependencies?: Record<string, string[]> }).dependencies ?? {}).flat();
  return new Set([...(params.required ?? []), ...needed].filter((name: string) => numbers.has(name)));
}

/**
 * Before validation: a `null` parameter counts as absent, as does `""` for a required
 * number (API.md section 2: absent, null or ""), and a number parameter may come as a
 * decimal string (a query string carries nothing else).
 */
function normalizeParams(source: unknown, numbers: ReadonlySet<string>, required: ReadonlySet<string>): void {
  if (typeof source !== "object" || source === null || Array.isArray(source)) return;
  const params = source as Record<string, unknown>;
  for (const key of Object.keys(params)) {
    const value = params[key];
    if (value === null || (value === "" && required.has(key))) delete params[key];
    else if (typeof value === "string" && numbers.has(key) && DECIMAL.test(value)) params[key] = Number(value);
  }
}

/**
 * The preValidation hook that normalizes one part of a request (see normalizeParams) for a
 * params schema; none where it has nothing to do: a query string holds no nulls, so only
 * number parameters need reading first. Synchronous: a promise per request is overhead.
 */
export function paramsNormalizer(part: "query" | "body", params: TObject): { preValidation?: preValidationHookHandler } {
  const numbers = numberNames(params);
  const required = requiredNumberNames(params);
  if (part === "query" && numbers.size === 0) return {};
  return {
    preValidation: (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      normalizeParams(request[part], numbers, required);
      done();
    },
  };
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

export interface Endpoint<P extends TObject> {
  url: string;
  summary: string;
  /** The group /docs shows it in. */
  tag: TagName;
  params: P;
  /** The 200 response: a schema, or an OpenAPI response object for non-JSON bodies. */
  result: TSchema | object;
  /** The answer: an object to serialize, or a stream. */
  handle: (params: Static<P>, reply: FastifyReply) => unknown;
}

export function registerGetAndPost<P extends TObject>(app: FastifyInstance, endpoint: Endpoint<P>): void {
  const { url, summary, tag, params, result, handle } = endpoint;
  const response = { 200: result, ...errorResponses };
  app.get(
    url,
    {
      schema: { summary, tags: [tag], querystring: params, response },
      ...paramsNormalizer("query", params),
    },
    (request: FastifyRequest, reply: FastifyReply) => handle(request.query as Static<P>, reply),
  );
  app.post(
    url,
    {
      schema: { summary, tags: [tag], body: params, response },
      onRequest: requireMediaType(["application/json"]),
      ...paramsNormalizer("body", params),
    },
    (request: FastifyRequest, reply: FastifyReply) => handle(request.body as Static<P>, reply),
  );
}
