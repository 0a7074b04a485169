/** OpenAPI 3.1 generated from the route schemas, and a docs page, both served from npm packages (no CDN). */
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { errorResponses } from "./schemas.js";

export const OPENAPI_PATH = "/api/v1/openapi.json";

/** Must be registered before the routes, so that it sees them. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "ditdah",
        version: "1.0.0",
        description:
          "Morse code: encode, decode, chart, PARIS timing, WAV audio and decoding of recordings. " +
          "Every endpoint with parameters takes them as a query string (GET) or a JSON body (POST).",
      },
    },
  });
}

export async function registerDocs(app: FastifyInstance): Promise<void> {
  app.get(OPENAPI_PATH, { schema: { summary: "This API as OpenAPI 3.1", response: errorResponses } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: "/docs", uiConfig: { url: OPENAPI_PATH } as object });
}
