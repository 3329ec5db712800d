import { z } from "zod";
import { REQUEST_BODY_INVALID } from "~/domain/messages";
import { fingerprintSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { withdrawOwnWish } from "~/server/erasure.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { getPublicWish } from "~/server/wishes.server";

const withdrawSchema = z.lazy(() => z.object({ deviceFingerprint: fingerprintSchema }, { error: REQUEST_BODY_INVALID }));

export const loader = apiRoute({
  GET: async ({ params, context }) => ok({ ...(await getPublicWish(context.cloudflare.env, params.id ?? "")) }),
  // The writer's own withdrawal, from the device that wrote it (the "your wish" card).
  DELETE: async ({ request, params, context }) => {
    const { deviceFingerprint } = parseWith(withdrawSchema, await readJsonBody(request));
    await withdrawOwnWish(context.cloudflare.env, params.id ?? "", deviceFingerprint);
    return ok({ withdrawn: true });
  },
});
export const action = loader;
