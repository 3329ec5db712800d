import "~/domain/zod-config";
import { z } from "zod";
import { onFirstUse } from "~/domain/on-first-use";
import { batchCircuit } from "./batch-circuit";
import { mostFrequentOutcome } from "./counts";
import { createIamTokenSource, DEFAULT_IAM_URL } from "./ibm-auth";
import { chooseLeastBusyBackend, loadBackendTarget, type BackendTarget } from "./ibm-backend";
import { createIbmApi } from "./ibm-http";
import { countsFromHexSamples } from "./ibm-samples";
import { findQubitLine, toNativeGates } from "./native-gates";
import { physicalQubitsOf, toQasm } from "./qasm";
import { DEFAULT_JOB_CREATE_TIMEOUT_MS, DEFAULT_REQUEST_TIMEOUT_MS } from "./timeout";
import {
  ProviderError,
  SHOTS,
  type CancelOutcome,
  type FoundJob,
  type JobRef,
  type JobStatus,
  type JobUsage,
  type QuantumProvider,
  type Remaining,
  type RingBatch,
  type SubmittedJob,
} from "./types";

export interface IbmProviderOptions {
  apiKey: string;
  instanceCrn: string;
  /** The API base, e.g. https://eu-de.quantum.cloud.ibm.com/api/v1 (see `ibmApiUrl`). */
  apiUrl: string;
  /** A backend name; without it the least busy online backend is chosen, and chosen again every hour. */
  backend?: string;
  fetch?: typeof fetch;
  iamUrl?: string;
  now?: () => number;
  /** Each IAM or API call, answer included, is given up on after this long; default DEFAULT_REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /** Job creation alone may take this long (IBM's client allows 900 s); default DEFAULT_JOB_CREATE_TIMEOUT_MS. */
  jobCreateTimeoutMs?: number;
  /** Seconds a month the operator allows when the instance itself has no limit. */
  monthlyBudgetSeconds?: number;
}

/** Every job carries these tags, so a ring's job can be found again when the answer to its creation was lost. */
export const JOB_TAG = "quantum-bell";
export const ringTag = (ringId: string) => `ring:${ringId}`;
const BACKEND_TTL_MS = 60 * 60 * 1000;

/** CreateJob200Response */
const jobCreated = onFirstUse(() => z.object({ id: z.string().min(1), backend: z.string().optional() }));
/** JobResponse: `state.status` is the job's state; the top-level `status` is the older field, read only as a fallback. */
const jobDetails = onFirstUse(() =>
  z.object({
    id: z.string().optional(),
    backend: z.string().nullish(),
    status: z.string().optional(),
    state: z.object({ status: z.string().optional(), reason: z.string().nullish() }).nullish(),
    params: z.object({ pubs: z.array(z.array(z.unknown())).optional() }).passthrough().nullish(),
  }),
);
/**
 * JobsResponse: each entry is a JobResponse, with its state. `jobs` is required (the schema always has it): an answer
 * without it is unreadable, never "this ring has no job", or a second job would be made beside the first.
 */
const jobList = onFirstUse(() =>
  z.object({
    jobs: z
      .array(
        z.object({
          id: z.string().min(1),
          backend: z.string().nullish(),
          status: z.string().optional(),
          state: z.object({ status: z.string().optional() }).nullish(),
        }),
      ),
  }),
);
/** How many of a ring's jobs one lookup reads: a ring makes at most a few (IBM_MAX_JOBS_PER_RING). */
const JOB_LOOKUP_LIMIT = 10;
const jobResults = onFirstUse(() =>
  z.object({
    results: z
      .array(z.object({ data: z.object({ c: z.object({ samples: z.array(z.string()), num_bits: z.number().int().positive() }) }) }))
      .min(1),
  }),
);
/** JobMetrics as of IBM-API-Version 2026-04-15: `usage.status` stays "pending" (and the seconds 0) until final. */
const jobMetrics = onFirstUse(() =>
  z.object({
    usage: z.object({ qpu_charge_time_seconds: z.number().nullish(), status: z.string().nullish() }).passthrough().nullish(),
    timestamps: z.object({ created: z.string().nullish(), running: z.string().nullish(), finished: z.string().nullish() }).nullish(),
  }),
);
const seconds = onFirstUse(() => z.union([z.number(), z.string().regex(/^\d+(\.\d+)?$/).transform(Number)]));
/** GetUsage200Response */
const instanceUsage = onFirstUse(() =>
  z.object({
    usage_consumed_seconds: seconds.nullish(),
    usage_limit_seconds: seconds.nullish(),
    usage_allocation_seconds: seconds.nullish(),
    usage_limit_reached: z.boolean().nullish(),
  }),
);

