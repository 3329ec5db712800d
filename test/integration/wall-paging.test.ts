import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { wallQuerySchema, type WallQuery } from "~/domain/wish";
import { hideWish, unhideWish } from "~/server/admin/moderation.server";
import { wallPage } from "~/server/wishes/wall.server";
import { resonate } from "~/server/wishes/wishes.server";
import { freshFingerprint, freshIp, submit } from "../support/api";
import { expectCountersMatchRows } from "../support/counters";

// Every page of every wall view, read the way the app reads it (wall_counts cells, then a small OFFSET inside a cell),
// must hold exactly the rows the plain OFFSET query over the whole view returns (ADR 0012), before and after the
// writes that move a wish between cells: resonances, hides, unhides and new submissions.

const DAY = 86_400_000;
/** Each test reads a few thousand pages twice over; on a busy shared machine that can take minutes. */
const SWEEP_TIMEOUT_MS = 300_000;
const NOW = Date.now();
const THEMES = ["all", "Peace", "Hope", "Love", "Healing", "Unity"] as const;
const STORED_THEMES = ["Peace", "Hope", "Love", "Healing", "Unity", "General"];
const TIME_FILTERS = ["all", "today", "week", "month"] as const;
const SORTS = ["newest", "oldest", "mostResonated", "leastResonated"] as const;
const COUNTRIES: [string | null, string | null][] = [["FR", "France"], ["JP", "Japan"], [null, null], [null, "Atlantis"]];
const ORDER_SQL: Record<(typeof SORTS)[number], string> = {
  newest: "created_at DESC, id DESC",
  oldest: "created_at ASC, id ASC",
  mostResonated: "resonance_count DESC, created_at DESC, id DESC",
  leastResonated: "resonance_count ASC, created_at DESC, id DESC",
};
const SINCE: Record<(typeof TIME_FILTERS)[number], number | undefined> = {
  all: undefined,
  today: NOW - (NOW % DAY),
  week: NOW - 7 * DAY,
  month: NOW - 30 * DAY,
};

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/**
 * A few hundred wishes over 40 days (several per day, some sharing a millisecond, some on a UTC day's first
 * millisecond, some in the future of the windows' start), every stored theme, a few countries and places, resonance
 * counts from 0 to a sparse tail, about one in ten hidden; and a few on and just before each window's first millisecond.
 */
async function seedWishes(count: number) {
  const next = random(2026);
  const statements = [];
  let shared = NOW - 3 * DAY;
  for (let i = 0; i < count; i += 1) {
    const roll = next();
    const createdAt =
      roll < 0.08 ? shared : roll < 0.14 ? NOW - (NOW % DAY) - Math.floor(next() * 40) * DAY : NOW - Math.floor(next() * 40 * DAY);
    if (roll >= 0.08 && next() < 0.1) shared = createdAt;
    const [code, country] = COUNTRIES[Math.floor(next() * COUNTRIES.length)];
    const resonanceRoll = next();
    const resonanceCount = resonanceRoll < 0.45 ? 0 : resonanceRoll < 0.8 ? 1 + Math.floor(next() * 3) : Math.floor(next() * 40);
    statements.push(
      env.DB.prepare(
        `INSERT INTO wishes (id, text, country, country_code, theme, status, fingerprint_hash, resonance_count, hidden, created_at)
         VALUES (?, 'A wish for the wall paging test', ?, ?, ?, 'pending', 'wall-paging', ?, ?, ?)`,
      ).bind(`wp${String(Math.floor(next() * 1e6)).padStart(6, "0")}${i}`, country, code, STORED_THEMES[i % STORED_THEMES.length], resonanceCount, next() < 0.1 ? 1 : 0, createdAt),
    );
  }
  // The windows' edges: wishes on the first millisecond of each window (two sharing it) and just before it.
  for (const [i, since] of [SINCE.today!, SINCE.week!, SINCE.month!].entries()) {
    for (const [j, createdAt] of [since - 1, since, since, since + 1].entries()) {
      statements.push(
        env.DB.prepare(
          `INSERT INTO wishes (id, text, theme, status, fingerprint_hash, resonance_count, created_at)
           VALUES (?, 'A wish on the edge of a window', ?, 'pending', 'wall-paging', ?, ?)`,
        ).bind(`wpedge${i}${j}`, STORED_THEMES[(i + j) % STORED_THEMES.length], j % 2, createdAt),
      );
    }
  }
  await env.DB.batch(statements);
}

/** The old behaviour: the whole view in the API's order, one OFFSET per page. */
async function plainPage(query: WallQuery): Promise<{ total: number; ids: string[] }> {
  const conditions = ["hidden = 0"];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    conditions.push(condition);
    params.push(value);
  };
  if (query.theme !== "all") add("theme = ?", query.theme);
  // A typed place that matched no country is stored with no code (the wall's filter looks the place up the same way).
  if (query.country) add(query.country === "Atlantis" ? "country_code IS NULL AND country = ?" : "country_code = ?", query.country);
  const since = SINCE[query.timeFilter];
  if (since !== undefined) add("created_at >= ?", since);
  const where = conditions.join(" AND ");
  const total = (await env.DB.prepare(`SELECT COUNT(*) AS n FROM wishes WHERE ${where}`).bind(...params).first<{ n: number }>())!.n;
  const page = Math.min(query.page, Math.max(1, Math.ceil(total / query.pageSize)));
  const { results } = await env.DB.prepare(`SELECT id FROM wishes WHERE ${where} ORDER BY ${ORDER_SQL[query.sortBy]} LIMIT ? OFFSET ?`)
    .bind(...params, query.pageSize, (page - 1) * query.pageSize)
    .all<{ id: string }>();
  return { total, ids: results.map((row) => row.id) };
}

