import { wallQuerySchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { parseWith, searchParamsObject } from "~/server/request.server";
import { wallPage } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ request, context }) => {
    const query = parseWith(wallQuerySchema, searchParamsObject(request));
    return ok({ ...(await wallPage(context.cloudflare.env, query)) });
  },
});
export const action = loader;
