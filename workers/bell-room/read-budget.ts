// The read budget: how a job's failed status reads are paced, first at the usual pace, then, with the job's state
// unknown, less and less often. What happens past the bound is the job runner's (`giveUpUnknown` in status-reads.ts).

/** Status reads that may fail in a row at the usual pace; past them the job's state is "unknown" and asked less often. */
export const READ_FAILURE_BUDGET = 5;
export const UNKNOWN_READ_CAP_MS = 15 * 60_000;

/** When to read a job again after `failures` failed reads in a row, and the note /admin shows meanwhile. */
export function readRetry(
  failures: number,
  pollMs: number,
  retryDelay: number,
  read: { jobId: string; unknownSince: number; message: string },
): { waitMs: number; note: string } {
  const waitMs = failures < READ_FAILURE_BUDGET ? Math.max(pollMs, retryDelay) : Math.min(UNKNOWN_READ_CAP_MS, pollMs * 2 ** (failures - READ_FAILURE_BUDGET + 1));
  const note =
    failures < READ_FAILURE_BUDGET
      ? `Reading job ${read.jobId} failed (${failures} in a row): ${read.message}`
      : `The state of job ${read.jobId} is unknown since ${new Date(read.unknownSince).toISOString()} (${failures} failed reads; the wishes stay with it): ${read.message}`;
  return { waitMs, note };
}
