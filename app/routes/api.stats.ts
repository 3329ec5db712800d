import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { cachedSiteStats, SHARED_READ_CACHE_CONTROL } from "~/server/wishes/public-reads.server";

export const loader = apiRoute(
  serve(API.stats, async ({ context }) => ok({ stats: await cachedSiteStats(context.cloudflare.env) }, { headers: { "Cache-Control": SHARED_READ_CACHE_CONTROL } })),
);
export const action = loader;
