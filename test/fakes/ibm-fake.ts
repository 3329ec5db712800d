/**
 * A fake IBM Cloud IAM + Qiskit Runtime service: a pure `(request) => Promise<Response>` handler that runs in
 * workerd and Node (no Node-only imports here; ./ibm-server.ts puts it behind real HTTP). Every answer is built
 * from a recording in ./ibm-recorded that names the published schema it follows (see its README).
 *
 * It really runs submitted jobs (./ibm-fake-chip.ts): the OpenQASM 3 is parsed (native gates rz, sx, x, cz and
 * `c[i] = measure $k` only, as IBM's ISA requires), checked against the coupling map and the calibration (faulty
 * qubits and edges are refused), simulated exactly and sampled with a PRNG seeded from the job id, then reported as
 * IBM does — hex integers whose bit i is classical bit c[i].
 *
 * Checks it makes like the real service: IAM wants the right API key; every API call needs a live bearer token it
 * issued (expiry follows the injected clock), the right Service-CRN and, on an IBM host, the CRN's region; job
 * creation is limited to 5 a minute per user.
 *
 * And it fails the way IBM does (issue 30), each behaviour from IBM's own client or schemas:
 * - a job is accepted and later `Failed` with a reason code: a circuit that is not ISA for the target is refused
 *   by IBM's transpilation check after creation (job-status-failed.json's reason 1517, `job_state.rs` reason and
 *   reason_code), not at POST /jobs; `failCreatedJobs` fails chosen jobs the same way;
 * - status reads fail in bursts (`faults`: 5xx, the 52x of IBM's Cloudflare front end, a read that never answers,
 *   an odd shape, a 429; qiskit-ibm-runtime `api/session.py` STATUS_FORCELIST lists 500/502/503/504/520/521/522/524
 *   as the transient ones) and with 403/404 (`failStatusReadsWith`, ListJobs400Response's documented errors);
 * - POST /jobs/{id}/cancel answers 409 once the job has ended (`runtime_job_v2.py` cancel(): 409 is
 *   RuntimeInvalidStateError), and `finishBeforeCancel` lets a queued job finish just before the cancel lands;
 * - a creation slower than Cloudflare's 100 s proxy timeout answers 524 with the job created behind it
 *   (`createFrontEndErrors`; STATUS_FORCELIST 524 "Cloudflare Timeout");
 * - a backend whose configuration does not parse (`unparsableConfigurationFor`; `qiskit_runtime_service.py`
 *   `_create_backend_obj` logs "Unable to create configuration" and skips it);
 * - a settled `usage.status` other than "completed" (`settledUsageStatus`; `base_runtime_job.py` usage(): anything
 *   but "pending" is final).
 * It keeps a ledger: a job that started running is charged (`charged` in its snapshot).
 */
import backendConfiguration from "./ibm-recorded/backend-configuration.json";
import backendProperties from "./ibm-recorded/backend-properties.json";
import backendStatus from "./ibm-recorded/backend-status.json";
import backends from "./ibm-recorded/backends.json";
import errorBadRequest from "./ibm-recorded/error-bad-request.json";
import errorForbidden from "./ibm-recorded/error-forbidden.json";
import errorNotFound from "./ibm-recorded/error-not-found.json";
import errorRateLimited from "./ibm-recorded/error-rate-limited.json";
import errorServer from "./ibm-recorded/error-server.json";
import errorUnauthorizedUsage from "./ibm-recorded/error-unauthorized-usage.json";
import errorUnauthorized from "./ibm-recorded/error-unauthorized.json";
import errorUsageExceeded from "./ibm-recorded/error-usage-exceeded.json";
import iamInvalidApiKey from "./ibm-recorded/iam-invalid-apikey.json";
import iamToken from "./ibm-recorded/iam-token.json";
import instanceUsageAllocation from "./ibm-recorded/instance-usage-allocation.json";
import instanceUsageLimitReached from "./ibm-recorded/instance-usage-limit-reached.json";
import instanceUsageUnlimited from "./ibm-recorded/instance-usage-unlimited.json";
import instanceUsageLimit from "./ibm-recorded/instance-usage.json";
import jobCreated from "./ibm-recorded/job-created.json";
import jobMetricsQpuCharge from "./ibm-recorded/job-metrics-2026-04-15.json";
import jobMetricsLegacy from "./ibm-recorded/job-metrics.json";
import jobResults from "./ibm-recorded/job-results.json";
import jobStatusCancelled from "./ibm-recorded/job-status-cancelled.json";
import jobStatusCompleted from "./ibm-recorded/job-status-completed.json";
import jobStatusFailed from "./ibm-recorded/job-status-failed.json";
import jobStatusQueued from "./ibm-recorded/job-status-queued.json";
import jobStatusRunning from "./ibm-recorded/job-status-running.json";
import jobsList from "./ibm-recorded/jobs-list.json";
import { parseQasm, sampleHex } from "./ibm-fake-chip";

