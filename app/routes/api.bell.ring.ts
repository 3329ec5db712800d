import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { json } from "~/server/edge/http.server";
import { ringBell } from "~/server/rings/ring-bell.server";

export const loader = apiRoute(
  serve(API.ring, async ({ input, request, context }) => json(await ringBell(request, context.cloudflare, input))),
);
export const action = loader;
