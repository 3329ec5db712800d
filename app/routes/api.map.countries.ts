import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { cachedMapCountries } from "~/server/public-reads.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ countries: await cachedMapCountries(context.cloudflare.env) }),
});
export const action = loader;
