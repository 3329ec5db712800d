import type { ServerBuild } from "@remix-run/cloudflare";
import { matchRoutes, type Params } from "@remix-run/react";
import { API_PREFIX } from "~/domain/contract/endpoint";
import { type ApiDispatch, isApiDispatch } from "~/server/edge/api-route.server";

/**
 * The JSON API (`/api/...`) answered by each route's own handler, taken from the Remix server build, without Remix's
 * request handler: route matching across the whole tree, the single-fetch and error-boundary machinery cost more here
 * than most API handlers themselves (ADR 0009, ADR 0015). Every API route is an `apiRoute` (app/server/edge/api-route.server.ts),
 * so validation, JSON shapes, errors and 405s stay the route's own; the Worker adds security headers as for every
 * answer. HEAD, and any path that is not an API route, goes through Remix.
 *
 * Only an `apiRoute` is taken: it answers every method with a Response and never throws, so the Worker returns its
 * answer as it is and a request is never handled here and again by Remix.
 */
interface ApiRoute {
  path: string;
  handler: ApiDispatch;
}

export interface ApiMatch {
  handler: ApiDispatch;
  params: Params;
}

const routesByBuild = new WeakMap<ServerBuild, ApiRoute[]>();

/** A route's full path: its ancestors' paths and its own (flat routes nest `api.wishes.$id.report` in `api.wishes.$id`). */
function fullPath(build: ServerBuild, id: string | undefined): string {
  const route = id ? build.routes[id] : undefined;
  if (!route || route.id === "root") return "";
  return [fullPath(build, route.parentId), route.path].filter(Boolean).join("/");
}

/** The build's API routes with their full paths; Remix's own ranking picks `/api/wishes/wall` over `/api/wishes/:id`. */
function apiRoutes(build: ServerBuild): ApiRoute[] {
  let routes = routesByBuild.get(build);
  if (!routes) {
    routes = Object.values(build.routes).flatMap((route) => {
      const handler = route?.module.loader;
      const path = route ? `/${fullPath(build, route.id)}` : "";
      if (!route || !isApiDispatch(handler) || !path.startsWith(API_PREFIX)) return [];
      return [{ path, handler }];
    });
    routesByBuild.set(build, routes);
  }
  return routes;
}

export function matchApiRoute(build: ServerBuild, request: Request, url: URL): ApiMatch | undefined {
  if (request.method === "HEAD" || !url.pathname.startsWith(API_PREFIX)) return undefined;
  const [match] = matchRoutes(apiRoutes(build), url.pathname) ?? [];
  // One handler answers every method: `apiRoute` dispatches on it, and each route exports it as its action too.
  return match ? { handler: match.route.handler, params: match.params } : undefined;
}
