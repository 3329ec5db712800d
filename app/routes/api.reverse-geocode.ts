import { z } from "zod";
import { apiRoute } from "~/server/api-route.server";
import { reverseGeocode } from "~/server/geo/reverse-geocode.server";
import { ok } from "~/server/http.server";
import { parseWith, searchParamsObject } from "~/server/request.server";

const LAT_SENTENCE = "Please give a latitude between -90 and 90.";
const LON_SENTENCE = "Please give a longitude between -180 and 180.";
const coordinatesSchema = z.lazy(() =>
  z.object({
    lat: z.coerce.number({ error: LAT_SENTENCE }).min(-90, { error: LAT_SENTENCE }).max(90, { error: LAT_SENTENCE }),
    lon: z.coerce.number({ error: LON_SENTENCE }).min(-180, { error: LON_SENTENCE }).max(180, { error: LON_SENTENCE }),
  }),
);

export const loader = apiRoute({
  GET: async ({ request }) => {
    const { lat, lon } = parseWith(coordinatesSchema, searchParamsObject(request));
    return ok({ address: await reverseGeocode(lat, lon) });
  },
});
export const action = loader;
