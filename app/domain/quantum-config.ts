/** The quantum providers the site can run rings on, and what each needs configured (DESIGN §6, docs/ibm-quantum.md). */
export type ProviderName = "simulator" | "ibm";

export interface QuantumSettings {
  QUANTUM_PROVIDER?: string;
  IBM_API_KEY?: string;
  IBM_INSTANCE_CRN?: string;
}

const CRN = /^crn:v1:[^:]*:[^:]*:[^:]*:([^:]*):/;

/** The region of an instance CRN (its sixth field, as IBM's client reads it), or null when it is not a CRN. */
export function crnRegion(crn: string): string | null {
  return CRN.exec(crn.trim())?.[1] || null;
}

/** The provider QUANTUM_PROVIDER names (the simulator when empty), or null for a name we do not know. */
export function configuredProvider(settings: QuantumSettings): ProviderName | null {
  const choice = settings.QUANTUM_PROVIDER?.trim().toLowerCase() || "simulator";
  return choice === "simulator" || choice === "ibm" ? choice : null;
}

/**
 * Why a provider cannot run, in words for the operator (names of settings, never their values), or null when it
 * can. The simulator always can.
 */
export function providerProblem(name: ProviderName, settings: QuantumSettings): string | null {
  if (name === "simulator") return null;
  const missing = (["IBM_API_KEY", "IBM_INSTANCE_CRN"] as const).filter((key) => !settings[key]?.trim());
  if (missing.length > 0) return `QUANTUM_PROVIDER is "ibm" but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not set.`;
  if (!crnRegion(settings.IBM_INSTANCE_CRN!)) return "IBM_INSTANCE_CRN is not an instance CRN (crn:v1:…:region:a/…).";
  return null;
}

/** What stops the configured provider, or null when it is ready. */
export function configurationProblem(settings: QuantumSettings): string | null {
  const name = configuredProvider(settings);
  if (!name) return `QUANTUM_PROVIDER must be "simulator" or "ibm", not "${settings.QUANTUM_PROVIDER}".`;
  return providerProblem(name, settings);
}
