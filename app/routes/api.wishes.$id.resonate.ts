import { resonateSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { resonate } from "~/server/wishes.server";

export const loader = apiRoute({
  POST: async ({ request, params, context }) => {
    const { deviceFingerprint } = parseWith(resonateSchema, await readJsonBody(request));
    return ok({ ...(await resonate(context.cloudflare.env, request, params.id ?? "", deviceFingerprint)) });
  },
});
export const action = loader;
