import { createIbmProvider } from "./ibm";
import { createSimulatorProvider } from "./simulator";
import { configurationProblem, configuredProvider, crnRegion, providerProblem } from "../../app/domain/quantum-config";
import type { ProviderName, QuantumProvider } from "./types";

export * from "./types";

export interface QuantumEnv {
  QUANTUM_PROVIDER?: string;
  IBM_API_KEY?: string;
  IBM_INSTANCE_CRN?: string;
  IBM_BACKEND?: string;
  /** Overrides the API host derived from the instance CRN's region. */
  IBM_API_URL?: string;
  IBM_IAM_URL?: string;
  /** Milliseconds one IBM call may take before it counts as a failed, retryable attempt (default 15 000). */
  IBM_REQUEST_TIMEOUT_MS?: string;
  /** Milliseconds job creation alone may take (default 900 000, as IBM's client). */
  IBM_JOB_CREATE_TIMEOUT_MS?: string;
  /** Seconds a month shown as credits when the instance has no usage limit of its own. */
  IBM_MONTHLY_BUDGET_SECONDS?: string;
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

/**
 * The Qiskit Runtime API base for an instance, as IBM's client derives it (`api/utils.py`
 * default_runtime_url_resolver): us-east instances use https://quantum.cloud.ibm.com/api/v1, any other region
 * https://{region}.quantum.cloud.ibm.com/api/v1. An explicit IBM_API_URL wins.
 */
export function ibmApiUrl(instanceCrn: string, explicit?: string): string {
  if (explicit?.trim()) return explicit.trim().replace(/\/+$/, "");
  const region = crnRegion(instanceCrn);
  if (!region) throw new QuantumConfigurationError(providerProblem("ibm", { IBM_API_KEY: "set", IBM_INSTANCE_CRN: instanceCrn })!);
  return `https://${region === "us-east" ? "" : `${region}.`}quantum.cloud.ibm.com/api/v1`;
}

/** The provider QUANTUM_PROVIDER names: the simulator unless it is "ibm"; any other value is a configuration mistake. */
export function configuredProviderName(env: QuantumEnv): ProviderName {
  const name = configuredProvider(env);
  if (!name) throw new QuantumConfigurationError(configurationProblem(env)!);
  return name;
}

const positive = (value: string | undefined) => (Number(value) > 0 ? Number(value) : undefined);

/** A provider by name, whatever QUANTUM_PROVIDER says (a ring is finished by the provider it was created with). */
export function createProviderNamed(name: ProviderName, env: QuantumEnv, deps: QuantumDeps): QuantumProvider {
  if (name === "simulator") return createSimulatorProvider({ remainingSeconds: deps.remainingSimulatorSeconds });
  const problem = providerProblem(name, env);
  if (problem) throw new QuantumConfigurationError(problem);
  const instanceCrn = env.IBM_INSTANCE_CRN!.trim();
  return createIbmProvider({
    apiKey: env.IBM_API_KEY!.trim(),
    instanceCrn,
    apiUrl: ibmApiUrl(instanceCrn, env.IBM_API_URL),
    backend: env.IBM_BACKEND?.trim() || undefined,
    iamUrl: env.IBM_IAM_URL?.trim() || undefined,
    requestTimeoutMs: positive(env.IBM_REQUEST_TIMEOUT_MS),
    jobCreateTimeoutMs: positive(env.IBM_JOB_CREATE_TIMEOUT_MS),
    monthlyBudgetSeconds: positive(env.IBM_MONTHLY_BUDGET_SECONDS),
    fetch: deps.fetch,
  });
}

/** The configured provider; throws a QuantumConfigurationError that names what is missing. */
export function createProvider(env: QuantumEnv, deps: QuantumDeps): QuantumProvider {
  return createProviderNamed(configuredProviderName(env), env, deps);
}
