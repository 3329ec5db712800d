import { ledgerSeconds } from "~/server/credits.server";
import { createProvider, type QuantumProvider } from "./quantum";

export interface RoomProvider extends QuantumProvider {
  /** What GET /api/quantum-credits-remaining names as the instance (never the account's CRN). */
  readonly instanceId: string;
}

const REMOTE_CREDITS_TTL_MS = 60_000;

/**
 * The configured provider, with the simulator's credits read from the D1 ledger and a remote provider's remaining
 * seconds cached for a minute (every page view asks; IBM needs asking only now and then).
 */
export function roomProvider(env: Env, fetcher: typeof fetch = fetch): RoomProvider {
  const provider = createProvider(env, { remainingSimulatorSeconds: () => ledgerSeconds(env), fetch: fetcher });
  if (provider.name === "simulator") return Object.assign(provider, { instanceId: "simulator" });

  let cached: { seconds: number; at: number } | undefined;
  return {
    ...provider,
    instanceId: "ibm-quantum",
    async remainingSeconds() {
      if (cached && Date.now() - cached.at < REMOTE_CREDITS_TTL_MS) return cached.seconds;
      const seconds = await provider.remainingSeconds();
      cached = { seconds, at: Date.now() };
      return seconds;
    },
  };
}
