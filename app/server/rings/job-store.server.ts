// The job store: what the BellRoom's job runner reads and writes as it advances a ring's quantum jobs, and the
// operator's release of a held ring's wishes.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { RING_STATUS, sqlList, sqlText, WISH_STATUS } from "~/domain/statuses";
import { verseText } from "~/domain/verse/verse";
import { database } from "../db/client.server";
import { bellRings, wishes } from "../db/schema";
import { readsChanged } from "../edge/read-cache.server";
import type { BatchWish } from "./claim.server";
import { verseSources } from "./verse.server";

type RingRow = typeof bellRings.$inferSelect;

/** A ring's wishes, each with its country (none for a hidden wish, which no public count holds). */
export async function ringWishes(env: Env, ringId: string): Promise<(BatchWish & { country: string | null; countryCode: string | null })[]> {
  return database(env)
    .select({
      id: wishes.id,
      text: wishes.text,
      country: sql<string | null>`CASE WHEN ${wishes.hidden} = 0 THEN ${wishes.country} END`,
      countryCode: sql<string | null>`CASE WHEN ${wishes.hidden} = 0 THEN ${wishes.countryCode} END`,
    })
    .from(wishes)
    .where(eq(wishes.bellRingId, ringId))
    .orderBy(asc(wishes.createdAt), asc(wishes.id));
}

/**
 * A job-creation request is about to leave: stamped before it does, so a lost answer still counts toward the
 * provider's per-minute limit, and the ring is not picked up again before `nextAttemptAt` (the request's deadline).
 */
export async function recordSubmitStart(env: Env, ringId: string, at: number, nextAttemptAt: number) {
  await database(env)
    .update(bellRings)
    .set({ submitStartedAt: at, nextAttemptAt, jobRequests: sql`${bellRings.jobRequests} + 1` })
    .where(eq(bellRings.id, ringId));
}

/** The ring's jobs as the provider lists them: what its creation requests really made. */
export async function recordJobRequests(env: Env, ringId: string, count: number) {
  await database(env).update(bellRings).set({ jobRequests: count }).where(eq(bellRings.id, ringId));
}

/** A job-creation request the provider refused outright made no job: it does not count toward the ring's jobs. */
export async function refundJobRequest(env: Env, ringId: string) {
  await database(env)
    .update(bellRings)
    .set({ jobRequests: sql`MAX(0, ${bellRings.jobRequests} - 1)` })
    .where(eq(bellRings.id, ringId));
}

/** A status read failed: counted apart from the submission's attempts, and asked again at `nextAttemptAt`. */
export async function recordReadFailure(
  env: Env,
  ringId: string,
  update: { readFailures: number; unknownSince: number; nextAttemptAt: number; error: string },
) {
  await database(env)
    .update(bellRings)
    .set({ readFailures: update.readFailures, unknownSince: update.unknownSince, nextAttemptAt: update.nextAttemptAt, error: update.error })
    .where(eq(bellRings.id, ringId));
}

/** Attempts spent while a job of the ring may exist: the ring only looks it up from now on, at `nextAttemptAt`. */
export async function recordLookupPending(env: Env, ringId: string, update: { attempts: number; unknownSince: number; nextAttemptAt: number; error: string }) {
  await database(env)
    .update(bellRings)
    .set({ attempts: update.attempts, unknownSince: update.unknownSince, nextAttemptAt: update.nextAttemptAt, error: update.error, status: RING_STATUS.queued, jobId: null })
    .where(eq(bellRings.id, ringId));
}

/** A status read went through: the read budget starts again. */
export async function recordReadSuccess(env: Env, ringId: string) {
  await database(env).update(bellRings).set({ readFailures: 0, unknownSince: null, error: null }).where(eq(bellRings.id, ringId));
}

/**
 * Gives up on a ring whose job may still run: failed for visitors, but its wishes stay with it (never rung in a second
 * paid job) until the operator, having checked the job, releases them in /admin.
 */
