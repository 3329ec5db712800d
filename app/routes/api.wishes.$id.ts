import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { getPublicWish } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ params, context }) => ok({ ...(await getPublicWish(context.cloudflare.env, params.id ?? "")) }),
});
export const action = loader;
