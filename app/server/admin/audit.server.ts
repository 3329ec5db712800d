import { desc, lt, sql } from "drizzle-orm";
import { database } from "../db/client.server";
import { adminAudit } from "../db/schema";
import { privateHash } from "../edge/hashing.server";
import { currentRequestId } from "../edge/request-context.server";
import { settingsOf } from "../edge/settings.server";

/**
 * The audit trail of ADR 0112: every admin action, who took it, on what, when, how it ended and the request's id.
 * Rows are only inserted here and deleted by the retention sweep; a trigger refuses any UPDATE
 * (migrations/0033_operator_trail.sql), and no page offers to change them.
 */

export interface AuditEntry {
  actor: string;
  /** What was done, as "section: intent" (e.g. "moderation: hide", "sign-in"). */
  action: string;
  target?: string | null;
  /** The sentence the operator was shown, or the refusal. */
  outcome: string;
}

export async function recordAdminAction(env: Env, entry: AuditEntry, now = Date.now()): Promise<void> {
  await database(env)
    .insert(adminAudit)
    .values({ at: now, actor: entry.actor, action: entry.action, target: entry.target ?? null, outcome: entry.outcome.slice(0, 500), requestId: currentRequestId() ?? null });
}

/**
 * An e-mail address as the trail names it: by its keyed hash, never the address, so an erasure the trail records
 * does not keep the address it erased. The operator can match it by erasing or deleting that address again.
 */
export async function addressTarget(env: Env, address: string): Promise<string> {
  return `address #${(await privateHash(settingsOf(env).HASH_SECRET, "mail", address.trim().toLowerCase())).slice(0, 12)}`;
}

export const AUDIT_PAGE = 100;
export type AuditRow = typeof adminAudit.$inferSelect;

/** The newest entries, a page at a time: `before` is the id of the last row of the previous page. */
export async function auditPage(env: Env, before?: number): Promise<{ rows: AuditRow[]; total: number }> {
  const db = database(env);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(adminAudit)
      .where(before === undefined ? undefined : lt(adminAudit.id, before))
      .orderBy(desc(adminAudit.id))
      .limit(AUDIT_PAGE)
      .all(),
    db.select({ count: sql<number>`count(*)` }).from(adminAudit).get(),
  ]);
  return { rows, total: total?.count ?? 0 };
}
