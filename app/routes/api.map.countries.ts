import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { cachedMapCountries } from "~/server/wishes/public-reads.server";
import { queryLocale, withCountryLabels } from "~/server/geo/country-names.server";

export const loader = apiRoute(
  serve(API.mapCountries, async ({ context, request }) =>
    ok({ countries: withCountryLabels(await cachedMapCountries(context.cloudflare.env), queryLocale(new URL(request.url))) }),
  ),
);
export const action = loader;
