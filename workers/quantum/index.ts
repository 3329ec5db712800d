import { createIbmProvider } from "./ibm";
import { createSimulatorProvider } from "./simulator";
import type { QuantumProvider } from "./types";

export * from "./types";

export interface QuantumEnv {
  QUANTUM_PROVIDER?: string;
  IBM_API_KEY?: string;
  IBM_INSTANCE_CRN?: string;
  IBM_BACKEND?: string;
  IBM_API_URL?: string;
  IBM_IAM_URL?: string;
  /** Milliseconds one IBM call may take before it counts as a failed, retryable attempt (default 15 000). */
  IBM_REQUEST_TIMEOUT_MS?: string;
}

export interface QuantumDeps {
  /** Seconds left in the simulator's credit ledger. */
  remainingSimulatorSeconds: () => Promise<number>;
  fetch?: typeof fetch;
}

export class QuantumConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "QuantumConfigurationError";
  }
}

/** The simulator unless QUANTUM_PROVIDER is "ibm"; any other value is a configuration mistake. */
export function createProvider(env: QuantumEnv, deps: QuantumDeps): QuantumProvider {
  const choice = env.QUANTUM_PROVIDER?.trim().toLowerCase() || "simulator";
  if (choice === "simulator") return createSimulatorProvider({ remainingSeconds: deps.remainingSimulatorSeconds });
  if (choice !== "ibm") {
    throw new QuantumConfigurationError(
      `QUANTUM_PROVIDER must be "simulator" or "ibm", not "${env.QUANTUM_PROVIDER}".`,
    );
  }
  const missing = (["IBM_API_KEY", "IBM_INSTANCE_CRN"] as const).filter((name) => !env[name]?.trim());
  if (missing.length > 0) {
    throw new QuantumConfigurationError(
      `QUANTUM_PROVIDER is "ibm" but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`,
    );
  }
  return createIbmProvider({
    apiKey: env.IBM_API_KEY!.trim(),
    instanceCrn: env.IBM_INSTANCE_CRN!.trim(),
    backend: env.IBM_BACKEND?.trim() || undefined,
    apiUrl: env.IBM_API_URL?.trim() || undefined,
    iamUrl: env.IBM_IAM_URL?.trim() || undefined,
    requestTimeoutMs: Number(env.IBM_REQUEST_TIMEOUT_MS) > 0 ? Number(env.IBM_REQUEST_TIMEOUT_MS) : undefined,
    fetch: deps.fetch,
  });
}
