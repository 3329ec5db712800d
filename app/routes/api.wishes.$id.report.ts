import { API } from "~/domain/contract/api";
import { reportWish } from "~/server/admin/moderation.server";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { ok } from "~/server/edge/http.server";

export const loader = apiRoute(
  serve(API.report, async ({ input: { deviceFingerprint, reason }, request, params, context }) => {
    const outcome = await reportWish(context.cloudflare.env, request, { wishId: params.id ?? "", deviceFingerprint, reason });
    return ok({ alreadyReported: outcome.alreadyReported });
  }),
);
export const action = loader;