export const FAKE_API_KEY = "fake-ibm-api-key-0123456789";
export const FAKE_INSTANCE_CRN =
  "crn:v1:bluemix:public:quantum-computing:us-east:a/0123456789abcdef0123456789abcdef:7c1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6::";
/** An instance in eu-de, whose API lives at https://eu-de.quantum.cloud.ibm.com/api/v1. */
export const FAKE_EU_DE_INSTANCE_CRN =
  "crn:v1:bluemix:public:quantum-computing:eu-de:a/0123456789abcdef0123456789abcdef:5a6b7c8d-1e2f-4a3b-9c4d-e5f6a7b8c9d0::";
/** What backend-properties.json marks as not operational, at the low end of the map where a naive line starts. */
export const FAKE_FAULTY_QUBIT = 1;
export const FAKE_FAULTY_EDGE: readonly [number, number] = [3, 4];
/** IBM: "This request is rate limited to 5 jobs per minute per user." */
export const JOB_CREATES_PER_MINUTE = 5;
/**
 * From this IBM-API-Version on, job metrics report `usage: {qpu_charge_time_seconds, status}`; before it,
 * `usage: {quantum_seconds, seconds}`.
 */
export const QPU_CHARGE_API_VERSION = "2026-04-15";
export const LEGACY_API_VERSION = "2025-05-01";

