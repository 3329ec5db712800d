import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { requestLocale } from "~/server/edge/locale.server";
import { ringHistory } from "~/server/rings/ring-view.server";

export const loader = apiRoute(
  // Each ring's verse in the request's language (Accept-Language, as the API's sentences; English when it names none
  // of the site's), so the answer varies by it.
  serve(API.ringHistory, async ({ input: { page, pageSize }, context, request }) =>
    ok({ ...(await ringHistory(context.cloudflare.env, page, pageSize, requestLocale(request))) }, { headers: { Vary: "Accept-Language" } }),
  ),
);
export const action = loader;
