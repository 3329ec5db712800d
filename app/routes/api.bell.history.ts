import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { ringHistory } from "~/server/rings/ring-view.server";

export const loader = apiRoute(
  serve(API.ringHistory, async ({ input: { page, pageSize }, context }) => ok({ ...(await ringHistory(context.cloudflare.env, page, pageSize)) })),
);
export const action = loader;
