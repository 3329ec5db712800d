import { wallQuerySchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { cachedWallPage } from "~/server/public-reads.server";
import { parseWith, searchParamsObject } from "~/server/request.server";

export const loader = apiRoute({
  GET: async ({ request, context }) => {
    const query = parseWith(wallQuerySchema, searchParamsObject(request));
    return ok({ ...(await cachedWallPage(context.cloudflare.env, query)) });
  },
});
export const action = loader;
