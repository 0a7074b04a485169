import type { FastifyInstance } from "fastify";
import { CHART } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { ChartResult, errorResponses } from "../schemas.js";

export function chartRoutes(app: FastifyInstance): void {
  const body = { success: true, ...CHART };
  app.get(
    "/api/v1/chart",
    {
      schema: { summary: "The Morse chart", tags: [TAGS.morse.name], response: { 200: ChartResult, ...errorResponses } },
    },
    () => body,
  );
}
