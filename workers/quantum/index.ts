import { createIbmProvider } from "./ibm";
import { createSimulatorProvider } from "./simulator";
import { crnRegion } from "../../app/domain/quantum-config";
import { ibmProblem, providerProblem, type Settings } from "../../app/server/edge/settings.server";
import type { ProviderName, QuantumProvider } from "./types";

export * from "./types";

/** The settings the providers read, parsed and normalised (app/server/edge/settings.server.ts). */
export type QuantumSettings = Pick<
  Settings,
  | "QUANTUM_PROVIDER"
  | "IBM_API_KEY"
  | "IBM_INSTANCE_CRN"
  | "IBM_BACKEND"
  | "IBM_API_URL"
  | "IBM_IAM_URL"
  | "IBM_REQUEST_TIMEOUT_MS"
  | "IBM_JOB_CREATE_TIMEOUT_MS"
  | "IBM_MONTHLY_BUDGET_SECONDS"
>;

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
export function ibmApiUrl(instanceCrn: string, explicit?: string | null): string {
  if (explicit?.trim()) return explicit.trim().replace(/\/+$/, "");
  const region = crnRegion(instanceCrn);
  if (!region) throw new QuantumConfigurationError(ibmProblem({ IBM_API_KEY: "set", IBM_INSTANCE_CRN: instanceCrn })!);
  return `https://${region === "us-east" ? "" : `${region}.`}quantum.cloud.ibm.com/api/v1`;
}

/** The provider QUANTUM_PROVIDER names; a name we do not know is a configuration mistake, named in the error. */
export function configuredProviderName(settings: QuantumSettings): ProviderName {
  if (!settings.QUANTUM_PROVIDER) throw new QuantumConfigurationError(providerProblem(settings)!);
  return settings.QUANTUM_PROVIDER;
}

/** A provider by name, whatever QUANTUM_PROVIDER says (a ring is finished by the provider it was created with). */
export function createProviderNamed(name: ProviderName, settings: QuantumSettings, deps: QuantumDeps): QuantumProvider {
  if (name === "simulator") return createSimulatorProvider({ remainingSeconds: deps.remainingSimulatorSeconds });
  const problem = ibmProblem(settings);
  if (problem) throw new QuantumConfigurationError(problem);
  const instanceCrn = settings.IBM_INSTANCE_CRN!;
  return createIbmProvider({
    apiKey: settings.IBM_API_KEY!,
    instanceCrn,
    apiUrl: ibmApiUrl(instanceCrn, settings.IBM_API_URL),
    backend: settings.IBM_BACKEND ?? undefined,
    iamUrl: settings.IBM_IAM_URL ?? undefined,
    requestTimeoutMs: settings.IBM_REQUEST_TIMEOUT_MS,
    jobCreateTimeoutMs: settings.IBM_JOB_CREATE_TIMEOUT_MS,
    monthlyBudgetSeconds: settings.IBM_MONTHLY_BUDGET_SECONDS || undefined,
    fetch: deps.fetch,
  });
}

/** The configured provider; throws a QuantumConfigurationError that names what is missing. */
export function createProvider(settings: QuantumSettings, deps: QuantumDeps): QuantumProvider {
  return createProviderNamed(configuredProviderName(settings), settings, deps);
}