interface Recording {
  schema: string;
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

const FAILURES = [
  "unauthorized",
  "rate-limited",
  "usage-exceeded",
  "server-error",
  "garbage-json",
  "network-error",
  "gateway-timeout",
  "never-answers",
  "odd-shape",
  "forbidden",
  "not-found",
] as const;
/** One-shot failures served, in order, to the next API (not IAM) calls. */
export type IbmFakeFailure = (typeof FAILURES)[number];

/** GET /instances/usage with usage_limit_seconds, with usage_allocation_seconds only, with neither, or at the limit. */
export type UsageVariant = "limit" | "allocation" | "unlimited" | "limit-reached";
export type JobStatusName = "Queued" | "Running" | "Completed" | "Failed" | "Cancelled";

/** Everything about a fake that survives JSON, so a test in another process can set it via POST /__fake/reset. */
export interface IbmFakeScenario {
  apiKey?: string;
  /** The one instance the fake serves; default FAKE_INSTANCE_CRN. */
  instanceCrn?: string;
  /** Lifetime of each issued token; default 3600 s as IAM gives. */
  tokenTtlSeconds?: number;
  /** Added to the clock; POST /__fake/advance-clock adds more. */
  clockOffsetMs?: number;
  jobOutcome?: "completed" | "failed";
  /** Jobs stay Queued whatever the polling, until cancelled. */
  queuedForever?: boolean;
  /** The 5-a-minute limit on POST /jobs (sliding 60 s window on the fake's clock); default on. */
  jobRateLimit?: boolean;
  /** The next n API calls answer 429 with Retry-After. */
  rateLimitTimes?: number;
  /** Overrides the recorded Retry-After header (seconds) of scripted 429s. */
  retryAfterSeconds?: number;
  failNextWith?: IbmFakeFailure[];
  /** Default "limit". */
  usage?: UsageVariant;
  /** Replaces the /instances/usage body altogether, e.g. to drop fields. */
  instanceUsage?: Record<string, unknown>;
  /** When false, /jobs/{id}/metrics answers 404. */
  metricsAvailable?: boolean;
  /** With IBM-API-Version ≥ 2026-04-15: metrics reads after a job ended that still say usage "pending"; default 1. */
  pendingUsageReads?: number;
  /** POST /jobs creates the job, then answers only after this long ("forever": never, until the caller aborts). */
  createHangsMs?: number | "forever";
  /** How many creations hang like that; default 1. */
  createHangsTimes?: number;
  /** When set, an API call with any other IBM-API-Version header is refused with 400. */
  requiredApiVersion?: string;
  /** Jobs created n-th (1-based, since the last reset) are accepted, then end `Failed` at their first status read. */
  failCreatedJobs?: number[];
  /** One-shot failures served, in order, to the next status reads (GET /jobs/{id}) only. */
  failStatusReadsWith?: IbmFakeFailure[];
  /** The next n job creations create the job, then answer 524 as IBM's front end does after 100 s. */
  createFrontEndErrors?: number;
  /** Cancelling a queued job finds it already finished: it completes, and the cancel gets 409 (a number: that share of cancels, drawn from `faults.seed`). */
  finishBeforeCancel?: boolean | number;
  /** Backends whose GET /backends/{name}/configuration answers a document that does not parse as one. */
  unparsableConfigurationFor?: string[];
  /** The `usage.status` of settled metrics; default "completed". */
  settledUsageStatus?: string;
  /** Random faults on every call, IAM included, in bursts of 1–4 calls, from a seeded generator (the chaos test). */
  faults?: { seed: number; rate: number; kinds?: IbmFakeFailure[] };
}

export interface IbmFakeOptions extends IbmFakeScenario {
  /** Milliseconds since the epoch; share it with the client to test token expiry. Default Date.now. */
  now?: () => number;
}

export interface RecordedCall {
  method: string;
  url: string;
  /** The path after /api/v1 (with the query) for API calls; the IAM path for IAM calls. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeJob {
  id: string;
  backend: string;
  qasm: string;
  shots: number;
  tags: string[];
  status: JobStatusName;
  /** Status reads so far; each moves the job one step along its outcome. */
  polls: number;
  /** On the fake's clock, like the other times. */
  createdAt: number;
  runningAt?: number;
  finishedAt?: number;
  /** Metrics reads since the job ended (for the pending → completed usage). */
  metricsReadsEnded: number;
  programId: string;
  cost: number;
  params: unknown;
  /** Why it will fail at its first status read (IBM's validation after creation), if it will. */
  failure?: string;
}

export interface FakeJobSnapshot {
  id: string;
  /** It started running, so IBM charges it. */
  charged: boolean;
  backend: string;
  tags: string[];
  status: JobStatusName;
  qasm: string;
  shots: number;
  /** ISO 8601, as IBM's `created`. */
  createdAt: string;
}

export interface IbmFakeState {
  calls: RecordedCall[];
  jobs: FakeJobSnapshot[];
}

export interface IbmFake {
  fetch: typeof fetch;
  /** `signal` defaults to the request's; a hanging creation gives up when it aborts. */
  handle(request: Request, signal?: AbortSignal | null): Promise<Response>;
  /** Every request received, IAM included, in order. */
  calls: RecordedCall[];
  apiCalls(): RecordedCall[];
  iamCalls(): RecordedCall[];
  jobs: Map<string, FakeJob>;
  failNextWith(...failures: IbmFakeFailure[]): void;
  /** Makes every issued token invalid, as when IAM rotates keys. */
  revokeTokens(): void;
  now(): number;
  advanceClock(ms: number): void;
  /** Forgets jobs, calls, tokens and the rate window and takes these options instead (keeping `now` if none given). */
  reset(options?: IbmFakeOptions): void;
  state(): IbmFakeState;
}

const IAM_PATH = "/identity/token";
const API_PREFIX = "/api/v1";
const IBM_API_HOST = /^(?:([a-z0-9-]+)\.)?quantum\.cloud\.ibm\.com$/;
const RATE_WINDOW_MS = 60_000;
const DEFAULT_LIST_LIMIT = 10;
const ENDED = new Set<JobStatusName>(["Completed", "Failed", "Cancelled"]);
const STATUS_RECORDINGS: Record<JobStatusName, Recording> = {
  Queued: jobStatusQueued,
  Running: jobStatusRunning,
  Completed: jobStatusCompleted,
  Failed: jobStatusFailed,
  Cancelled: jobStatusCancelled,
};
const USAGE_RECORDINGS: Record<UsageVariant, Recording> = {
  limit: instanceUsageLimit,
  allocation: instanceUsageAllocation,
  unlimited: instanceUsageUnlimited,
  "limit-reached": instanceUsageLimitReached,
};
const QPU_SECONDS = jobMetricsQpuCharge.body.usage.qpu_charge_time_seconds;
// Timestamps never run backwards or coincide, even on a frozen test clock.
const MIN_QUEUE_MS = 1_000;
const MIN_RUN_MS = 3_000;
const KNOWN_BACKENDS = new Set(backends.body.devices.map((device) => device.name));

function replay(
  recording: Recording,
  body: unknown = recording.body,
  extraHeaders: Record<string, string> = {},
): Response {
  return new Response(JSON.stringify(body), {
    status: recording.status,
    headers: { ...recording.headers, ...extraHeaders },
  });
}

/** An error in IBM's shape (ListJobs400Response) with this status, code and message. */
function apiError(status: number, code: string, message: string): Response {
  const [template] = errorBadRequest.body.errors;
  return replay({ ...errorBadRequest, status }, { ...errorBadRequest.body, errors: [{ ...template, code, message }] });
}

const iso = (ms: number) => new Date(ms).toISOString();
const regionOf = (crn: string) => crn.split(":")[5] ?? "";

export function createIbmFake(initial: IbmFakeOptions = {}): IbmFake {
  let options = initial;
  let offset = 0;
  let failures: IbmFakeFailure[] = [];
  let hangsLeft = 0;
  let statusReadFailures: IbmFakeFailure[] = [];
  let frontEndErrorsLeft = 0;
  let createdSinceReset = 0;
  let burst: { kind: IbmFakeFailure; left: number } | undefined;
  let random = () => 1;
  const tokens = new Map<string, number>();
  const calls: RecordedCall[] = [];
  const jobs = new Map<string, FakeJob>();
  /** Times of the POST /jobs calls in the current rate window. */
  let creations: number[] = [];
  // Never reset, so ids stay unique across resets for a client that remembers them.
  let issuedTokens = 0;
  let issuedJobs = 0;

  const now = () => (options.now ?? Date.now)() + offset;

  const reset = (next: IbmFakeOptions = {}) => {
    options = { now: options.now, ...next };
    offset = next.clockOffsetMs ?? 0;
    failures = [...Array<IbmFakeFailure>(next.rateLimitTimes ?? 0).fill("rate-limited"), ...(next.failNextWith ?? [])];
    hangsLeft = next.createHangsMs === undefined ? 0 : next.createHangsTimes ?? 1;
    statusReadFailures = [...(next.failStatusReadsWith ?? [])];
    frontEndErrorsLeft = next.createFrontEndErrors ?? 0;
    createdSinceReset = 0;
    burst = undefined;
    random = next.faults ? mulberry32(next.faults.seed) : () => 1;
    tokens.clear();
    calls.length = 0;
    jobs.clear();
    creations = [];
  };
  reset(initial);

  const handleIam = (body: string): Response => {
    const form = new URLSearchParams(body);
    if (
      form.get("grant_type") !== "urn:ibm:params:oauth:grant-type:apikey" ||
      form.get("apikey") !== (options.apiKey ?? FAKE_API_KEY)
    ) {
      return replay(iamInvalidApiKey);
    }
    const ttlSeconds = options.tokenTtlSeconds ?? 3600;
    const token = `${iamToken.body.access_token}.${++issuedTokens}`;
    tokens.set(token, now() + ttlSeconds * 1000);
    return replay(iamToken, {
      ...iamToken.body,
      access_token: token,
      expires_in: ttlSeconds,
      expiration: Math.floor(now() / 1000) + ttlSeconds,
    });
  };

  // GET /instances/usage documents its 401 with a shape of its own (FindInstanceWorkloads401Response).
  const unauthorized = (path: string) =>
    replay(path.startsWith("/instances/usage") ? errorUnauthorizedUsage : errorUnauthorized);

  const scriptedFailure = async (failure: IbmFakeFailure, path: string, signal: AbortSignal | null): Promise<Response> => {
    switch (failure) {
      case "unauthorized":
        return unauthorized(path);
      case "rate-limited":
        return replay(
          errorRateLimited,
          errorRateLimited.body,
          options.retryAfterSeconds === undefined ? {} : { "retry-after": String(options.retryAfterSeconds) },
        );
      case "usage-exceeded":
        return replay(errorUsageExceeded);
      case "server-error":
        return replay(errorServer);
      case "garbage-json":
        return new Response('{"results": [{"data": {"c": {"samples": ["0x', {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      case "network-error":
        throw new TypeError("fetch failed");
      case "gateway-timeout":
        return cloudflareTimeout();
      case "never-answers":
        await hang("forever", signal);
        return replay(errorServer);
      case "odd-shape":
        return new Response(JSON.stringify({ unexpected: true }), { status: 200, headers: { "content-type": "application/json" } });
      case "forbidden":
        return replay(errorForbidden);
      case "not-found":
        return replay(errorNotFound);
    }
  };

  /** The seeded random faults: a burst of 1–4 calls of one kind starts with probability `rate`. */
  const randomFault = (): IbmFakeFailure | undefined => {
    const faults = options.faults;
    if (!faults) return undefined;
    if (!burst && random() < faults.rate) {
      const kinds = faults.kinds ?? CHAOS_FAULTS;
      burst = { kind: kinds[Math.floor(random() * kinds.length)], left: 1 + Math.floor(random() * 4) };
    }
    if (!burst) return undefined;
    const { kind } = burst;
    if (--burst.left <= 0) burst = undefined;
    return kind;
  };

  /** Moves a job to `status`, stamping when it started running and when it ended. */
  const enter = (job: FakeJob, status: JobStatusName) => {
    const t = now();
    if (status === "Running") job.runningAt ??= Math.max(t, job.createdAt + MIN_QUEUE_MS);
    if (ENDED.has(status)) {
      job.finishedAt ??= Math.max(
        t,
        job.runningAt === undefined ? job.createdAt + MIN_QUEUE_MS : job.runningAt + MIN_RUN_MS,
      );
    }
    job.status = status;
  };

  /** A status read: queued → running → completed, or queued → failed, one step per read. */
  const advance = (job: FakeJob) => {
    if (ENDED.has(job.status)) return;
    if (job.failure !== undefined) {
      enter(job, "Failed");
      return;
    }
    if (options.queuedForever) return;
    const steps: JobStatusName[] =
      options.jobOutcome === "failed" ? ["Queued", "Failed"] : ["Queued", "Running", "Completed"];
    job.polls++;
    enter(job, steps[Math.min(job.polls, steps.length) - 1]);
  };

  /** JobResponse; `params` only when asked for, as `exclude_params=true` drops them. */
  const jobResponse = (job: FakeJob, withParams: boolean) => ({
    ...(STATUS_RECORDINGS[job.status].body as object),
    id: job.id,
    backend: job.backend,
    program: { id: job.programId },
    created: iso(job.createdAt),
    cost: job.cost,
    tags: job.tags,
    usage: { seconds: job.status === "Completed" ? QPU_SECONDS : 0 },
    ...(withParams ? { params: job.params } : {}),
    ...(job.status === "Failed" && job.failure !== undefined
      ? { state: { status: "Failed", reason: `${job.failure} [1517]`, reason_code: 1517 } }
      : {}),
  });

  const metrics = (job: FakeJob, apiVersion: string): Response => {
    const ended = ENDED.has(job.status);
    const seconds = job.status === "Completed" ? QPU_SECONDS : 0;
    const timestamps = {
      created: iso(job.createdAt),
      ...(job.runningAt === undefined ? {} : { running: iso(job.runningAt) }),
      ...(job.finishedAt === undefined ? {} : { finished: iso(job.finishedAt) }),
    };
    if (apiVersion >= QPU_CHARGE_API_VERSION) {
      if (ended) job.metricsReadsEnded++;
      const settled = ended && job.metricsReadsEnded > (options.pendingUsageReads ?? 1);
      return replay(jobMetricsQpuCharge, {
        ...jobMetricsQpuCharge.body,
        timestamps,
        usage: { qpu_charge_time_seconds: settled ? seconds : 0, status: settled ? (options.settledUsageStatus ?? "completed") : "pending" },
      });
    }
    return replay(jobMetricsLegacy, {
      ...jobMetricsLegacy.body,
      timestamps,
      bss: { seconds },
      usage: { quantum_seconds: seconds, seconds },
    });
  };

  const results = (job: FakeJob): Response => {
    if (job.status !== "Completed") return replay(errorNotFound);
    const { circuit, measuredInto, classicalBits } = parseQasm(job.qasm).parsed!;
    const body = structuredClone(jobResults.body);
    body.results[0].data.c = { samples: sampleHex(circuit, measuredInto, job.shots, job.id), num_bits: classicalBits };
    return replay(jobResults, body);
  };

  const cancel = (job: FakeJob): Response => {
    const share = options.finishBeforeCancel;
    const finishes = share === true || (typeof share === "number" && random() < share);
    if (finishes && !ENDED.has(job.status) && job.failure === undefined) {
      enter(job, "Running");
      enter(job, "Completed");
    }
    if (ENDED.has(job.status))
      return apiError(409, "conflict", `Job ${job.id} has ended (${job.status}) and cannot be cancelled.`);
    enter(job, "Cancelled");
    return new Response(null, { status: 204 });
  };

  /** Seconds until a creation is allowed again, or 0 (and the creation counted) when it is allowed now. */
  const rateLimitWait = (): number => {
    const t = now();
    creations = creations.filter((at) => at > t - RATE_WINDOW_MS);
    if (creations.length < JOB_CREATES_PER_MINUTE) {
      creations.push(t);
      return 0;
    }
    return Math.max(1, Math.ceil((creations[0] + RATE_WINDOW_MS - t) / 1000));
  };

  const createJob = async (body: string, signal: AbortSignal | null): Promise<Response> => {
    if (options.jobRateLimit !== false) {
      const wait = rateLimitWait();
      if (wait > 0) return replay(errorRateLimited, errorRateLimited.body, { "retry-after": String(wait) });
    }
    let request: {
      program_id?: unknown;
      backend?: unknown;
      tags?: unknown;
      cost?: unknown;
      params?: { pubs?: unknown; shots?: unknown; version?: unknown };
    };
    try {
      request = JSON.parse(body);
    } catch {
      return apiError(400, "bad_request", "Request body is not JSON.");
    }
    const pubs = request.params?.pubs;
    const qasm = Array.isArray(pubs) && Array.isArray(pubs[0]) ? pubs[0][0] : undefined;
    const tags = request.tags ?? [];
    if (request.program_id !== "sampler") return apiError(400, "bad_request", "program_id must be sampler.");
    if (typeof request.backend !== "string" || !KNOWN_BACKENDS.has(request.backend)) {
      return apiError(400, "bad_request", "Unknown backend.");
    }
    if (request.params?.version !== 2 || typeof request.params.shots !== "number" || typeof qasm !== "string") {
      return apiError(400, "bad_request", "params must be { pubs: [[qasm]], shots, version: 2 }.");
    }
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) {
      return apiError(400, "bad_request", "tags must be a list of strings.");
    }
    // IBM checks the circuit against the target after accepting the job, which then ends Failed (reason 1517).
    const problem = parseQasm(qasm).problem;
    createdSinceReset++;
    const chosenToFail = options.failCreatedJobs?.includes(createdSinceReset) ? "Error in transpilation process." : undefined;

    const id = `${jobCreated.body.id.slice(0, -4)}${String(++issuedJobs).padStart(4, "0")}`;
    jobs.set(id, {
      id,
      backend: request.backend,
      qasm,
      shots: request.params.shots,
      tags,
      status: "Queued",
      polls: 0,
      createdAt: now(),
      metricsReadsEnded: 0,
      programId: request.program_id,
      cost: typeof request.cost === "number" ? request.cost : jobStatusQueued.body.cost,
      params: request.params,
      failure: problem ? `Error in transpilation process. ${problem}` : chosenToFail,
    });
    const response = replay(jobCreated, { ...jobCreated.body, id, backend: request.backend });
    if (hangsLeft > 0 && options.createHangsMs !== undefined) {
      hangsLeft--;
      await hang(options.createHangsMs, signal);
    }
    if (frontEndErrorsLeft > 0) {
      frontEndErrorsLeft--;
      return cloudflareTimeout();
    }
    return response;
  };

  /** JobsResponse, newest first: the jobs carrying every tag asked for, filtered by pending, backend and program. */
  const listJobs = (query: URLSearchParams): Response => {
    const limit = Number(query.get("limit") ?? DEFAULT_LIST_LIMIT);
    const offsetParam = Number(query.get("offset") ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || !Number.isInteger(offsetParam) || offsetParam < 0) {
      return apiError(400, "bad_request", "limit and offset must be non-negative integers.");
    }
    const tags = query.getAll("tags");
    const pending = query.get("pending");
    const matching = [...jobs.values()]
      .filter((job) => tags.every((tag) => job.tags.includes(tag)))
      .filter((job) => pending === null || (pending === "true") === !ENDED.has(job.status))
      .filter((job) => !query.has("backend") || job.backend === query.get("backend"))
      .filter((job) => !query.has("program") || job.programId === query.get("program"));
    // The map keeps creation order, which stays right when a frozen clock gives jobs equal times.
    if (query.get("sort") !== "ASC") matching.reverse();
    const withParams = query.get("exclude_params") !== "true";
    return replay(jobsList, {
      jobs: matching.slice(offsetParam, offsetParam + limit).map((job) => jobResponse(job, withParams)),
      count: matching.length,
      offset: offsetParam,
      limit,
    });
  };

  const instanceUsage = (): Response => {
    const recording = USAGE_RECORDINGS[options.usage ?? "limit"];
    const body = options.instanceUsage ?? {
      ...(recording.body as object),
      instance_id: options.instanceCrn ?? FAKE_INSTANCE_CRN,
    };
    return replay(recording, body);
  };

  const routeApi = async (
    request: Request,
    path: string,
    body: string,
    signal: AbortSignal | null,
  ): Promise<Response> => {
    const [pathname, search = ""] = path.split("?");
    const query = new URLSearchParams(search);
    const segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const [root, id, sub] = segments;
    const { method } = request;

    if (root === "backends" && method === "GET") {
      if (segments.length === 1) return replay(backends);
      if (!KNOWN_BACKENDS.has(id) || segments.length !== 3) return replay(errorNotFound);
      if (sub === "status") return replay(backendStatus, (backendStatus.bodies as Record<string, unknown>)[id]);
      if (sub === "configuration") {
        if (options.unparsableConfigurationFor?.includes(id)) {
          return replay(backendConfiguration, { backend_name: id, basis_gates: null, coupling_map: "1-2,2-3" });
        }
        return replay(backendConfiguration, { ...backendConfiguration.body, backend_name: id });
      }
      if (sub === "properties") return replay(backendProperties, { ...backendProperties.body, backend_name: id });
    }
    if (root === "jobs" && segments.length === 1) {
      if (method === "POST") return createJob(body, signal);
      if (method === "GET") return listJobs(query);
    }
    const job = root === "jobs" ? jobs.get(id) : undefined;
    if (root === "jobs" && !job) return replay(errorNotFound);
    if (job && method === "GET" && segments.length === 2) {
      const failure = statusReadFailures.shift();
      if (failure) return scriptedFailure(failure, path, signal);
      advance(job);
      return replay(STATUS_RECORDINGS[job.status], jobResponse(job, query.get("exclude_params") !== "true"));
    }
    if (job && method === "GET" && sub === "results") return results(job);
    if (job && method === "GET" && sub === "metrics") {
      if (options.metricsAvailable === false) return replay(errorNotFound);
      return metrics(job, request.headers.get("ibm-api-version") ?? "");
    }
    if (job && method === "POST" && sub === "cancel") return cancel(job);
    if (root === "instances" && id === "usage" && method === "GET") return instanceUsage();
    return replay(errorNotFound);
  };

  const handle = async (request: Request, signal: AbortSignal | null = request.signal): Promise<Response> => {
    const url = new URL(request.url);
    // Decoded by hand: workerd warns when .text() meets IAM's form body.
    const body =
      request.method === "GET" || request.method === "HEAD"
        ? ""
        : new TextDecoder().decode(await request.arrayBuffer());
    const isIam = url.pathname === IAM_PATH;
    const path = isIam ? url.pathname : url.pathname.replace(API_PREFIX, "") + url.search;
    calls.push({ method: request.method, url: request.url, path, headers: Object.fromEntries(request.headers), body });
    const fault = randomFault();
    // A POST's fault may land after IBM acted on it (a job made, a cancel done): a 524, a lost answer, a garbled 200.
    const afterAction = request.method === "POST" && !isIam && (fault === "gateway-timeout" || fault === "network-error" || fault === "odd-shape");
    if (fault && !afterAction) {
      return scriptedFailure(isIam && fault !== "network-error" && fault !== "never-answers" ? "server-error" : fault, path, signal);
    }
    if (isIam) return request.method === "POST" ? handleIam(body) : replay(errorNotFound);

    const failure = failures.shift();
    if (failure) return scriptedFailure(failure, path, signal);
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const expiresAt = tokens.get(token);
    if (expiresAt === undefined || now() >= expiresAt) return unauthorized(path);
    const crn = options.instanceCrn ?? FAKE_INSTANCE_CRN;
    if (request.headers.get("service-crn") !== crn) return replay(errorForbidden);
    // On IBM's own hosts the instance is served only by its region's API (us-east has no prefix).
    const host = IBM_API_HOST.exec(url.hostname);
    if (host && (host[1] ?? "us-east") !== regionOf(crn)) {
      return apiError(403, "forbidden", `The instance is in ${regionOf(crn)}; call its region's API.`);
    }
    const apiVersion = request.headers.get("ibm-api-version");
    if (options.requiredApiVersion !== undefined && apiVersion !== options.requiredApiVersion) {
      return apiError(400, "bad_request", `Unsupported IBM-API-Version: ${apiVersion ?? "(none)"}.`);
    }
    const answer = await routeApi(request, path, body, signal);
    // A garbled body stands in for a success only; a refusal (a 409 on a cancel) is never garbled into a 200.
    if (afterAction && (fault !== "odd-shape" || answer.ok)) return scriptedFailure(fault!, path, signal);
    return answer;
  };

  return {
    handle,
    fetch: (input, init) => {
      const request = new Request(input, init);
      return handle(request, init?.signal ?? request.signal);
    },
    calls,
    apiCalls: () => calls.filter((call) => call.path !== IAM_PATH),
    iamCalls: () => calls.filter((call) => call.path === IAM_PATH),
    jobs,
    failNextWith: (...more) => {
      failures.push(...more);
    },
    revokeTokens: () => tokens.clear(),
    now,
    advanceClock: (ms) => {
      offset += ms;
    },
    reset,
    state: () => ({
      calls: [...calls],
      jobs: [...jobs.values()].map(({ id, backend, tags, status, qasm, shots, createdAt, runningAt }) => ({
        id,
        charged: runningAt !== undefined,
        backend,
        tags,
        status,
        qasm,
        shots,
        createdAt: iso(createdAt),
      })),
    }),
  };
}

/** Waits `ms` ("forever": until aborted); an abort rejects with its reason, as fetch does. */
function hang(ms: number | "forever", signal: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const abort = () => {
      clearTimeout(timer);
      reject(signal?.reason ?? new DOMException("The operation was aborted.", "AbortError"));
    };
    const timer =
      ms === "forever"
        ? undefined
        : setTimeout(() => {
            signal?.removeEventListener("abort", abort);
            resolve();
          }, ms);
    if (signal?.aborted) abort();
    signal?.addEventListener("abort", abort, { once: true });
  });
}

