// Writes the SQL that fills an already-migrated local D1 with a large, believable world for bench/d1-scale.mjs:
// N wishes (default 1,000,000) over a year from ~190 countries (a few big ones, a long tail), every theme, mostly
// entangled in rings of 4–5 (≈ 200,000 rings with their results and poems), the newest 2% still pending, 1% hidden
// by moderation, resonances and reports behind the counts; the counters follow the rows by trigger, as in the app.
// The rows themselves are made inside SQLite (a recursive CTE), so this file stays small and the load takes a minute, not an hour. Only small lookup tables come from the app's code
// (country names, themes from classifyTheme, each bit string's verse line from the verse composer).
// Usage: tsx bench/lib/d1-world.ts <out.sql> [wishCount] [nowMs]
import { writeFileSync } from "node:fs";
import { AUTO_HIDE_REPORTS } from "../../app/domain/admin";
import { classifyTheme } from "../../app/domain/theme";
import { verseText } from "../../app/domain/verse/verse";
import { allCountries } from "../../app/server/geo/countries.server";
import { NAMES as SEED_NAMES, OPENINGS, WISHES } from "../../scripts/lib/wish-corpus";

const out = process.argv[2];
if (!out) throw new Error("Usage: tsx bench/lib/d1-world.ts <out.sql> [wishCount] [nowMs]");
const N = Number(process.argv[3] ?? 1_000_000);
const NOW = Number(process.argv[4] ?? Date.now());
const DAY_MS = 86_400_000;
const START = NOW - 365 * DAY_MS;
/** Wish n is made at START + n·STEP + jitter < STEP, so ids (ULIDs) and created_at rise together. */
const STEP = Math.floor((365 * DAY_MS) / N);
const PENDING_FROM = Math.floor(N * 0.98);
/** The three oldest pending wishes sit in a ring that is still running. */
const RUNNING_RING_SIZE = 3;
/** Wish n (< PENDING_FROM) belongs to ring floor(n·10/48): rings of 4 or 5 wishes, 4.8 on average. */
const ringOf = (n: string) => `((${n}) * 10 / 48)`;
const RINGS = Math.floor(((PENDING_FROM - 1) * 10) / 48) + 1;
const SLOTS = 1000;

