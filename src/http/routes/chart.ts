import type { FastifyInstance } from "fastify";
import { CHART } from "../../core/index.js";
import { ChartResult, errorResponses } from "../schemas.js";

export function chartRoutes(app: FastifyInstance): void {
  const body = { success: true, ...CHART };
  app.get(
    "/api/v1/chart",
    {
      schema: { summary: "The Morse chart", response: { 200: ChartResult, ...errorResponses } },
    },
    () => body,
  );
}
