import { cronIsStale, cronTaskProblems, heldRingsProblem } from "~/domain/operations";
import { checkHealth, type HealthReport } from "./health.server";
import { heldRingCount, lastCronTasks, lastHeartbeat, stuckRingCount } from "./operations.server";
import { runtimeSettingsProblems } from "./settings.server";

export const HEALTHZ_PATH = "/healthz";

export interface SiteHealth extends HealthReport {
  healthy: boolean;
  cron: { lastRunAt: string | null; lagSeconds: number | null; stale: boolean; problem: string | null };
  stuckRings: number | null;
  heldRings: number | null;
  problems: string[];
}

/**
 * Every rule /healthz answers by and the operator alert is sent by (ADR 0110): the services, the cron's last run and
 * each of its tasks' last failures, mail that keeps failing, rings nothing is moving or that wait for the operator,
 * and the settings. Names and counts only, no personal data and no provider's words.
 */
export async function siteHealth(env: Env, now = Date.now()): Promise<SiteHealth> {
  const [report, heartbeat, stuck, held, tasks] = await Promise.all([
    checkHealth(env),
    lastHeartbeat(env).catch(() => undefined),
    stuckRingCount(env, now).catch(() => null),
    heldRingCount(env).catch(() => null),
    lastCronTasks(env).catch(() => []),
  ]);
  const lastRunAt = heartbeat?.at ?? null;
  const cron = {
    lastRunAt: lastRunAt === null ? null : new Date(lastRunAt).toISOString(),
    lagSeconds: lastRunAt === null ? null : Math.max(0, Math.round((now - lastRunAt) / 1000)),
    stale: cronIsStale(lastRunAt, now),
    problem: heartbeat?.problem ?? null,
  };
  const heldProblem = held ? heldRingsProblem(held) : null;
  const problems = [
    ...(report.database.connected ? [] : ["The database (D1) does not answer."]),
    ...(report.cache.connected ? [] : ["The Cache API fails."]),
    ...(report.redis.connected ? [] : ["The bell room (Durable Object) does not answer."]),
    ...(report.quantum.ready ? [] : [report.quantum.problem ?? "The quantum provider is not ready."]),
    ...(heartbeat === undefined ? [] : cron.stale ? ["The cron has not run in the last 5 minutes."] : []),
    ...cronTaskProblems(tasks, now),
    ...(stuck ? [`${stuck} ring${stuck === 1 ? " is" : "s are"} stuck past their deadline.`] : []),
    ...(heldProblem ? [heldProblem] : []),
    ...runtimeSettingsProblems(env),
  ];
  return { healthy: problems.length === 0, ...report, cron, stuckRings: stuck, heldRings: held, problems };
}

/** For uptime monitors: siteHealth as 200 (healthy) or 503 (something an operator must look at). */
export async function healthz(env: Env, now = Date.now()): Promise<Response> {
  const health = await siteHealth(env, now);
  return Response.json(health, { status: health.healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