export async function holdRing(env: Env, ringId: string, error: string, now: number) {
  await env.DB.prepare(
    `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.failed)}, wishes_held = 1, error = ?, completed_at = ?, next_attempt_at = NULL
     WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
  )
    .bind(error, now, ringId)
    .run();
  readsChanged();
}

/** The operator's release of a held ring's wishes: they wait for a ring again. Returns how many were released. */
export async function releaseHeldWishes(env: Env, ringId: string): Promise<number> {
  const [released] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE wishes SET status = ${sqlText(WISH_STATUS.pending)}, bell_ring_id = NULL WHERE bell_ring_id = ? AND status = ${sqlText(WISH_STATUS.submittedForBatching)}
         AND EXISTS (SELECT 1 FROM bell_rings WHERE id = ? AND wishes_held = 1)`,
    ).bind(ringId, ringId),
    env.DB.prepare("UPDATE bell_rings SET wishes_held = 0, error = error || ? WHERE id = ? AND wishes_held = 1").bind(
      ` Released by the operator at ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      ringId,
    ),
  ]);
  readsChanged();
  return released.meta.changes ?? 0;
}

/** Job-creation requests sent to a provider since `since` (IBM allows a few a minute per user). */
export async function submissionsSince(env: Env, provider: string, since: number): Promise<{ count: number; oldest: number | null }> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS count, MIN(submit_started_at) AS oldest FROM bell_rings WHERE submit_started_at > ? AND provider = ?",
  )
    .bind(since, provider)
    .first<{ count: number; oldest: number | null }>();
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export interface SubmissionRecord {
  jobId: string;
  backend: string;
  qasm: string | null;
  physicalQubits: number[];
}

export async function recordSubmission(env: Env, ringId: string, job: SubmissionRecord, attempts: number, now: number) {
  await database(env)
    .update(bellRings)
    .set({
      jobId: job.jobId,
      backend: job.backend,
      status: RING_STATUS.running,
      attempts,
      error: null,
      nextAttemptAt: null,
      submittedAt: now,
      readFailures: 0,
      unknownSince: null,
      qasm: job.qasm,
      physicalQubits: job.physicalQubits.length ? JSON.stringify(job.physicalQubits) : null,
    })
    .where(eq(bellRings.id, ringId));
}

/** A submit or poll that failed but will be tried again at `nextAttemptAt`. */
export async function recordRetry(env: Env, ringId: string, update: { attempts: number; error: string; nextAttemptAt: number; resubmit: boolean }) {
  await database(env)
    .update(bellRings)
    .set({
      attempts: update.attempts,
      error: update.error,
      nextAttemptAt: update.nextAttemptAt,
      ...(update.resubmit ? { status: RING_STATUS.queued, jobId: null } : {}),
    })
    .where(eq(bellRings.id, ringId));
}

/** Asks again at `nextAttemptAt`, with no attempt counted (a job still queued, a provider's rate limit). */
export async function postponePoll(env: Env, ringId: string, nextAttemptAt: number, note?: string) {
  await database(env)
    .update(bellRings)
    .set({ nextAttemptAt, ...(note ? { error: note } : {}) })
    .where(eq(bellRings.id, ringId));
}

export interface CompletedResult {
  bitstring: string;
  counts: Record<string, number>;
  /** Seconds the provider charged; null while it has not settled them (read again later). */
  usageSeconds: number | null;
  queueSeconds: number | null;
  runSeconds: number | null;
}

/**
 * Stores a result and entangles the ring's wishes, in one batch. Every statement is guarded by the ring not being
 * completed yet, so a repeat (cron and alarm racing, a retry after a timeout) changes nothing. A usage the provider
 * has not settled is stored as unknown and read again from `nextUsageReadAt`.
 */
export async function completeRing(
  env: Env,
  ringId: string,
  result: CompletedResult,
  options: { debitLedger: boolean; now: number; nextUsageReadAt?: number },
): Promise<string> {
  // The verse in English (ADR 0091), for the room's message and the row; pages, cards, mails and the API write it again
  // in their own language from what the ring stores.
  const shown = (await verseSources(env, [ringId])).get(ringId)?.wishes ?? [];
  const poem = verseText({ bitstring: result.bitstring, counts: result.counts, wishes: shown }, "en");
  const notDone = `(SELECT status FROM bell_rings WHERE id = ?) != ${sqlText(RING_STATUS.completed)}`;
  const usageFinal = result.usageSeconds !== null;
  // The countries' pending and entangled counts follow the status by trigger (migrations/0006_counters_by_triggers.sql).
  const statements = [
    env.DB.prepare(`UPDATE wishes SET status = ${sqlText(WISH_STATUS.entangled)} WHERE bell_ring_id = ? AND ${notDone}`).bind(ringId, ringId),
  ];
  if (options.debitLedger && usageFinal) {
    statements.push(
      env.DB.prepare(
        `INSERT INTO credit_ledger (delta_seconds, reason, ring_id, created_at) SELECT ?, 'ring', ?, ? WHERE ${notDone}`,
      ).bind(-result.usageSeconds!, ringId, options.now, ringId),
    );
  }
  statements.push(
    env.DB.prepare(
      `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.completed)}, bitstring = ?, counts = ?, poem = ?, usage_seconds = ?, usage_final = ?,
         queue_seconds = ?, run_seconds = ?, completed_at = ?, error = NULL, next_attempt_at = ? WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
    ).bind(
      result.bitstring,
      JSON.stringify(result.counts),
      poem,
      result.usageSeconds,
      usageFinal ? 1 : 0,
      result.queueSeconds,
      result.runSeconds,
      options.now,
      usageFinal ? null : (options.nextUsageReadAt ?? null),
      ringId,
    ),
  );
  await env.DB.batch(statements);
  readsChanged();
  return poem;
}

