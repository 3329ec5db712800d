import { cronIsStale } from "~/domain/operations";
import { quantumCredits } from "../rings/credits.server";
import { checkHealth, type HealthReport } from "../edge/health.server";
import { monthSpend } from "../rings/job-ledger.server";
import { errorCountsSince, lastHeartbeat, outboxBacklog, ringsByStatus, stuckRings, type StuckRing } from "../edge/operations.server";
import { runtimeSettingsProblems, settingsOf } from "../edge/settings.server";

/** What /admin/operations shows: the page an operator opens first (docs/operations.md#watching-it-run). */
export interface OperationsView {
  now: number;
  health: HealthReport;
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
  const [health, heartbeat, byStatus, stuck, outbox, spend, errors, credits] = await Promise.all([
    checkHealth(env),
    lastHeartbeat(env),
    ringsByStatus(env),
    stuckRings(env, now),
    outboxBacklog(env),
    monthSpend(env, now),
    errorCountsSince(env, now),
    provider === "ibm" ? quantumCredits(env).catch(() => null) : Promise.resolve(null),
  ]);
  const lastRunAt = heartbeat?.at ?? null;
  return {
    now,
    health,
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
