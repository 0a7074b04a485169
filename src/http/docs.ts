/** OpenAPI 3.1 generated from the route schemas, and a docs page, both served from npm packages (no CDN). */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { VERSION } from "../version.js";
import { errorResponses } from "./schemas.js";

export const OPENAPI_PATH = "/api/v1/openapi.json";

/** The groups /docs shows the operations in (rather than all under "default"): each operation has exactly one. */
export const TAGS = {
  morse: { name: "Morse", description: "Text to Morse and back, the chart, and the timing for playing a text" },
  audio: { name: "Audio", description: "Morse as WAV or MP3 audio, and Morse read from a recording (WAV, MP3, Ogg, FLAC)" },
  operations: { name: "Operations", description: "Health, readiness, metrics and this document, for running the service" },
} as const;

export type TagName = (typeof TAGS)[keyof typeof TAGS]["name"];

/** Must be registered before the routes, so that it sees them. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "ditdah",
        version: VERSION,
        description:
          "Morse code: encode, decode, chart, PARIS timing, WAV and MP3 audio, and decoding of recordings. " +
          "Every endpoint with parameters takes them as a query string (GET) or a JSON body (POST); the chart, by query string only.",
      },
      tags: Object.values(TAGS),
    },
  });
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { summary: "This API as OpenAPI 3.1", tags: [TAGS.operations.name], response: errorResponses } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: "/docs", uiConfig: { url: OPENAPI_PATH } as object });
}
