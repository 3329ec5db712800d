import type { WishSubmission } from "~/domain/wish";
import type { CloudflareContext } from "~/load-context";
import { announceWish } from "./announce.server";
import { queueWishCopy } from "./email/outbox.server";
import { submitWish, type SubmittedWish } from "./wishes.server";
import { recordMetric } from "./metrics.server";
import { requestLocale } from "./locale.server";

/**
 * Making a wish, whichever door it comes through (the JSON API or the form without JavaScript): store it within the
 * limits, tell the room, and queue the copy for a visitor who gave an e-mail. One function, so the doors cannot drift
 * apart again (the form's path once forgot the copy).
 */
export async function createWish(request: Request, { env, ctx }: CloudflareContext, input: WishSubmission): Promise<SubmittedWish> {
  const submitted = await submitWish(env, request, input);
  announceWish(env, ctx, submitted.wish);
  recordMetric(env, "wish_submitted", { language: requestLocale(request), country: submitted.wish.countryCode });
  queueWishCopy(env, ctx, input, submitted.wishId);
  return submitted;
}
