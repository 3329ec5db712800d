/** What the operator's health rules are (docs/operations.md#watching-it-run): shared by /healthz and /admin/operations. */

/** The cron runs every minute; a last run older than this means it stopped (ADR 0046). */
export const CRON_STALE_AFTER_MS = 5 * 60_000;
/**
 * An unfinished ring is due at its next attempt (or at once, when it has none). The cron and the room's alarm look
 * every minute, so one still due this long after is stuck: nothing is moving it.
 */
export const RING_STUCK_AFTER_MS = 5 * 60_000;
export const CRON_HEARTBEAT = "cron";

export function cronIsStale(lastRunAt: number | null, now: number): boolean {
  return lastRunAt === null || now - lastRunAt > CRON_STALE_AFTER_MS;
}

export const HOUR_MS = 3_600_000;
export const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
