import { CSP_REPORTS_KEPT, FORGOTTEN_HASH_PREFIX, RETENTION_BATCH, retentionCutoff, type RetainedKind } from "~/domain/retention";
import { OUTBOX_STATUS, sqlList } from "~/domain/statuses";

/** The site_counters key that keeps the count of swept mails of one kind and final status. */
export const sweptMailCounter = (status: string, kind: string) => `mail:${status}:${kind}`;

/** A mail deleted before it was ever sent (it waited past its bound, or its wish was withdrawn) counts as this. */
export const EXPIRED_MAIL = "expired";

export type SweptTable =
  | "unconfirmedSubscribers"
  | "unsubscribedSubscribers"
  | "mail"
  | "contactMessages"
  | "cspReports"
  | "wishEmails"
  | "pushSubscriptions"
  | "wishNetworks"
  | "resonanceNetworks"
  | "reportTraces"
  | "ringerTraces"
  | "contactNetworks"
  | "cspNetworks"
  | "erasureMarks"
  | "adminAudit";
export type RetentionReport = Partial<Record<SweptTable, number>>;

export interface SweepOptions {
  now?: number;
  batch?: number;
}

type Step = (db: D1Database, now: number, batch: number) => Promise<number>;

const cutoff = (kind: RetainedKind, now: number) => retentionCutoff(kind, now);
const changes = (result: D1Result) => result.meta.changes ?? 0;

const FINAL_MAIL = sqlList(OUTBOX_STATUS.sent, OUTBOX_STATUS.failed, OUTBOX_STATUS.stopped);

/**
 * Deletes the outbox rows `where` selects (bound to `values`), counting each under `mail:<outcome>:<kind>` in the
 * same batch (one transaction), so a failure loses neither the rows nor their count. A mail never sent counts as
 * expired. The retention sweep and a wish's erasure both delete mail this way.
 */
export function deleteMailCounted(db: D1Database, where: string, ...values: unknown[]): [D1PreparedStatement, D1PreparedStatement] {
  return [
    db
      .prepare(
        `INSERT INTO site_counters (key, value)
           SELECT 'mail:' || outcome || ':' || kind, COUNT(*) FROM
             (SELECT CASE WHEN status IN ${FINAL_MAIL} THEN status ELSE '${EXPIRED_MAIL}' END AS outcome, kind FROM outbox WHERE ${where})
           GROUP BY outcome, kind
         ON CONFLICT (key) DO UPDATE SET value = value + excluded.value`,
      )
      .bind(...values),
    db.prepare(`DELETE FROM outbox WHERE ${where}`).bind(...values),
  ];
}

/** One UPDATE or DELETE over at most `batch` rows of `table` that `where` selects (bound to the cutoff). */
const bounded =
  (statement: (rows: string) => string, table: string, where: string, kind: RetainedKind): Step =>
  async (db, now, batch) =>
    changes(await db.prepare(statement(`rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ?2)`)).bind(cutoff(kind, now), batch).run());

/** Each step: one bounded statement over the rows past their bound (app/domain/retention.ts says which and why). */
const STEPS: Record<SweptTable, Step> = {
  unconfirmedSubscribers: bounded(
    (rows) => `DELETE FROM newsletter_subscribers WHERE ${rows}`,
    "newsletter_subscribers",
    "confirmed_at IS NULL AND unsubscribed_at IS NULL AND created_at < ?1",
    "unconfirmedSubscriber",
  ),
  unsubscribedSubscribers: bounded(
    (rows) => `DELETE FROM newsletter_subscribers WHERE ${rows}`,
    "newsletter_subscribers",
    "unsubscribed_at IS NOT NULL AND unsubscribed_at < ?1",
    "unsubscribedSubscriber",
  ),
  mail: async (db, now, batch) => {
    const [, deleted] = await db.batch(
      deleteMailCounted(db, "id IN (SELECT id FROM outbox WHERE created_at < ?1 ORDER BY created_at, id LIMIT ?2)", cutoff("mail", now), batch),
    );
    return changes(deleted!);
  },
  contactMessages: bounded(
    (rows) => `DELETE FROM contact_messages WHERE ${rows}`,
    "contact_messages",
    "kept_at IS NULL AND created_at < ?1",
    "contactMessage",
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
  // Announced: rang_notified_at is set once its notices were claimed, which read the address first.
  wishEmails: bounded(
    (rows) => `UPDATE wishes SET email = NULL WHERE ${rows}`,
    "wishes",
    "email IS NOT NULL AND (rang_notified_at IS NOT NULL OR created_at < ?1)",
    "awaitingRing",
  ),
  pushSubscriptions: bounded((rows) => `DELETE FROM push_subscriptions WHERE ${rows}`, "push_subscriptions", "created_at < ?1", "awaitingRing"),
  wishNetworks: bounded((rows) => `UPDATE wishes SET ip_hash = NULL WHERE ${rows}`, "wishes", "ip_hash IS NOT NULL AND created_at < ?1", "visitorTraces"),
  resonanceNetworks: bounded(
    (rows) => `UPDATE resonances SET network_hash = NULL WHERE ${rows}`,
    "resonances",
    "network_hash IS NOT NULL AND created_at < ?1",
    "visitorTraces",
  ),
  reportTraces: bounded(
    (rows) => `UPDATE reports SET reason = NULL, network_hash = NULL, fingerprint_hash = '${FORGOTTEN_HASH_PREFIX}' || rowid WHERE ${rows}`,
    "reports",
    `fingerprint_hash < '${FORGOTTEN_HASH_PREFIX}' AND created_at < ?1`,
    "visitorTraces",
  ),
  ringerTraces: bounded(
    (rows) => `UPDATE bell_rings SET rung_by_hash = NULL, rung_by_network = NULL WHERE ${rows}`,
    "bell_rings",
    "(rung_by_hash IS NOT NULL OR rung_by_network IS NOT NULL) AND created_at < ?1",
    "visitorTraces",
  ),
  contactNetworks: bounded(
    (rows) => `UPDATE contact_messages SET ip_hash = NULL WHERE ${rows}`,
    "contact_messages",
    "ip_hash IS NOT NULL AND created_at < ?1",
    "visitorTraces",
  ),
  cspNetworks: bounded(
    (rows) => `UPDATE csp_reports SET network_hash = NULL WHERE ${rows}`,
    "csp_reports",
    "network_hash IS NOT NULL AND created_at < ?1",
    "visitorTraces",
  ),
  erasureMarks: bounded((rows) => `DELETE FROM erasures_applied WHERE ${rows}`, "erasures_applied", "erased_at < ?1", "erasureLedger"),
  adminAudit: bounded((rows) => `DELETE FROM admin_audit WHERE ${rows}`, "admin_audit", "at < ?1", "adminAudit"),
  // rate_limits: swept by app/server/edge/rate-limit.server.ts (RETENTION_DAYS.rateLimitRow names its bound).
};

/**
 * Deletes (or forgets the traces on) what is past its bound, at most `batch` rows per table per run. A table that
 * fails is skipped and the others still run; the first failure is then thrown, once, for the cron to report through
 * its scrubbing reporter (an error's text may hold an address: it is never logged raw here).
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
