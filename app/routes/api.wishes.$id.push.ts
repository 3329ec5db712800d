import { z } from "zod";
import { REQUEST_BODY_INVALID } from "~/domain/messages";
import { pushSubscriptionSchema } from "~/domain/push";
import { fingerprintSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { subscribeToRing } from "~/server/push.server";
import { parseWith, readJsonBody } from "~/server/request.server";

const pushRequestSchema = z.object({ deviceFingerprint: fingerprintSchema, subscription: pushSubscriptionSchema }, { error: REQUEST_BODY_INVALID });

/** "Tell me when my wish rings": the writer's browser's push subscription, kept until the wish's ring is announced. */
export const loader = apiRoute({
  POST: async ({ request, params, context }) => {
    const { deviceFingerprint, subscription } = parseWith(pushRequestSchema, await readJsonBody(request));
    await subscribeToRing(context.cloudflare.env, params.id ?? "", deviceFingerprint, subscription);
    return ok({ subscribed: true });
  },
});
export const action = loader;
