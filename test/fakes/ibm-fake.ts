/**
 * A fake IBM Cloud IAM + Qiskit Runtime service: a pure `(request) => Promise<Response>` handler
 * that runs in workerd and Node. It replays the recorded response shapes in ./ibm-recorded and
 * really runs submitted jobs: the OpenQASM 3 is parsed (native gates rz, sx, x, cz and
 * `c[i] = measure $k` only, as IBM's ISA requires), checked against the coupling map, simulated
 * exactly and sampled with a PRNG seeded from the job id, then reported as IBM does — hex
 * integers whose bit i is classical bit c[i].
 *
 * Checks it makes like the real service: IAM wants the right API key; every API call needs a
 * live bearer token it issued (expiry follows the injected clock) and the right Service-CRN.
 */
import type { Circuit, Gate } from "../../workers/quantum/circuit";
import { seededRandom } from "../../workers/quantum/prng";
import { indexProbabilities, simulate } from "../../workers/quantum/state-vector";
import backendConfiguration from "./ibm-recorded/backend-configuration.json";
import backendStatus from "./ibm-recorded/backend-status.json";
import backends from "./ibm-recorded/backends.json";
import errorForbidden from "./ibm-recorded/error-forbidden.json";
import errorNotFound from "./ibm-recorded/error-not-found.json";
import errorRateLimited from "./ibm-recorded/error-rate-limited.json";
import errorServer from "./ibm-recorded/error-server.json";
import errorUnauthorized from "./ibm-recorded/error-unauthorized.json";
import errorUsageExceeded from "./ibm-recorded/error-usage-exceeded.json";
import iamInvalidApiKey from "./ibm-recorded/iam-invalid-apikey.json";
import iamToken from "./ibm-recorded/iam-token.json";
import instanceUsage from "./ibm-recorded/instance-usage.json";
import jobCreated from "./ibm-recorded/job-created.json";
import jobMetrics from "./ibm-recorded/job-metrics.json";
import jobResults from "./ibm-recorded/job-results.json";
import jobStatusCompleted from "./ibm-recorded/job-status-completed.json";
import jobStatusFailed from "./ibm-recorded/job-status-failed.json";
import jobStatusQueued from "./ibm-recorded/job-status-queued.json";
import jobStatusRunning from "./ibm-recorded/job-status-running.json";

export const FAKE_API_KEY = "fake-ibm-api-key-0123456789";
export const FAKE_INSTANCE_CRN =
  "crn:v1:bluemix:public:quantum-computing:us-east:a/0123456789abcdef0123456789abcdef:7c1e2f3a-4b5c-4d6e-8f90-a1b2c3d4e5f6::";