const SCENARIO_KEYS: Record<keyof IbmFakeScenario, (value: unknown) => boolean> = {
  apiKey: (v) => typeof v === "string",
  instanceCrn: (v) => typeof v === "string",
  tokenTtlSeconds: (v) => typeof v === "number" && v > 0,
  clockOffsetMs: (v) => typeof v === "number",
  jobOutcome: (v) => v === "completed" || v === "failed",
  queuedForever: (v) => typeof v === "boolean",
  jobRateLimit: (v) => typeof v === "boolean",
  rateLimitTimes: (v) => Number.isInteger(v) && (v as number) >= 0,
  retryAfterSeconds: (v) => typeof v === "number" && v >= 0,
  failNextWith: (v) => Array.isArray(v) && v.every((f) => (FAILURES as readonly unknown[]).includes(f)),
  usage: (v) => v === "limit" || v === "allocation" || v === "unlimited" || v === "limit-reached",
  instanceUsage: (v) => typeof v === "object" && v !== null && !Array.isArray(v),
  metricsAvailable: (v) => typeof v === "boolean",
  pendingUsageReads: (v) => Number.isInteger(v) && (v as number) >= 0,
  createHangsMs: (v) => v === "forever" || (typeof v === "number" && v >= 0),
  createHangsTimes: (v) => Number.isInteger(v) && (v as number) >= 0,
  requiredApiVersion: (v) => typeof v === "string",
  failCreatedJobs: (v) => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n > 0),
  failStatusReadsWith: (v) => Array.isArray(v) && v.every((f) => (FAILURES as readonly unknown[]).includes(f)),
  createFrontEndErrors: (v) => Number.isInteger(v) && (v as number) >= 0,
  finishBeforeCancel: (v) => typeof v === "boolean" || (typeof v === "number" && v >= 0 && v <= 1),
  unparsableConfigurationFor: (v) => Array.isArray(v) && v.every((name) => typeof name === "string"),
  settledUsageStatus: (v) => typeof v === "string",
  faults: (v) => {
    const f = v as { seed?: unknown; rate?: unknown; kinds?: unknown } | null;
    return typeof f === "object" && f !== null && Number.isInteger(f.seed) && typeof f.rate === "number" && f.rate >= 0 && f.rate <= 1 &&
      (f.kinds === undefined || (Array.isArray(f.kinds) && f.kinds.every((k) => (FAILURES as readonly unknown[]).includes(k))));
  },
};

