import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { monotonicFactory } from "ulidx";
import { DAILY_WISH_LIMIT, PUBLIC_WISH_LIST_MAX } from "~/domain/limits";
import { isValidActivityCode, previewLastWish } from "~/domain/live-activity";
import { ANONYMOUS_NAME, SUBMIT_DAILY_LIMIT, UNKNOWN_LOCATION } from "~/domain/messages";
import { moderateText } from "~/domain/moderation";
import type { LiveActivity, PublicWish, SiteStats, WallPage } from "~/domain/public-wish";
import { ANY_RESONANCE, pageSegments, type WallCell, type WallSegment } from "~/domain/wall-paging";
import { classifyTheme, type Theme } from "~/domain/theme";
import type { WallQuery, WishSubmission } from "~/domain/wish";
import { database } from "./db/client.server";
import { countryStats, resonances, siteCounters, wishes } from "./db/schema";
import { countryByCode, findCountry } from "./geo/countries.server";
import { clientIp, privateHash } from "./hashing.server";
import { ApiError } from "./http.server";
import { readsChanged } from "./read-cache.server";

const newId = monotonicFactory();
const DAY_MS = 86_400_000;
/** A country glows as "new" on the map and strip while its latest wish is this fresh. */
export const NEW_ACTIVITY_WINDOW_MS = 10 * 60_000;
const MOST_ACTIVE_LIMIT = 5;
export const IP_LIMIT_SENTENCE =
  "Many wishes have already come from your network today. Please try again tomorrow.";

type WishRow = typeof wishes.$inferSelect;

export const TOTAL_COUNTER = "total_wishes";
export const themeCounter = (theme: Theme) => `theme:${theme}`;
/** The wall_counts rows of every theme together. */
const ALL_THEMES = "*";

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

