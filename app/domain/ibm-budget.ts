/**
 * The operator's monthly ceiling on IBM Quantum time (IBM_MONTHLY_BUDGET_SECONDS), counted from what our own rings
 * recorded: no job is created once this month's seconds plus the next ring's estimate would pass it (docs/architecture.md#the-quantum-provider).
 */

/** What a ring is assumed to cost before any job of ours has settled a figure (a 100-shot sampler job: 2–3 s). */
export const DEFAULT_RING_ESTIMATE_SECONDS = 5;
/** How many recent settled jobs the estimate looks at. */
export const ESTIMATE_WINDOW_JOBS = 20;

export interface MonthSpend {
  /** QPU seconds IBM settled for this month's jobs. */
  chargedSeconds: number;
  /**
   * This month's jobs with no settled figure (a failed job's charge is never read, so it counts too), and creation
   * requests that may have made a job not yet recorded: each counts at the estimate.
   */
  unsettledJobs: number;
  /** Settled charges of the most recent jobs, newest first. */
  recentCharges: number[];
}

export interface BudgetStatus {
  budgetSeconds: number;
  estimateSeconds: number;
  spentSeconds: number;
  leftSeconds: number;
  /** One more ring fits under the ceiling. */
  allowsRing: boolean;
}

/** The first millisecond of the UTC calendar month of `now` (IBM's usage periods are calendar months). */
export function monthStartUtc(now: number): number {
  const date = new Date(now);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** The most a recent ring cost, so the guard errs on the side of the operator's money. */
export function ringEstimateSeconds(recentCharges: number[]): number {
  const known = recentCharges.filter((seconds) => Number.isFinite(seconds) && seconds > 0);
  return known.length ? Math.max(...known) : DEFAULT_RING_ESTIMATE_SECONDS;
}

export function budgetStatus(budgetSeconds: number, spend: MonthSpend): BudgetStatus {
  const estimateSeconds = ringEstimateSeconds(spend.recentCharges);
  const spentSeconds = spend.chargedSeconds + spend.unsettledJobs * estimateSeconds;
  return {
    budgetSeconds,
    estimateSeconds,
    spentSeconds,
    leftSeconds: Math.max(0, budgetSeconds - spentSeconds),
    allowsRing: spentSeconds + estimateSeconds <= budgetSeconds,
  };
}

/** The sentence /admin and the ring's history give when the guard refuses a job. */
export function budgetRefusal(status: BudgetStatus): string {
  const round = (seconds: number) => Math.round(seconds * 10) / 10;
  return `No IBM job created: this month's ${round(status.spentSeconds)} s plus the next ring's estimated ${round(status.estimateSeconds)} s would pass IBM_MONTHLY_BUDGET_SECONDS (${round(status.budgetSeconds)} s).`;
}