function secondsBetween(from: string | null | undefined, to: string | null | undefined): number | null {
  const start = from ? Date.parse(from) : NaN;
  const end = to ? Date.parse(to) : NaN;
  return Number.isFinite(start) && Number.isFinite(end) && end >= start ? (end - start) / 1000 : null;
}

/** A job the ring may take as its own: it can still finish, or finished well. */
const ADOPTABLE = new Set<FoundJob["state"]>(["queued", "running", "completed"]);

/** IBM's job states (`job_state.rs`), "Cancelled - Ran too long" included; anything else is "unknown". */
function foundState(reported: string | undefined): FoundJob["state"] {
  const status = reported?.toLowerCase() ?? "";
  if (status === "queued" || status === "running" || status === "completed" || status === "failed") return status;
  return status.startsWith("cancelled") ? "cancelled" : "unknown";
}

export function createIbmProvider(options: IbmProviderOptions): QuantumProvider {
  // Called through a closure: workerd refuses the global fetch called as a method of another object.
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const timeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const tokens = createIamTokenSource({ apiKey: options.apiKey, iamUrl: options.iamUrl ?? DEFAULT_IAM_URL, fetch: fetchImpl, now, timeoutMs });
  const api = createIbmApi({ tokens, instanceCrn: options.instanceCrn, apiUrl: options.apiUrl, fetch: fetchImpl, now, secrets: [options.apiKey], timeoutMs });

  let target: { at: number; value: Promise<BackendTarget> } | undefined;
  const backendTarget = (): Promise<BackendTarget> => {
    if (!target || now() - target.at > BACKEND_TTL_MS) {
      const value = (options.backend ? loadBackendTarget(api, options.backend) : chooseLeastBusyBackend(api)).catch((error: unknown) => {
        target = undefined;
        throw error;
      });
      target = { at: now(), value };
    }
    return target.value;
  };

  const jobPath = (job: Pick<JobRef, "jobId">) => `/jobs/${encodeURIComponent(job.jobId)}`;

  const usage = async (job: JobRef): Promise<JobUsage> => {
    try {
      const metrics = await api.get(`${jobPath(job)}/metrics`, jobMetrics);
      // IBM's client (`base_runtime_job.py` usage()): any status but "pending" is final.
      const status = metrics.usage?.status;
      const final = typeof status === "string" && status !== "pending" && typeof metrics.usage?.qpu_charge_time_seconds === "number";
      return {
        usageSeconds: final ? metrics.usage!.qpu_charge_time_seconds! : null,
        queueSeconds: secondsBetween(metrics.timestamps?.created, metrics.timestamps?.running),
        runSeconds: secondsBetween(metrics.timestamps?.running, metrics.timestamps?.finished),
      };
    } catch (error) {
      // Metrics are informative only: a missing record must not hold back a finished job; it is read again later.
      if (error instanceof ProviderError && !error.retryable) return { usageSeconds: null, queueSeconds: null, runSeconds: null };
      throw error;
    }
  };

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
    // The results are read: nothing about the metrics may undo that. Unknown usage is read again later.
    const usageNow = await usage(job).catch(() => ({ usageSeconds: null, queueSeconds: null, runSeconds: null }));
    return { state: "completed", bitstring: mostFrequentOutcome(counts), counts, ...usageNow };
  };

  return {
    name: "ibm",

    async submit(batch: RingBatch): Promise<SubmittedJob> {
      const circuit = await batchCircuit(batch);
      const backend = await backendTarget();
      let line: number[];
      try {
        line = findQubitLine(backend.couplingMap, circuit.qubits, backend.costs);
      } catch (error) {
        throw new ProviderError(`Backend ${backend.name}: ${(error as Error).message}`, false);
      }
      const qasm = toQasm(toNativeGates(circuit), line);
      const created = await api.post(
        "/jobs",
        {
          program_id: "sampler",
          backend: backend.name,
          params: { pubs: [[qasm]], shots: SHOTS, version: 2 },
          tags: [JOB_TAG, ringTag(batch.ringId)],
        },
        jobCreated,
        { timeoutMs: options.jobCreateTimeoutMs ?? DEFAULT_JOB_CREATE_TIMEOUT_MS },
      );
      return { provider: "ibm", jobId: created!.id, backend: backend.name, qasm, physicalQubits: line };
    },

    async findJobs(ringId: string): Promise<FoundJob[]> {
      const query = new URLSearchParams({ tags: ringTag(ringId), exclude_params: "true", limit: String(JOB_LOOKUP_LIMIT) });
      const { jobs } = await api.get(`/jobs?${query}`, jobList);
      const found: FoundJob[] = [];
      for (const entry of jobs) {
        const state = foundState(entry.state?.status ?? entry.status);
        const job: FoundJob = { provider: "ibm", jobId: entry.id, backend: entry.backend ?? "", qasm: null, physicalQubits: [], state };
        if (ADOPTABLE.has(state)) {
          // The listing leaves out the program; the job's own record has it, so the stored circuit is the one that ran.
          const details = await api.get(jobPath(job), jobDetails);
          const qasm = details.params?.pubs?.[0]?.[0];
          job.qasm = typeof qasm === "string" ? qasm : null;
          job.physicalQubits = job.qasm ? physicalQubitsOf(job.qasm) : [];
          job.backend = details.backend ?? job.backend;
        }
        found.push(job);
      }
      return found;
    },

    async poll(job: JobRef): Promise<JobStatus> {
      if (job.provider !== "ibm") return { state: "failed", error: "This job was not sent to IBM Quantum.", retryable: false };
      const details = await api.get(`${jobPath(job)}?exclude_params=true`, jobDetails);
      const reported = details.state?.status ?? details.status;
      if (!reported) throw new ProviderError("IBM Quantum reported a job without a status.", true);
      const status = reported.toLowerCase();
      const reason = details.state?.reason;
      if (status === "queued") return { state: "queued" };
      if (status === "running") return { state: "running" };
      if (status === "completed") return completed(job);
      // A failed or cancelled run says nothing against the batch itself, so the ring may try again.
      if (status === "failed") return { state: "failed", error: `The IBM job failed${reason ? `: ${reason}` : "."}`, retryable: true };
      if (status.startsWith("cancelled")) return { state: "failed", error: `The IBM job was cancelled${reason ? `: ${reason}` : "."}`, retryable: true };
      throw new ProviderError(`IBM Quantum reported an unknown job status "${reported.slice(0, 40)}".`, true);
    },

    async cancel(job: JobRef): Promise<CancelOutcome> {
      try {
        await api.post(`${jobPath(job)}/cancel`, undefined, null);
        return "cancelled";
      } catch (error) {
        // IBM's client: 409 is RuntimeInvalidStateError, a job that has ended (perhaps with a paid result).
        if (error instanceof ProviderError && error.httpStatus === 409) return "already-ended";
        throw error;
      }
    },

    usage,

    async remaining(): Promise<Remaining> {
      const found = await api.get("/instances/usage", instanceUsage);
      if (found.usage_limit_reached) return { seconds: 0 };
      const consumed = found.usage_consumed_seconds ?? 0;
      // IBM's client: the limit, else the allocation, minus what was consumed in the period.
      const limit = found.usage_limit_seconds || found.usage_allocation_seconds || options.monthlyBudgetSeconds;
      if (!limit) return { unlimited: true };
      return { seconds: Math.max(0, Math.floor(limit - consumed)) };
    },
  };
}
