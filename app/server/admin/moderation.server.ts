import { desc, eq, gt, or } from "drizzle-orm";
import { AUTO_HIDE_NETWORK_PER_HOUR, AUTO_HIDE_REPORTS, AUTO_HIDE_SITE_PER_HOUR, KNOWN_NETWORK_MIN_AGE_MS } from "~/domain/admin";
import { DAY_MS, HOUR_MS } from "~/domain/limits";
import { database } from "../db/client.server";
import { wishes } from "../db/schema";
import { networkHashes, privateHash } from "../edge/hashing.server";
import { ApiError } from "../edge/http.server";
import { hitNetworkLimit, hitRateLimit } from "../edge/rate-limit.server";
import { readsChanged } from "../edge/read-cache.server";
import { REPORT_LIMITED, WISH_NOT_FOUND } from "~/domain/messages";
import { settingsOf } from "~/server/edge/settings.server";

export const REPORTS_PER_DEVICE_PER_DAY = 20;
export const REPORTS_PER_IP_PER_DAY = 100;
const QUEUE_LIMIT = 100;


type D1Env = Pick<Env, "DB">;

function statement(env: D1Env, query: string, ...values: unknown[]): D1PreparedStatement {
  return env.DB.prepare(query).bind(...values);
}

interface WishKeys {
  id: string;
  theme: string;
}

/**
 * Hiding flips `hidden` while `guard` (SQL over ?1 = the wish id) holds; the site totals, the country's counts and its
 * latest wish follow by trigger (migrations/0006_counters_by_triggers.sql), so a repeated batch moves nothing twice.
 */
function hideStatements(env: D1Env, wish: WishKeys, guard: string): D1PreparedStatement[] {
  return [statement(env, `UPDATE wishes SET hidden = 1 WHERE id = ?1 AND ${guard}`, wish.id)];
}

/** Unhiding is a review: reports made before it never hide the wish again (see reportWish). */
function unhideStatements(env: D1Env, wish: WishKeys, now: number): D1PreparedStatement[] {
  return [statement(env, "UPDATE wishes SET hidden = 0, reviewed_at = ?2 WHERE id = ?1 AND hidden = 1", wish.id, now)];
}

async function wishKeys(env: Env, id: string): Promise<WishKeys> {
  const row = await database(env).query.wishes.findFirst({ where: eq(wishes.id, id), columns: { id: true, theme: true } });
  if (!row) throw new ApiError(404, WISH_NOT_FOUND);
  return row;
}

/** Hides a wish from every public view and count, in one D1 batch. Returns whether anything changed. */
export async function hideWish(env: Env, id: string): Promise<boolean> {
  const wish = await wishKeys(env, id);
  const results = await env.DB.batch(hideStatements(env, wish, "EXISTS (SELECT 1 FROM wishes WHERE id = ?1 AND hidden = 0)"));
  readsChanged();
  // `changes` also counts the wall_counts rows the update's trigger writes: any change means the wish moved.
  return results.at(-1)!.meta.changes > 0;
}

/** Puts a hidden wish back into every public view and count, in one D1 batch. Returns whether anything changed. */
export async function unhideWish(env: Env, id: string, now = Date.now()): Promise<boolean> {
  const wish = await wishKeys(env, id);
  const results = await env.DB.batch(unhideStatements(env, wish, now));
  readsChanged();
  return results.at(-1)!.meta.changes > 0;
}

/**
 * SQL over `h`, a wish: reports hid it automatically after `since` (a bound value's placeholder) and no moderator
 * has reviewed it since (an Unhide stamps `reviewed_at`; a deleted wish is gone). What the ceilings of ADR 0102 count.
 */
export function unreviewedAutoHide(since: string): string {
  return `h.auto_hidden_at > ${since} AND (h.reviewed_at IS NULL OR h.reviewed_at < h.auto_hidden_at)`;
}

/**
 * SQL over ?1 (the wish id) and ?4 (an hour ago), inside an UPDATE of `wishes`: hiding stays under both hourly
 * ceilings of ADR 0102, the site's and that of each network whose counted report since the last review is among
 * those hiding this wish.
 */
const UNDER_HIDE_CEILINGS = `(SELECT COUNT(*) FROM wishes h WHERE ${unreviewedAutoHide("?4")}) < ${AUTO_HIDE_SITE_PER_HOUR}
         AND NOT EXISTS (
           SELECT 1 FROM reports r
           WHERE r.wish_id = ?1 AND r.counted = 1 AND r.network_hash IS NOT NULL AND r.created_at > COALESCE(wishes.reviewed_at, -1)
             AND (SELECT COUNT(*) FROM wishes h
                  WHERE ${unreviewedAutoHide("?4")}
                    AND h.id IN (SELECT wish_id FROM reports WHERE network_hash = r.network_hash AND counted = 1)) >= ${AUTO_HIDE_NETWORK_PER_HOUR})`;

export interface ReportOutcome {
  alreadyReported: boolean;
}

/**
 * One report per (wish, device), enforced by the primary key. Made-up device ids are free, so a report counts toward
 * auto-hiding only as the first from its network for that wish, and only from a network the site knew for at least
 * KNOWN_NETWORK_MIN_AGE_MS (a wish or a resonance older than that): any other report is kept for the moderators and
 * changes nothing. Hiding happens only in the batch that stored a counted report, and only when the counted reports
 * made since the last admin review reach AUTO_HIDE_REPORTS, so an admin's Unhide sticks until new reporters come.
 */
