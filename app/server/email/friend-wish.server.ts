import { HOUR_MS } from "~/domain/limits";
import type { FriendWish } from "~/domain/wish";
import type { CloudflareContext } from "~/load-context";
import { ApiError } from "../edge/http.server";
import { moderated } from "../wishes/wishes.server";
import { hitNetworkLimit } from "../edge/rate-limit.server";
import { queueVisitorMail } from "./outbox.server";
import { friendWishLetter } from "./letters.server";
import { requestLocale } from "../edge/locale.server";
import { networkHashes } from "../edge/hashing.server";
import { ERROR_CODE } from "~/domain/error-codes";
import { FRIEND_RATE_LIMITED, FRIEND_RECIPIENT_LIMITED } from "~/domain/messages";
import { mailStopUrl } from "./mail-stop.server";
import { settingsOf } from "~/server/edge/settings.server";

export const FRIEND_MAILS_PER_HOUR = 10;

/**
 * A mail to an address the visitor typed is what spammers look for, so it is limited per network and its text goes
 * through the same moderation as a wish (no links, addresses or phone numbers).
 */
export async function sendWishToFriend(
  env: Env,
  ctx: CloudflareContext["ctx"],
  request: Request,
  input: FriendWish,
  now = Date.now(),
): Promise<void> {
  const clean: FriendWish = {
    friendEmail: input.friendEmail,
    wish: (await moderated(input.wish))!,
    name: await moderated(input.name),
    message: await moderated(input.message),
  };
  const network = await networkHashes(settingsOf(env).HASH_SECRET, request);
  const limit = await hitNetworkLimit(env, network, "friend-mail", FRIEND_MAILS_PER_HOUR, HOUR_MS, now);
  if (!limit.allowed) throw new ApiError(429, FRIEND_RATE_LIMITED, { retryAfter: limit.retryAfter });
  // The friend form's page names its language in Accept-Language, as every call of the site's own does.
  const letter = friendWishLetter(env, requestLocale(request), clean, await mailStopUrl(env, clean.friendEmail));
  const outcome = await queueVisitorMail(env, { ...letter, to: clean.friendEmail, kind: "friend-wish" }, network.network, ctx, now);
  // An inbox that asked for no more mail gets nothing, and the sender is answered as for any other: whether someone
  // opted out is theirs to know, not a stranger's (ADR 0104).
  if (outcome === "recipient-full" || outcome === "sender-full") throw new ApiError(429, FRIEND_RECIPIENT_LIMITED, { code: ERROR_CODE.rateLimited });
}
