import { z } from "zod";
import type { IbmApi } from "./ibm-http";
import type { CouplingMap } from "./native-gates";
import { ProviderError } from "./types";

/** The gates our native circuits use; x would appear only for a logical x gate, which ring circuits never have. */
const REQUIRED_BASIS_GATES = ["rz", "sx", "cz"];

const backendList = z.object({
  devices: z.array(z.object({ name: z.string(), is_simulator: z.boolean().optional() })),
});
const backendStatus = z.object({ state: z.boolean(), status: z.string(), length_queue: z.number() });
const backendConfiguration = z.object({
  basis_gates: z.array(z.string()),
  coupling_map: z.array(z.tuple([z.number().int(), z.number().int()])),
});

export interface BackendTarget {
  name: string;
  couplingMap: CouplingMap;
}

const encode = encodeURIComponent;

async function readSuitableTarget(api: IbmApi, name: string): Promise<BackendTarget | undefined> {
  const config = await api.get(`/backends/${encode(name)}/configuration`, backendConfiguration);
  if (!REQUIRED_BASIS_GATES.every((gate) => config.basis_gates.includes(gate))) return undefined;
  return { name, couplingMap: config.coupling_map };
}

/** The configuration of the backend named in the settings, refused when it lacks our native gates. */
export async function loadBackendTarget(api: IbmApi, name: string): Promise<BackendTarget> {
  const target = await readSuitableTarget(api, name);
  if (!target)
    throw new ProviderError(`Backend ${name} lacks the native gates ${REQUIRED_BASIS_GATES.join(", ")}.`, false);
  return target;
}

/**
 * With no backend configured: list the real (non-simulator) backends, keep those whose status
 * is operational (state true, status "active"), and try them from the shortest queue up (ties by
 * name), taking the first whose configuration has our native gates.
 */
export async function chooseLeastBusyBackend(api: IbmApi): Promise<BackendTarget> {
  const { devices } = await api.get("/backends", backendList);
  const names = devices.filter((device) => !device.is_simulator).map((device) => device.name);
  const statuses = await Promise.all(
    names.map(async (name) => ({ name, ...(await api.get(`/backends/${encode(name)}/status`, backendStatus)) })),
  );
  const candidates = statuses
    .filter((status) => status.state && status.status === "active")
    .sort((a, b) => a.length_queue - b.length_queue || (a.name < b.name ? -1 : 1));
  for (const candidate of candidates) {
    const target = await readSuitableTarget(api, candidate.name);
    if (target) return target;
  }
  throw new ProviderError("No operational IBM Quantum backend with the native gates rz, sx and cz is available.", true);
}
