import { wishSubmitSchema } from "~/domain/wish";
import { announceWish } from "~/server/announce.server";
import { apiRoute } from "~/server/api-route.server";
import { queueWishCopy } from "~/server/email/outbox.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { recentWishes, submitWish } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ wishes: await recentWishes(context.cloudflare.env) }),
  POST: async ({ request, context }) => {
    const input = parseWith(wishSubmitSchema, await readJsonBody(request));
    const { env, ctx } = context.cloudflare;
    const { wishId, wish } = await submitWish(env, request, input);
    announceWish(env, ctx, wish);
    queueWishCopy(env, ctx, input, wishId);
    return ok({ wishId }, { status: 201 });
  },
});
export const action = loader;