function moderated(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const verdict = moderateText(text);
  if (!verdict.ok) throw new ApiError(400, verdict.error);
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
export async function submitWish(env: Env, request: Request, input: WishSubmission, now = Date.now()): Promise<SubmittedWish> {
  const text = moderated(input.wish)!;
  const name = moderated(input.name);
  const match = input.country ? findCountry(input.country) : undefined;
  const country = match?.name ?? input.country ?? null;
  const countryCode = match?.code ?? null;
  const location = input.location ?? country ?? UNKNOWN_LOCATION;
  const theme = classifyTheme(text);
  const [fingerprintHash, ipHash] = await Promise.all([
    privateHash(env.HASH_SECRET, "fingerprint", input.deviceFingerprint),
    privateHash(env.HASH_SECRET, "ip", clientIp(request)),
  ]);
  const dayStart = utcDayStart(now);
  const ipLimit = Number(env.IP_DAILY_WISH_LIMIT) || 100;
  const id = newId(now);
  const db = database(env);
  // drizzle's batch cannot carry raw conditional statements, so the write path speaks D1 directly.
  const statement = (query: string, ...values: unknown[]) => env.DB.prepare(query).bind(...values);
  const exists = "EXISTS (SELECT 1 FROM wishes WHERE id = ?)";

  const statements = [
    statement(
      `INSERT INTO wishes (id, text, name, email, country, country_code, location, lat, lon, theme, status,
                           fingerprint_hash, ip_hash, created_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?
       WHERE (SELECT COUNT(*) FROM wishes WHERE fingerprint_hash = ? AND created_at >= ?) < ?
         AND (SELECT COUNT(*) FROM wishes WHERE ip_hash = ? AND created_at >= ?) < ?`,
      id, text, name ?? null, input.email ?? null, country, countryCode, location, input.lat ?? null, input.lon ?? null,
      theme, fingerprintHash, ipHash, now, fingerprintHash, dayStart, DAILY_WISH_LIMIT, ipHash, dayStart, ipLimit,
    ),
    ...[TOTAL_COUNTER, themeCounter(theme)].map((key) =>
      statement(
        `INSERT INTO site_counters (key, value) SELECT ?, 1 WHERE ${exists}
         ON CONFLICT (key) DO UPDATE SET value = value + 1`,
        key, id,
      ),
    ),
  ];
  if (countryCode && country) {
    statements.push(
      statement(
        `INSERT INTO country_stats (country_code, country, wish_count, pending_count, entangled_count, last_wish, last_at)
         SELECT ?, ?, 1, 1, 0, ?, ? WHERE ${exists}
         ON CONFLICT (country_code) DO UPDATE SET wish_count = wish_count + 1, pending_count = pending_count + 1,
           last_wish = excluded.last_wish, last_at = excluded.last_at`,
        countryCode, country, text, now, id,
      ),
    );
  }
  const [inserted] = await env.DB.batch(statements);
  // D1 counts the rows the wall_counts trigger writes in `changes` too, so "nothing inserted" is the test.
  if (inserted.meta.changes === 0) {
    const byDevice = await db.$count(wishes, and(eq(wishes.fingerprintHash, fingerprintHash), gte(wishes.createdAt, dayStart)));
    throw new ApiError(429, byDevice >= DAILY_WISH_LIMIT ? SUBMIT_DAILY_LIMIT : IP_LIMIT_SENTENCE, undefined, secondsUntilNextUtcDay(now));
  }
  readsChanged();
  const row = await db.query.wishes.findFirst({ where: eq(wishes.id, id) });
  return { wishId: id, wish: toPublicWish(row!) };
}

const visible = eq(wishes.hidden, false);

export async function getPublicWish(env: Env, id: string): Promise<PublicWish> {
  const row = await database(env).query.wishes.findFirst({ where: and(eq(wishes.id, id), visible) });
  if (!row) throw new ApiError(404, "We could not find that wish.");
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
    .where(and(eq(wishes.status, "pending"), visible))
    .orderBy(asc(wishes.createdAt))
    .limit(limit);
  return rows.map((row) => toPublicWish(row));
}

const TIME_WINDOWS: Record<Exclude<WallQuery["timeFilter"], "all">, (now: number) => number> = {
  today: (now) => utcDayStart(now),
  week: (now) => now - 7 * DAY_MS,
  month: (now) => now - 30 * DAY_MS,
};

/**
 * Each wall order, and the same order backwards. Every order ends in the id, so it is total: a page counted from
 * the end (the backward order) holds exactly the rows the forward order would, which keeps the far half of the
 * wall as cheap as the near half. Each order is an index's key (schema.ts, wallIndexes), read forwards or backwards.
 */
const WALL_ORDER: Record<WallQuery["sortBy"], { forward: SQL[]; backward: SQL[] }> = {
  newest: { forward: [desc(wishes.createdAt), desc(wishes.id)], backward: [asc(wishes.createdAt), asc(wishes.id)] },
  oldest: { forward: [asc(wishes.createdAt), asc(wishes.id)], backward: [desc(wishes.createdAt), desc(wishes.id)] },
  mostResonated: {
    forward: [desc(wishes.resonanceCount), desc(wishes.createdAt), desc(wishes.id)],
    backward: [asc(wishes.resonanceCount), asc(wishes.createdAt), asc(wishes.id)],
  },
  leastResonated: {
    forward: [asc(wishes.resonanceCount), desc(wishes.createdAt), desc(wishes.id)],
    backward: [desc(wishes.resonanceCount), asc(wishes.createdAt), asc(wishes.id)],
  },
};

/**
 * The wall's filter on country accepts a name or an ISO code; an unknown place matches its text exactly. Such a
 * place was stored with no code (submitWish resolves codes with the same lookup), which lets its partial index serve.
 */
function countryCondition(country: string): SQL {
  const match = findCountry(country);
  return match ? eq(wishes.countryCode, match.code) : and(isNull(wishes.countryCode), eq(wishes.country, country))!;
}

async function counterValue(env: Env, key: string): Promise<number> {
  const row = await database(env).query.siteCounters.findFirst({ where: eq(siteCounters.key, key) });
  return row?.value ?? 0;
}

async function countriesWithWishes(env: Env): Promise<number> {
  return database(env).$count(countryStats, sql`${countryStats.wishCount} > 0`);
}

/**
 * How many countries have a visible wish matching `conditions`: one indexed probe per country (a few hundred at
 * most) instead of reading every matching wish to count distinct codes.
 */
async function countriesMatching(env: Env, conditions: SQL[]): Promise<number> {
  const db = database(env);
  const matching = db
    .select({ one: sql`1` })
    .from(wishes)
    .where(and(visible, eq(wishes.countryCode, countryStats.countryCode), ...conditions));
  const [row] = await db.select({ count: sql<number>`COUNT(*)` }).from(countryStats).where(exists(matching));
  return row?.count ?? 0;
}

/**
 * Totals for the wall header. The common views read kept-in-step counters instead of counting rows, a time window
 * sums its days in wall_counts; views with a country filter count index entries of the matching range (never rows).
 * Countries are counted with one probe per country.
 */
async function wallTotals(env: Env, view: WallView): Promise<{ total: number; countryCount: number }> {
  const { query, where, since } = view;
  const filters = since === undefined ? view.filters : [...view.filters, gte(wishes.createdAt, since)];
  const db = database(env);
  const match = query.country ? findCountry(query.country) : undefined;
  if (query.timeFilter === "all" && query.theme === "all") {
    if (!query.country) {
      const [total, countryCount] = await Promise.all([counterValue(env, TOTAL_COUNTER), countriesWithWishes(env)]);
      return { total, countryCount };
    }
    if (match) {
      const row = await db.query.countryStats.findFirst({ where: eq(countryStats.countryCode, match.code) });
      const total = row?.wishCount ?? 0;
      return { total, countryCount: total > 0 ? 1 : 0 };
    }
  }
  if (query.timeFilter === "all" && query.theme !== "all" && !query.country) {
    const [total, countryCount] = await Promise.all([counterValue(env, themeCounter(query.theme)), countriesMatching(env, filters)]);
    return { total, countryCount };
  }
  const count = async () => (await db.select({ total: sql<number>`COUNT(*)` }).from(wishes).where(where))[0]?.total ?? 0;
  if (query.country) {
    // One country, or a typed place with no code (which COUNT(DISTINCT country_code) never counted).
    const total = await count();
    return { total, countryCount: match && total > 0 ? 1 : 0 };
  }
  // A time window, with or without a theme: its days summed from wall_counts (the first, partial one from the index).
  const [total, countryCount] = await Promise.all([windowTotal(env, view), countriesMatching(env, filters)]);
  return { total, countryCount };
}

/**
 * A time window sorted by resonance has two plans: sort the window's rows (cheap for a small window or a deep page),
 * or walk the resonance index from its top and skip the wishes outside the window (cheap while few index entries are
 * walked: about (rows to skip + page) × all visible ÷ in the window). Past this many entries, sorting wins.
 * Only views with a country filter still choose (the others page through wall_counts).
 */
const WINDOW_WALK_MAX_ENTRIES = 20_000;

/** A wall view with its filters resolved: what both ways of reading a page need. */
interface WallView {
  query: WallQuery;
  filters: SQL[];
  since: number | undefined;
  where: SQL | undefined;
}

export async function wallPage(env: Env, query: WallQuery, now = Date.now()): Promise<WallPage> {
  const filters: SQL[] = [];
  if (query.theme !== "all") filters.push(eq(wishes.theme, query.theme));
  if (query.country) filters.push(countryCondition(query.country));
  const since = query.timeFilter === "all" ? undefined : TIME_WINDOWS[query.timeFilter](now);
  const where = and(visible, ...filters, since === undefined ? undefined : gte(wishes.createdAt, since));
  const view: WallView = { query, filters, since, where };
  // wall_counts counts every view but those filtered by country (a country's wishes are few enough to skip).
  const { total, countryCount, page, rows } = query.country ? await indexedWallPage(env, view) : await countedWallPage(env, view);

  const resonated = query.deviceFingerprint ? await resonatedAmong(env, query.deviceFingerprint, rows.map((r) => r.id)) : undefined;
  return {
    wishes: rows.map((row) => toPublicWish(row, resonated ? resonated.has(row.id) : undefined)),
    total,
    countryCount,
    page,
    pageSize: query.pageSize,
  };
}

interface WallRows {
  total: number;
  countryCount: number;
  page: number;
  rows: WishRow[];
}

const clampedPage = (query: WallQuery, total: number) => Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));

