// DESIGN §8 at scale: with 1,000,000 wishes, a wall page, stats and live activity each answer in < 20 ms p50 and
// EXPLAIN QUERY PLAN shows no scan. Builds (once, then reuses) a local D1 with a million wishes under .tmp/bench-d1/,
// records the exact SQL the three routes run (the app's own functions against that database, see lib/d1-capture.ts),
// prints and checks each statement's query plan, times each route's statements straight on the SQLite file, then
// times the real HTTP routes on `wrangler dev` serving that database beside a static asset. Figures go to
// bench/README.md. Exits non-zero when a statement scans a big table or a route misses 20 ms p50 on the file.
// Usage: npm run bench:d1   (BENCH_SKIP_BUILD=1 reuses build/; BENCH_D1_WISHES=20000 for a quick try;
//        BENCH_D1_REBUILD=1 makes the database again; BENCH_D1_ITERATIONS / BENCH_D1_REQUESTS change the samples;
//        BENCH_D1_HTTP=0 stops after the SQLite figures and leaves the README alone; BENCH_D1_ONLY=<regexp> picks views)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { build, migrate, offlineEnv, root, startServer, stopServer } from "../scripts/lib/wrangler.mjs";
import { ms, today, writeSection } from "./lib/report.mjs";
import { freePort, machine } from "./lib/server.mjs";

const WISHES = Number(process.env.BENCH_D1_WISHES ?? 1_000_000);
const ITERATIONS = Number(process.env.BENCH_D1_ITERATIONS ?? 50);
const REQUESTS = Number(process.env.BENCH_D1_REQUESTS ?? 200);
const BUDGET_MS = 20;
/** Bump when lib/d1-world.ts changes what it writes, so a cached database is made again. */
const WORLD_VERSION = 1;
const PERSIST = join(root, ".tmp", WISHES === 1_000_000 ? "bench-d1" : `bench-d1-${WISHES}`);
const WORK = join(PERSIST, "bench");
const META = join(PERSIST, "bench-world.json");
/**
 * Tables that may be scanned: one row per country (≤ 250, bounded by the ISO list, never by the number of wishes)
 * or one row per counter. Every other SCAN fails the bench.
 */
const SMALL_TABLES = new Map([
  ["country_stats", "one row per country (≤ 250 rows, bounded by the ISO list, not by wishes)"],
  ["cs", "country_stats under an alias: one row per country (≤ 250)"],
  ["site_counters", "one row per counter (total and one per theme)"],
]);

const tsx = join(root, "node_modules", ".bin", "tsx");

