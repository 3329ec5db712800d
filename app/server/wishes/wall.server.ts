import { and, asc, desc, eq, exists, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { DISTINCT_NETWORK_LOOKBACK, firstPerNetwork } from "~/domain/distinct-networks";
import { DAY_MS } from "~/domain/limits";
import { onFirstUse } from "~/domain/on-first-use";
import type { WallPage } from "~/domain/public-wish";
import { ANY_RESONANCE, pageSegments, type WallCell, type WallSegment } from "~/domain/wall-paging";
import type { WallQuery } from "~/domain/wish";
import { database } from "../db/client.server";
import { countryStats, wishes } from "../db/schema";
import { findCountry } from "../geo/countries.server";
import { settingsOf } from "../edge/settings.server";
import {
  TOTAL_COUNTER,
  countriesWithWishes,
  counterValue,
  resonatedAmong,
  themeCounter,
  toPublicWish,
  utcDayStart,
  visible,
  type WishRow,
} from "./wishes.server";

// The Wish Wall's pages: filters, orders and totals, and deep pages read through wall_counts (ADR 0012).

/** The wall_counts rows of every theme together. */
const ALL_THEMES = "*";

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
const WALL_ORDER: Record<WallQuery["sortBy"], { forward: SQL[]; backward: SQL[] }> = onFirstUse(() => ({
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
}));

/**
 * The wall's filter on country accepts a name or an ISO code; an unknown place matches its text exactly. Such a
 * place was stored with no code (submitWish resolves codes with the same lookup), which lets its partial index serve.
 */
function countryCondition(country: string): SQL {
  const match = findCountry(country);
  return match ? eq(wishes.countryCode, match.code) : and(isNull(wishes.countryCode), eq(wishes.country, country))!;
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
  const read = query.country ? await indexedWallPage(env, view) : await countedWallPage(env, view);
  const { total, countryCount, page } = read;
  const rows = isFrontPage(query) && settingsOf(env).WALL_ONE_PER_NETWORK ? await frontPageRows(env, query.pageSize) : read.rows;

  const resonated = query.deviceFingerprint ? await resonatedAmong(env, query.deviceFingerprint, rows.map((r) => r.id)) : undefined;
  return {
    wishes: rows.map((row) => toPublicWish(row, resonated ? resonated.has(row.id) : undefined)),
    total,
    countryCount,
    page,
    pageSize: query.pageSize,
  };
}

/** The wall as everyone first sees it: every wish, newest first, its first page. */
function isFrontPage(query: WallQuery): boolean {
  return query.page === 1 && query.sortBy === "newest" && query.theme === "all" && query.timeFilter === "all" && !query.country;
}

/**
 * The front page's cards come from distinct networks (docs/product.md#one-person-one-share): the newest wish of each of the newest networks
 * among the last DISTINCT_NETWORK_LOOKBACK wishes. Deeper pages and every filtered view show every wish in order.
 */
async function frontPageRows(env: Env, pageSize: number): Promise<WishRow[]> {
  const recent = await database(env)
    .select({ id: wishes.id, network: wishes.ipHash })
    .from(wishes)
    .where(visible)
    .orderBy(desc(wishes.createdAt), desc(wishes.id))
    .limit(DISTINCT_NETWORK_LOOKBACK);
  const ids = firstPerNetwork(recent, (row) => row.network, pageSize).map((row) => row.id);
  if (ids.length === 0) return [];
  return database(env).select().from(wishes).where(inArray(wishes.id, ids)).orderBy(desc(wishes.createdAt), desc(wishes.id));
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
