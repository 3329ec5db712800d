/**
 * The defaults of a ring's quantum jobs (workers/bell-room/ring-jobs.ts), which the operator's IBM_* settings override
 * (app/server/edge/settings.server.ts).
 */
/** Paid jobs one ring may make: a job that ended Failed or Cancelled is replaced, within this (IBM_MAX_JOBS_PER_RING). */
export const DEFAULT_MAX_JOBS_PER_RING = 2;
/** A job whose state stays unknown this long is given up on, its wishes held (IBM_UNKNOWN_JOB_MAX_HOURS). */
export const DEFAULT_UNKNOWN_JOB_MAX_HOURS = 24;
/** While a job runs at IBM it is asked about this often (IBM_POLL_SECONDS); the simulator at once. */
export const DEFAULT_IBM_POLL_SECONDS = 10;
/** IBM allows 5 job creations a minute per user (qiskit-ibm-runtime's documented limit); configurable. */
export const DEFAULT_JOBS_PER_MINUTE = 5;
/** A job still queued this long after IBM accepted it is cancelled and its wishes freed (a few hours by default). */
export const DEFAULT_MAX_QUEUE_MINUTES = 180;
/** How long one call to a remote quantum service may take, answer body included, unless configured otherwise. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;
/** Job creation may be slow when IBM is busy: its own client allows 900 s (`api/rest/runtime.py` program_run). */
export const DEFAULT_JOB_CREATE_TIMEOUT_MS = 900_000;
