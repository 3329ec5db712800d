import { ERROR_CODE } from "~/domain/error-codes";
import { HOUR_MS } from "~/domain/limits";
import { RING_NETWORK_LIMITED, ringRang } from "~/domain/messages";
import type { RingResponse } from "~/domain/ring-view";
import type { RingRequest } from "~/domain/wish";
import { translatorFor } from "~/i18n/catalogues.server";
import type { CloudflareContext } from "~/load-context";
import { bellRoom } from "../edge/bell-room-client.server";
import { networkHashes, privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { requestLocale } from "../edge/locale.server";
import { hitNetworkLimit } from "../edge/rate-limit.server";
import { currentRequestId } from "../edge/request-context.server";
import { settingsOf } from "../edge/settings.server";

/**
 * Ringing the bell, whichever door it comes through: the device and network hashed, the network's ring requests
 * counted, the BellRoom asked (it alone decides the cooldown, the credits and the batch), and its answer shaped for
 * the visitor. One function, like `createWish()`, so the doors cannot drift apart. A refusal is an `ApiError` with
 * its status, message id and values, machine code and wait, rendered by the edge in the visitor's language.
 */
export async function ringBell(request: Request, { env }: Pick<CloudflareContext, "env">, input: RingRequest): Promise<RingResponse> {
  const settings = settingsOf(env);
  const [rungByHash, network] = await Promise.all([
    privateHash(settings.HASH_SECRET, "fingerprint", input.deviceFingerprint),
    networkHashes(settings.HASH_SECRET, request),
  ]);
  const limit = await hitNetworkLimit(env, network, "ring:network", settings.RING_NETWORK_HOURLY_LIMIT, HOUR_MS);
  if (!limit.allowed) throw new ApiError(429, RING_NETWORK_LIMITED, { retryAfter: limit.retryAfter, code: ERROR_CODE.rateLimited });
  const outcome = await bellRoom(env).ring({ wishIds: input.wishIds, rungByHash, rungByNetwork: network.network, requestId: currentRequestId() });
  if (!outcome.ok) throw ApiError.of(outcome.error);
  return {
    success: true,
    bellRingId: outcome.ringId,
    message: ringRang(translatorFor(requestLocale(request)), outcome.wishIds.length),
    data: { batches: [{ wishIds: outcome.wishIds, bellRingId: outcome.ringId }], pendingLeft: outcome.pendingLeft, cooldownSeconds: outcome.cooldownSeconds },
  };
}
