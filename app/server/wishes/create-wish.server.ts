import { API_PREFIX } from "~/domain/contract/endpoint";
import type { WishSubmission } from "~/domain/wish";
import type { CloudflareContext } from "~/load-context";
import { announceWish } from "./announce.server";
import { queueWishCopy } from "../email/outbox.server";
import { submitWish, type SubmittedWish, type SubmittedWishFor } from "./wishes.server";
import { recordMetric } from "../edge/metrics.server";
import { requestLocale } from "../edge/locale.server";
import { splitLocalePath, type Locale } from "~/domain/locale";

/**
 * The language a wish is written in: the page's, named by the form's own path (/fr posts to /fr) or, for the API,
 * by the Accept-Language the site's page sends with its call.
 */
function wishLocale(request: Request): Locale {
  const { pathname } = new URL(request.url);
  return pathname.startsWith(API_PREFIX) ? requestLocale(request) : splitLocalePath(pathname).locale;
}

/**
 * Making a wish, whichever door it comes through (the JSON API or the form without JavaScript): store it within the
 * limits, tell the room, and queue the copy for a visitor who gave an e-mail. One function, so the doors cannot drift
 * apart again (the form's path once forgot the copy).
 */
export async function createWish(request: Request, { env, ctx }: CloudflareContext, input: WishSubmission): Promise<SubmittedWish & SubmittedWishFor> {
  const locale = wishLocale(request);
  const submitted = await submitWish(env, request, input, Date.now(), { locale });
  announceWish(env, ctx, submitted.wish);
  recordMetric(env, "wish_submitted", { language: locale, country: submitted.wish.countryCode });
  queueWishCopy(env, ctx, input, submitted.wishId);
  return submitted;
}
