import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { checkHealth } from "~/server/edge/health.server";
import { ok } from "~/server/edge/http.server";

export const loader = apiRoute(
  serve(API.health, async ({ context }) => ok({ ...(await checkHealth(context.cloudflare.env)) }, { headers: { "Cache-Control": "no-store" } })),
);
export const action = loader;
