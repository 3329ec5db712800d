import { IPV6_NETWORK_ALLOWANCE_MULTIPLIER } from "~/domain/network";
import { networkHashes, type NetworkHashes } from "./hashing.server";
import { settingsOf } from "~/server/edge/settings.server";

/**
 * A fixed-window counter in the rate_limits table, counted and read in one statement so two requests at the
 * same moment cannot both slip under the limit. Keys carry a purpose prefix ("contact:", "newsletter:"). A request
 * refused within its window writes nothing (the upsert's condition fails, so no row comes back), and every row
 * carries its window's end, past which the cron deletes it (sweepRateLimits).
 */
export async function consumeRateLimit(
  db: D1Database,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = now - (now % windowMs);
  const row = await db
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count, expires_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
         window_start = excluded.window_start,
         expires_at = excluded.expires_at
       WHERE rate_limits.window_start <> excluded.window_start OR rate_limits.count < ?4
       RETURNING count`,
    )
    .bind(key, windowStart, windowStart + windowMs, limit)
    .first<{ count: number }>();
  const count = row?.count ?? limit + 1;
  return { allowed: count <= limit, retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000) };
}

/** Deletes the counters whose window has ended; run by the cron. Returns how many went. */
export async function sweepRateLimits(db: D1Database, now = Date.now()): Promise<number> {
  const result = await db.prepare("DELETE FROM rate_limits WHERE expires_at <= ?").bind(now).run();
  return result.meta.changes;
}

export interface RateLimitOutcome {
  allowed: boolean;
  /** Seconds until the window resets, at least 1 (the value of a Retry-After header). */
  retryAfter: number;
}

/** The same limiter over the Worker's env, for callers that hold `env` rather than the database. */
export async function hitRateLimit(env: Pick<Env, "DB">, key: string, limit: number, windowMs: number, now = Date.now()): Promise<RateLimitOutcome> {
  const { allowed, retryAfterSeconds } = await consumeRateLimit(env.DB, key, limit, windowMs, now);
  return { allowed, retryAfter: Math.max(1, retryAfterSeconds) };
}

/**
 * The one per-network limit (docs/decisions/0032-networks-and-fair-shares.md): `limit` per IPv4 address or IPv6 /64,
 * and IPV6_NETWORK_ALLOWANCE_MULTIPLIER times that for a whole IPv6 /48, so minting /64s inside one /48 buys no more.
 * `purpose` names the limit ("report", "contact"); the request or its already computed hashes name the network.
 */
export async function hitNetworkLimit(
  env: Env,
  from: Request | NetworkHashes,
  purpose: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<RateLimitOutcome> {
  const hashes = from instanceof Request ? await networkHashes(settingsOf(env).HASH_SECRET, from) : from;
  if (!hashes.ipv6) return hitRateLimit(env, `${purpose}:${hashes.subnet}`, limit, windowMs, now);
  // The /48 is asked first, without spending: a /48 already at its allowance writes no row for each fresh /64 a
  // script mints in it. Then the /64 and the /48 spend together; a burst that races past the look writes at most
  // one /64 row each, which the /48's own conditional count still refuses.
  const wholeKey = `${purpose}:net:${hashes.network}`;
  const wholeLimit = limit * IPV6_NETWORK_ALLOWANCE_MULTIPLIER;
  const spent = await rateLimitSpent(env.DB, wholeKey, windowMs, now);
  if (spent >= wholeLimit) return { allowed: false, retryAfter: windowEndSeconds(windowMs, now) };
  const outcomes = await Promise.all([
    hitRateLimit(env, `${purpose}:${hashes.subnet}`, limit, windowMs, now),
    hitRateLimit(env, wholeKey, wholeLimit, windowMs, now),
  ]);
  const refused = outcomes.filter((outcome) => !outcome.allowed);
  return refused.length === 0 ? { allowed: true, retryAfter: outcomes[0]!.retryAfter } : { allowed: false, retryAfter: Math.max(...refused.map((o) => o.retryAfter)) };
}

/** What `key` has spent in the window `now` is in, without writing. */
async function rateLimitSpent(db: D1Database, key: string, windowMs: number, now: number): Promise<number> {
  const row = await db
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start = ?2")
    .bind(key, now - (now % windowMs))
    .first<{ count: number }>();
  return row?.count ?? 0;
}

const windowEndSeconds = (windowMs: number, now: number) => Math.max(1, Math.ceil((windowMs - (now % windowMs)) / 1000));
