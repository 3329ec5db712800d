import { apiRoute } from "~/server/api-route.server";
import { checkHealth } from "~/server/health.server";
import { ok } from "~/server/http.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ ...(await checkHealth(context.cloudflare.env)) }, { headers: { "Cache-Control": "no-store" } }),
});
export const action = loader;
