import { cronIsStale, type CronTaskOutcome } from "~/domain/operations";
import { quantumCredits } from "../rings/credits.server";
import type { HealthReport } from "../edge/health.server";
import { siteHealth } from "../edge/healthz.server";
import { alertChannels } from "../operations/operator-alert.server";
import { monthSpend } from "../rings/job-ledger.server";
import { errorCountsSince, lastCronTasks, lastHeartbeat, outboxBacklog, ringsByStatus, stuckRings, type StuckRing } from "../edge/operations.server";
import { runtimeSettingsProblems, settingsOf } from "../edge/settings.server";

/** What /admin/operations shows: the page an operator opens first (docs/operations.md#watching-it-run). */
export interface OperationsView {
  now: number;
  health: HealthReport;
  /** What /healthz says now, one sentence a problem (ADR 0110), and where the operator alert goes (ADR 0111). */
  problems: string[];
  alerts: { webhook: boolean; email: boolean };
  tasks: CronTaskOutcome[];
  cron: { lastRunAt: number | null; lagSeconds: number | null; stale: boolean; problem: string | null };
  rings: { byStatus: Record<string, number>; stuck: StuckRing[] };
  outbox: { waiting: number; lastError: { at: number; error: string } | null };
  ibm: {
    provider: string;
    usedSeconds: number;
    unsettledJobs: number;
    budgetSeconds: number | null;
    /** What the instance says is left, when the provider is IBM and answered. */
    instanceSecondsLeft: number | null;
  };
  errors: { code: string; count: number }[];
  settingsProblems: string[];
}

export async function loadOperations(env: Env, now = Date.now()): Promise<OperationsView> {
  const provider = settingsOf(env).QUANTUM_PROVIDER ?? "unknown";
  const [site, heartbeat, byStatus, stuck, outbox, spend, errors, credits, tasks] = await Promise.all([
    siteHealth(env, now),
    lastHeartbeat(env),
    ringsByStatus(env),
    stuckRings(env, now),
    outboxBacklog(env),
    monthSpend(env, now),
    errorCountsSince(env, now),
    provider === "ibm" ? quantumCredits(env).catch(() => null) : Promise.resolve(null),
    lastCronTasks(env),
  ]);
  const lastRunAt = heartbeat?.at ?? null;
  return {
    now,
    health: { database: site.database, cache: site.cache, redis: site.redis, quantum: site.quantum },
    problems: site.problems,
    alerts: alertChannels(env),
    tasks,
    cron: {
      lastRunAt,
      lagSeconds: lastRunAt === null ? null : Math.max(0, Math.round((now - lastRunAt) / 1000)),
      stale: cronIsStale(lastRunAt, now),
      problem: heartbeat?.problem ?? null,
    },
    rings: { byStatus, stuck },
    outbox,
    ibm: {
      provider,
      usedSeconds: spend.chargedSeconds,
      unsettledJobs: spend.unsettledJobs,
      budgetSeconds: settingsOf(env).IBM_MONTHLY_BUDGET_SECONDS,
      instanceSecondsLeft: credits?.seconds ?? null,
    },
    errors,
    settingsProblems: runtimeSettingsProblems(env),
  };
}
