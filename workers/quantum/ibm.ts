import { z } from "zod";
import { buildCircuit } from "./circuit";
import { mostFrequentOutcome } from "./counts";
import { createIamTokenSource, DEFAULT_IAM_URL } from "./ibm-auth";
import { chooseLeastBusyBackend, loadBackendTarget, type BackendTarget } from "./ibm-backend";
import { createIbmApi, DEFAULT_API_URL } from "./ibm-http";
import { countsFromHexSamples } from "./ibm-samples";
import { findQubitLine, toNativeGates } from "./native-gates";
import { toQasm } from "./qasm";
import { DEFAULT_REQUEST_TIMEOUT_MS } from "./timeout";
import { ProviderError, SHOTS, type JobRef, type JobStatus, type QuantumProvider, type RingBatch } from "./types";

export interface IbmProviderOptions {
  apiKey: string;
  instanceCrn: string;
  /** A backend name; without it the least busy operational backend is chosen once per provider. */
  backend?: string;
  fetch?: typeof fetch;
  iamUrl?: string;
  apiUrl?: string;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Each IAM or API call, answer included, is given up on after this long; default DEFAULT_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
}

const jobCreated = z.object({ id: z.string().min(1) });
const jobDetails = z.object({
  status: z.string(),
  state: z.object({ status: z.string().optional(), reason: z.string().nullish() }).optional(),
});
const jobResults = z.object({
  results: z
    .array(
      z.object({
        data: z.object({ c: z.object({ samples: z.array(z.string()), num_bits: z.number().int().positive() }) }),
      }),
    )
    .min(1),
});
const jobMetrics = z.object({
  usage: z.object({ quantum_seconds: z.number().optional(), seconds: z.number().optional() }).optional(),
});
const seconds = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d+(\.\d+)?$/)
    .transform(Number),
]);
const instanceUsage = z.object({
  usage_remaining_seconds: seconds.optional(),
  usage_limit_seconds: seconds.nullish(),
  usage_consumed_seconds: seconds.optional(),
  usage_limit_reached: z.boolean().optional(),
});

export function createIbmProvider(options: IbmProviderOptions): QuantumProvider {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const tokens = createIamTokenSource({
    apiKey: options.apiKey,
    iamUrl: options.iamUrl ?? DEFAULT_IAM_URL,
    fetch: fetchImpl,
    now,
    timeoutMs,
  });
  const api = createIbmApi({
    tokens,
    instanceCrn: options.instanceCrn,
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    fetch: fetchImpl,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    now,
    secrets: [options.apiKey],
    timeoutMs,
  });

  let target: Promise<BackendTarget> | undefined;
  const backendTarget = (): Promise<BackendTarget> => {
    target ??= (options.backend ? loadBackendTarget(api, options.backend) : chooseLeastBusyBackend(api)).catch(
      (error: unknown) => {
        target = undefined;
        throw error;
      },
    );
    return target;
  };

  const jobPath = (job: JobRef) => `/jobs/${encodeURIComponent(job.jobId)}`;

  const completed = async (job: JobRef): Promise<JobStatus> => {
    const { results } = await api.get(`${jobPath(job)}/results`, jobResults);
    const { samples, num_bits } = results[0].data.c;
    if (samples.length === 0) throw new ProviderError("IBM Quantum returned a result without samples.", true);
    let counts: Record<string, number>;
    try {
      counts = countsFromHexSamples(samples, num_bits);
    } catch (error) {
      throw new ProviderError(`IBM Quantum returned unreadable samples (${(error as Error).message})`, true);
    }
    return {
      state: "completed",
      bitstring: mostFrequentOutcome(counts),
      counts,
      usageSeconds: await usageSeconds(job),
    };
  };

  const usageSeconds = async (job: JobRef): Promise<number> => {
    try {
      const { usage } = await api.get(`${jobPath(job)}/metrics`, jobMetrics);
      return usage?.quantum_seconds ?? usage?.seconds ?? 0;
    } catch (error) {
      // Metrics are informative only: a missing record must not hold back a finished job.
      if (error instanceof ProviderError && !error.retryable) return 0;
      throw error;
    }
  };

  return {
    name: "ibm",

    async submit(batch: RingBatch): Promise<JobRef> {
      const circuit = await buildCircuit(batch);
      const backend = await backendTarget();
      let line: number[];
      try {
        line = findQubitLine(backend.couplingMap, circuit.qubits);
      } catch (error) {
        throw new ProviderError(`Backend ${backend.name}: ${(error as Error).message}`, false);
      }
      const qasm = toQasm(toNativeGates(circuit), line);
      const { id } = await api.post(
        "/jobs",
        { program_id: "sampler", backend: backend.name, params: { pubs: [[qasm]], shots: SHOTS, version: 2 } },
        jobCreated,
      );
      return { provider: "ibm", jobId: id, backend: backend.name };
    },

    async poll(job: JobRef): Promise<JobStatus> {
      if (job.provider !== "ibm")
        return { state: "failed", error: "This job was not sent to IBM Quantum.", retryable: false };
      const details = await api.get(`${jobPath(job)}?exclude_params=true`, jobDetails);
      const status = details.status.toLowerCase();
      const reason = details.state?.reason;
      if (status === "queued") return { state: "queued" };
      if (status === "running") return { state: "running" };
      if (status === "completed") return completed(job);
      // A failed or cancelled run says nothing against the batch itself, so the ring may try again.
      if (status === "failed")
        return { state: "failed", error: `The IBM job failed${reason ? `: ${reason}` : "."}`, retryable: true };
      if (status.startsWith("cancelled"))
        return { state: "failed", error: "The IBM job was cancelled.", retryable: true };
      throw new ProviderError(`IBM Quantum reported an unknown job status "${details.status}".`, true);
    },

    async remainingSeconds(): Promise<number> {
      const usage = await api.get("/instances/usage", instanceUsage);
      if (usage.usage_limit_reached) return 0;
      if (usage.usage_remaining_seconds !== undefined) return Math.max(0, usage.usage_remaining_seconds);
      if (usage.usage_limit_seconds != null && usage.usage_consumed_seconds !== undefined) {
        return Math.max(0, usage.usage_limit_seconds - usage.usage_consumed_seconds);
      }
      throw new ProviderError(
        "IBM Quantum reports no usage limit for this instance, so its remaining time is unknown.",
        false,
      );
    },
  };
}
