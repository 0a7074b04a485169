// @fastify/rate-limit ships its stores without type declarations.
declare module "@fastify/rate-limit/store/*.js" {
  import type { FastifyRateLimitStore } from "@fastify/rate-limit";
  const Store: new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => FastifyRateLimitStore;
  export default Store;
}
