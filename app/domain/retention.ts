import { DAY_MS } from "./limits";

/**
 * How long each kind of stored data is kept: written once here, swept by the cron (app/server/privacy/retention.server.ts)
 * and shown on /privacy from the same numbers (ADR 0041).
 */
export const RETENTION_DAYS = {
  /** A newsletter address never confirmed: its confirmation letter says it "is forgotten". */
  unconfirmedSubscriber: 7,
  /** An address that left the newsletter: its row goes; the stop it asked for stays as a keyed hash. */
  unsubscribedSubscriber: 7,
  /** A sent (or finally failed) mail's address and body; a count per kind is kept. */
  sentMail: 30,
  /** A contact message the operator did not mark "keep". */
  contactMessage: 365,
  /** An entry of the admin audit trail (ADR 0112): long enough to look back over a year of moderation. */
  adminAudit: 365,
  /** The keyed network hash on a resonance; the resonance and its count stay. */
  resonanceNetwork: 30,
  /**
   * A rate-limit row past its window (the longest window is a day). `rate_limits` is swept by the rate limiter itself
   * (app/server/edge/rate-limit.server.ts); this is the bound it keeps and the page shows.
   */
  rateLimitRow: 1,
} as const;

export type RetainedKind = keyof typeof RETENTION_DAYS;

/** CSP violation reports: the newest this many are kept, older ones deleted as new ones arrive and by the sweep. */
export const CSP_REPORTS_KEPT = 1000;

/** Rows one table gives up in one cron run at most, so a backlog drains over several runs and never blocks one. */
export const RETENTION_BATCH = 200;

/** The moment before which a row of this kind is past its bound. */
export function retentionCutoff(kind: RetainedKind, now: number): number {
  return now - RETENTION_DAYS[kind] * DAY_MS;
}
