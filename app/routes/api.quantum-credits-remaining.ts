import { apiRoute } from "~/server/api-route.server";
import { bellRoom } from "~/server/bell-room-client.server";
import { ApiError, ok } from "~/server/http.server";

export const loader = apiRoute({
  GET: async ({ context }) => {
    try {
      const { seconds, instanceId } = await bellRoom(context.cloudflare.env).credits();
      return ok({ seconds, instanceId }, { headers: { "Cache-Control": "no-store" } });
    } catch {
      throw new ApiError(503, "The quantum service cannot be reached right now. Please try again in a minute.");
    }
  },
});
export const action = loader;
