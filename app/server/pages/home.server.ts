import { data, redirect } from "@remix-run/cloudflare";
import { DEFAULT_WALL_FILTERS, wallParamsOnly, type WallFilters } from "~/domain/wall-params";
import type { SentForSomeone, WishFormFailure, WishFormValues } from "~/domain/wish-form";
import { forPath } from "~/domain/for-someone";
import { wishForSomeone } from "../wishes/for-someone.server";
import { cooldownLeftMs, HOME_WALL_PAGE_SIZE, WISH_ID_MAX_LENGTH } from "~/domain/limits";
import { settingsOf } from "../edge/settings.server";
import { errorFields, log } from "../edge/log.server";
import { FORM_CROSS_SITE, REQUEST_BODY_INVALID, SUBMIT_FAILED } from "~/domain/messages";
import { appError } from "~/domain/app-error";
import { ERROR_CODE } from "~/domain/error-codes";
import { translatorFor } from "~/i18n/catalogues.server";
import { liveStripEntries, type LiveStripEntry } from "~/domain/live-activity";
import type { PublicWish, RibbonStats, WallPage } from "~/domain/public-wish";
import { wallQuerySchema, wishSubmitSchema, type WallQuery } from "~/domain/wish";
import type { CloudflareContext } from "~/load-context";
import { createWish } from "../wishes/create-wish.server";
import { deviceIdFor, readDeviceCookie } from "../edge/device-cookie.server";
import { ApiError, fail, renderError } from "../edge/http.server";
import { isSameSiteOrigin } from "../edge/origin.server";
import { parseWith } from "../edge/request.server";
import {
  cachedCredits,
  cachedLastRingAt,
  cachedLiveActivity,
  cachedPendingWishes,
  cachedSiteStats,
  cachedWaitingStrip,
  cachedWallPage,
} from "../wishes/public-reads.server";
import { resonate } from "../wishes/wishes.server";
import { localizePath, splitLocalePath } from "~/domain/locale";
import { countryOptions, withCountryLabels, type CountryOption } from "../geo/country-names.server";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";

/**
 * Only what the page shows: this is sent twice, as HTML and as the data React hydrates from, and the whole answer
 * should fit the first round trip of a new connection (about 14 KB; ADR 0011).
 */
export interface HomeData {
  /** null when the counters could not be read: the ribbon then shows its placeholder. */
  stats: RibbonStats | null;
  wall: WallPage;
  filters: WallFilters;
  /** The live strip's entries, shaped for the strip (not the live-activity API's items). */
  liveStrip: LiveStripEntry[];
  /** The wall's country filter named and sorted in the page's language; absent in English, which sorts its own. */
  countryOptions?: CountryOption[];
  pending: PublicWish[];
  /** The waiting strip's lines when the page was read: the newest waiting wishes, one per network. */
  waitingStrip: PublicWish[];
  /** null when the balance could not be read. */
  creditsSeconds: number | null;
  /** What is left of the shared cooldown when the page was read, so a fresh page says "Please wait Ns" at once. */
  cooldownMs: number;
  /** This site's origin, for the absolute links the share menu renders on the server. */
  origin: string;
  /** After a wish for someone was posted without JavaScript: the link to hand on. */
  submittedFor?: SentForSomeone;
}

/** A hand-edited or stale address keeps whatever is valid in it and falls back to the defaults for the rest. */
function wallQueryFrom(url: URL, deviceFingerprint: string | undefined): WallQuery {
  const input: Record<string, unknown> = {
    ...Object.fromEntries(wallParamsOnly(url.search)),
    pageSize: HOME_WALL_PAGE_SIZE,
    deviceFingerprint,
  };
  for (;;) {
    const result = wallQuerySchema.safeParse(input);
    if (result.success) return result.data;
    const invalid = result.error.issues.map((issue) => issue.path[0]).filter((key) => typeof key === "string" && key in input);
    if (invalid.length === 0) return wallQuerySchema.parse({ pageSize: HOME_WALL_PAGE_SIZE });
    for (const key of invalid) delete input[key as string];
  }
}

/** Each part of the page degrades on its own: one failed read leaves the rest of the page working. */
async function orFallback<T>(part: string, read: Promise<T>, fallback: T): Promise<T> {
  try {
    return await read;
  } catch (error) {
    log("error", "the home page could not read a part", { part, ...errorFields(error) });
    return fallback;
  }
}

