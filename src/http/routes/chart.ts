import type { FastifyInstance } from "fastify";
import { CHART } from "../../core/index.js";
import { errorResponses, type MethodRegistry } from "../endpoints.js";
import { ChartResult } from "../schemas.js";

export function chartRoutes(app: FastifyInstance, methods: MethodRegistry): void {
  const body = { success: true, ...CHART };
  app.get("/api/v1/chart", {
    schema: { summary: "The Morse chart", response: { 200: ChartResult, ...errorResponses } },
  }, () => body);
  methods.add("/api/v1/chart", ["GET", "HEAD"]);
}
