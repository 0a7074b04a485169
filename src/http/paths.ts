/** The path of a request target, whatever its form. */

export const API_PREFIX = "/api/v1/";

/**
 * The path of a request target without its query: origin-form (`/api/v1/encode?…`) or
 * absolute-form (`http://host/api/v1/encode?…`), which HTTP/1.1 servers must accept too.
 */
export function requestPath(target: string): string {
  let start = 0;
  if (target.charCodeAt(0) !== 47 /* / */) {
    const scheme = target.indexOf("://");
    if (scheme !== -1) {
      const slash = target.indexOf("/", scheme + 3);
      start = slash === -1 ? target.length : slash;
    }
  }
  const query = target.indexOf("?", start);
  return target.slice(start, query === -1 ? target.length : query) || "/";
}

export function isApiPath(target: string): boolean {
  return target.startsWith(API_PREFIX) || requestPath(target).startsWith(API_PREFIX);
}
