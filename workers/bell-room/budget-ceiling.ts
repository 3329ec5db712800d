// The budget ceiling: the operator's monthly seconds (IBM_MONTHLY_BUDGET_SECONDS), measured against what this
// month's jobs were charged, stop new jobs before they are passed.
import { budgetRefusal, budgetStatus } from "~/domain/ibm-budget";
import { monthSpend } from "~/server/rings/job-ledger.server";

/** Why no job may be made now under the operator's monthly ceiling, or null when one may. */
export async function ceilingRefusal(env: Env, monthlyBudgetSeconds: number | null, now: number): Promise<string | null> {
  if (monthlyBudgetSeconds === null) return null;
  const status = budgetStatus(monthlyBudgetSeconds, await monthSpend(env, now));
  return status.allowsRing ? null : budgetRefusal(status);
}
