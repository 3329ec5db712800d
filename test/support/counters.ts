import { env } from "cloudflare:workers";
import { expect } from "vitest";

const scalar = async <T>(query: string, ...values: unknown[]) =>
  (await env.DB.prepare(query).bind(...values).first<{ n: T }>())?.n as T;

/** The counters kept by trigger (site_counters, country_stats) equal what the visible rows say, for every key. */
export async function expectCountersMatchRows() {
  const total = await scalar<number>("SELECT value AS n FROM site_counters WHERE key = 'total_wishes'");
  expect(total).toBe(await scalar<number>("SELECT COUNT(*) AS n FROM wishes WHERE hidden = 0"));
  const themes = await env.DB.prepare(
    `SELECT c.key, c.value, (SELECT COUNT(*) FROM wishes w WHERE 'theme:' || w.theme = c.key AND w.hidden = 0) AS rows
     FROM site_counters c WHERE c.key LIKE 'theme:%'`,
  ).all<{ key: string; value: number; rows: number }>();
  expect(themes.results.length).toBeGreaterThan(0);
  for (const row of themes.results) expect(row.value, row.key).toBe(row.rows);

  const countries = await env.DB.prepare(
    `SELECT s.country_code AS code, s.wish_count, s.pending_count, s.entangled_count,
       (SELECT COUNT(*) FROM wishes w WHERE w.country_code = s.country_code AND w.hidden = 0) AS rows_all,
       (SELECT COUNT(*) FROM wishes w WHERE w.country_code = s.country_code AND w.hidden = 0
          AND w.status IN ('pending', 'submitted_for_batching')) AS rows_waiting,
       (SELECT COUNT(*) FROM wishes w WHERE w.country_code = s.country_code AND w.hidden = 0 AND w.status IN ('entangled', 'processed')) AS rows_entangled
     FROM country_stats s`,
  ).all<Record<string, number | string>>();
  for (const row of countries.results) {
    expect(row.wish_count, `wish_count of ${row.code}`).toBe(row.rows_all);
    expect(row.pending_count, `pending_count of ${row.code}`).toBe(row.rows_waiting);
    expect(row.entangled_count, `entangled_count of ${row.code}`).toBe(row.rows_entangled);
  }
  const missing = await scalar<number>(
    "SELECT COUNT(DISTINCT country_code) AS n FROM wishes WHERE country_code IS NOT NULL AND country_code NOT IN (SELECT country_code FROM country_stats)",
  );
  expect(missing).toBe(0);
  const staleLatest = await scalar<number>(
    `SELECT COUNT(*) AS n FROM country_stats s
     WHERE s.last_at IS NOT (SELECT MAX(created_at) FROM wishes w WHERE w.country_code = s.country_code AND w.hidden = 0)`,
  );
  expect(staleLatest, "countries whose latest wish is not their newest visible one").toBe(0);
}