interface Recording {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

/** One-shot failures served, in order, to the next API (not IAM) calls. */
export type IbmFakeFailure =
  | "unauthorized"
  | "rate-limited"
  | "usage-exceeded"
  | "server-error"
  | "garbage-json"
  | "network-error";

export interface IbmFakeOptions {
  apiKey?: string;
  instanceCrn?: string;
  /** Lifetime of each issued token; default 3600 s as IAM gives. */
  tokenTtlSeconds?: number;
  /** Milliseconds since the epoch; share it with the client to test token expiry. */
  now?: () => number;
  jobOutcome?: "completed" | "failed";
  /** The next n API calls answer 429 with Retry-After. */
  rateLimitTimes?: number;
  /** Overrides the recorded Retry-After header (seconds). */
  retryAfterSeconds?: number;
  failNextWith?: IbmFakeFailure[];
  /** Replaces the recorded /instances/usage body, e.g. to drop fields. */
  instanceUsage?: Record<string, unknown>;
  /** When false, /jobs/{id}/metrics answers 404. */
  metricsAvailable?: boolean;
}

export interface RecordedCall {
  method: string;
  url: string;
  /** The path after /api/v1 for API calls; the IAM path for IAM calls. */
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface FakeJob {
  id: string;
  backend: string;
  qasm: string;
  shots: number;
  polls: number;
}

export interface IbmFake {
  fetch: typeof fetch;
  handle(request: Request): Promise<Response>;
  /** Every request received, IAM included, in order. */
  calls: RecordedCall[];
  apiCalls(): RecordedCall[];
  iamCalls(): RecordedCall[];
  jobs: Map<string, FakeJob>;
  failNextWith(...failures: IbmFakeFailure[]): void;
  /** Makes every issued token invalid, as when IAM rotates keys. */
  revokeTokens(): void;
}

const IAM_PATH = "/identity/token";
const API_PREFIX = "/api/v1";

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

export function createIbmFake(options: IbmFakeOptions = {}): IbmFake {
  const apiKey = options.apiKey ?? FAKE_API_KEY;
  const instanceCrn = options.instanceCrn ?? FAKE_INSTANCE_CRN;
  const ttlSeconds = options.tokenTtlSeconds ?? 3600;
  const now = options.now ?? Date.now;
  const failures: IbmFakeFailure[] = [
    ...Array<IbmFakeFailure>(options.rateLimitTimes ?? 0).fill("rate-limited"),
    ...(options.failNextWith ?? []),
  ];
  const tokens = new Map<string, number>();
  const calls: RecordedCall[] = [];
  const jobs = new Map<string, FakeJob>();
  let issued = 0;

  const handleIam = (body: string): Response => {
    const form = new URLSearchParams(body);
    if (form.get("grant_type") !== "urn:ibm:params:oauth:grant-type:apikey" || form.get("apikey") !== apiKey) {
      return replay(iamInvalidApiKey);
    }
    issued++;
    const token = `${iamToken.body.access_token}.${issued}`;
    tokens.set(token, now() + ttlSeconds * 1000);
    return replay(iamToken, {
      ...iamToken.body,
      access_token: token,
      expires_in: ttlSeconds,
      expiration: Math.floor(now() / 1000) + ttlSeconds,
    });
  };

  const scriptedFailure = (failure: IbmFakeFailure): Response => {
    switch (failure) {
      case "unauthorized":
        return replay(errorUnauthorized);
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
    }
  };

  const routeApi = (method: string, path: string, body: string): Response => {
    const segments = path.split("?")[0].split("/").filter(Boolean).map(decodeURIComponent);
    const [root, id, sub] = segments;
    if (method === "GET" && root === "backends" && segments.length === 1) return replay(backends);
    if (method === "GET" && root === "backends" && sub === "status") {
      const status = (backendStatus as Record<string, Recording>)[id];
      return status ? replay(status) : replay(errorNotFound);
    }
    if (method === "GET" && root === "backends" && sub === "configuration") {
      if (!(id in backendStatus)) return replay(errorNotFound);
      return replay(backendConfiguration, { ...backendConfiguration.body, backend_name: id });
    }
    if (method === "POST" && root === "jobs" && segments.length === 1) return createJob(body);
    if (method === "GET" && root === "jobs") {
      const job = jobs.get(id);
      if (!job) return replay(errorNotFound);
      if (segments.length === 2) return jobStatus(job);
      if (sub === "results") return jobResult(job);
      if (sub === "metrics") return options.metricsAvailable === false ? replay(errorNotFound) : replay(jobMetrics);
    }
    if (method === "GET" && root === "instances" && id === "usage") {
      return replay(instanceUsage, options.instanceUsage ?? instanceUsage.body);
    }
    return replay(errorNotFound);
  };

  const badRequest = (message: string) =>
    new Response(JSON.stringify({ errors: [{ code: "bad_request", message }] }), {
      status: 400,
      headers: { "content-type": "application/json" },
    });

  const createJob = (body: string): Response => {
    let request: {
      program_id?: unknown;
      backend?: unknown;
      params?: { pubs?: unknown; shots?: unknown; version?: unknown };
    };
    try {
      request = JSON.parse(body);
    } catch {
      return badRequest("Request body is not JSON.");
    }
    const pubs = request.params?.pubs;
    const qasm = Array.isArray(pubs) && Array.isArray(pubs[0]) ? pubs[0][0] : undefined;
    if (request.program_id !== "sampler") return badRequest("program_id must be sampler.");
    if (typeof request.backend !== "string" || !(request.backend in backendStatus))
      return badRequest("Unknown backend.");
    if (request.params?.version !== 2 || typeof request.params.shots !== "number" || typeof qasm !== "string") {
      return badRequest("params must be { pubs: [[qasm]], shots, version: 2 }.");
    }
    const problem = parseQasm(qasm).problem;
    if (problem) return badRequest(problem);
    const jobId = `${jobCreated.body.id.slice(0, -4)}${String(jobs.size + 1).padStart(4, "0")}`;
    jobs.set(jobId, { id: jobId, backend: request.backend, qasm, shots: request.params.shots, polls: 0 });
    return replay(jobCreated, { ...jobCreated.body, id: jobId, backend: request.backend });
  };

  const statusSequence: Recording[] =
    options.jobOutcome === "failed"
      ? [jobStatusQueued, jobStatusFailed]
      : [jobStatusQueued, jobStatusRunning, jobStatusCompleted];

  const currentStatus = (job: FakeJob): Recording =>
    statusSequence[Math.min(job.polls, statusSequence.length) - 1] ?? jobStatusQueued;

  const jobStatus = (job: FakeJob): Response => {
    job.polls++;
    const recording = currentStatus(job);
    return replay(recording, { ...(recording.body as object), id: job.id, backend: job.backend });
  };

  const jobResult = (job: FakeJob): Response => {
    if (currentStatus(job) !== jobStatusCompleted) return replay(errorNotFound);
    const { circuit, measuredInto, classicalBits } = parseQasm(job.qasm).parsed!;
    const body = structuredClone(jobResults.body);
    body.results[0].data.c = { samples: sampleHex(circuit, measuredInto, job.shots, job.id), num_bits: classicalBits };
    return replay(jobResults, body);
  };

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const body = request.method === "GET" ? "" : new TextDecoder().decode(await request.arrayBuffer());
    const isIam = url.pathname === IAM_PATH;
    const path = isIam ? url.pathname : url.pathname.replace(API_PREFIX, "") + url.search;
    calls.push({ method: request.method, url: request.url, path, headers: Object.fromEntries(request.headers), body });
    if (isIam) return request.method === "POST" ? handleIam(body) : replay(errorNotFound);

    const failure = failures.shift();
    if (failure) return scriptedFailure(failure);
    const token = request.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
    const expiresAt = tokens.get(token);
    if (expiresAt === undefined || now() >= expiresAt) return replay(errorUnauthorized);
    if (request.headers.get("service-crn") !== instanceCrn) return replay(errorForbidden);
    return routeApi(request.method, path, body);
  };

