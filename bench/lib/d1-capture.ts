// Records the exact SQL (text and bound values, in order) that the wall, stats and live-activity routes run, by
// calling the app's own server functions (wallPage, siteStats, liveActivity) against the bench's persisted local D1
// through Miniflare, with a D1 binding that logs every statement it runs (app/server/db/recording-d1.server.ts). Nothing is copied from the code by
// hand, so a change to a query shows up here on the next run. Used by bench/d1-scale.mjs.
// Usage: tsx bench/lib/d1-capture.ts <persistDir> <scenarios.json> <out.json>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { wallQuerySchema } from "../../app/domain/wish";
import { wallPage } from "../../app/server/wishes/wall.server";
import { liveActivity, siteStats } from "../../app/server/wishes/wishes.server";
import { recordingD1, type RecordedStatement } from "../../app/server/db/recording-d1.server";

interface Scenario {
  name: string;
  kind: "wall" | "stats" | "live";
  /** Query string of /api/wishes/wall; `page=last` and `page=middle` are resolved from the first page's total. */
  query?: string;
}

const [persistDir, scenariosFile, outFile] = process.argv.slice(2);
if (!persistDir || !scenariosFile || !outFile) throw new Error("Usage: tsx bench/lib/d1-capture.ts <persistDir> <scenarios.json> <out.json>");
const scenarios = JSON.parse(readFileSync(scenariosFile, "utf8")) as Scenario[];
const databaseId = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
if (!databaseId) throw new Error("No database_id in wrangler.toml");

// Miniflare 5 takes one persistence root (`<root>/d1` for D1); its converter keeps the familiar single-Worker shape.
const mf = new Miniflare(
  convertV4MiniflareOptions({
    modules: true,
    script: "export default { fetch() { return new Response(null, { status: 204 }); } };",
    d1Databases: { DB: databaseId },
    resourcePersistencePath: join(persistDir, "v3"),
  }),
);

let log: RecordedStatement[] = [];

try {
  const env = { DB: recordingD1(await mf.getD1Database("DB"), (statement) => log.push(statement)), HASH_SECRET: "bench-d1-scale" } as unknown as Env;
  const results = [];
  for (const scenario of scenarios) {
    let query = scenario.query ?? "";
    let summary: Record<string, unknown> = {};
    log = [];
    if (scenario.kind === "wall") {
      const params = new URLSearchParams(query);
      const page = params.get("page");
      if (page === "last" || page === "middle") {
        params.set("page", "1");
        const first = await wallPage(env, wallQuerySchema.parse(Object.fromEntries(params)));
        const last = Math.max(1, Math.ceil(first.total / first.pageSize));
        params.set("page", String(page === "last" ? last : Math.ceil(last / 2)));
        query = params.toString();
        log = [];
      }
      const result = await wallPage(env, wallQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
      summary = { total: result.total, countryCount: result.countryCount, page: result.page, rows: result.wishes.length, firstId: result.wishes[0]?.id ?? null };
    } else if (scenario.kind === "stats") {
      const stats = await siteStats(env);
      summary = { totalWishes: stats.totalWishes, countriesEntangled: stats.countriesEntangled, top: stats.mostActiveLocations[0]?.countryCode ?? null };
    } else {
      const activities = await liveActivity(env);
      summary = { activities: activities.length };
    }
    results.push({ ...scenario, query, summary, statements: log });
  }
  writeFileSync(outFile, JSON.stringify(results, null, 2));
} finally {
  await mf.dispose();
}
