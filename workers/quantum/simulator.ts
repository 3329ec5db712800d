import { batchCircuit } from "./batch-circuit";
import { mostFrequentOutcome } from "./counts";
import { seededRandom } from "./prng";
import { sample } from "./state-vector";
import { SHOTS, type JobRef, type JobStatus, type QuantumProvider, type RingBatch, type SubmittedJob } from "./types";

export const SIMULATOR_BACKEND = "simulator (exact state-vector)";
const SIMULATOR_USAGE_SECONDS = 1;
const JOB_ID_PREFIX = "sim:";
const COUNTS_PATTERN = /^[01]{1,5}=\d+(,[01]{1,5}=\d+)*$/;

export interface SimulatorOptions {
  /** Seconds left in the simulator's credit ledger. */
  remainingSeconds: () => Promise<number>;
}

/**
 * The simulator finishes a job at submit time: it runs SHOTS shots with a PRNG seeded from
 * the ring id (so a ring always gives the same counts) and writes the counts into the job id,
 * `sim:<ringId>:<bits>=<count>,…`. Poll only decodes that id, so it needs no storage and a
 * stored ring can be polled again after any restart.
 */
export function createSimulatorProvider(options: SimulatorOptions): QuantumProvider {
  return {
    name: "simulator",
    async submit(batch: RingBatch): Promise<SubmittedJob> {
      const circuit = await batchCircuit(batch);
      const counts = sample(circuit, SHOTS, seededRandom(batch.ringId));
      return { provider: "simulator", jobId: encodeJobId(batch.ringId, counts), backend: SIMULATOR_BACKEND, qasm: null, physicalQubits: [] };
    },
    async poll(job: JobRef): Promise<JobStatus> {
      const counts = job.provider === "simulator" ? decodeCounts(job.jobId) : undefined;
      if (!counts) return { state: "failed", error: "This job id was not made by the simulator.", retryable: false };
      return {
        state: "completed",
        bitstring: mostFrequentOutcome(counts),
        counts,
        usageSeconds: SIMULATOR_USAGE_SECONDS,
        queueSeconds: null,
        runSeconds: null,
      };
    },
    remaining: async () => ({ seconds: await options.remainingSeconds() }),
  };
}

function encodeJobId(ringId: string, counts: Record<string, number>): string {
  const entries = Object.entries(counts)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([bits, count]) => `${bits}=${count}`);
  return `${JOB_ID_PREFIX}${ringId}:${entries.join(",")}`;
}

function decodeCounts(jobId: string): Record<string, number> | undefined {
  const encoded = jobId.slice(jobId.lastIndexOf(":") + 1);
  if (!jobId.startsWith(JOB_ID_PREFIX) || !COUNTS_PATTERN.test(encoded)) return undefined;
  const counts: Record<string, number> = {};
  for (const entry of encoded.split(",")) {
    const [bits, count] = entry.split("=");
    counts[bits] = Number(count);
  }
  return counts;
}