export async function reportWish(
  env: Env,
  request: Request,
  input: { wishId: string; deviceFingerprint: string; reason?: string },
  now = Date.now(),
): Promise<ReportOutcome> {
  const row = await database(env).query.wishes.findFirst({
    where: eq(wishes.id, input.wishId),
    columns: { id: true, theme: true, hidden: true },
  });
  if (!row || row.hidden) throw new ApiError(404, WISH_NOT_FOUND);
  const [fingerprintHash, network] = await Promise.all([
    privateHash(settingsOf(env).HASH_SECRET, "fingerprint", input.deviceFingerprint),
    networkHashes(settingsOf(env).HASH_SECRET, request),
  ]);
  const ipHash = network.network;
  // The network first: a refused report writes no row for the device ids a script mints (ADR 0099).
  const byIp = await hitNetworkLimit(env, network, "report:ip", REPORTS_PER_IP_PER_DAY, DAY_MS, now);
  if (!byIp.allowed) throw new ApiError(429, REPORT_LIMITED, { retryAfter: byIp.retryAfter });
  const byDevice = await hitRateLimit(env, `report:device:${fingerprintHash}`, REPORTS_PER_DEVICE_PER_DAY, DAY_MS, now);
  if (!byDevice.allowed) throw new ApiError(429, REPORT_LIMITED, { retryAfter: byDevice.retryAfter });
  const knownBefore = now - KNOWN_NETWORK_MIN_AGE_MS;
  const [inserted] = await env.DB.batch([
    statement(
      env,
      `INSERT INTO reports (wish_id, fingerprint_hash, reason, network_hash, counted, created_at)
       SELECT ?1, ?2, ?3, ?4,
         NOT EXISTS (SELECT 1 FROM reports WHERE network_hash = ?4 AND wish_id = ?1 AND counted = 1)
           AND (EXISTS (SELECT 1 FROM wishes WHERE ip_hash = ?4 AND created_at < ?6)
             OR EXISTS (SELECT 1 FROM resonances WHERE network_hash = ?4 AND created_at < ?6)),
         ?5
       ON CONFLICT DO NOTHING`,
      row.id,
      fingerprintHash,
      input.reason ?? null,
      ipHash,
      now,
      knownBefore,
    ),
    // changes() is the row count of the statement just before: the insert above.
    statement(
      env,
      `UPDATE wishes SET report_count = report_count + 1
       WHERE id = ?1 AND changes() = 1 AND (SELECT counted FROM reports WHERE wish_id = ?1 AND fingerprint_hash = ?2) = 1`,
      row.id,
      fingerprintHash,
    ),
    // Only this request's own counted row (stored at ?3) can tip the wish over, counting reports since the review,
    // and only under the hourly ceilings: past them the wish stays visible in the moderation queue (ADR 0102).
    statement(
      env,
      `UPDATE wishes SET hidden = 1, auto_hidden_at = ?3
       WHERE id = ?1 AND hidden = 0
         AND EXISTS (SELECT 1 FROM reports WHERE wish_id = ?1 AND fingerprint_hash = ?2 AND counted = 1 AND created_at = ?3)
         AND (SELECT COUNT(*) FROM reports
              WHERE reports.wish_id = ?1 AND reports.counted = 1 AND reports.created_at > COALESCE(wishes.reviewed_at, -1)) >= ${AUTO_HIDE_REPORTS}
         AND ${UNDER_HIDE_CEILINGS}`,
      row.id,
      fingerprintHash,
      now,
      now - HOUR_MS,
    ),
  ]);
  readsChanged();
  return { alreadyReported: inserted!.meta.changes === 0 };
}

/** What moderation shows of a wish: never the writer's e-mail, which /privacy says is shown to no one. */
export interface ModerationItem {
  id: string;
  text: string;
  name: string | null;
  country: string | null;
  theme: string;
  status: string;
  hidden: boolean;
  reportCount: number;
  createdAt: number;
  reasons: string[];
}

const itemColumns = {
  id: true,
  text: true,
  name: true,
  country: true,
  theme: true,
  status: true,
  hidden: true,
  reportCount: true,
  createdAt: true,
} as const;

async function withReasons(env: Env, rows: Omit<ModerationItem, "reasons">[]): Promise<ModerationItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const { results } = await env.DB.prepare(
    `SELECT wish_id AS wishId, reason FROM reports WHERE reason IS NOT NULL AND wish_id IN (${ids.map(() => "?").join(", ")})
     ORDER BY created_at DESC`,
  )
    .bind(...ids)
    .all<{ wishId: string; reason: string }>();
  return rows.map((row) => ({ ...row, reasons: results.filter((r) => r.wishId === row.id).map((r) => r.reason) }));
}

/** Reported and hidden wishes, the most reported first. */
export async function moderationQueue(env: Env): Promise<ModerationItem[]> {
  const rows = await database(env)
    .select({
      id: wishes.id,
      text: wishes.text,
      name: wishes.name,
      country: wishes.country,
      theme: wishes.theme,
      status: wishes.status,
      hidden: wishes.hidden,
      reportCount: wishes.reportCount,
      createdAt: wishes.createdAt,
    })
    .from(wishes)
    .where(or(gt(wishes.reportCount, 0), eq(wishes.hidden, true)))
    .orderBy(desc(wishes.reportCount), desc(wishes.createdAt))
    .limit(QUEUE_LIMIT);
  return withReasons(env, rows);
}

export async function findWishForModeration(env: Env, id: string): Promise<ModerationItem | null> {
  const row = await database(env).query.wishes.findFirst({ where: eq(wishes.id, id), columns: itemColumns });
  if (!row) return null;
  const [item] = await withReasons(env, [row]);
  return item ?? null;
}
