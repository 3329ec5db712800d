import type { LiveActivity, PublicWish, SiteStats, WallPage } from "~/domain/public-wish";
import type { MapCountry } from "~/domain/map-country";
import type { WallQuery } from "~/domain/wish";
import { quantumCredits, type QuantumCredits } from "../rings/credits.server";
import { mapCountries } from "../geo/map.server";
import { lastRingAt } from "../rings/ring-view.server";
import { cachedRead } from "../edge/read-cache.server";
import { wallPage } from "./wall.server";
import { liveActivity, pendingWishes, resonatedAmong, siteStats, waitingStrip } from "./wishes.server";

/**
 * The public reads, through the isolate's short-lived memo (read-cache.server). The same functions, the same
 * shapes: only how often D1 is asked changes. The API routes and the home page read through here.
 */

/**
 * For the aggregate reads no page of this site refetches after its own writes (stats, live activity): browsers and
 * shared caches may keep them a second and serve them a few seconds stale while they refresh. Wall pages and the
 * map are refetched right after a visitor's own wish, so they carry no such header (ADR 0009).
 */
export const SHARED_READ_CACHE_CONTROL = "public, max-age=1, stale-while-revalidate=4";

export const cachedSiteStats = (env: Env): Promise<SiteStats> => cachedRead("stats", () => siteStats(env));

export const cachedLiveActivity = (env: Env): Promise<LiveActivity[]> => cachedRead("live-activity", () => liveActivity(env));

export const cachedMapCountries = (env: Env): Promise<MapCountry[]> => cachedRead("map-countries", () => mapCountries(env));

export const cachedPendingWishes = (env: Env): Promise<PublicWish[]> => cachedRead("pending", () => pendingWishes(env));
/** The home page's waiting strip: the newest waiting wishes, one per network. */
export const cachedWaitingStrip = (env: Env): Promise<PublicWish[]> => cachedRead("waiting-strip", () => waitingStrip(env));

export const cachedLastRingAt = (env: Env): Promise<number | null> => cachedRead("last-ring", () => lastRingAt(env));

export const cachedCredits = (env: Env): Promise<QuantumCredits> => cachedRead("credits", () => quantumCredits(env));

/**
 * A wall page. The page itself is shared by everyone asking for the same view; which of its wishes this device
 * resonated with is its own, read fresh (one small indexed query) and laid over the shared page.
 */
export async function cachedWallPage(env: Env, query: WallQuery): Promise<WallPage> {
  const { deviceFingerprint, ...view } = query;
  const key = `wall:${view.page}:${view.pageSize}:${view.theme}:${view.timeFilter}:${view.sortBy}:${view.country ?? ""}`;
  const page = await cachedRead(key, () => wallPage(env, view));
  if (!deviceFingerprint) return page;
  const resonated = await resonatedAmong(env, deviceFingerprint, page.wishes.map((wish) => wish.id));
  return { ...page, wishes: page.wishes.map((wish) => ({ ...wish, isResonated: resonated.has(wish.id) })) };
}
