import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ringBell } from "~/server/rings/ring-bell.server";

export const loader = apiRoute(
  serve(API.ring, async ({ input, request, context }) => Response.json(await ringBell(request, context.cloudflare, input))),
);
export const action = loader;
