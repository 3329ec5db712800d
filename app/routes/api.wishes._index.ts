import { API } from "~/domain/contract/api";
import { forPath } from "~/domain/for-someone";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { createWish } from "~/server/wishes/create-wish.server";
import { ok } from "~/server/edge/http.server";
import { recentWishes } from "~/server/wishes/wishes.server";

export const loader = apiRoute(
  serve(API.recentWishes, async ({ context }) => ok({ wishes: await recentWishes(context.cloudflare.env) })),
  serve(API.submitWish, async ({ input, request, context }) => {
    const { wishId, forToken } = await createWish(request, context.cloudflare, input);
    // A wish for someone: its writer gets the personal page's path to hand on (never shown to anyone else).
    return ok({ wishId, ...(forToken ? { forPath: forPath(forToken) } : {}) }, { status: 201 });
  }),
);
export const action = loader;