/**
 * A page of a view without a country filter: the cells of wall_counts that hold it (one small statement over at most
 * a few thousand counter rows), then each segment read from its cell's edge with a small OFFSET (at most one cell).
 * The first page of a view sorted by time is read in index order alongside the totals, as before: one round trip.
 */
async function countedWallPage(env: Env, view: WallView): Promise<WallRows> {
  const { query } = view;
  const byResonance = query.sortBy === "mostResonated" || query.sortBy === "leastResonated";
  const early = query.page === 1 && !(view.since !== undefined && byResonance);
  const requested = (query.page - 1) * query.pageSize;
  const [{ total, countryCount }, firstPage, cells] = await Promise.all([
    wallTotals(env, view),
    early ? database(env).select().from(wishes).where(view.where).orderBy(...WALL_ORDER[query.sortBy].forward).limit(query.pageSize) : undefined,
    early ? undefined : wallCells(env, view, requested),
  ]);
  const page = clampedPage(query, total);
  if (firstPage) return { total, countryCount, page, rows: firstPage };
  const offset = (page - 1) * query.pageSize;
  // A page past the end is clamped to the last one, whose cells are then looked up again.
  const segments = pageSegments(offset === requested ? cells! : await wallCells(env, view, offset), offset, query.pageSize);
  const parts = await Promise.all(segments.map((segment) => readSegment(env, view, segment)));
  return { total, countryCount, page, rows: parts.flat() };
}

