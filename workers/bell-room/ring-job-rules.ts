// The job runner's fixed rules: attempts and their back-off, the pace of polls and usage reads, and whether a
// provider's answer can be a ring's result.

/** A ring's job creation is tried this many times (failed submissions) before its wishes go back to the pool. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 2_000;
const RETRY_CAP_MS = 60_000;
/** After a creation whose answer was lost (a 524 after IBM's 100 s, a timeout), the lookup waits this long first. */
export const LOOKUP_AFTER_LOST_ANSWER_MS = 2 * 60_000;
/** The simulator answers at once; a real backend queues, so it is asked less often (IBM_POLL_SECONDS overrides). */
export const SIMULATOR_POLL_MS = 500;
export const RATE_WINDOW_MS = 60_000;
/** How often, and for how long, a finished job's unsettled usage is read again. */
export const USAGE_READ_INTERVAL_MS = 60_000;
export const USAGE_READ_FOR_MS = 24 * 60 * 60 * 1000;
/** How long a finished ring's message waits for the credits left before it goes without them. */
export const CREDITS_IN_RESULT_WAIT_MS = 1_000;
/** Beyond the creation deadline, before a restarted room may look for a job whose creation it lost track of. */
export const IN_FLIGHT_MARGIN_MS = 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** Why a provider's "completed" answer cannot be the result of a ring of `qubits` wishes, or null when it can. */
export function resultProblem(result: { bitstring: string; counts: Record<string, number> }, qubits: number): string | null {
  const outcome = new RegExp(`^[01]{${qubits}}$`);
  if (qubits === 0) return "The ring has no wishes to read a result for.";
  if (!outcome.test(result.bitstring)) return `The quantum result "${result.bitstring.slice(0, 16)}" does not have one bit for each of the ${qubits} wishes.`;
  const entries = Object.entries(result.counts);
  if (entries.length === 0) return "The quantum result came without any counts.";
  for (const [bits, count] of entries) {
    if (!outcome.test(bits) || !Number.isInteger(count) || count <= 0) return "The quantum result's counts are malformed.";
  }
  if (!(result.bitstring in result.counts)) return "The quantum result's bit string is not among its counts.";
  return null;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "The quantum job failed.";
}
