import { forPath } from "~/domain/for-someone";
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
    const { wishId, forToken } = await createWish(request, context.cloudflare, input);
    // A wish for someone: its writer gets the personal page's path to hand on (never shown to anyone else).
    return ok({ wishId, ...(forToken ? { forPath: forPath(forToken) } : {}) }, { status: 201 });
  },
});
export const action = loader;
