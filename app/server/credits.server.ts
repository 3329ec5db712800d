import { sql } from "drizzle-orm";
import { database } from "./db/client.server";
import { creditLedger } from "./db/schema";

/**
 * Seconds of quantum time left for the simulator: the configured starting grant (SIMULATOR_START_SECONDS), plus
 * admin top-ups, minus what rings used, all but the first kept in the credit ledger.
 * (With QUANTUM_PROVIDER=ibm the provider reads the instance's real remaining seconds instead.)
 */
export async function ledgerSeconds(env: Env): Promise<number> {
  const [row] = await database(env)
    .select({ seconds: sql<number>`COALESCE(SUM(${creditLedger.deltaSeconds}), 0)` })
    .from(creditLedger);
  return secondsFromLedger(env, row?.seconds ?? 0);
}

/** The ledger's sum as a SQL expression, for statements that must read the balance inside their own transaction. */
export const LEDGER_SUM_SQL = "COALESCE((SELECT SUM(delta_seconds) FROM credit_ledger), 0)";

/** Seconds left given the ledger's sum: the starting grant plus the sum, whole seconds, never below zero. */
export function secondsFromLedger(env: Env, ledgerSum: number): number {
  return Math.max(0, Math.floor(simulatorStartSeconds(env) + ledgerSum));
}

export function simulatorStartSeconds(env: Env): number {
  return Number(env.SIMULATOR_START_SECONDS) || 0;
}
