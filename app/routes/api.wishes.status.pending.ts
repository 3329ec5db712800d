import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { pendingWishes } from "~/server/wishes/wishes.server";

export const loader = apiRoute(
  serve(API.pendingWishes, async ({ context }) => ok({ wishes: await pendingWishes(context.cloudflare.env) }, { headers: { "Cache-Control": "no-store" } })),
);
export const action = loader;
