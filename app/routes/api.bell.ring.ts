import { ringRequestSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { ringBell } from "~/server/ring-bell.server";

export const loader = apiRoute({
  POST: async ({ request, context }) => {
    const input = parseWith(ringRequestSchema, await readJsonBody(request));
    return Response.json(await ringBell(request, context.cloudflare, input));
  },
});
export const action = loader;
