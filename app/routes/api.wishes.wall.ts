import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { cachedWallPage } from "~/server/wishes/public-reads.server";

export const loader = apiRoute(serve(API.wall, async ({ input, context }) => ok({ ...(await cachedWallPage(context.cloudflare.env, input)) })));
export const action = loader;