/** Everything the home page shows, read in one round of parallel reads, each shared for a second (ADR 0009). */
export async function loadHome(env: Env, request: Request): Promise<HomeData> {
  const url = new URL(request.url);
  const { locale } = splitLocalePath(url.pathname);
  // Visitors without JavaScript resonate through the device cookie, so their wall shows what they resonated with.
  const query = wallQueryFrom(url, readDeviceCookie(request));
  const emptyWall: WallPage = { wishes: [], total: 0, countryCount: 0, page: 1, pageSize: query.pageSize };
  const [stats, wall, activities, pending, waitingStrip, creditsSeconds, rungAt] = await Promise.all([
    orFallback("the stats", cachedSiteStats(env), null),
    orFallback("the Wish Wall", cachedWallPage(env, query), emptyWall),
    orFallback("the live activity", cachedLiveActivity(env), []),
    orFallback("the pending wishes", cachedPendingWishes(env), []),
    orFallback("the waiting strip", cachedWaitingStrip(env), []),
    orFallback<number | null>("the credits", cachedCredits(env).then((credits) => credits.seconds), null),
    // Unreadable, the button stays as it was before this was known: the room still refuses a ring too soon.
    orFallback<number | null>("the last ring", cachedLastRingAt(env), null),
  ]);
  return {
    stats: stats && { totalWishes: stats.totalWishes, countriesEntangled: stats.countriesEntangled },
    wall,
    filters: {
      theme: query.theme,
      timeFilter: query.timeFilter,
      sortBy: query.sortBy,
      country: query.country ?? DEFAULT_WALL_FILTERS.country,
      page: wall.page,
    },
    liveStrip: withCountryLabels(liveStripEntries(activities), locale),
    ...(locale === DEFAULT_LOCALE ? {} : { countryOptions: countryOptions(liveStripEntries(activities), locale) }),
    pending,
    waitingStrip,
    creditsSeconds,
    cooldownMs: cooldownLeftMs(rungAt, settingsOf(env).RING_COOLDOWN_SECONDS, Date.now()),
    origin: url.origin,
    ...(await sentForSomeone(env, url, locale)),
  };
}

/** After a wish for someone posted without JavaScript: their page's link, looked up by the token the redirect carries. */
async function sentForSomeone(env: Env, url: URL, locale: Locale): Promise<{ submittedFor?: SentForSomeone }> {
  const token = url.searchParams.get("for");
  if (!token || !url.searchParams.has("submitted")) return {};
  const page = await wishForSomeone(env, token, locale).catch(() => null);
  if (!page) return {};
  return { submittedFor: { url: `${url.origin}${localizePath(forPath(token), locale)}`, forName: page.forName } };
}

function text(form: FormData, key: string): string {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
}

/**
 * The home page's form posts when JavaScript is off (with JavaScript the same forms call /api). A wish is stored
 * exactly as /api/wishes stores it, with the device cookie standing in for the fingerprint; success redirects
 * back to the form with its confirmation, a refusal re-renders the form with the sentence and what was typed.
 */
export async function homeAction(request: Request, { env, ctx }: CloudflareContext) {
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  if (!isSameSiteOrigin(request, env)) throw fail(request, appError(403, FORM_CROSS_SITE, { code: ERROR_CODE.crossSite }), { locale });
  const form = await request.formData().catch(() => null);
  const device = deviceIdFor(request);
  const headers = new Headers();
  if (device.setCookie) headers.append("Set-Cookie", device.setCookie);

  if (form?.get("intent") === "resonate") {
    throw redirect(await resonateWithoutScript(env, request, form, device.id), { headers });
  }

  const values: WishFormValues = {
    wish: form ? text(form, "wish") : "",
    name: form ? text(form, "name") : "",
    email: form ? text(form, "email") : "",
    country: form ? text(form, "country") : "",
    forName: form ? text(form, "forName") : "",
  };
  let wishId: string;
  let forToken: string | undefined;
  try {
    if (!form) throw new ApiError(400, REQUEST_BODY_INVALID);
    const input = parseWith(wishSubmitSchema, { ...values, deviceFingerprint: device.id });
    ({ wishId, forToken } = await createWish(request, { env, ctx }, input));
  } catch (error) {
    if (!(error instanceof ApiError)) log("error", "a wish posted without JavaScript could not be stored", errorFields(error));
    // The refusal becomes a sentence here, once, in the page's language.
    const failure: WishFormFailure =
      error instanceof ApiError
        ? { error: renderError(locale, error.error), ...(error.error.field ? { field: error.error.field } : {}), values }
        : { error: translatorFor(locale)(SUBMIT_FAILED), values };
    return data({ failure }, { status: error instanceof ApiError ? error.status : 500, headers });
  }
  const home = localizePath("/", locale);
  const forPart = forToken ? `&for=${encodeURIComponent(forToken)}` : "";
  throw redirect(`${home}?submitted=${encodeURIComponent(wishId)}${forPart}#wish-form`, { headers });
}

/** Resonates and answers where to go back to: the same wall view, scrolled to the card. */
async function resonateWithoutScript(env: Env, request: Request, form: FormData, deviceId: string): Promise<string> {
  const wishId = text(form, "wishId");
  const back = wallParamsOnly(text(form, "returnTo")).toString();
  const page = `${localizePath("/", splitLocalePath(new URL(request.url).pathname).locale)}${back ? `?${back}` : ""}`;
  if (!wishId || wishId.length > WISH_ID_MAX_LENGTH) return page;
  try {
    await resonate(env, request, wishId, deviceId);
  } catch (error) {
    // An unknown wish simply is not resonated; the wall shows its true state after the redirect.
    if (!(error instanceof ApiError)) log("error", "a resonance posted without JavaScript failed", errorFields(error));
  }
  return `${page}#wish-${encodeURIComponent(wishId)}`;
}