/** The rows of one segment: from the edge of its first cell, in the view's order, `skip` rows skipped. */
function readSegment(env: Env, { query, filters, since }: WallView, segment: WallSegment) {
  const oldest = query.sortBy === "oldest";
  const conditions = [
    visible,
    ...filters,
    since === undefined ? undefined : gte(wishes.createdAt, since),
    segment.resonanceCount === ANY_RESONANCE ? undefined : eq(wishes.resonanceCount, segment.resonanceCount),
    // Every order but oldest reads each day (within a resonance count) from its newest wish.
    oldest ? gte(wishes.createdAt, segment.day * DAY_MS) : lt(wishes.createdAt, (segment.day + 1) * DAY_MS),
  ];
  return database(env)
    .select()
    .from(wishes)
    .where(and(...conditions))
    .orderBy(...WALL_ORDER[query.sortBy].forward)
    .limit(segment.take)
    .offset(segment.skip);
}

/**
 * SQL for a view's cells of wall_counts, `(resonance_count, day, wishes)`: per day (resonance_count -1) for an order by
 * time, per (resonance count, day) for an order by resonance. A time window's first day is partial: each of its cells
 * is counted again from a covering index, from `since` on (at most one day of wishes).
 */
function cellsOf({ query, since }: WallView, byResonance: boolean): { cells: string; params: unknown[] } {
  const theme = query.theme === "all" ? ALL_THEMES : query.theme;
  const counts = `theme = ? AND resonance_count ${byResonance ? ">= 0" : "= -1"}`;
  if (since === undefined) return { cells: `SELECT resonance_count, day, wishes FROM wall_counts WHERE ${counts} AND day >= 0`, params: [theme] };
  const firstDay = Math.floor(since / DAY_MS);
  const cells = `SELECT resonance_count, day, IIF(day = ?, (
      SELECT COUNT(*) FROM wishes WHERE hidden = 0${theme === ALL_THEMES ? "" : " AND wishes.theme = wall_counts.theme"}
        ${byResonance ? "AND wishes.resonance_count = wall_counts.resonance_count " : ""}AND created_at >= ? AND created_at < ?
    ), wishes) AS wishes
    FROM wall_counts WHERE ${counts} AND day >= ?`;
  return { cells, params: [firstDay, since, (firstDay + 1) * DAY_MS, theme, firstDay] };
}

