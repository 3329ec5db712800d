import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { resonate } from "~/server/wishes/wishes.server";

export const loader = apiRoute(
  serve(API.resonate, async ({ input: { deviceFingerprint }, request, params, context }) =>
    ok({ ...(await resonate(context.cloudflare.env, request, params.id ?? "", deviceFingerprint)) }),
  ),
);
export const action = loader;
