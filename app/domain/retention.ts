import { DAY_MS } from "./limits";

/**
 * How long each kind of stored data is kept: written once here, swept by the cron (app/server/privacy/retention.server.ts)
 * and shown on /privacy from the same numbers (ADR 0041, ADR 0107). What is not here is kept for as long as what it
 * belongs to: a wish's public fields and its device hash (so that device can withdraw it) for as long as the wish.
 */
export const RETENTION_DAYS = {
  /** A newsletter address never confirmed: its confirmation letter says it "is forgotten". */
  unconfirmedSubscriber: 7,
  /** An address that left the newsletter: its row goes; the stop it asked for stays as a keyed hash. */
  unsubscribedSubscriber: 7,
  /**
   * Every mail's address and body, counted from when it was written: sent, failed, stopped, or still waiting (as all
   * mail waits while no mail service is configured). A count per kind and outcome is kept.
   */
  mail: 30,
  /** A contact message the operator did not mark "keep". */
  contactMessage: 365,
  /**
   * Traces of a visitor on what they did: the network hash on a wish, resonance, report, ring, contact message or CSP
   * report, the device hash on a report or a ring, and a report's reason. The rows and their counts stay.
   */
  visitorTraces: 30,
  /**
   * A wish's e-mail address and its browsers' push subscriptions while no ring has announced it: after this, no
   * "your wish rang" comes. Once the ring is announced they go at the next sweep.
   */
  awaitingRing: 180,
  /**
   * The erasure ledger outside D1 (ADR 0108): one day longer than D1's Time Travel reaches back, so no restore can
   * bring back a row whose erasure the ledger has already forgotten.
   */
  erasureLedger: 31,
  /** An entry of the admin audit trail (ADR 0112): long enough to look back over a year of moderation. */
  adminAudit: 365,
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

/**
 * A forgotten device hash on a report: '~' and the row's id, unique for the table's key and above every hex hash,
 * so `fingerprint_hash < '~'` selects the rows still to forget.
 */
export const FORGOTTEN_HASH_PREFIX = "~";
