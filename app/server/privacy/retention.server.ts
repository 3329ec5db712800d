import { CSP_REPORTS_KEPT, RETENTION_BATCH, retentionCutoff, type RetainedKind } from "~/domain/retention";
import { OUTBOX_STATUS } from "~/domain/statuses";

/** The site_counters key that keeps the count of swept mails of one kind and final status. */
export const sweptMailCounter = (status: string, kind: string) => `mail:${status}:${kind}`;

export type SweptTable =
  | "unconfirmedSubscribers"
  | "unsubscribedSubscribers"
  | "sentMail"
  | "contactMessages"
  | "resonanceNetworks"
  | "cspReports"
  | "adminAudit";
export type RetentionReport = Partial<Record<SweptTable, number>>;

export interface SweepOptions {
  now?: number;
  batch?: number;
}

type Step = (db: D1Database, now: number, batch: number) => Promise<number>;

const cutoff = (kind: RetainedKind, now: number) => retentionCutoff(kind, now);
const changes = (result: D1Result) => result.meta.changes ?? 0;

const FINAL_MAIL = `status IN ('${OUTBOX_STATUS.sent}', '${OUTBOX_STATUS.failed}', '${OUTBOX_STATUS.stopped}')`;

/** One bounded statement per table; each selects at most `batch` rows past its bound (app/domain/retention.ts). */
const STEPS: Record<SweptTable, Step> = {
  unconfirmedSubscribers: async (db, now, batch) =>
    changes(
      await db
        .prepare(
          `DELETE FROM newsletter_subscribers WHERE rowid IN
             (SELECT rowid FROM newsletter_subscribers WHERE confirmed_at IS NULL AND unsubscribed_at IS NULL AND created_at < ? LIMIT ?)`,
        )
        .bind(cutoff("unconfirmedSubscriber", now), batch)
        .run(),
    ),
  unsubscribedSubscribers: async (db, now, batch) =>
    changes(
      await db
        .prepare(
          `DELETE FROM newsletter_subscribers WHERE rowid IN
             (SELECT rowid FROM newsletter_subscribers WHERE unsubscribed_at IS NOT NULL AND unsubscribed_at < ? LIMIT ?)`,
        )
        .bind(cutoff("unsubscribedSubscriber", now), batch)
        .run(),
    ),
  // The count moves in the same batch (one transaction) as the rows it counts, so a failure loses neither.
  sentMail: async (db, now, batch) => {
    const before = cutoff("sentMail", now);
    const [, deleted] = await db.batch([
      db
        .prepare(
          `INSERT INTO site_counters (key, value)
             SELECT 'mail:' || status || ':' || kind, COUNT(*) FROM
               (SELECT status, kind FROM outbox WHERE ${FINAL_MAIL} AND created_at < ?1 ORDER BY created_at, id LIMIT ?2)
             GROUP BY status, kind
           ON CONFLICT (key) DO UPDATE SET value = value + excluded.value`,
        )
        .bind(before, batch),
      db
        .prepare(`DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE ${FINAL_MAIL} AND created_at < ?1 ORDER BY created_at, id LIMIT ?2)`)
        .bind(before, batch),
    ]);
    return changes(deleted);
  },
  contactMessages: async (db, now, batch) =>
    changes(
      await db
        .prepare(`DELETE FROM contact_messages WHERE id IN (SELECT id FROM contact_messages WHERE kept_at IS NULL AND created_at < ? LIMIT ?)`)
        .bind(cutoff("contactMessage", now), batch)
        .run(),
    ),
  resonanceNetworks: async (db, now, batch) =>
    changes(
      await db
        .prepare(
          `UPDATE resonances SET network_hash = NULL WHERE rowid IN
             (SELECT rowid FROM resonances WHERE network_hash IS NOT NULL AND created_at < ? LIMIT ?)`,
        )
        .bind(cutoff("resonanceNetwork", now), batch)
        .run(),
    ),
  cspReports: async (db, _now, batch) =>
    changes(
      await db
        .prepare(
          `DELETE FROM csp_reports WHERE id IN
             (SELECT id FROM csp_reports ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?)`,
        )
        .bind(batch, CSP_REPORTS_KEPT)
        .run(),
    ),
  adminAudit: async (db, now, batch) =>
    changes(
      await db
        .prepare(`DELETE FROM admin_audit WHERE id IN (SELECT id FROM admin_audit WHERE at < ? ORDER BY id LIMIT ?)`)
        .bind(cutoff("adminAudit", now), batch)
        .run(),
    ),
  // rate_limits: swept by app/server/edge/rate-limit.server.ts (RETENTION_DAYS.rateLimitRow names its bound).
};

/**
 * Deletes (or, for resonances, forgets the network of) what is past its bound, at most `batch` rows per table per
 * run. A table that fails is skipped and the others still run; the first failure is then thrown, once, for the
 * cron to report through its scrubbing reporter (an error's text may hold an address: it is never logged raw here).
 */
export async function sweepRetention(env: Pick<Env, "DB">, options: SweepOptions = {}): Promise<RetentionReport> {
  const now = options.now ?? Date.now();
  const batch = options.batch ?? RETENTION_BATCH;
  const report: RetentionReport = {};
  let firstFailure: unknown;
  for (const [table, step] of Object.entries(STEPS) as [SweptTable, Step][]) {
    try {
      report[table] = await step(env.DB, now, batch);
    } catch (error) {
      firstFailure ??= error;
    }
  }
  if (firstFailure !== undefined) throw firstFailure;
  return report;
}
