import { unapplied, type ErasureEntry, type LedgerEntry } from "~/domain/erasure-ledger";
import { retentionCutoff } from "~/domain/retention";
import { bellRoom } from "../edge/bell-room-client.server";

/** An erasure's number in the ledger and when it was made: its D1 mark is written in the same batch as the erasure. */
export interface LedgerMark {
  seq: number;
  at: number;
}

/** Writes the erasure to the ledger outside D1 first: if that fails, nothing is erased and the caller hears why. */
export async function recordErasure(env: Env, entry: ErasureEntry, at: number): Promise<LedgerMark> {
  return { seq: await bellRoom(env).recordErasure(entry, at), at };
}

/** The statement that marks an erasure as applied in this database; it goes in the erasure's own batch. */
export function markApplied(db: D1Database, mark: LedgerMark): D1PreparedStatement {
  return db.prepare("INSERT OR IGNORE INTO erasures_applied (seq, erased_at) VALUES (?, ?)").bind(mark.seq, mark.at);
}

/**
 * The ledger's erasures this database has no mark of: after a D1 restore to before them, the ones to apply again,
 * oldest first. Cheap when nothing was restored (one list from the ledger, one count here), so the cron asks every
 * minute.
 */
export async function erasuresToApply(env: Env, now = Date.now()): Promise<LedgerEntry[]> {
  const since = retentionCutoff("erasureLedger", now);
  const entries = await bellRoom(env).erasuresSince(since);
  if (entries.length === 0) return [];
  const marked = await env.DB.prepare("SELECT COUNT(*) AS n FROM erasures_applied WHERE erased_at >= ?").bind(since).first<{ n: number }>();
  if ((marked?.n ?? 0) >= entries.length) return [];
  const { results } = await env.DB.prepare("SELECT seq FROM erasures_applied WHERE erased_at >= ?").bind(since).all<{ seq: number }>();
  return unapplied(entries, new Set(results.map((row) => row.seq)));
}
