/**
 * Which methods each path takes, for the 405 answer's Allow header: learnt from fastify's
 * onRoute hook, so that every route registered is known, whoever registers it (our
 * endpoints, the docs and playground plugins, a route added later).
 */
import type { FastifyInstance, RouteOptions } from "fastify";

/** The order methods are listed in; OPTIONS, answered on every path by the CORS preflight, comes last. */
const ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const rank = (method: string) => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

export class MethodRegistry {
  private readonly byPath = new Map<string, Set<string>>();

  add(path: string, methods: readonly string[]): void {
    const known = this.byPath.get(path) ?? new Set<string>();
    this.byPath.set(path, known);
    for (const method of methods) known.add(method);
  }

  /** The Allow list of a path, or undefined for a path no route has. */
  allowed(path: string): readonly string[] | undefined {
    const methods = this.byPath.get(path);
    return methods && [...[...methods].sort((a, b) => rank(a) - rank(b)), "OPTIONS"];
  }
}

/** What onRoute reports of a route: its options, and where fastify put it. */
type AddedRoute = RouteOptions & { routePath: string };

/** The paths a route answers, when they are fixed (a pattern is not a path: wrong methods on it stay 404s). */
function pathsOf(route: AddedRoute): string[] {
  if (/[*:]/.test(route.url)) return [];
  // A plugin's "/" under a prefix is registered at the prefix and, by default, the prefix
  // with a slash too (fastify's prefixTrailingSlash "both"); onRoute reports only the first.
  const alsoWithSlash = route.routePath === "" && (route.prefixTrailingSlash ?? "both") === "both";
  return alsoWithSlash ? [route.url, `${route.url}/`] : [route.url];
}

/**
 * A registry filled as routes are added. Must be called before any route is registered.
 * HEAD comes with each GET, as fastify adds a HEAD route for it (exposeHeadRoutes), and is
 * reported like any route; OPTIONS is left to the preflight.
 */
export function trackAllowedMethods(app: FastifyInstance): MethodRegistry {
  const registry = new MethodRegistry();
  app.addHook("onRoute", (route) => {
    const methods = [route.method].flat().filter((method) => method !== "OPTIONS");
    for (const path of pathsOf(route)) registry.add(path, methods);
  });
  return registry;
}
