import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { cachedMapCountries } from "~/server/public-reads.server";
import { queryLocale, withCountryLabels } from "~/server/country-names.server";

export const loader = apiRoute({
  GET: async ({ context, request }) =>
    ok({ countries: withCountryLabels(await cachedMapCountries(context.cloudflare.env), queryLocale(new URL(request.url))) }),
});
export const action = loader;
