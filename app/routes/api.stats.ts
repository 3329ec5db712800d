import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { siteStats } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ stats: await siteStats(context.cloudflare.env) }),
});
export const action = loader;
