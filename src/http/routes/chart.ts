import type { FastifyInstance, FastifyRequest } from "fastify";
import { ALPHABET_SUMMARIES, chartOf, DEFAULT_ALPHABET, EVERY_ALPHABET } from "../../core/index.js";
import { TAGS } from "../docs.js";
import { AlphabetsResult, ChartQuery, ChartResult, errorResponses } from "../schemas.js";

/** The chart (Latin's by default, or `?alphabet=NAME`'s) and the list of alphabets, each answer made once. */
export function chartRoutes(app: FastifyInstance): void {
  const charts = new Map(EVERY_ALPHABET.map((alphabet) => [alphabet.name, { success: true, ...chartOf(alphabet) }]));
  app.get(
    "/api/v1/chart",
    {
      schema: {
        summary: "The Morse chart of an alphabet (Latin by default)",
        tags: [TAGS.morse.name],
        querystring: ChartQuery,
        response: { 200: ChartResult, ...errorResponses },
      },
    },
    // The schema has checked the name.
    (request: FastifyRequest) => charts.get((request.query as ChartQuery).alphabet ?? DEFAULT_ALPHABET),
  );
  const alphabets = { success: true, alphabets: ALPHABET_SUMMARIES };
  app.get(
    "/api/v1/alphabets",
    {
      schema: { summary: "The alphabets Morse is read in, with their sources", tags: [TAGS.morse.name], response: { 200: AlphabetsResult, ...errorResponses } },
    },
    () => alphabets,
  );
}
