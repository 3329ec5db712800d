import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";
import { subscribeToRing } from "~/server/push/push.server";

/** "Tell me when my wish rings": the writer's browser's push subscription, kept until the wish's ring is announced. */
export const loader = apiRoute(
  serve(API.subscribePush, async ({ input: { deviceFingerprint, subscription }, params, context }) => {
    await subscribeToRing(context.cloudflare.env, params.id ?? "", deviceFingerprint, subscription);
    return ok({ subscribed: true });
  }),
);
export const action = loader;
