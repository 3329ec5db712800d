import { friendWishSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { sendWishToFriend } from "~/server/email/friend-wish.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";

export const loader = apiRoute({
  POST: async ({ request, context }) => {
    const input = parseWith(friendWishSchema, await readJsonBody(request));
    const { env, ctx } = context.cloudflare;
    await sendWishToFriend(env, ctx, request, input);
    return ok({});
  },
});
export const action = loader;
