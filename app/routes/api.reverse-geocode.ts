import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { reverseGeocode } from "~/server/geo/reverse-geocode.server";
import { ok } from "~/server/edge/http.server";

export const loader = apiRoute(serve(API.reverseGeocode, async ({ input: { lat, lon } }) => ok({ address: await reverseGeocode(lat, lon) })));
export const action = loader;