const quote = (value: string | number | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

/** A ULID as SQL: 10 Crockford base-32 characters of the time, then 16 of a seed (both integer SQL expressions). */
function ulidSql(time: string, seed: string): string {
  const alphabet = "'0123456789ABCDEFGHJKMNPQRSTVWXYZ'";
  const char = (value: string) => `substr(${alphabet}, ((${value}) & 31) + 1, 1)`;
  const timeChars = Array.from({ length: 10 }, (_, i) => char(`(${time}) >> ${5 * (9 - i)}`));
  // Two 40-bit halves of the random part, each mixed from the seed so neighbours do not share characters.
  const mix = (salt: number) => `((((${seed}) + ${salt}) * 2654435761) % 1099511627689)`;
  const randomChars = Array.from({ length: 16 }, (_, i) => char(`${mix(i < 8 ? 17 : 91)} >> ${5 * (i % 8)}`));
  return [...timeChars, ...randomChars].join(" || ");
}

/** Places typed by visitors that match no country: stored as text with no code, as submitWish does. */
const UNKNOWN_PLACES = ["Atlantis", "Somewhere at sea", "The Moon", "Middle-earth"];

const sql: string[] = [
  "-- Bench world written by bench/lib/d1-world.ts",
  "PRAGMA foreign_keys = OFF;",
  "BEGIN;",
  "CREATE TEMP TABLE bw_phrase (i INTEGER PRIMARY KEY, text TEXT NOT NULL, theme TEXT NOT NULL);",
  "CREATE TEMP TABLE bw_slot (slot INTEGER PRIMARY KEY, code TEXT NOT NULL, name TEXT NOT NULL);",
  "CREATE TEMP TABLE bw_name (i INTEGER PRIMARY KEY, name TEXT);",
  "CREATE TEMP TABLE bw_place (i INTEGER PRIMARY KEY, name TEXT NOT NULL);",
  "CREATE TEMP TABLE bw_reading (bits INTEGER, size INTEGER, bitstring TEXT, poem TEXT, PRIMARY KEY (size, bits));",
  "CREATE TEMP TABLE bw_k (k INTEGER PRIMARY KEY);",
];

const NAMES = SEED_NAMES.filter(Boolean);
const phrases = OPENINGS.flatMap((opening) => WISHES.map((wish) => `${opening} ${wish}.`));
sql.push(`INSERT INTO bw_phrase VALUES ${phrases.map((text, i) => `(${i}, ${quote(text)}, ${quote(classifyTheme(text))})`).join(", ")};`);

// Countries by a Zipf-like weight: the biggest country gets ~8% of wishes, every country at least one slot in 1000.
const COUNTRY_COUNT = 195;
const all = [...allCountries()].sort((a, b) => a.code.localeCompare(b.code));
// A fixed shuffle, so the big ones are not all "A…"; the first COUNTRY_COUNT of it take part.
const countries = all.map((country, i) => ({ country, rank: (i * 7919) % all.length })).filter((c) => c.rank < COUNTRY_COUNT).map((c) => c.country);
const order = countries.map((_, i) => (i * 7919) % countries.length);
const weights = order.map((rank) => 1 / (rank + 1) ** 0.9);
const total = weights.reduce((a, b) => a + b, 0);
const slots: string[] = [];
const counts = weights.map((w) => Math.max(1, Math.floor((w / total) * (SLOTS - countries.length))));
let slot = 0;
countries.forEach((country, i) => {
  for (let j = 0; j < counts[i] && slot < SLOTS; j += 1) slots.push(`(${slot++}, ${quote(country.code)}, ${quote(country.name)})`);
});
while (slot < SLOTS) slots.push(`(${slot++}, ${quote(countries[slot % countries.length].code)}, ${quote(countries[slot % countries.length].name)})`);
sql.push(`INSERT INTO bw_slot VALUES ${slots.join(", ")};`);
sql.push(`INSERT INTO bw_name VALUES ${[...NAMES, ...Array(NAMES.length).fill(null)].map((name, i) => `(${i}, ${quote(name)})`).join(", ")};`);
sql.push(`INSERT INTO bw_place VALUES ${UNKNOWN_PLACES.map((name, i) => `(${i}, ${quote(name)})`).join(", ")};`);
const readings: string[] = [];
for (const size of [RUNNING_RING_SIZE, 4, 5]) {
  for (let bits = 0; bits < 2 ** size; bits += 1) {
    const bitstring = bits.toString(2).padStart(size, "0");
    readings.push(`(${bits}, ${size}, ${quote(bitstring)}, ${quote(verseText({ bitstring, counts: null, wishes: [] }, "en"))})`);
  }
}
sql.push(`INSERT OR IGNORE INTO bw_reading VALUES ${readings.join(", ")};`);
sql.push("INSERT INTO bw_k WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k < 63) SELECT k FROM k;");

// One row of dice per wish, drawn once (random() in a view would be drawn again at every use).
sql.push(`CREATE TEMP TABLE bw_row (n INTEGER PRIMARY KEY, t INTEGER, a INTEGER, b INTEGER, c INTEGER, d INTEGER, e INTEGER, f INTEGER);`);
sql.push(`INSERT INTO bw_row
  WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n < ${N - 1})
  SELECT n, ${START} + n * ${STEP} + abs(random() % ${STEP}),
         abs(random() % ${SLOTS}), abs(random() % 1000), abs(random() % ${phrases.length}), abs(random() % ${NAMES.length * 2}),
         abs(random() % 1000), abs(random() % 1000)
  FROM seq;`);

// Rings first, rowid = ring number + 1, so each wish finds its ring id by rowid.
const ringLastWish = (r: string) => `(((${r}) + 1) * 48 + 9) / 10 - 1`;
const ringTime = (r: string) => `(${START} + (${ringLastWish(r)} + 1) * ${STEP} + 45000)`;
const ringSize = (r: string) => `(${ringLastWish(r)} - ((${r}) * 48 + 9) / 10 + 1)`;
sql.push(`INSERT INTO bell_rings (rowid, id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts,
                                  bitstring, counts, poem, usage_seconds, completed_at)
  WITH RECURSIVE ring(r) AS (SELECT 0 UNION ALL SELECT r + 1 FROM ring WHERE r < ${RINGS - 1})
  SELECT r + 1, ${ulidSql(ringTime("r"), "r + 7")}, ${ringTime("r")}, r % 7 = 0,
         CASE WHEN r % 7 = 0 THEN NULL ELSE lower(hex(randomblob(32))) END, 'simulator', 'statevector', 'sim-' || r, 'completed', 1,
         rd.bitstring, '{"' || rd.bitstring || '":' || (40 + r % 37) || ',"other":' || (60 - r % 37) || '}', rd.poem, 2.5, ${ringTime("r")} + 2000
  FROM ring JOIN bw_reading rd ON rd.size = ${ringSize("r")} AND rd.bits = r % (1 << ${ringSize("r")});`);
const runningRingTime = `${START} + ${PENDING_FROM + RUNNING_RING_SIZE} * ${STEP} + 30000`;
sql.push(`INSERT INTO bell_rings (rowid, id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts)
  VALUES (${RINGS + 1}, ${ulidSql(runningRingTime, `${RINGS + 7}`)}, ${runningRingTime}, 0, lower(hex(randomblob(32))), 'simulator', 'statevector', 'sim-running', 'running', 1);`);
sql.push(`INSERT INTO credit_ledger (delta_seconds, reason, ring_id, created_at) VALUES (${RINGS * 3}, 'top-up', NULL, ${START});`);
sql.push(`INSERT INTO credit_ledger (delta_seconds, reason, ring_id, created_at) SELECT -usage_seconds, 'ring', id, completed_at FROM bell_rings WHERE status = 'completed' ORDER BY rowid;`);

// The wishes. b < 50: no country (b < 5 of those typed an unknown place); e < 10: hidden by moderation.
const status = `CASE WHEN w.n < ${PENDING_FROM} THEN 'entangled' WHEN w.n < ${PENDING_FROM + RUNNING_RING_SIZE} THEN 'submitted_for_batching' ELSE 'pending' END`;
const ringRowid = `CASE WHEN w.n < ${PENDING_FROM} THEN ${ringOf("w.n")} + 1 WHEN w.n < ${PENDING_FROM + RUNNING_RING_SIZE} THEN ${RINGS + 1} END`;
const resonance = `CASE WHEN w.f < 700 THEN 0 WHEN w.f < 850 THEN 1 WHEN w.f < 930 THEN 2 WHEN w.f < 980 THEN 3 + w.f % 4 ELSE 7 + (w.f * 7) % 40 END`;
sql.push(`INSERT INTO wishes (id, text, name, email, country, country_code, location, lat, lon, theme, status, bell_ring_id,
                              fingerprint_hash, ip_hash, resonance_count, hidden, report_count, created_at)
  SELECT ${ulidSql("w.t", "w.n * 3 + 1")}, p.text, nm.name, CASE WHEN w.d % 9 = 0 THEN 'wisher' || w.n || '@example.org' END,
         CASE WHEN w.b >= 50 THEN s.name WHEN w.b < 5 THEN pl.name END,
         CASE WHEN w.b >= 50 THEN s.code END,
         CASE WHEN w.b >= 50 THEN s.name WHEN w.b < 5 THEN pl.name ELSE 'Unknown' END,
         NULL, NULL, p.theme, ${status}, (SELECT id FROM bell_rings WHERE rowid = ${ringRowid}),
         lower(hex(randomblob(32))), lower(hex(randomblob(32))), ${resonance}, w.e < 10, CASE WHEN w.e < 10 THEN ${AUTO_HIDE_REPORTS} ELSE 0 END, w.t
  FROM bw_row w
  JOIN bw_phrase p ON p.i = w.c
  JOIN bw_slot s ON s.slot = w.a
  JOIN bw_name nm ON nm.i = w.d
  LEFT JOIN bw_place pl ON pl.i = w.a % ${UNKNOWN_PLACES.length}
  ORDER BY w.n;`);

sql.push(`INSERT INTO resonances (wish_id, fingerprint_hash, created_at)
  SELECT w.id, lower(hex(randomblob(32))), w.created_at + (k.k + 1) * 60000 FROM wishes w JOIN bw_k k ON k.k < w.resonance_count ORDER BY w.rowid;`);
sql.push(`INSERT INTO reports (wish_id, fingerprint_hash, reason, created_at)
  SELECT w.id, lower(hex(randomblob(32))), CASE k.k WHEN 0 THEN 'spam' END, w.created_at + (k.k + 1) * 3600000
  FROM wishes w JOIN bw_k k ON k.k < w.report_count WHERE w.report_count > 0;`);

// The counters (site_counters, country_stats) follow the rows by trigger (migrations/0006_counters_by_triggers.sql).
sql.push("COMMIT;");
writeFileSync(out, `${sql.join("\n")}\n`);
console.log(`World SQL: ${N} wishes, ${RINGS + 1} rings, ${countries.length} countries → ${out}`);
