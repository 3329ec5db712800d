import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { sendWishToFriend } from "~/server/email/friend-wish.server";
import { ok } from "~/server/edge/http.server";

export const loader = apiRoute(
  serve(API.sendWishToFriend, async ({ input, request, context }) => {
    const { env, ctx } = context.cloudflare;
    await sendWishToFriend(env, ctx, request, input);
    return ok({});
  }),
);
export const action = loader;
