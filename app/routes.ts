import { flatRoutes } from "@remix-run/fs-routes";
import type { RouteConfig } from "@remix-run/route-config";

// Remix's v3_routeConfig: the routes are the same file-system routes as before, named here as React Router 7 names
// them in app/routes.ts, so the move to it keeps this file as it is but for the import paths (ADR 0122).
export default flatRoutes() satisfies RouteConfig;