function run(command, args, { input, quiet = true } = {}) {
  const result = spawnSync(command, args, { cwd: root, env: offlineEnv, encoding: "utf8", input, maxBuffer: 256 * 1024 * 1024, stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stderr}`);
  if (!quiet) process.stdout.write(result.stdout);
  return result.stdout;
}

function requireSqlite() {
  const found = spawnSync("sqlite3", ["--version"], { encoding: "utf8" });
  if (found.status !== 0) throw new Error("bench:d1 needs the sqlite3 command-line shell (Debian/Ubuntu: apt-get install -y sqlite3).");
  return found.stdout.trim().split(" ")[0];
}

function databaseFile() {
  const dir = join(PERSIST, "v3", "d1", "miniflare-D1DatabaseObject");
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite") : [];
  if (files.length !== 1) throw new Error(`Expected one D1 database in ${dir}, found ${files.length}`);
  return join(dir, files[0]);
}

const sqlite = (sql) => run("sqlite3", [databaseFile()], { input: sql });

function migrationSet() {
  return readdirSync(join(root, "migrations"))
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sha: createHash("sha256").update(readFileSync(join(root, "migrations", name))).digest("hex").slice(0, 16) }));
}

/**
 * Reuses the cached database when it was made by this world version from the same migrations, applying any newer
 * migration through wrangler (the app's migrate path, timed: that is what a new index costs on a million rows).
 * A changed or removed migration, or a new world version, makes it again from scratch.
 */
function ensureWorld() {
  const migrations = migrationSet();
  const meta = existsSync(META) ? JSON.parse(readFileSync(META, "utf8")) : undefined;
  const reusable =
    process.env.BENCH_D1_REBUILD !== "1" &&
    meta?.version === WORLD_VERSION &&
    meta.wishes === WISHES &&
    meta.migrations.length <= migrations.length &&
    meta.migrations.every((m, i) => m.name === migrations[i].name && m.sha === migrations[i].sha);
  if (reusable) {
    const fresh = migrations.slice(meta.migrations.length);
    if (fresh.length > 0) {
      const started = performance.now();
      migrate(PERSIST);
      const seconds = (performance.now() - started) / 1000;
      meta.appliedLater = [...(meta.appliedLater ?? []), ...fresh.map((m) => ({ name: m.name, seconds: Number(seconds.toFixed(1)) }))];
      meta.migrations = migrations;
      writeFileSync(META, JSON.stringify(meta, null, 2));
      console.log(`Applied ${fresh.map((m) => m.name).join(", ")} to the cached database in ${seconds.toFixed(1)} s.`);
    } else console.log(`Reusing the ${WISHES.toLocaleString("en")}-wish database in ${PERSIST} (made ${meta.madeAt}).`);
    return meta;
  }
  rmSync(PERSIST, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const started = performance.now();
  migrate(PERSIST);
  const now = Date.now();
  const worldSql = join(WORK, "world.sql");
  run(tsx, [join(root, "bench", "lib", "d1-world.ts"), worldSql, String(WISHES), String(now)], { quiet: false });
  sqlite(`PRAGMA synchronous = OFF;\n.read ${worldSql}\nPRAGMA wal_checkpoint(TRUNCATE);\n`);
  const seconds = (performance.now() - started) / 1000;
  const made = { version: WORLD_VERSION, wishes: WISHES, now, madeAt: new Date(now).toISOString(), buildSeconds: Number(seconds.toFixed(1)), migrations };
  writeFileSync(META, JSON.stringify(made, null, 2));
  console.log(`Made a ${WISHES.toLocaleString("en")}-wish database in ${seconds.toFixed(1)} s.`);
  return made;
}

/** The routes and wall views to check: every sort, every filter, the first, middle and last pages. */
function scenarios() {
  const wall = (name, query) => ({ name, kind: "wall", query });
  const list = [];
  for (const sortBy of ["newest", "oldest", "mostResonated", "leastResonated"]) {
    list.push(wall(`wall ${sortBy}, page 1`, `page=1&pageSize=6&sortBy=${sortBy}`));
    list.push(wall(`wall ${sortBy}, middle page`, `page=middle&pageSize=6&sortBy=${sortBy}`));
    list.push(wall(`wall ${sortBy}, last page`, `page=last&pageSize=6&sortBy=${sortBy}`));
  }
  const filters = [
    ["theme Peace", "theme=Peace"],
    ["country FR", "country=FR"],
    ["country AD (the largest, ~100,000 wishes)", "country=AD"],
    ["country name Japan", "country=Japan"],
    ["unknown place Atlantis", "country=Atlantis"],
    ["today", "timeFilter=today"],
    ["week", "timeFilter=week"],
    ["month", "timeFilter=month"],
    ["theme Hope + month", "theme=Hope&timeFilter=month"],
    ["theme Hope + country AD + week", "theme=Hope&country=AD&timeFilter=week"],
  ];
  for (const [label, filter] of filters) {
    for (const sortBy of ["newest", "mostResonated", "leastResonated"]) {
      list.push(wall(`wall ${label}, ${sortBy}, page 1`, `page=1&pageSize=6&sortBy=${sortBy}&${filter}`));
      list.push(wall(`wall ${label}, ${sortBy}, middle page`, `page=middle&pageSize=6&sortBy=${sortBy}&${filter}`));
      list.push(wall(`wall ${label}, ${sortBy}, last page`, `page=last&pageSize=6&sortBy=${sortBy}&${filter}`));
    }
  }
  list.push(wall("wall page 1, 50 per page, with a device", "page=1&pageSize=50&deviceFingerprint=bench_device_fingerprint_0001"));
  list.push({ name: "stats", kind: "stats" }, { name: "live activity", kind: "live" });
  const only = process.env.BENCH_D1_ONLY ? new RegExp(process.env.BENCH_D1_ONLY) : undefined;
  return only ? list.filter((s) => only.test(s.name)) : list;
}

function capture() {
  const input = join(WORK, "scenarios.json");
  const output = join(WORK, "captured.json");
  mkdirSync(WORK, { recursive: true });
  writeFileSync(input, JSON.stringify(scenarios()));
  run(tsx, [join(root, "bench", "lib", "d1-capture.ts"), PERSIST, input, output]);
  return JSON.parse(readFileSync(output, "utf8"));
}

/** drizzle writes anonymous `?`; the shell binds numbered ones, so `?` becomes `?1`, `?2`… (outside quotes). */
function numbered(sql) {
  let n = 0;
  let quote = null;
  let out = "";
  for (const char of sql) {
    if (quote) {
      if (char === quote) quote = null;
      out += char;
    } else if (char === "'" || char === '"' || char === "`") {
      quote = char;
      out += char;
    } else if (char === "?") out += `?${++n}`;
    else out += char;
  }
  return out;
}

