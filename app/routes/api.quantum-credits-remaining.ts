import { API } from "~/domain/contract/api";
import { apiRoute, serve } from "~/server/edge/api-route.server";
import { QUANTUM_UNREACHABLE } from "~/domain/messages";
import { quantumCredits } from "~/server/rings/credits.server";
import { ApiError, ok } from "~/server/edge/http.server";

export const loader = apiRoute(
  serve(API.creditsRemaining, async ({ context }) => {
    try {
      const { seconds, unlimited, instanceId } = await quantumCredits(context.cloudflare.env);
      // An instance without a usage limit (and no operator budget) is said to be unlimited instead of given a number.
      return ok({ seconds, instanceId, ...(unlimited ? { unlimited } : {}) }, { headers: { "Cache-Control": "no-store" } });
    } catch {
      throw new ApiError(503, QUANTUM_UNREACHABLE);
    }
  }),
);
export const action = loader;
