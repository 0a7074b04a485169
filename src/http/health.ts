/** Liveness and readiness, for load balancers and orchestrators. */
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { TAGS } from "./docs.js";
import type { Readiness } from "./readiness.js";
import { errorResponses } from "./schemas.js";

const HealthResult = Type.Object({
  success: Type.Boolean(),
  status: Type.String({
    description:
      "ok; or what keeps the instance from being ready; or, still ready, `degraded: ` and how it works less well (spots shared locally only while Redis is down)",
  }),
});

export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  app.get(
    "/healthz",
    { schema: { summary: "The process is alive", tags: [TAGS.operations.name], response: { 200: HealthResult, ...errorResponses } } },
    async () => ({
      success: true,
      status: "ok",
    }),
  );
  app.get(
    "/readyz",
    {
      schema: {
        summary: "Ready to serve: not shutting down, and its stores reachable",
        tags: [TAGS.operations.name],
        response: { 200: HealthResult, 503: HealthResult, ...errorResponses },
      },
    },
    async (_request, reply) => {
      const problems = readiness.problems();
      const said = [...problems, ...readiness.degradations().map((how) => `degraded: ${how}`)];
      if (problems.length > 0) reply.code(503);
      return { success: problems.length === 0, status: said.length === 0 ? "ok" : said.join("; ") };
    },
  );
}