/** The transient faults of the chaos test (never 401/403/404, which say something about the request). */
const CHAOS_FAULTS: IbmFakeFailure[] = ["server-error", "gateway-timeout", "never-answers", "odd-shape", "rate-limited", "network-error"];

/** IBM's API sits behind Cloudflare, whose proxy gives up on an origin after 100 s with a 524 HTML page. */
function cloudflareTimeout(): Response {
  return new Response("<!DOCTYPE html><title>A timeout occurred | quantum.cloud.ibm.com | Cloudflare</title><h1>Error code 524</h1>", {
    status: 524,
    headers: { "content-type": "text/html; charset=UTF-8" },
  });
}

/** A small seeded generator, so a chaos run can be replayed from its printed seed. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Checks a scenario that came as JSON; throws a TypeError naming the first unknown key or wrong value. */
export function parseScenario(input: unknown): IbmFakeScenario {
  if (input === null || input === undefined) return {};
  if (typeof input !== "object" || Array.isArray(input)) throw new TypeError("A scenario is a JSON object.");
  for (const [key, value] of Object.entries(input)) {
    const valid = Object.hasOwn(SCENARIO_KEYS, key) ? SCENARIO_KEYS[key as keyof IbmFakeScenario] : undefined;
    if (!valid) throw new TypeError(`Unknown scenario option: ${key}`);
    if (!valid(value)) throw new TypeError(`Invalid value for scenario option ${key}: ${JSON.stringify(value)}`);
  }
  return input as IbmFakeScenario;
}
