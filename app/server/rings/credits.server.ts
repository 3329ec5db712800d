import { bellRoom } from "../edge/bell-room-client.server";
import { settingsOf } from "~/server/edge/settings.server";

/**
 * The ledger's sum as a SQL expression, for statements that must read the balance inside their own transaction. It
 * reads the one-row `credit_balance`, which triggers keep equal to the ledger's sum (migrations/0004_credit_balance.sql).
 */
export const LEDGER_SUM_SQL = "COALESCE((SELECT seconds FROM credit_balance WHERE id = 1), 0)";

/** The ledger's sum on its own, as `sum`. */
export const LEDGER_SUM_QUERY = `SELECT ${LEDGER_SUM_SQL} AS sum`;

/**
 * Seconds of quantum time left for the simulator: the configured starting grant (SIMULATOR_START_SECONDS), plus
 * admin top-ups, minus what rings used, all but the first kept in the credit ledger.
 * (With QUANTUM_PROVIDER=ibm the provider reads the instance's real remaining seconds instead.)
 */
export async function ledgerSeconds(env: Env): Promise<number> {
  const row = await env.DB.prepare(LEDGER_SUM_QUERY).first<{ sum: number }>();
  return secondsFromLedger(env, row?.sum ?? 0);
}

/** Seconds left given the ledger's sum: the starting grant plus the sum, whole seconds, never below zero. */
export function secondsFromLedger(env: Env, ledgerSum: number): number {
  return Math.max(0, Math.floor(simulatorStartSeconds(env) + ledgerSum));
}

export function simulatorStartSeconds(env: Env): number {
  return settingsOf(env).SIMULATOR_START_SECONDS;
}

/** What the credits API, the home page and /admin show: seconds left, or no limit at all. */
export interface QuantumCredits {
  /** Seconds left (shown as wishes); null when the instance has no limit and the operator set no budget. */
  seconds: number | null;
  unlimited: boolean;
  instanceId: string;
}

/**
 * Credits of the configured provider: the simulator's ledger from D1, a remote instance's balance from the
 * BellRoom (which owns the provider and caches the answer). Throws when the provider cannot be asked.
 */
export async function quantumCredits(env: Env): Promise<QuantumCredits> {
  if (settingsOf(env).QUANTUM_PROVIDER === "simulator") {
    return { seconds: await ledgerSeconds(env), unlimited: false, instanceId: "simulator" };
  }
  return bellRoom(env).credits();
}
