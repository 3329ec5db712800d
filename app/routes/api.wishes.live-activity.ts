import { apiRoute } from "~/server/api-route.server";
import { ok } from "~/server/http.server";
import { liveActivity } from "~/server/wishes.server";

export const loader = apiRoute({
  GET: async ({ context }) => ok({ activities: await liveActivity(context.cloudflare.env) }),
});
export const action = loader;
