/** The playground page (the repository's web/ folder), served beside the API from the same origin. */
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** web/ from src/http/ under tsx and from dist/http/ built alike. */
const WEB_ROOT = fileURLToPath(new URL("../../web/", import.meta.url));

/**
 * The page loads only its own script, style and API calls: nothing inline, nothing from
 * elsewhere, and no other site may frame it.
 */
const PAGE_HEADERS = {
  "content-security-policy": "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
};

export async function registerPlayground(app: FastifyInstance): Promise<void> {
  // One route per file (no wildcard): any other path stays a JSON 404, or 405 where a route has other methods.
  await app.register(fastifyStatic, {
    root: WEB_ROOT,
    wildcard: false,
    decorateReply: false,
    // What the browser loads, not the TypeScript the bundles in build/ are made from; the
    // bundles' compressed copies are sent in their place (preCompressed), not as files of their own.
    globIgnore: ["**/*.ts", "**/*.br", "**/*.gz"],
    preCompressed: true,
    setHeaders: (reply) => {
      reply.headers(PAGE_HEADERS);
    },
  });
}