/** How many wishes a view without a country filter holds: its day cells summed. */
async function windowTotal(env: Env, view: WallView): Promise<number> {
  const { cells, params } = cellsOf(view, false);
  const row = await env.DB.prepare(`SELECT COALESCE(SUM(wishes), 0) AS total FROM (${cells})`).bind(...params).first<{ total: number }>();
  return row?.total ?? 0;
}

/**
 * The cells of wall_counts that overlap the page starting `offset` wishes into the view, with the number of the
 * view's wishes ahead of each. A view sorted by time has one cell per UTC day; one sorted by resonance has one per
 * (resonance count, day), found in two steps (the count first, from its any-day row, then the day) so that only the
 * cells of the counts the page touches are summed.
 */
async function wallCells(env: Env, view: WallView, offset: number): Promise<WallCell[]> {
  const { query, since } = view;
  const theme = query.theme === "all" ? ALL_THEMES : query.theme;
  const byResonance = query.sortBy === "mostResonated" || query.sortBy === "leastResonated";
  const { cells, params } = cellsOf(view, byResonance);
  const end = offset + query.pageSize;
  const overlapping = "WHERE before < ? AND before + wishes > ? ORDER BY before";
  let statement: string;
  if (!byResonance) {
    statement = `WITH cells AS (${cells})
      SELECT resonance_count AS resonanceCount, day, wishes, before FROM (
        SELECT resonance_count, day, wishes, SUM(wishes) OVER (ORDER BY day ${query.sortBy === "oldest" ? "ASC" : "DESC"} ROWS UNBOUNDED PRECEDING) - wishes AS before
        FROM cells WHERE wishes > 0)
      ${overlapping}`;
    params.push(end, offset);
  } else {
    // Outside a window each resonance count's total is its own row; inside one, the window's cells are summed.
    const buckets = since === undefined ? "wall_counts WHERE theme = ? AND day = -1 AND resonance_count >= 0" : "cells";
    if (since === undefined) params.push(theme);
    statement = `WITH cells AS (${cells}),
      buckets AS (SELECT resonance_count, SUM(wishes) AS wishes FROM ${buckets} GROUP BY resonance_count),
      hit AS (
        SELECT resonance_count, before FROM (
          SELECT resonance_count, wishes, SUM(wishes) OVER (ORDER BY resonance_count ${query.sortBy === "mostResonated" ? "DESC" : "ASC"} ROWS UNBOUNDED PRECEDING) - wishes AS before
          FROM buckets WHERE wishes > 0)
        ${overlapping})
      SELECT resonance_count AS resonanceCount, day, wishes, before FROM (
        SELECT cells.resonance_count, cells.day, cells.wishes,
          hit.before + SUM(cells.wishes) OVER (PARTITION BY cells.resonance_count ORDER BY cells.day DESC ROWS UNBOUNDED PRECEDING) - cells.wishes AS before
        FROM hit JOIN cells ON cells.resonance_count = hit.resonance_count WHERE cells.wishes > 0)
      ${overlapping}`;
    params.push(end, offset, end, offset);
  }
  const { results } = await env.DB.prepare(statement).bind(...params).all<WallCell>();
  return results;
}

