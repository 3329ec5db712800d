import type { LoaderFunction, ServerBuild } from "@remix-run/cloudflare";

/**
 * The public read APIs that pages and visitors poll, by path, with their Remix route. The Worker entry answers a GET
 * to these with the route's own loader (the same validation, JSON shape, errors and headers) without passing through
 * Remix's request handler: route matching, the single-fetch and error-boundary machinery cost more here than the
 * memoised read itself (ADR 0009). Any other method, or a path not listed, goes through Remix as before.
 */
const FAST_READ_ROUTES: Readonly<Record<string, string>> = {
  "/api/stats": "routes/api.stats",
  "/api/wishes/live-activity": "routes/api.wishes.live-activity",
  "/api/wishes/wall": "routes/api.wishes.wall",
  "/api/map/countries": "routes/api.map.countries",
};

export function fastReadLoader(build: ServerBuild, request: Request, url: URL): LoaderFunction | undefined {
  if (request.method !== "GET") return undefined;
  const routeId = FAST_READ_ROUTES[url.pathname];
  return routeId ? build.routes[routeId]?.module.loader : undefined;
}
