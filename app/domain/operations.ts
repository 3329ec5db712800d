/** What the operator's health rules are (docs/operations.md#watching-it-run): shared by /healthz and /admin/operations. */

/** The cron runs every minute; a last run older than this means it stopped (ADR 0046). */
export const CRON_STALE_AFTER_MS = 5 * 60_000;
/**
 * An unfinished ring is due at its next attempt (or at once, when it has none). The cron and the room's alarm look
 * every minute, so one still due this long after is stuck: nothing is moving it.
 */
export const RING_STUCK_AFTER_MS = 5 * 60_000;
export const CRON_HEARTBEAT = "cron";

export function cronIsStale(lastRunAt: number | null, now: number): boolean {
  return lastRunAt === null || now - lastRunAt > CRON_STALE_AFTER_MS;
}

export const HOUR_MS = 3_600_000;
export const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;

/** A cron task that failed this recently (the last ten runs, at one a minute) keeps /healthz unhealthy (ADR 0110). */
export const CRON_TASK_FAILURE_WINDOW_MS = 10 * 60_000;
/** Mails the sender could not hand over in a row, none sent since, before /healthz says mail delivery is failing. */
export const MAIL_FAILURES_IN_A_ROW_BOUND = 3;
/** The cron task whose `failuresInARow` counts mails, not runs. */
export const MAIL_DELIVERY_TASK = "mail delivery";

export interface CronTaskOutcome {
  name: string;
  lastRunAt: number;
  lastFailedAt: number | null;
  failure: string | null;
  failuresInARow: number;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

/** What /healthz says about the cron's tasks: each that failed in the window, and mail that keeps failing. */
export function cronTaskProblems(tasks: readonly CronTaskOutcome[], now: number): string[] {
  const problems: string[] = [];
  for (const task of tasks) {
    if (task.lastFailedAt !== null && now - task.lastFailedAt <= CRON_TASK_FAILURE_WINDOW_MS) {
      problems.push(`The cron task "${task.name}" failed in the last ${minutes(CRON_TASK_FAILURE_WINDOW_MS)} minutes${task.failure ? `: ${task.failure}` : "."}`);
    }
    if (task.name === MAIL_DELIVERY_TASK && task.failuresInARow >= MAIL_FAILURES_IN_A_ROW_BOUND) {
      problems.push(`Mail delivery is failing: the last ${task.failuresInARow} mails could not be handed to the sender, and none was sent since.`);
    }
  }
  return problems;
}

/**
 * Mails that failed in a row after one delivery run: a run that sent any mail shows the sender works (a failure beside
 * it is that one address's), so the count starts again; otherwise each failed attempt adds one.
 */
export function mailFailuresInARow(previous: number, run: { sent: number; retrying: number; failed: number }): number {
  if (run.sent > 0) return 0;
  return previous + run.retrying + run.failed;
}

/** A ring given up while its job might still run holds its wishes until the operator releases them. */
export function heldRingsProblem(count: number): string | null {
  if (count === 0) return null;
  return `${count} ring${count === 1 ? " holds its" : "s hold their"} wishes for the operator: release them in /admin once the provider shows the job ended.`;
}
