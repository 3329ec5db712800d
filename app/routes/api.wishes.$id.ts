import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { withdrawOwnWish } from "~/server/privacy/erasure.server";
import { ok } from "~/server/edge/http.server";
import { getPublicWish } from "~/server/wishes/wishes.server";

export const loader = apiRoute(
  serve(API.getWish, async ({ params, context }) => ok({ ...(await getPublicWish(context.cloudflare.env, params.id ?? "")) })),
  // The writer's own withdrawal, from the device that wrote it (the "your wish" card).
  serve(API.withdrawWish, async ({ input: { deviceFingerprint }, params, context }) => {
    await withdrawOwnWish(context.cloudflare.env, params.id ?? "", deviceFingerprint);
    return ok({ withdrawn: true });
  }),
);
export const action = loader;
