import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { countryNames } from "~/server/geo/countries.server";
import { ok } from "~/server/edge/http.server";

export const loader = apiRoute(
  serve(API.countries, async () => ok({ countries: countryNames() }, { headers: { "Cache-Control": "public, max-age=86400" } })),
);
export const action = loader;
