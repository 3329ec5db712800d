import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import type { IbmApi } from "./ibm-http";
import { findQubitLine, type CouplingMap, type LineCosts } from "./native-gates";
import { MAX_WISHES_PER_RING, ProviderError } from "./types";

/** The gates our native circuits use; x would appear only for a logical x gate, which ring circuits never have. */
const REQUIRED_BASIS_GATES = ["rz", "sx", "cz"];
/** IBM marks a broken two-qubit gate with an error of 1 as often as with `operational: false`. */
const BROKEN_GATE_ERROR = 1;

/**
 * `GET /backends` (BackendsResponseV2). Each device is read on its own, so one odd entry (a status IBM added later,
 * a missing queue length) is skipped instead of failing the whole list.
 */
const backendList = onFirstUse(() => z.object({ devices: z.array(z.unknown()).optional() }));
const device = onFirstUse(() =>
  z.object({
    name: z.string().min(1),
    is_simulator: z.boolean().nullish(),
    status: z.object({ name: z.string() }),
    queue_length: z.number(),
  }),
);
const backendConfiguration = onFirstUse(() =>
  z.object({
    basis_gates: z.array(z.string()),
    coupling_map: z.array(z.tuple([z.number().int(), z.number().int()])),
  }),
);
/** `GET /backends/{name}/properties`: qubits as lists of named values, gates with their parameters (Qiskit's BackendProperties). */
const namedValue = onFirstUse(() => z.object({ name: z.string(), value: z.unknown() }));
const backendProperties = onFirstUse(() =>
  z.object({
    qubits: z.array(z.array(namedValue)).default([]),
    gates: z.array(z.object({ gate: z.string(), qubits: z.array(z.number().int()), parameters: z.array(namedValue).default([]) })).default([]),
  }),
);

export interface BackendTarget {
  name: string;
  /** Couplings between working qubits only. */
  couplingMap: CouplingMap;
  costs: LineCosts;
}

const encode = encodeURIComponent;

function numberNamed(values: z.infer<typeof namedValue>[], name: string): number | undefined {
  const found = values.find((entry) => entry.name === name)?.value;
  return typeof found === "number" && Number.isFinite(found) ? found : undefined;
}

/** Qiskit's rule: a qubit or gate is faulty when its `operational` value is present and false (or 0). */
function operational(values: z.infer<typeof namedValue>[]): boolean {
  const entry = values.find((value) => value.name === "operational");
  return entry === undefined || Boolean(entry.value);
}

/**
 * The working part of a backend: its couplings without faulty qubits or faulty (or fully erroneous) cz edges, as
 * IBM's client refuses circuits that touch them, and each qubit's readout error and each edge's cz error, so the
 * line chosen is the most reliable one.
 */
export function workingTarget(
  name: string,
  config: z.infer<typeof backendConfiguration>,
  properties: z.infer<typeof backendProperties>,
): BackendTarget {
  const faultyQubits = new Set<number>();
  const readoutError = new Map<number, number>();
  properties.qubits.forEach((values, qubit) => {
    if (!operational(values)) faultyQubits.add(qubit);
    const error = numberNamed(values, "readout_error");
    if (error !== undefined) readoutError.set(qubit, error);
  });
  const edgeKey = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);
  const faultyEdges = new Set<string>();
  const czError = new Map<string, number>();
  for (const gate of properties.gates) {
    if (gate.qubits.length === 1 && gate.gate === "sx" && !operational(gate.parameters)) faultyQubits.add(gate.qubits[0]);
    if (gate.gate !== "cz" || gate.qubits.length !== 2) continue;
    const key = edgeKey(gate.qubits[0], gate.qubits[1]);
    const error = numberNamed(gate.parameters, "gate_error");
    if (!operational(gate.parameters) || (error !== undefined && error >= BROKEN_GATE_ERROR)) faultyEdges.add(key);
    if (error !== undefined) czError.set(key, Math.max(error, czError.get(key) ?? 0));
  }
  const couplingMap = config.coupling_map.filter(
    ([a, b]) => !faultyQubits.has(a) && !faultyQubits.has(b) && !faultyEdges.has(edgeKey(a, b)),
  );
  return {
    name,
    couplingMap,
    costs: {
      qubit: (q) => readoutError.get(q) ?? 0,
      edge: (a, b) => czError.get(edgeKey(a, b)) ?? 0,
    },
  };
}

async function readSuitableTarget(api: IbmApi, name: string): Promise<BackendTarget | undefined> {
  const config = await api.get(`/backends/${encode(name)}/configuration`, backendConfiguration);
  if (!REQUIRED_BASIS_GATES.every((gate) => config.basis_gates.includes(gate))) return undefined;
  const properties = await api.get(`/backends/${encode(name)}/properties`, backendProperties);
  return workingTarget(name, config, properties);
}

/** The configuration and calibration of the backend named in the settings, refused when it lacks our native gates. */
export async function loadBackendTarget(api: IbmApi, name: string): Promise<BackendTarget> {
  const target = await readSuitableTarget(api, name);
  if (!target) throw new ProviderError(`Backend ${name} lacks the native gates ${REQUIRED_BASIS_GATES.join(", ")}.`, false);
  return target;
}

/** The real backends that are online, least busy first (IBM's `least_busy`: status.name "online", by queue_length). */
export function onlineByQueue(devices: unknown[]): string[] {
  return devices
    .flatMap((entry) => {
      const parsed = device.safeParse(entry);
      return parsed.success && !parsed.data.is_simulator && parsed.data.status.name === "online" ? [parsed.data] : [];
    })
    .sort((a, b) => a.queue_length - b.queue_length || (a.name < b.name ? -1 : 1))
    .map((entry) => entry.name);
}

/**
 * With no backend configured: the least busy online backend whose configuration has our native gates and a working
 * line long enough for any ring. A backend whose details cannot be read, for whatever reason, is passed over, as
 * IBM's client does (`qiskit_runtime_service.py` `_create_backend_obj`: "Unable to create configuration", skipped).
 */
export async function chooseLeastBusyBackend(api: IbmApi): Promise<BackendTarget> {
  const { devices = [] } = await api.get("/backends", backendList);
  let lastProblem: ProviderError | undefined;
  for (const name of onlineByQueue(devices)) {
    const target = await readSuitableTarget(api, name).catch((error: unknown) => {
      if (error instanceof ProviderError) lastProblem = error;
      return undefined;
    });
    if (target && hasLine(target, MAX_WISHES_PER_RING)) return target;
  }
  const detail = lastProblem ? ` (last problem: ${lastProblem.message})` : "";
  throw new ProviderError(`No online IBM Quantum backend with the native gates rz, sx and cz is available${detail}.`, true);
}

function hasLine(target: BackendTarget, qubits: number): boolean {
  try {
    findQubitLine(target.couplingMap, qubits, target.costs);
    return true;
  } catch {
    return false;
  }
}
