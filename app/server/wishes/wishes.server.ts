import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { newForToken } from "~/domain/for-someone";
import { ERROR_CODE } from "~/domain/error-codes";
import { and, asc, desc, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import { monotonicFactory } from "ulidx";
import { DAILY_WISH_LIMIT, DAY_MS, PUBLIC_WISH_LIST_MAX, RESONANCE_NETWORK_DAILY_CAP } from "~/domain/limits";
import { isValidActivityCode, previewLastWish } from "~/domain/live-activity";
import { DISTINCT_NETWORK_LOOKBACK, firstPerNetwork, previewsByCountry, WAITING_STRIP_SIZE } from "~/domain/distinct-networks";
import { ANONYMOUS_NAME, IP_LIMIT_SENTENCE, RESONANCE_DAILY_LIMITED, SUBMIT_DAILY_LIMIT, UNKNOWN_LOCATION, WISH_NOT_FOUND } from "~/domain/messages";
import { moderateText } from "~/domain/moderation";
import { onFirstUse } from "~/domain/on-first-use";
import { coarseCoordinate } from "~/domain/position";
import type { LiveActivity, PublicWish, SiteStats } from "~/domain/public-wish";
import { classifyTheme, type Theme } from "~/domain/theme";
import type { WishSubmission } from "~/domain/wish";
import { database } from "../db/client.server";
import { countryStats, resonances, siteCounters, wishes } from "../db/schema";
import { countryByCode, findCountry } from "../geo/countries.server";
import { networkHash, privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { readsChanged } from "../edge/read-cache.server";
import { sqlText, WISH_STATUS } from "~/domain/statuses";
import { settingsOf } from "~/server/edge/settings.server";

const newId = monotonicFactory();
/** A country glows as "new" on the map and strip while its latest wish is this fresh. */
export const NEW_ACTIVITY_WINDOW_MS = 10 * 60_000;
const MOST_ACTIVE_LIMIT = 5;

export type WishRow = typeof wishes.$inferSelect;

export const TOTAL_COUNTER = "total_wishes";
export const themeCounter = (theme: Theme) => `theme:${theme}`;

export function utcDayStart(now: number): number {
  return now - (now % DAY_MS);
}

export function secondsUntilNextUtcDay(now: number): number {
  return Math.ceil((utcDayStart(now) + DAY_MS - now) / 1000);
}

export function toPublicWish(row: WishRow, isResonated?: boolean): PublicWish {
  return {
    id: row.id,
    wish: row.text,
    name: row.name || ANONYMOUS_NAME,
    country: row.country,
    countryCode: row.countryCode,
    location: row.location || UNKNOWN_LOCATION,
    theme: row.theme as Theme,
    status: row.status,
    bellRingId: row.bellRingId,
    timestamp: new Date(row.createdAt).toISOString(),
    resonanceCount: row.resonanceCount,
    ...(isResonated === undefined ? {} : { isResonated }),
  };
}

/** A visitor's text as it may be published, or a 400 with the moderation's sentence (every text field, docs/product.md#one-person-one-share). */
export async function moderated(text: string | undefined, field?: string): Promise<string | undefined> {
  if (text === undefined) return undefined;
  const verdict = await moderateText(text);
  if (!verdict.ok) throw new ApiError(400, verdict.error, { field });
  return verdict.text;
}

export interface SubmittedWish {
  wishId: string;
  wish: PublicWish;
}

/**
 * Stores a wish, or refuses it with a sentence. The limits are checked inside the INSERT itself and the counters
 * move only if that row exists, all in one D1 batch (one transaction), so concurrent submissions can neither pass
 * the daily limit together nor leave the counters out of step.
 */
/** What is stored with a wish besides the visitor's fields: the language its page spoke. */
export interface WishContext {
  locale?: Locale;
}

export interface SubmittedWishFor {
  /** The personal page's token, when the wish was written for someone: only its writer is ever told it. */
  forToken?: string;
}

export async function submitWish(env: Env, request: Request, input: WishSubmission, now = Date.now(), context: WishContext = {}): Promise<SubmittedWish & SubmittedWishFor> {
  const text = (await moderated(input.wish, "wish"))!;
  const name = await moderated(input.name, "name");
  // The person it is for is named on their page: moderated like any name.
  const forName = await moderated(input.forName, "forName");
  const forToken = forName ? newForToken() : null;
  const match = input.country ? findCountry(input.country) : undefined;
  // A country from the list is known text; anything else typed there is moderated like the rest.
  const country = match?.name ?? (await moderated(input.country, "country")) ?? null;
  const countryCode = match?.code ?? null;
  const location = (await moderated(input.location, "location")) ?? country ?? UNKNOWN_LOCATION;
  const theme = classifyTheme(text);
  const [fingerprintHash, ipHash] = await Promise.all([
    privateHash(settingsOf(env).HASH_SECRET, "fingerprint", input.deviceFingerprint),
    networkHash(settingsOf(env).HASH_SECRET, request),
  ]);
  const dayStart = utcDayStart(now);
  const ipLimit = settingsOf(env).IP_DAILY_WISH_LIMIT;
  const id = newId(now);
  const db = database(env);
  // drizzle's batch cannot carry raw conditional statements, so the write path speaks D1 directly.
  const statement = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);

  // The site totals and the country's counts follow the insert by trigger (migrations/0006_counters_by_triggers.sql).
  const statements = [
    statement(
      `INSERT INTO wishes (id, text, name, email, country, country_code, location, lat, lon, theme, status,
                           fingerprint_hash, ip_hash, created_at, locale, for_name, for_token)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${sqlText(WISH_STATUS.pending)}, ?, ?, ?, ?, ?, ?
       WHERE (SELECT COUNT(*) FROM wishes WHERE fingerprint_hash = ? AND created_at >= ?) < ?
         AND (SELECT COUNT(*) FROM wishes WHERE ip_hash = ? AND created_at >= ?) < ?`,
      id, text, name ?? null, input.email ?? null, country, countryCode, location, coarseCoordinate(input.lat), coarseCoordinate(input.lon),
      theme, fingerprintHash, ipHash, now, context.locale ?? DEFAULT_LOCALE, forName ?? null, forToken, fingerprintHash, dayStart, DAILY_WISH_LIMIT, ipHash, dayStart, ipLimit,
    ),
  ];
  const [inserted] = await env.DB.batch(statements);
  // D1 counts the rows the wall_counts trigger writes in `changes` too, so "nothing inserted" is the test.
  if (inserted.meta.changes === 0) {
    const byDevice = await db.$count(wishes, and(eq(wishes.fingerprintHash, fingerprintHash), gte(wishes.createdAt, dayStart)));
    throw new ApiError(429, byDevice >= DAILY_WISH_LIMIT ? SUBMIT_DAILY_LIMIT : IP_LIMIT_SENTENCE, {
      retryAfter: secondsUntilNextUtcDay(now),
      code: ERROR_CODE.dailyLimit,
    });
  }
  readsChanged();
  const row = await db.query.wishes.findFirst({ where: eq(wishes.id, id) });
  return { wishId: id, wish: toPublicWish(row!), ...(forToken ? { forToken } : {}) };
}

/** Not hidden by a moderator: a condition built on first use, not at import (ADR 0080). */
export const visible = onFirstUse(() => eq(wishes.hidden, false));

export async function getPublicWish(env: Env, id: string): Promise<PublicWish> {
  const row = await database(env).query.wishes.findFirst({ where: and(eq(wishes.id, id), visible) });
  if (!row) throw new ApiError(404, WISH_NOT_FOUND);
  return toPublicWish(row);
}

export async function recentWishes(env: Env, limit = PUBLIC_WISH_LIST_MAX): Promise<PublicWish[]> {
  const rows = await database(env).select().from(wishes).where(visible).orderBy(desc(wishes.createdAt)).limit(limit);
  return rows.map((row) => toPublicWish(row));
}

export async function pendingWishes(env: Env, limit = PUBLIC_WISH_LIST_MAX): Promise<PublicWish[]> {
  const rows = await database(env)
    .select()
    .from(wishes)
    .where(and(eq(wishes.status, WISH_STATUS.pending), visible))
    .orderBy(asc(wishes.createdAt))
    .limit(limit);
  return rows.map((row) => toPublicWish(row));
}

/**
 * The waiting strip of the home page: the newest waiting wishes, one per network among the newest
 * DISTINCT_NETWORK_LOOKBACK (docs/product.md#one-person-one-share), newest first. `pendingWishes` stays the queue itself,
 * oldest first, which the bell card counts and previews.
 */
export async function waitingStrip(env: Env, size = WAITING_STRIP_SIZE): Promise<PublicWish[]> {
  const rows = await database(env)
    .select()
    .from(wishes)
    .where(and(eq(wishes.status, WISH_STATUS.pending), visible))
    .orderBy(desc(wishes.createdAt), desc(wishes.id))
    .limit(settingsOf(env).WALL_ONE_PER_NETWORK ? DISTINCT_NETWORK_LOOKBACK : size);
  return firstPerNetwork(rows, (row) => (settingsOf(env).WALL_ONE_PER_NETWORK ? row.ipHash : null), size).map((row) => toPublicWish(row));
}

/** Which of these wishes this device has resonated with. */
export async function resonatedAmong(env: Env, fingerprint: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const hash = await privateHash(settingsOf(env).HASH_SECRET, "fingerprint", fingerprint);
  const rows = await database(env)
    .select({ wishId: resonances.wishId })
    .from(resonances)
    .where(and(eq(resonances.fingerprintHash, hash), inArray(resonances.wishId, ids)));
  return new Set(rows.map((r) => r.wishId));
}

export interface ResonanceOutcome {
  alreadyResonated: boolean;
  newCount: number;
}

/**
 * One resonance per (wish, network), the answers of docs/api.md#calls otherwise. Made-up device ids are free, so only a network's
 * first resonance with a wish is stored (and counted), while the network has stored fewer than
 * RESONANCE_NETWORK_DAILY_CAP today: another device on the same network is told it has already resonated, and past
 * the cap the network is refused (429) and nothing is written, so one network adds at most that many rows a day
 * (docs/product.md#one-person-one-share). The count moves in the same batch (one transaction) and only when that insert stored a row, so a
 * repeat or a race can never move it twice.
 */
export async function resonate(env: Env, request: Request, wishId: string, fingerprint: string, now = Date.now()): Promise<ResonanceOutcome> {
  const db = database(env);
  const wish = await db.query.wishes.findFirst({ where: and(eq(wishes.id, wishId), visible), columns: { id: true } });
  if (!wish) throw new ApiError(404, WISH_NOT_FOUND);
  const [hash, network] = await Promise.all([privateHash(settingsOf(env).HASH_SECRET, "fingerprint", fingerprint), networkHash(settingsOf(env).HASH_SECRET, request)]);
  const dayStart = utcDayStart(now);
  const [inserted, , current, state] = await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO resonances (wish_id, fingerprint_hash, network_hash, counted, created_at)
       SELECT ?1, ?2, ?3, 1, ?6
       WHERE NOT EXISTS (SELECT 1 FROM resonances WHERE network_hash = ?3 AND wish_id = ?1)
         AND (SELECT COUNT(*) FROM resonances WHERE network_hash = ?3 AND created_at >= ?4) < ?5
       ON CONFLICT DO NOTHING`,
    ).bind(wishId, hash, network, dayStart, RESONANCE_NETWORK_DAILY_CAP, now),
    // changes() is the row count of the statement just before this one in the batch: the insert above.
    env.DB.prepare("UPDATE wishes SET resonance_count = resonance_count + 1 WHERE id = ?1 AND changes() = 1").bind(wishId),
    env.DB.prepare("SELECT resonance_count AS resonanceCount FROM wishes WHERE id = ?").bind(wishId),
    env.DB.prepare(
      `SELECT EXISTS (SELECT 1 FROM resonances WHERE wish_id = ?1 AND (network_hash = ?2 OR fingerprint_hash = ?3)) AS already`,
    ).bind(wishId, network, hash),
  ]);
  const stored = inserted.meta.changes > 0;
  if (stored) readsChanged();
  else if ((state.results[0] as { already: number }).already !== 1) {
    throw new ApiError(429, RESONANCE_DAILY_LIMITED, { retryAfter: secondsUntilNextUtcDay(now), code: ERROR_CODE.dailyLimit });
  }
  const newCount = (current.results[0] as { resonanceCount: number } | undefined)?.resonanceCount ?? 0;
  return { alreadyResonated: !stored, newCount };
}

export async function counterValue(env: Env, key: string): Promise<number> {
  const row = await database(env).query.siteCounters.findFirst({ where: eq(siteCounters.key, key) });
  return row?.value ?? 0;
}

export async function countriesWithWishes(env: Env): Promise<number> {
  return database(env).$count(countryStats, sql`${countryStats.wishCount} > 0`);
}

export async function siteStats(env: Env): Promise<SiteStats> {
  const db = database(env);
  const [totalWishes, countriesEntangled, top] = await Promise.all([
    counterValue(env, TOTAL_COUNTER),
    countriesWithWishes(env),
    db
      .select({ country: countryStats.country, countryCode: countryStats.countryCode, count: countryStats.wishCount })
      .from(countryStats)
      .where(sql`${countryStats.wishCount} > 0`)
      .orderBy(desc(countryStats.wishCount))
      .limit(MOST_ACTIVE_LIMIT),
  ]);
  return { totalWishes, countriesEntangled, mostActiveLocations: top };
}

export async function liveActivity(env: Env, now = Date.now()): Promise<LiveActivity[]> {
  const db = database(env);
  const [rows, recent] = await Promise.all([
    db.select().from(countryStats).where(sql`${countryStats.wishCount} > 0`).orderBy(desc(countryStats.lastAt)),
    // The previews come from distinct networks (docs/product.md#one-person-one-share): one network's text is never every country's preview.
    db
      .select({ countryCode: wishes.countryCode, network: wishes.ipHash, text: wishes.text })
      .from(wishes)
      .where(and(visible, isNotNull(wishes.countryCode)))
      .orderBy(desc(wishes.createdAt), desc(wishes.id))
      .limit(DISTINCT_NETWORK_LOOKBACK),
  ]);
  const valid = rows.filter((row) => isValidActivityCode(row.countryCode));
  const distinct = settingsOf(env).WALL_ONE_PER_NETWORK;
  const previews = previewsByCountry(
    valid.map((row) => row.countryCode),
    recent.map((wish) => ({ countryCode: wish.countryCode ?? "", network: distinct ? wish.network : null, text: wish.text })),
  );
  const recentCodes = new Set(recent.map((wish) => wish.countryCode));
  return valid.map((row) => ({
    country: row.country,
    countryCode: row.countryCode,
    flag: countryByCode(row.countryCode)?.flag ?? "",
    wishCount: row.wishCount,
    // A country with no wish among the recent ones keeps its stored latest (an old one, so nobody's flood).
    lastWish: previewLastWish(previews.get(row.countryCode) ?? (recentCodes.has(row.countryCode) ? "" : (row.lastWish ?? ""))),
    isNew: row.lastAt !== null && now - row.lastAt < NEW_ACTIVITY_WINDOW_MS,
    pendingWishCount: row.pendingCount,
    hasEntangledWishes: row.entangledCount > 0,
  }));
}
