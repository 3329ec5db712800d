import { ESTIMATE_WINDOW_JOBS, monthStartUtc, type MonthSpend } from "~/domain/ibm-budget";
import { RING_STATUS, sqlList } from "~/domain/statuses";

/** A job's state in the ring's history: IBM's, plus `unusable` for a completed job whose result cannot be the ring's. */
export type LedgerState = "queued" | "running" | "completed" | "failed" | "cancelled" | "unusable";
const ENDED: LedgerState[] = ["completed", "failed", "cancelled", "unusable"];
/** Ended without a result the ring can use: a new job may replace it. */
export const ENDED_WITHOUT_RESULT: LedgerState[] = ["failed", "cancelled", "unusable"];

export interface LedgerJob {
  jobId: string;
  ringId: string;
  provider: string;
  backend: string | null;
  createdAt: number;
  state: LedgerState;
  ran: boolean;
  endedAt: number | null;
  chargedSeconds: number | null;
  error: string | null;
}

/**
 * Records what a job is now, creating its row the first time (a job accepted, or found by the ring's tag). Once a
 * job has ended its state does not move again, and "ran" (IBM charges it) is never taken back.
 */
export async function recordJobState(
  env: Env,
  job: { ringId: string; provider: string; jobId: string; backend?: string | null },
  state: LedgerState,
  now: number,
  error: string | null = null,
) {
  const ran = state === "running" || state === "completed" || state === "unusable" ? 1 : 0;
  const endedAt = ENDED.includes(state) ? now : null;
  const ended = ENDED.map(() => "?").join(", ");
  await env.DB.prepare(
    `INSERT INTO ring_jobs (job_id, ring_id, provider, backend, created_at, state, ran, ended_at, error) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (provider, job_id) DO UPDATE SET
       state = CASE WHEN ring_jobs.state IN (${ended}) THEN ring_jobs.state ELSE excluded.state END,
       ran = MAX(ring_jobs.ran, excluded.ran),
       ended_at = COALESCE(ring_jobs.ended_at, excluded.ended_at),
       error = COALESCE(excluded.error, ring_jobs.error),
       backend = COALESCE(ring_jobs.backend, excluded.backend)`,
  )
    .bind(job.jobId, job.ringId, job.provider, job.backend ?? null, now, state, ran, endedAt, error, ...ENDED)
    .run();
}

/** Jobs of the ring that ended without a usable result: the tag lookup must never adopt them again. */
export async function jobsEndedWithoutResult(env: Env, ringId: string): Promise<Set<string>> {
  const states = ENDED_WITHOUT_RESULT.map(() => "?").join(", ");
  const { results } = await env.DB.prepare(`SELECT job_id FROM ring_jobs WHERE ring_id = ? AND state IN (${states})`)
    .bind(ringId, ...ENDED_WITHOUT_RESULT)
    .all<{ job_id: string }>();
  return new Set(results.map((row) => row.job_id));
}

/** The seconds IBM settled for a job. */
export async function recordJobCharge(env: Env, provider: string, jobId: string, seconds: number) {
  await env.DB.prepare("UPDATE ring_jobs SET charged_seconds = ? WHERE provider = ? AND job_id = ?").bind(seconds, provider, jobId).run();
}

/**
 * This month's IBM spend as our rings recorded it: settled seconds, the jobs that ran or may still run without a
 * settled figure, and the most recent settled charges (for the next ring's estimate). Two index reads.
 */
export async function monthSpend(env: Env, now: number): Promise<MonthSpend> {
  const since = monthStartUtc(now);
  const [totals, requests, recent] = await env.DB.batch<Record<string, number | null>>([
    env.DB.prepare(
      `SELECT COALESCE(SUM(charged_seconds), 0) AS charged, COALESCE(SUM(CASE WHEN charged_seconds IS NULL THEN 1 ELSE 0 END), 0) AS unsettled
       FROM ring_jobs WHERE provider = 'ibm' AND created_at >= ?`,
    ).bind(since),
    // Creation requests under way, or whose answer was lost, have no row yet: they may have made a job all the same.
    env.DB.prepare(
      `SELECT COALESCE(SUM(MAX(0, r.job_requests - (SELECT COUNT(*) FROM ring_jobs j WHERE j.ring_id = r.id))), 0) AS pending
       FROM bell_rings r WHERE r.provider = 'ibm' AND r.status IN ${sqlList(RING_STATUS.queued, RING_STATUS.running)} AND r.job_requests > 0`,
    ),
    env.DB.prepare(
      "SELECT charged_seconds AS seconds FROM ring_jobs WHERE provider = 'ibm' AND charged_seconds IS NOT NULL ORDER BY created_at DESC LIMIT ?",
    ).bind(ESTIMATE_WINDOW_JOBS),
  ]);
  const row = totals.results[0] ?? {};
  return {
    chargedSeconds: Number(row.charged ?? 0),
    unsettledJobs: Number(row.unsettled ?? 0) + Number(requests.results[0]?.pending ?? 0),
    recentCharges: recent.results.map((r) => Number(r.seconds)),
  };
}

/** Every job of these rings, oldest first: the rings' histories for /admin. */
export async function jobsOfRings(env: Env, ringIds: string[]): Promise<LedgerJob[]> {
  if (ringIds.length === 0) return [];
  const { results } = await env.DB.prepare(
    `SELECT job_id, ring_id, provider, backend, created_at, state, ran, ended_at, charged_seconds, error FROM ring_jobs
     WHERE ring_id IN (${ringIds.map(() => "?").join(", ")}) ORDER BY created_at, job_id`,
  )
    .bind(...ringIds)
    .all<Record<string, string | number | null>>();
  return results.map((row) => ({
    jobId: String(row.job_id),
    ringId: String(row.ring_id),
    provider: String(row.provider),
    backend: row.backend === null ? null : String(row.backend),
    createdAt: Number(row.created_at),
    state: String(row.state) as LedgerState,
    ran: Boolean(row.ran),
    endedAt: row.ended_at === null ? null : Number(row.ended_at),
    chargedSeconds: row.charged_seconds === null ? null : Number(row.charged_seconds),
    error: row.error === null ? null : String(row.error),
  }));
}
