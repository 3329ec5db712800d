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
  return Math.max(0, Math.floor((Number(env.SIMULATOR_START_SECONDS) || 0) + (row?.seconds ?? 0)));
}