/** Walks every page of every view (and one past the end) and compares it with the plain OFFSET page. */
async function expectEveryPageAsPlain(pageSizes: number[], countries: (string | undefined)[] = [undefined]) {
  let pagesCompared = 0;
  for (const country of countries)
    for (const theme of THEMES)
      for (const timeFilter of TIME_FILTERS)
        for (const sortBy of SORTS)
          for (const pageSize of pageSizes) {
            const base = wallQuerySchema.parse({ theme, timeFilter, sortBy, pageSize: String(pageSize), ...(country ? { country } : {}) });
            const { total } = await plainPage(base);
            const lastPage = Math.max(1, Math.ceil(total / pageSize));
            for (let page = 1; page <= lastPage + 1; page += 1) {
              const query = { ...base, page };
              const [got, expected] = await Promise.all([wallPage(env, query, NOW), plainPage(query)]);
              const label = `theme=${theme} timeFilter=${timeFilter} sortBy=${sortBy} country=${country} pageSize=${pageSize} page=${page}`;
              expect(got.total, label).toBe(expected.total);
              expect(got.page, label).toBe(Math.min(page, lastPage));
              expect(got.wishes.map((wish) => wish.id), label).toEqual(expected.ids);
              pagesCompared += 1;
            }
          }
  return pagesCompared;
}

/** wall_counts against the same counts made from the rows: every cell and roll-up, nothing more, nothing less. */
async function expectCountsInStep() {
  const expected = `SELECT IIF(every_theme, '*', theme) AS theme, IIF(any_count, -1, resonance_count) AS resonance_count,
      IIF(any_day, -1, day) AS day, SUM(wishes) AS wishes
    FROM (SELECT theme, resonance_count, created_at / 86400000 AS day, COUNT(*) AS wishes FROM wishes WHERE hidden = 0 GROUP BY 1, 2, 3),
      (SELECT 0 AS every_theme UNION ALL SELECT 1), (SELECT 0 AS any_count UNION ALL SELECT 1), (SELECT 0 AS any_day UNION ALL SELECT 1)
    WHERE NOT (any_count AND any_day) GROUP BY 1, 2, 3`;
  const kept = "SELECT theme, resonance_count, day, wishes FROM wall_counts WHERE wishes <> 0";
  const { results: missing } = await env.DB.prepare(`${expected} EXCEPT ${kept}`).all();
  const { results: extra } = await env.DB.prepare(`${kept} EXCEPT ${expected}`).all();
  expect({ missing, extra }).toEqual({ missing: [], extra: [] });
}

describe("wall pages through wall_counts", () => {
  it("match the plain OFFSET query on every page of every view, before and after resonances, hides, unhides and submissions", async () => {
    await seedWishes(320);
    await expectCountsInStep();
    expect(await expectEveryPageAsPlain([7, 50], [undefined, "FR", "Atlantis"])).toBeGreaterThan(1900);

    const { results } = await env.DB.prepare("SELECT id, hidden FROM wishes WHERE fingerprint_hash = 'wall-paging' ORDER BY id").all<{ id: string; hidden: number }>();
    const visibleIds = results.filter((row) => !row.hidden).map((row) => row.id);
    const hiddenIds = results.filter((row) => row.hidden).map((row) => row.id);
    // Resonances move wishes up a count (several on one wish, to cross into the sparse tail); hides and unhides move
    // them in and out of the wall; submissions add wishes to today's cells.
    for (const [i, id] of visibleIds.slice(0, 40).entries()) {
      for (let n = 0; n <= i % 4; n += 1) expect((await resonate(env, new Request("http://localhost/", { headers: { "CF-Connecting-IP": freshIp() } }), id, freshFingerprint(), NOW)).alreadyResonated).toBe(false);
    }
    for (const id of visibleIds.slice(40, 60)) expect(await hideWish(env, id)).toBe(true);
    for (const id of hiddenIds.slice(0, 10)) expect(await unhideWish(env, id)).toBe(true);
    for (const wish of ["May every child sleep in peace tonight", "I hope the rivers run clean again", "Love to all my neighbours here"]) {
      expect((await submit({ wish, country: "France" })).status).toBe(201);
    }
    await expectCountsInStep();
    expect(await expectEveryPageAsPlain([7])).toBeGreaterThan(700);
  }, SWEEP_TIMEOUT_MS);

  it("keeps the counts exact when a wish changes theme, time, country or status, or is deleted, by plain SQL", async () => {
    const seeded = await env.DB.prepare("SELECT COUNT(*) AS n FROM wishes WHERE fingerprint_hash = 'wall-paging'").first<{ n: number }>();
    if (!seeded?.n) await seedWishes(320);
    const { results } = await env.DB.prepare("SELECT id FROM wishes WHERE hidden = 0 ORDER BY id LIMIT 6").all<{ id: string }>();
    const [a, b, c, d, e] = results.map((row) => row.id);
    await env.DB.batch([
      env.DB.prepare("UPDATE wishes SET theme = 'Unity' WHERE id = ?").bind(a),
      env.DB.prepare("UPDATE wishes SET created_at = created_at - 5 * 86400000 WHERE id = ?").bind(b),
      env.DB.prepare("UPDATE wishes SET hidden = 1, resonance_count = resonance_count + 3 WHERE id = ?").bind(c),
      env.DB.prepare("DELETE FROM wishes WHERE id = ?").bind(d),
      env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE id = ?").bind(a),
      env.DB.prepare("UPDATE wishes SET country_code = 'IS', country = 'Iceland', created_at = created_at + 1 WHERE id = ?").bind(e),
    ]);
    await expectCountersMatchRows();
    await expectCountsInStep();
    expect(await expectEveryPageAsPlain([7])).toBeGreaterThan(700);
  }, SWEEP_TIMEOUT_MS);
});
