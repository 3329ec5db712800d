import { cronIsStale } from "~/domain/operations";
import { checkHealth } from "./health.server";
import { lastHeartbeat, stuckRingCount } from "./operations.server";
import { runtimeSettingsProblems } from "./settings.server";

export const HEALTHZ_PATH = "/healthz";

/**
 * For uptime monitors: the facts of /api/infrastructure/health plus the cron's last run and the rings nothing is
 * moving, as 200 (healthy) or 503 (something an operator must look at). Names and counts only, no personal data.
 */
export async function healthz(env: Env, now = Date.now()): Promise<Response> {
  const [report, heartbeat, stuck] = await Promise.all([
    checkHealth(env),
    lastHeartbeat(env).catch(() => undefined),
    stuckRingCount(env, now).catch(() => null),
  ]);
  const lastRunAt = heartbeat?.at ?? null;
  const cron = {
    lastRunAt: lastRunAt === null ? null : new Date(lastRunAt).toISOString(),
    lagSeconds: lastRunAt === null ? null : Math.max(0, Math.round((now - lastRunAt) / 1000)),
    stale: cronIsStale(lastRunAt, now),
    problem: heartbeat?.problem ?? null,
  };
  const problems = [
    ...(report.database.connected ? [] : ["The database (D1) does not answer."]),
    ...(report.cache.connected ? [] : ["The Cache API fails."]),
    ...(report.redis.connected ? [] : ["The bell room (Durable Object) does not answer."]),
    ...(report.quantum.ready ? [] : [report.quantum.problem ?? "The quantum provider is not ready."]),
    ...(heartbeat === undefined ? [] : cron.stale ? ["The cron has not run in the last 5 minutes."] : []),
    ...(stuck ? [`${stuck} ring${stuck === 1 ? " is" : "s are"} stuck past their deadline.`] : []),
    ...runtimeSettingsProblems(env),
  ];
  const healthy = problems.length === 0;
  return Response.json(
    { healthy, ...report, cron, stuckRings: stuck, problems },
    { status: healthy ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