/**
 * A later reading of a finished job's usage. Settled seconds end the readings; otherwise it is read again at
 * `nextReadAt`, or, when that is null, the ring stops asking and its usage stays unknown.
 */
export async function recordUsage(
  env: Env,
  ringId: string,
  usage: { usageSeconds: number | null; queueSeconds: number | null; runSeconds: number | null },
  nextReadAt: number | null,
) {
  const done = usage.usageSeconds !== null || nextReadAt === null;
  await env.DB.prepare(
    `UPDATE bell_rings SET usage_seconds = ?, usage_final = ?, queue_seconds = COALESCE(?, queue_seconds),
       run_seconds = COALESCE(?, run_seconds), next_attempt_at = ? WHERE id = ? AND status = ${sqlText(RING_STATUS.completed)} AND usage_final = 0`,
  )
    .bind(usage.usageSeconds, done ? 1 : 0, usage.queueSeconds, usage.runSeconds, done ? null : nextReadAt, ringId)
    .run();
}

/** Completed rings whose usage the provider has not settled yet and whose next reading is due. */
export async function ringsAwaitingUsage(env: Env, now: number): Promise<RingRow[]> {
  return database(env)
    .select()
    .from(bellRings)
    .where(and(eq(bellRings.usageFinal, false), sql`${bellRings.nextAttemptAt} <= ${now}`, eq(bellRings.status, RING_STATUS.completed)))
    .orderBy(asc(bellRings.createdAt))
    .limit(25);
}

/** Gives up on a ring: it is marked failed and its wishes go back to the pool, so nothing is lost. */
export async function failRing(env: Env, ringId: string, error: string, now: number) {
  await env.DB.batch([
    env.DB.prepare(
      `UPDATE wishes SET status = ${sqlText(WISH_STATUS.pending)}, bell_ring_id = NULL WHERE bell_ring_id = ? AND status = ${sqlText(WISH_STATUS.submittedForBatching)}`,
    ).bind(ringId),
    env.DB.prepare(
      `UPDATE bell_rings SET status = ${sqlText(RING_STATUS.failed)}, error = ?, completed_at = ?, next_attempt_at = NULL WHERE id = ? AND status != ${sqlText(RING_STATUS.completed)}`,
    ).bind(
      error,
      now,
      ringId,
    ),
  ]);
  readsChanged();
}

/** One ring's row as it is now. */
export async function ringById(env: Env, ringId: string): Promise<RingRow | undefined> {
  return database(env).query.bellRings.findFirst({ where: eq(bellRings.id, ringId) });
}

/** Rings whose job is not finished and whose next attempt is due. */
export async function dueRings(env: Env, now: number): Promise<RingRow[]> {
  return database(env)
    .select()
    .from(bellRings)
    .where(
      and(
        inArray(bellRings.status, [RING_STATUS.queued, RING_STATUS.running]),
        sql`(${bellRings.nextAttemptAt} IS NULL OR ${bellRings.nextAttemptAt} <= ${now})`,
      ),
    )
    .orderBy(asc(bellRings.createdAt))
    .limit(25);
}

/** The earliest time any unfinished ring (or unsettled usage) wants attention, or null when nothing waits. */
export async function nextDueAt(env: Env): Promise<number | null> {
  // Two index reads: unfinished rings by status, unsettled usage by its own partial index.
  const row = await env.DB.prepare(
    `SELECT MIN(at) AS at FROM (
       SELECT MIN(COALESCE(next_attempt_at, 0)) AS at FROM bell_rings WHERE status IN ${sqlList(RING_STATUS.queued, RING_STATUS.running)}
       UNION ALL
       SELECT MIN(next_attempt_at) AS at FROM bell_rings WHERE usage_final = 0 AND next_attempt_at IS NOT NULL)`,
  ).first<{ at: number | null }>();
  return row?.at ?? null;
}
