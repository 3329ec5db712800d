// The ring jobs' settings: the operator's IBM_* numbers in the units the job runner uses.
import type { Settings } from "~/server/edge/settings.server";

export {
  DEFAULT_IBM_POLL_SECONDS,
  DEFAULT_JOBS_PER_MINUTE,
  DEFAULT_MAX_JOBS_PER_RING,
  DEFAULT_MAX_QUEUE_MINUTES,
  DEFAULT_UNKNOWN_JOB_MAX_HOURS,
} from "~/domain/ring-job-defaults";

export interface RingJobsSettings {
  ibmPollMs: number;
  jobsPerMinute: number;
  maxQueueMs: number;
  jobCreateTimeoutMs: number;
  maxJobsPerRing: number;
  unknownJobMaxMs: number;
  /** IBM_MONTHLY_BUDGET_SECONDS, or null for no ceiling of ours. */
  monthlyBudgetSeconds: number | null;
}

/** The ring jobs' numbers in the units they are used in, from the parsed settings (defaults and bounds live there). */
export function ringJobsSettings(settings: Settings): RingJobsSettings {
  return {
    ibmPollMs: settings.IBM_POLL_SECONDS * 1000,
    jobsPerMinute: settings.IBM_JOBS_PER_MINUTE,
    maxQueueMs: settings.IBM_MAX_QUEUE_MINUTES * 60_000,
    jobCreateTimeoutMs: settings.IBM_JOB_CREATE_TIMEOUT_MS,
    maxJobsPerRing: settings.IBM_MAX_JOBS_PER_RING,
    unknownJobMaxMs: settings.IBM_UNKNOWN_JOB_MAX_HOURS * 3_600_000,
    monthlyBudgetSeconds: settings.IBM_MONTHLY_BUDGET_SECONDS,
  };
}
