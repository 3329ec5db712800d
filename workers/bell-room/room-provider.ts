import { budgetStatus } from "~/domain/ibm-budget";
import { settingsOf } from "~/server/edge/settings.server";
import { ledgerSeconds } from "~/server/rings/credits.server";
import { monthSpend } from "~/server/rings/job-ledger.server";
import { configuredProviderName, createProviderNamed, QuantumConfigurationError, type ProviderName, type QuantumProvider, type Remaining } from "../quantum";

export interface RoomProvider extends QuantumProvider {
  /** What GET /api/quantum-credits-remaining names as the instance (never the account's CRN). */
  readonly instanceId: string;
}

export interface RoomProviders {
  /** The provider new rings use; throws a QuantumConfigurationError that names what is missing. */
  current(): RoomProvider;
  /** The provider a ring was created with, which alone may finish it. */
  forRing(name: string): RoomProvider;
}

const REMOTE_CREDITS_TTL_MS = 60_000;

function withInstance(provider: QuantumProvider, env: Env): RoomProvider {
  if (provider.name === "simulator") return Object.assign(provider, { instanceId: "simulator" });
  // Every page view asks for the balance; IBM needs asking only now and then.
  let cached: { remaining: Remaining; at: number } | undefined;
  const budget = settingsOf(env).IBM_MONTHLY_BUDGET_SECONDS;
  return {
    ...provider,
    instanceId: "ibm-quantum",
    async remaining() {
      if (!cached || Date.now() - cached.at >= REMOTE_CREDITS_TTL_MS) cached = { remaining: await provider.remaining(), at: Date.now() };
      if (budget === null) return cached.remaining;
      // The operator's ceiling, from our own rings' seconds: 0 once the next ring would not fit under it.
      const status = budgetStatus(budget, await monthSpend(env, Date.now()));
      const guard = status.allowsRing ? Math.ceil(status.leftSeconds) : 0;
      return "unlimited" in cached.remaining ? { seconds: guard } : { seconds: Math.min(cached.remaining.seconds, guard) };
    },
  };
}

/**
 * The room's providers, made on first use and never in the room's constructor: a missing secret must give a
 * clear answer to each ring (the health report names it too, from the same rule), not a room that cannot start. The global `fetch` is
 * never handed over as a value (workerd refuses it called on another object); the providers call it themselves.
 */
export function roomProviders(env: Env, fetcher?: typeof fetch): RoomProviders {
  const made = new Map<ProviderName, RoomProvider>();
  const named = (name: ProviderName): RoomProvider => {
    let provider = made.get(name);
    if (!provider) {
      provider = withInstance(createProviderNamed(name, settingsOf(env), { remainingSimulatorSeconds: () => ledgerSeconds(env), fetch: fetcher }), env);
      made.set(name, provider);
    }
    return provider;
  };
  return {
    current: () => named(configuredProviderName(settingsOf(env))),
    forRing: (name) => {
      if (name !== "simulator" && name !== "ibm") throw new QuantumConfigurationError(`The ring names an unknown provider "${name}".`);
      return named(name);
    },
  };
}
