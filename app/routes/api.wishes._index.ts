import { wishSubmitSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { createWish } from "~/server/create-wish.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { recentWishes } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ wishes: await recentWishes(context.cloudflare.env) }),
  POST: async ({ request, context }) => {
    const input = parseWith(wishSubmitSchema, await readJsonBody(request));
    const { wishId } = await createWish(request, context.cloudflare, input);
    return ok({ wishId }, { status: 201 });
  },
});
export const action = loader;
