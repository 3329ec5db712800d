// Writes the SQL of a believable demo world for an empty local D1: a few hundred wishes from many countries in
// every theme, most of them already rung through the built-in simulator with their results and verses, a handful
// still pending so the bell can be rung at once. Deterministic: the same file every time.
// Usage: tsx scripts/seed.ts <out.sql>
import { writeFileSync } from "node:fs";
import { monotonicFactory } from "ulidx";
import { classifyTheme } from "../app/domain/theme";
import { verseText } from "../app/domain/verse/verse";
import { countryByCode } from "../app/server/geo/countries.server";
import { mulberry32 } from "../workers/quantum/prng";
import { createSimulatorProvider } from "../workers/quantum/simulator";
import { COUNTRY_CODES, NAMES, OPENINGS, WISHES } from "./lib/wish-corpus";

const WISH_COUNT = 320;
const PENDING_COUNT = 12;
const DAYS_BACK = 75;
const DAY_MS = 86_400_000;

const random = mulberry32(20261122);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];

// Credits are not consulted here: the seed only replays what the simulator would have measured.
const provider = createSimulatorProvider({ remainingSeconds: async () => 0 });
const now = Date.now();
const ulid = monotonicFactory(() => random());
const sql: string[] = ["-- Demo world written by scripts/seed.ts"];
const quote = (value: string | number | null | undefined) =>
  value === null || value === undefined ? "NULL" : typeof value === "number" ? String(value) : `'${value.replaceAll("'", "''")}'`;

interface SeedWish {
  id: string;
  text: string;
  name: string | null;
  countryCode: string;
  country: string;
  createdAt: number;
}

const seedWishes: SeedWish[] = Array.from({ length: WISH_COUNT }, (_, index) => {
  // Older wishes first, more of them recent: the site looks alive today.
  const ageMs = Math.floor(DAY_MS * DAYS_BACK * (1 - index / WISH_COUNT) ** 2) + Math.floor(random() * 3_600_000);
  const code = pick(COUNTRY_CODES);
  const text = `${pick(OPENINGS)} ${pick(WISHES)}.`;
  return { id: "", text: text.charAt(0).toUpperCase() + text.slice(1), name: pick(NAMES) || null, countryCode: code, country: countryByCode(code)?.name ?? code, createdAt: now - ageMs };
}).sort((a, b) => a.createdAt - b.createdAt);
for (const wish of seedWishes) wish.id = ulid(wish.createdAt);

const ringOf = new Map<string, string>();
const rungWishes = seedWishes.slice(0, WISH_COUNT - PENDING_COUNT);
for (let start = 0; start < rungWishes.length; ) {
  const size = 1 + Math.floor(random() * 5);
  const batch = rungWishes.slice(start, start + size);
  start += size;
  const ringAt = batch[batch.length - 1].createdAt + 60_000 + Math.floor(random() * 600_000);
  const ringId = ulid(ringAt);
  const job = await provider.submit({ ringId, wishes: batch.map(({ id, text }) => ({ id, text })) });
  const result = await provider.poll(job);
  if (result.state !== "completed") throw new Error(`The simulator did not complete ring ${ringId}`);
  for (const wish of batch) ringOf.set(wish.id, ringId);
  sql.push(
    `INSERT INTO bell_rings (id, created_at, virtual, rung_by_hash, provider, backend, job_id, status, attempts, bitstring, counts, poem, usage_seconds, completed_at) VALUES (${[
      quote(ringId), ringAt, 0, quote("seed"), quote("simulator"), quote(job.backend), quote(job.jobId), quote("completed"), 1,
      quote(result.bitstring), quote(JSON.stringify(result.counts)), quote(verseText({ bitstring: result.bitstring, counts: result.counts, wishes: batch.map((wish) => ({ theme: classifyTheme(wish.text), countryCode: wish.countryCode })) }, "en")), result.usageSeconds, ringAt + 2_000,
    ].join(", ")});`,
  );
  sql.push(
    `INSERT INTO credit_ledger (delta_seconds, reason, ring_id, created_at) VALUES (${-(result.usageSeconds ?? 0)}, 'ring', ${quote(ringId)}, ${ringAt + 2_000});`,
  );
}

for (const wish of seedWishes) {
  const ringId = ringOf.get(wish.id) ?? null;
  const resonance = Math.floor(random() ** 3 * 40);
  sql.push(
    `INSERT INTO wishes (id, text, name, email, country, country_code, location, theme, status, bell_ring_id, fingerprint_hash, resonance_count, created_at) VALUES (${[
      quote(wish.id), quote(wish.text), quote(wish.name), "NULL", quote(wish.country), quote(wish.countryCode), quote(wish.country),
      quote(classifyTheme(wish.text)), quote(ringId ? "entangled" : "pending"), quote(ringId), quote(`seed-${wish.id.slice(-8)}`), resonance, wish.createdAt,
    ].join(", ")});`,
  );
}

// The site totals and the countries' counts follow these rows by trigger (migrations/0006_counters_by_triggers.sql).
const out = process.argv[2];
if (!out) throw new Error("Usage: tsx scripts/seed.ts <out.sql>");
writeFileSync(out, `${sql.join("\n")}\n`);
console.log(`Seed: ${WISH_COUNT} wishes in ${new Set(seedWishes.map((wish) => wish.countryCode)).size} countries, ${new Set(ringOf.values()).size} rings, ${PENDING_COUNT} pending.`);