const literal = (value) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : typeof value === "boolean" ? (value ? "1" : "0") : `'${String(value).replaceAll("'", "''")}'`;

/** Shell lines that bind a statement's values, so plans and timings use bound parameters exactly as D1 does. */
function bindLines(params) {
  return [".parameter clear", ...params.map((value, i) => `.parameter set ?${i + 1} "${literal(value).replaceAll('"', '\\"')}"`)].join("\n");
}

function explain(statements) {
  const marker = (i) => `@@statement ${i}@@`;
  const script = statements.map((s, i) => `.print ${marker(i)}\n${bindLines(s.params)}\nEXPLAIN QUERY PLAN ${numbered(s.sql)};`).join("\n");
  const output = sqlite(`${script}\n`);
  return statements.map((_, i) => {
    const from = output.indexOf(marker(i)) + marker(i).length;
    const to = i + 1 < statements.length ? output.indexOf(marker(i + 1)) : output.length;
    return output
      .slice(from, to)
      .split("\n")
      .map((line) => line.replace(/^[|`\s-]+/, "").trim())
      .filter((line) => line && line !== "QUERY PLAN");
  });
}

/** Runs a route's statements in order ITERATIONS times in one shell; returns per-iteration totals in ms. */
function timeStatements(statements) {
  const once = statements.map((s) => `${bindLines(s.params)}\n${numbered(s.sql)};`).join("\n");
  const script = [".timer on", ".output /dev/null", ...Array.from({ length: ITERATIONS + 3 }, () => once)].join("\n");
  const output = sqlite(`${script}\n`);
  const times = [...output.matchAll(/Run Time: real ([\d.]+) user ([\d.]+) sys ([\d.]+)/g)].map((m) => ({ real: Number(m[1]) * 1000, cpu: (Number(m[2]) + Number(m[3])) * 1000 }));
  if (times.length !== statements.length * (ITERATIONS + 3)) throw new Error(`Expected ${statements.length * (ITERATIONS + 3)} timings, got ${times.length}`);
  const totals = [];
  for (let i = 3; i < ITERATIONS + 3; i += 1) {
    const slice = times.slice(i * statements.length, (i + 1) * statements.length);
    totals.push({ real: slice.reduce((a, t) => a + t.real, 0), cpu: slice.reduce((a, t) => a + t.cpu, 0) });
  }
  return totals;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Names of a statement's common table expressions (`WITH a AS (…), b AS (…)`). */
function cteNames(sql) {
  const names = new Set();
  if (!/^\s*WITH\b/i.test(sql)) return names;
  for (const m of sql.matchAll(/(?:^\s*WITH\s+(?:RECURSIVE\s+)?|\),\s*)(\w+)\s*(?:\([^)]*\)\s*)?AS\s*(?:NOT\s+)?(?:MATERIALIZED\s*)?\(/gi)) names.add(m[1]);
  return names;
}

/**
 * A SCAN of a big table fails. A SCAN of a subquery's or a common table expression's result is not one: those rows
 * were made by plan lines of their own (listed above it and checked like the others), so they are already narrowed.
 */
function planProblems(plan, sql) {
  const problems = [];
  const ctes = cteNames(sql);
  for (const line of plan) {
    const scan = /^SCAN (\S+)/.exec(line);
    if (scan && !SMALL_TABLES.has(scan[1]) && !/^\(subquery-\d+\)$/.test(scan[1]) && !ctes.has(scan[1])) problems.push(line);
  }
  return problems;
}

async function timeHttp(url, path, { bust }) {
  const samples = [];
  const headers = new Set();
  for (let i = -20; i < REQUESTS; i += 1) {
    // A fresh `_bench` value per request: any response cache keyed on the URL misses, so each sample is D1 work.
    const target = bust ? `${url}${path}${path.includes("?") ? "&" : "?"}_bench=${process.pid}-${i}` : `${url}${path}`;
    const started = performance.now();
    const response = await fetch(target);
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (!response.ok) throw new Error(`${target} answered ${response.status}`);
    for (const name of ["age", "cf-cache-status", "x-cache", "cache-control"]) if (response.headers.get(name)) headers.add(`${name}: ${response.headers.get(name)}`);
    if (i >= 0) samples.push(elapsed);
  }
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), headers: [...headers] };
}

const sqliteVersion = requireSqlite();
const world = ensureWorld();
const dbSize = statSync(databaseFile()).size;
const counts = Object.fromEntries(
  sqlite(
    ".mode list\nSELECT 'wishes', COUNT(*) FROM wishes UNION ALL SELECT 'hidden', COUNT(*) FROM wishes WHERE hidden = 1 UNION ALL SELECT 'pending', COUNT(*) FROM wishes WHERE status = 'pending' UNION ALL SELECT 'rings', COUNT(*) FROM bell_rings UNION ALL SELECT 'resonances', COUNT(*) FROM resonances UNION ALL SELECT 'countries', COUNT(*) FROM country_stats;\n",
  )
    .trim()
    .split("\n")
    .map((line) => line.split("|"))
    .map(([k, v]) => [k, Number(v)]),
);
console.log(`Database: ${JSON.stringify(counts)}, ${(dbSize / 1e6).toFixed(0)} MB`);

const load = () => loadavg()[0].toFixed(1);
const loadBefore = load();
const captured = capture();
const rows = [];
let failed = false;
for (const route of captured) {
  const plans = explain(route.statements);
  const problems = plans.flatMap((plan, i) => planProblems(plan, route.statements[i].sql));
  const totals = timeStatements(route.statements);
  const p50 = percentile(totals.map((t) => t.real), 50);
  const p99 = percentile(totals.map((t) => t.real), 99);
  const cpu50 = percentile(totals.map((t) => t.cpu), 50);
  const over = p50 >= BUDGET_MS;
  if (problems.length > 0 || over) failed = true;
  rows.push({ ...route, plans, problems, p50, p99, cpu50, over });
  console.log(`\n${route.name}  [${route.query}]  ${route.statements.length} statements, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms (cpu p50 ${cpu50.toFixed(2)} ms)${problems.length ? "  SCAN!" : ""}${over ? "  OVER BUDGET" : ""}`);
  route.statements.forEach((s, i) => console.log(`  ${s.sql}\n    params ${JSON.stringify(s.params)}\n    ${plans[i].join("\n    ")}`));
}

// HTTP: the real routes on wrangler dev serving this database, beside a static asset of the same server.
const httpTargets = [
  { name: "static asset (floor)", path: "/favicon.svg", bust: false },
  // The same Worker, Remix and API plumbing with no D1 query: what the API routes cost before their SQL.
  { name: "GET /api/countries (API route, no D1)", path: "/api/countries", bust: true },
  { name: "GET /api/wishes/wall?page=1&pageSize=6", path: "/api/wishes/wall?page=1&pageSize=6", bust: true },
  ...["wall newest, middle page", "wall newest, last page", "wall leastResonated, middle page", "wall theme Peace, mostResonated, page 1", "wall month, leastResonated, last page", "wall theme Hope + country AD + week, leastResonated, page 1"].map((name) => {
    const route = rows.find((r) => r.name === name);
    return route && { name: `GET /api/wishes/wall?${route.query}`, path: `/api/wishes/wall?${route.query}`, bust: true };
  }),
  { name: "GET /api/stats", path: "/api/stats", bust: true },
  { name: "GET /api/wishes/live-activity", path: "/api/wishes/live-activity", bust: true },
].filter(Boolean);
const loadAfterFile = load();
const http = [];
if (process.env.BENCH_D1_HTTP === "0") {
  console.log("BENCH_D1_HTTP=0: figures printed only, bench/README.md left as it is.");
  process.exit(failed ? 1 : 0);
}
if (process.env.BENCH_SKIP_BUILD !== "1") build();
const port = await freePort();
const server = startServer({ port, persistTo: PERSIST });
try {
  await server.ready;
  const url = `http://127.0.0.1:${port}`;
  for (const target of httpTargets) {
    const result = await timeHttp(url, target.path, target);
    http.push({ ...target, ...result });
    console.log(`${target.name}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms${result.headers.length ? ` (${result.headers.join("; ")})` : ""}`);
  }
} finally {
  stopServer(server.child);
}
const loadAfterHttp = load();

const floor = http[0];
const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : "n/a");
const fileTable = [
  "| route / view | statements | p50 | p99 | CPU p50 | plan |",
  "|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.name}${r.query ? ` <br>\`${r.query}\`` : ""} | ${r.statements.length} | ${ms(r.p50)}${r.over ? " ❌" : ""}${r.cpu50 >= BUDGET_MS ? " ⚠️" : ""} | ${ms(r.p99)} | ${r.cpu50.toFixed(2)} ms | ${r.problems.length ? `SCAN ❌ ${r.problems.join("; ")}` : "no scan of a big table"} |`,
  ),
];
const httpTable = [
  `| route | p50 | p99 | p50 ÷ floor | p99 ÷ floor |`,
  "|---|---|---|---|---|",
  ...http.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p99)} | ${ratio(r.p50, floor.p50)} | ${ratio(r.p99, floor.p99)} |`),
];
// One plan per distinct statement, with the views that run it.
const distinct = new Map();
for (const r of rows) {
  r.statements.forEach((s, i) => {
    const key = `${s.sql}\n${r.plans[i].join("\n")}`;
    const entry = distinct.get(key) ?? { sql: s.sql, plan: r.plans[i], views: [] };
    entry.views.push(r.name);
    distinct.set(key, entry);
  });
}
const planText = [...distinct.values()]
  .map((d) => `-- ${d.views.length === 1 ? d.views[0] : `${d.views.length} views, e.g. ${d.views.slice(0, 3).join(" / ")}`}\n${d.sql};\n${d.plan.map((l) => `   ${l}`).join("\n")}`)
  .join("\n\n");
const seenHeaders = [...new Set(http.flatMap((r) => r.headers))];

writeSection(
  "d1-scale",
  [
    `### D1 at ${WISHES.toLocaleString("en")} wishes (${today()})`,
    "",
    `Command: \`npm run bench:d1\`. Machine: ${machine()}, sqlite3 ${sqliteVersion}. Database: ${counts.wishes.toLocaleString("en")} wishes over a year from ${counts.countries} countries (${counts.hidden.toLocaleString("en")} hidden, ${counts.pending.toLocaleString("en")} pending), ${counts.rings.toLocaleString("en")} rings, ${counts.resonances.toLocaleString("en")} resonances, counters computed from the rows; ${(dbSize / 1e6).toFixed(0)} MB, made by \`bench/lib/d1-world.ts\` in ${world.buildSeconds} s on ${world.madeAt.slice(0, 10)} and cached in \`.tmp/bench-d1/\`${world.appliedLater?.length ? ` (later migrations applied to it through wrangler: ${world.appliedLater.map((m) => `${m.name} in ${m.seconds} s`).join(", ")})` : ""}.`,
    `DESIGN §8 target: a wall page, stats and live activity each < ${BUDGET_MS} ms p50, and \`EXPLAIN QUERY PLAN\` shows no scan of a big table.`,
    `Load average (1 min) of this shared 2-core machine during the run: ${loadBefore} before the SQLite timings, ${loadAfterFile} after them, ${loadAfterHttp} after the HTTP timings. Under such load wall-clock figures run several times the CPU time the statements need; the CPU column is the steadier figure, and ❌ marks a wall-clock p50 ≥ ${BUDGET_MS} ms (⚠️ when the CPU p50 alone is ≥ ${BUDGET_MS} ms too).`,
    "",
    `**On the SQLite file** (the shell's \`.timer\`, wall-clock at 1 ms resolution, CPU in µs; ${ITERATIONS} runs after 3 warm-ups; a route's time is the sum of the statements it runs, captured from the app's own functions by \`bench/lib/d1-capture.ts\` with their bound values, so page numbers, \`last\` and \`middle\` pages are real):`,
    "",
    ...fileTable,
    "",
    `**Over HTTP** on \`wrangler dev\` (the built Worker) serving that database, ${REQUESTS} sequential requests each after 20 warm-ups, loopback. Every API request carries a fresh \`_bench=\` parameter, which the routes ignore, so a response cache keyed on the URL cannot answer in place of D1${seenHeaders.length ? ` (cache headers seen: ${seenHeaders.join("; ")})` : " (no cache headers seen)"}:`,
    "",
    ...httpTable,
    "",
    `Scans allowed: ${[...SMALL_TABLES].filter(([k]) => k !== "cs").map(([k, v]) => `\`${k}\` (${v})`).join("; ")}. A \`SCAN\` of a subquery's or a \`WITH\` table's result reads rows its own plan lines already made (and those lines are checked). A \`USE TEMP B-TREE\` is a sort of the rows a search already narrowed, and is only accepted when the figure above stays in budget.`,
    "",
    "<details><summary>Query plans (one per distinct statement)</summary>",
    "",
    "```sql",
    planText,
    "```",
    "",
    "</details>",
  ].join("\n"),
);
if (failed) {
  console.error("\nbench:d1: a statement scans a big table or a route misses the budget (see above).");
  process.exitCode = 1;
}
