import { ERROR_CODE } from "~/domain/error-codes";
import { HOUR_MS } from "~/domain/limits";
import { RING_NETWORK_LIMITED, ringRang } from "~/domain/messages";
import type { RingResponse } from "~/domain/ring-view";
import { ringRequestSchema } from "~/domain/wish";
import { apiRoute } from "~/server/api-route.server";
import { translatorFor } from "~/i18n/catalogues.server";
import { requestLocale } from "~/server/locale.server";
import { bellRoom } from "~/server/bell-room-client.server";
import { networkHashes, privateHash } from "~/server/hashing.server";
import { ApiError } from "~/server/http.server";
import { hitNetworkLimit } from "~/server/rate-limit.server";
import { currentRequestId } from "~/server/request-context.server";
import { parseWith, readJsonBody } from "~/server/request.server";
import { settingsOf } from "~/server/settings.server";

export const loader = apiRoute({
  POST: async ({ request, context }) => {
    const { env } = context.cloudflare;
    const { wishIds, deviceFingerprint } = parseWith(ringRequestSchema, await readJsonBody(request));
    const [rungByHash, network] = await Promise.all([privateHash(settingsOf(env).HASH_SECRET, "fingerprint", deviceFingerprint), networkHashes(settingsOf(env).HASH_SECRET, request)]);
    const limit = await hitNetworkLimit(env, network, "ring:network", settingsOf(env).RING_NETWORK_HOURLY_LIMIT, HOUR_MS);
    if (!limit.allowed) throw new ApiError(429, RING_NETWORK_LIMITED, { retryAfter: limit.retryAfter, code: ERROR_CODE.rateLimited });
    const outcome = await bellRoom(env).ring({ wishIds, rungByHash, rungByNetwork: network.network, requestId: currentRequestId() });
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.error, { retryAfter: outcome.retryAfter, code: outcome.code });
    const body: RingResponse = {
      success: true,
      bellRingId: outcome.ringId,
      message: ringRang(translatorFor(requestLocale(request)), outcome.wishIds.length),
      data: { batches: [{ wishIds: outcome.wishIds, bellRingId: outcome.ringId }], pendingLeft: outcome.pendingLeft, cooldownSeconds: outcome.cooldownSeconds },
    };
    return Response.json(body);
  },
});
export const action = loader;
