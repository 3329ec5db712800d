import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { CRON_HEARTBEAT, HOUR_MS, hourOf, MAIL_DELIVERY_TASK, mailFailuresInARow, RING_STUCK_AFTER_MS, type CronTaskOutcome } from "~/domain/operations";
import { OUTBOX_UNSENT, RING_STATUS, sqlList } from "~/domain/statuses";
import { database as db } from "../db/client.server";
import { bellRings, cronTasks, errorCounts, operationsHeartbeats } from "../db/schema";

/** The operator's facts kept in D1: the cron's heartbeat, stuck rings and error counts (ADR 0046, ADR 0047). */

export async function recordHeartbeat(env: Env, at: number, problem: string | null, name = CRON_HEARTBEAT): Promise<void> {
  await db(env)
    .insert(operationsHeartbeats)
    .values({ name, at, problem })
    .onConflictDoUpdate({ target: operationsHeartbeats.name, set: { at, problem } });
}

export async function lastHeartbeat(env: Env, name = CRON_HEARTBEAT): Promise<{ at: number; problem: string | null } | null> {
  const row = await db(env).select().from(operationsHeartbeats).where(eq(operationsHeartbeats.name, name)).get();
  return row ? { at: row.at, problem: row.problem } : null;
}

/**
 * One cron run's outcome per task (ADR 0110): each task's run, and a failed one's time and sentence; mail delivery
 * also carries its run's counts, which move its mails-failed-in-a-row.
 */
export async function recordCronTasks(
  env: Env,
  at: number,
  tasks: readonly { name: string; failure: string | null }[],
  mail: { sent: number; retrying: number; failed: number } | null,
): Promise<void> {
  const previous = await lastCronTasks(env);
  const inARow = (name: string) => previous.find((task) => task.name === name)?.failuresInARow ?? 0;
  const rows = tasks.map((task) => ({
    name: task.name,
    lastRunAt: at,
    ...(task.failure === null ? {} : { lastFailedAt: at, failure: task.failure }),
    failuresInARow: task.name === MAIL_DELIVERY_TASK && mail ? mailFailuresInARow(inARow(task.name), mail) : task.failure === null ? 0 : inARow(task.name) + 1,
  }));
  await Promise.all(
    rows.map((row) =>
      db(env)
        .insert(cronTasks)
        .values(row)
        .onConflictDoUpdate({
          target: cronTasks.name,
          set: { lastRunAt: row.lastRunAt, failuresInARow: row.failuresInARow, ...("lastFailedAt" in row ? { lastFailedAt: row.lastFailedAt, failure: row.failure } : {}) },
        }),
    ),
  );
}

export async function lastCronTasks(env: Env): Promise<CronTaskOutcome[]> {
  return db(env).select().from(cronTasks).orderBy(cronTasks.name).all();
}

/** Rings given up while their job might still run, whose wishes wait for the operator's release. */
export async function heldRingCount(env: Env): Promise<number> {
  const row = await db(env)
    .select({ count: sql<number>`count(*)` })
    .from(bellRings)
    .where(and(eq(bellRings.status, RING_STATUS.failed), eq(bellRings.wishesHeld, true)))
    .get();
  return row?.count ?? 0;
}

const UNFINISHED = [RING_STATUS.queued, RING_STATUS.running];
const overdue = (now: number) => sql`COALESCE(${bellRings.nextAttemptAt}, ${bellRings.createdAt}) <= ${now - RING_STUCK_AFTER_MS}`;

export async function stuckRingCount(env: Env, now: number): Promise<number> {
  const row = await db(env)
    .select({ count: sql<number>`count(*)` })
    .from(bellRings)
    .where(and(inArray(bellRings.status, UNFINISHED), overdue(now)))
    .get();
  return row?.count ?? 0;
}

export interface StuckRing {
  id: string;
  status: string;
  provider: string;
  createdAt: number;
  dueAt: number;
  attempts: number;
  error: string | null;
}

export async function stuckRings(env: Env, now: number, limit = 20): Promise<StuckRing[]> {
  return db(env)
    .select({
      id: bellRings.id,
      status: bellRings.status,
      provider: bellRings.provider,
      createdAt: bellRings.createdAt,
      dueAt: sql<number>`COALESCE(${bellRings.nextAttemptAt}, ${bellRings.createdAt})`,
      attempts: bellRings.attempts,
      error: bellRings.error,
    })
    .from(bellRings)
    .where(and(inArray(bellRings.status, UNFINISHED), overdue(now)))
    .orderBy(bellRings.createdAt)
    .limit(limit)
    .all();
}

export async function ringsByStatus(env: Env): Promise<Record<string, number>> {
  const rows = await db(env).select({ status: bellRings.status, count: sql<number>`count(*)` }).from(bellRings).groupBy(bellRings.status).all();
  return Object.fromEntries(rows.map((row) => [row.status, row.count]));
}

/** One more error with this machine code in the current UTC hour. */
export async function countError(env: Env, code: string, at: number, count = 1): Promise<void> {
  await db(env)
    .insert(errorCounts)
    .values({ hour: hourOf(at), code, count })
    .onConflictDoUpdate({ target: [errorCounts.hour, errorCounts.code], set: { count: sql`${errorCounts.count} + ${count}` } });
}

/** Errors by code over the last 24 hours (the current hour included), most frequent first. */
export async function errorCountsSince(env: Env, now: number): Promise<{ code: string; count: number }[]> {
  const total = sql<number>`sum(${errorCounts.count})`;
  return db(env)
    .select({ code: errorCounts.code, count: total })
    .from(errorCounts)
    .where(gte(errorCounts.hour, hourOf(now) - 23 * HOUR_MS))
    .groupBy(errorCounts.code)
    .orderBy(desc(total))
    .all();
}

/** Counts older than a week are nobody's business: the cron trims them. */
export async function trimErrorCounts(env: Env, now: number): Promise<void> {
  await db(env).delete(errorCounts).where(sql`${errorCounts.hour} < ${hourOf(now) - 7 * 24 * HOUR_MS}`);
}

/** A finished ring's provider and QPU seconds, for its product metric. */
export async function ringOutcome(env: Env, ringId: string): Promise<{ provider: string; usageSeconds: number | null } | undefined> {
  return db(env).select({ provider: bellRings.provider, usageSeconds: bellRings.usageSeconds }).from(bellRings).where(eq(bellRings.id, ringId)).get();
}

/** Mail still to send, and the newest delivery error of ours (the sender's name and its sentence, kept for /admin). */
export async function outboxBacklog(env: Env): Promise<{ waiting: number; lastError: { at: number; error: string } | null }> {
  const [waiting, failed] = await env.DB.batch<Record<string, unknown>>([
    env.DB.prepare(`SELECT count(*) AS count FROM outbox WHERE status IN ${sqlList(...OUTBOX_UNSENT)}`),
    env.DB.prepare("SELECT created_at AS at, error FROM outbox WHERE error IS NOT NULL ORDER BY created_at DESC LIMIT 1"),
  ]);
  const last = failed.results[0] as { at: number; error: string } | undefined;
  return { waiting: Number(waiting.results[0]?.count ?? 0), lastError: last ?? null };
}
