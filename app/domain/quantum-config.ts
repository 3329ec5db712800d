/** The quantum providers the site can run rings on (docs/architecture.md#the-quantum-provider, docs/ibm-quantum.md); their settings are parsed in app/server/edge/settings.server.ts. */
export type ProviderName = "simulator" | "ibm";

const CRN = /^crn:v1:[^:]*:[^:]*:[^:]*:([^:]*):/;

/** The region of an instance CRN (its sixth field, as IBM's client reads it), or null when it is not a CRN. */
export function crnRegion(crn: string): string | null {
  return CRN.exec(crn.trim())?.[1] || null;
}