  return {
    handle,
    fetch: (input, init) => handle(new Request(input, init)),
    calls,
    apiCalls: () => calls.filter((call) => call.path !== IAM_PATH),
    iamCalls: () => calls.filter((call) => call.path === IAM_PATH),
    jobs,
    failNextWith: (...more) => {
      failures.push(...more);
    },
    revokeTokens: () => tokens.clear(),
  };
}

interface ParsedQasm {
  /** Physical qubits renumbered 0..k-1 in order of first use. */
  circuit: Circuit;
  /** measuredInto[i] = the renumbered qubit read into classical bit c[i]. */
  measuredInto: number[];
  classicalBits: number;
}

const couplings = new Set(backendConfiguration.body.coupling_map.map(([a, b]) => `${a}-${b}`));
const NUMBER = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;
const STATEMENTS: [
  RegExp,
  (m: RegExpMatchArray, qubit: (physical: string) => number) => Gate | { measure: [number, number] },
][] = [
  [
    new RegExp(String.raw`^rz\((${NUMBER})\) \$(\d+);$`, "i"),
    (m, qubit) => ({ op: "rz", q: qubit(m[2]), theta: Number(m[1]) }),
  ],
  [/^sx \$(\d+);$/, (m, qubit) => ({ op: "sx", q: qubit(m[1]) })],
  [/^x \$(\d+);$/, (m, qubit) => ({ op: "x", q: qubit(m[1]) })],
  [/^cz \$(\d+), \$(\d+);$/, (m, qubit) => ({ op: "cz", control: qubit(m[1]), target: qubit(m[2]) })],
  [/^c\[(\d+)\] = measure \$(\d+);$/, (m, qubit) => ({ measure: [Number(m[1]), qubit(m[2])] })],
];

function parseQasm(qasm: string): { parsed?: ParsedQasm; problem?: string } {
  const lines = qasm
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  const header = lines.slice(0, 3).join("\n");
  const bits = /^OPENQASM 3(?:\.0)?;\ninclude "stdgates\.inc";\nbit\[(\d+)\] c;$/.exec(header);
  if (!bits) return { problem: "Expected OPENQASM 3.0, stdgates.inc and one bit register c." };
  const classicalBits = Number(bits[1]);
  const physical: number[] = [];
  const qubit = (text: string) => {
    const index = physical.indexOf(Number(text));
    return index >= 0 ? index : physical.push(Number(text)) - 1;
  };
  const gates: Gate[] = [];
  const measuredInto: number[] = [];
  for (const line of lines.slice(3)) {
    const rule = STATEMENTS.find(([pattern]) => pattern.test(line));
    if (!rule) return { problem: `Not an ISA instruction for this backend: ${line}` };
    const statement = rule[1](line.match(rule[0])!, qubit);
    if ("measure" in statement) {
      measuredInto[statement.measure[0]] = statement.measure[1];
    } else {
      gates.push(statement);
    }
    if (
      "op" in statement &&
      statement.op === "cz" &&
      !couplings.has(`${physical[statement.control]}-${physical[statement.target]}`)
    ) {
      return {
        problem: `The instruction cz on qubits (${physical[statement.control]}, ${
          physical[statement.target]
        }) is not supported by the target.`,
      };
    }
  }
  if (measuredInto.length !== classicalBits || measuredInto.some((q) => q === undefined)) {
    return { problem: "Every classical bit must be measured." };
  }
  return { parsed: { circuit: { qubits: physical.length, gates }, measuredInto, classicalBits } };
}

function sampleHex(circuit: Circuit, measuredInto: number[], shots: number, seed: string): string[] {
  const byIndex = indexProbabilities(simulate(circuit));
  const rng = seededRandom(seed);
  const samples: string[] = [];
  for (let shot = 0; shot < shots; shot++) {
    let u = rng();
    let k = 0;
    while (k < byIndex.length - 1 && u >= byIndex[k]) u -= byIndex[k++];
    const value = measuredInto.reduce((acc, q, bit) => acc | (((k >> q) & 1) << bit), 0);
    samples.push(`0x${value.toString(16)}`);
  }
  return samples;
}
