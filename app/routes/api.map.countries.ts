import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { mapCountries } from "~/server/map.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ countries: await mapCountries(context.cloudflare.env) }),
});
export const action = loader;