/** A page of a view filtered by country, through that filter's indexes and an OFFSET (a country's wishes are few). */
async function indexedWallPage(env: Env, view: WallView): Promise<WallRows> {
  const { query, filters, since, where } = view;
  const db = database(env);
  const byResonance = query.sortBy === "mostResonated" || query.sortBy === "leastResonated";

  const order = WALL_ORDER[query.sortBy];
  // The first page needs no total (it is page 1 however many there are), so it is read alongside the totals: one
  // round trip to D1 instead of two. A time window sorted by resonance still waits, to choose its plan by the total.
  const early = query.page === 1 && !(since !== undefined && byResonance);
  const [{ total, countryCount }, visibleTotal, firstPage] = await Promise.all([
    wallTotals(env, view),
    since !== undefined && byResonance ? counterValue(env, TOTAL_COUNTER) : 0,
    early ? db.select().from(wishes).where(where).orderBy(...order.forward).limit(query.pageSize) : undefined,
  ]);
  const page = clampedPage(query, total);
  const offset = (page - 1) * query.pageSize;
  // A page in the far half is read from the end: the same rows, in the backward order, then turned around.
  const fromEnd = offset > total - offset - query.pageSize && total > offset;
  // Only the forward orders put the newest first among equal counts, where a window's wishes are; backwards, the walk
  // would pass every older wish first. `+created_at` keeps SQLite off the time index, so it walks the resonance index.
  const walkWindow =
    since !== undefined && byResonance && !fromEnd && total > 0 && ((offset + query.pageSize) * visibleTotal) / total <= WINDOW_WALK_MAX_ENTRIES;
  const pageWhere = walkWindow ? and(visible, ...filters, sql`+${wishes.createdAt} >= ${since}`) : where;
  const rows = firstPage
    ? firstPage
    : fromEnd
    ? (
        await db
          .select()
          .from(wishes)
          .where(pageWhere)
          .orderBy(...order.backward)
          .limit(Math.min(query.pageSize, total - offset))
          .offset(Math.max(0, total - offset - query.pageSize))
      ).reverse()
    : await db
        .select()
        .from(wishes)
        .where(pageWhere)
        .orderBy(...order.forward)
        .limit(query.pageSize)
        .offset(offset);
  return { total, countryCount, page, rows };
}

/** Which of these wishes this device has resonated with. */
export async function resonatedAmong(env: Env, fingerprint: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const hash = await privateHash(env.HASH_SECRET, "fingerprint", fingerprint);
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
 * One resonance per (wish, device), enforced by the primary key. The count moves in the same batch (one
 * transaction) and only when that insert changed a row, so a repeat or a race can never move it twice.
 */
export async function resonate(env: Env, wishId: string, fingerprint: string, now = Date.now()): Promise<ResonanceOutcome> {
  const db = database(env);
  const wish = await db.query.wishes.findFirst({ where: and(eq(wishes.id, wishId), visible), columns: { id: true } });
  if (!wish) throw new ApiError(404, "We could not find that wish.");
  const hash = await privateHash(env.HASH_SECRET, "fingerprint", fingerprint);
  const [inserted, , current] = await env.DB.batch([
    env.DB.prepare("INSERT INTO resonances (wish_id, fingerprint_hash, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").bind(wishId, hash, now),
    // changes() is the row count of the statement just before this one in the batch: the insert above.
    env.DB.prepare("UPDATE wishes SET resonance_count = resonance_count + 1 WHERE id = ? AND changes() = 1").bind(wishId),
    env.DB.prepare("SELECT resonance_count AS resonanceCount FROM wishes WHERE id = ?").bind(wishId),
  ]);
  const alreadyResonated = inserted.meta.changes === 0;
  if (!alreadyResonated) readsChanged();
  const newCount = (current.results[0] as { resonanceCount: number } | undefined)?.resonanceCount ?? 0;
  return { alreadyResonated, newCount };
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
  const rows = await database(env)
    .select()
    .from(countryStats)
    .where(sql`${countryStats.wishCount} > 0`)
    .orderBy(desc(countryStats.lastAt));
  return rows
    .filter((row) => isValidActivityCode(row.countryCode))
    .map((row) => ({
      country: row.country,
      countryCode: row.countryCode,
      flag: countryByCode(row.countryCode)?.flag ?? "",
      wishCount: row.wishCount,
      lastWish: previewLastWish(row.lastWish ?? ""),
      isNew: row.lastAt !== null && now - row.lastAt < NEW_ACTIVITY_WINDOW_MS,
      pendingWishCount: row.pendingCount,
      hasEntangledWishes: row.entangledCount > 0,
    }));
}
