import { describe, it, expect } from "vitest";
import { createProviderNamed } from "../../../workers/quantum";
import { parseSettings } from "~/server/edge/settings.server";
import { buildCircuit } from "../../../app/domain/circuit";
import { createIbmProvider, JOB_TAG, ringTag, type IbmProviderOptions } from "../../../workers/quantum/ibm";
import { IBM_API_VERSION } from "../../../workers/quantum/ibm-http";
import { physicalQubitsOf } from "../../../workers/quantum/qasm";
import { probabilities } from "../../../workers/quantum/state-vector";
import { ProviderError, type JobRef, type JobStatus, type QuantumProvider, type RingBatch } from "../../../workers/quantum/types";
import {
  createIbmFake,
  FAKE_API_KEY,
  FAKE_EU_DE_INSTANCE_CRN,
  FAKE_FAULTY_EDGE,
  FAKE_FAULTY_QUBIT,
  FAKE_INSTANCE_CRN,
  type IbmFakeOptions,
} from "../../fakes/ibm-fake";

const START = Date.UTC(2026, 10, 2, 10, 0, 0);
const HOUR = 3_600_000;
const MINUTE = 60_000;
const API = "https://quantum.cloud.ibm.com/api/v1";

const texts = ["peace on earth, for everyone", "clean water for every village", "kindness between neighbours", "an end to every war", "safe homes for refugees"];
const batchOf = (ringId: string, size = 3): RingBatch => ({
  ringId,
  wishes: texts.slice(0, size).map((text, i) => ({ id: `w${i}`, text })),
});

function setup(fakeOptions: IbmFakeOptions = {}, providerOptions: Partial<IbmProviderOptions> = {}) {
  let clock = START;
  const now = () => clock;
  const fake = createIbmFake({ now, ...fakeOptions });
  const provider = createIbmProvider({ apiKey: FAKE_API_KEY, instanceCrn: FAKE_INSTANCE_CRN, apiUrl: API, fetch: fake.fetch, now, ...providerOptions });
  return { fake, provider, advance: (ms: number) => (clock += ms) };
}

async function pollToEnd(provider: QuantumProvider, job: JobRef): Promise<JobStatus[]> {
  const seen: JobStatus[] = [];
  for (let i = 0; i < 10; i++) {
    const status = await provider.poll(job);
    seen.push(status);
    if (status.state === "completed" || status.state === "failed") return seen;
  }
  throw new Error("job never finished");
}

async function rejection(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const seconds = async (provider: QuantumProvider) => {
  const remaining = await provider.remaining();
  return "seconds" in remaining ? remaining.seconds : Infinity;
};

describe("IBM provider: submitting", () => {
  it("posts a tagged sampler job with an OpenQASM 3 circuit in native gates on a coupled line", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-submit", 4));
    expect(job).toMatchObject({ provider: "ibm", jobId: expect.any(String), backend: "ibm_marrakesh" });

    const post = fake.apiCalls().find((call) => call.method === "POST" && call.path === "/jobs")!;
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({ program_id: "sampler", backend: "ibm_marrakesh", params: { shots: 100, version: 2 }, tags: [JOB_TAG, ringTag("ring-submit")] });
    expect(body.params.support_qiskit).toBeUndefined();
    const qasm: string = body.params.pubs[0][0];
    expect(qasm.startsWith('OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[4] c;\n')).toBe(true);
    expect(qasm).not.toMatch(/\b(ry|cx|h) /);
    expect(job.qasm).toBe(qasm);
    expect(job.physicalQubits).toHaveLength(4);
    expect(physicalQubitsOf(qasm)).toEqual(job.physicalQubits);
    expect(fake.jobs.get(job.jobId)?.qasm).toBe(qasm);
  });

  it("6. chooses the least busy online backend from a list with odd and partial entries, reading no status per backend", async () => {
    const { fake, provider } = setup();
    await provider.submit(batchOf("ring-a"));
    await provider.submit(batchOf("ring-b"));
    const gets = fake.apiCalls().filter((call) => call.method === "GET").map((call) => call.path);
    // ibm_torino is paused, ibm_kingston reports a status outside the schema, ibm_aachen has no queue length.
    expect(gets).toEqual(["/backends", "/backends/ibm_marrakesh/configuration", "/backends/ibm_marrakesh/properties"]);
  });

  it("uses a configured backend without listing backends", async () => {
    const { fake, provider } = setup({}, { backend: "ibm_fez" });
    expect((await provider.submit(batchOf("ring-fez"))).backend).toBe("ibm_fez");
    expect(fake.apiCalls().map((call) => call.path)).toEqual(["/backends/ibm_fez/configuration", "/backends/ibm_fez/properties", "/jobs"]);
  });

  it("5. never places a wish on the faulty qubit or across the faulty edge, which the lowest line would use", async () => {
    const { fake, provider } = setup({ jobRateLimit: false });
    for (let size = 1; size <= 5; size++) {
      const job = await provider.submit(batchOf(`ring-line-${size}`, size));
      expect(job.physicalQubits).not.toContain(FAKE_FAULTY_QUBIT);
      const pairs = job.physicalQubits.slice(1).map((q, i) => [job.physicalQubits[i], q].sort((a, b) => a - b).join("-"));
      expect(pairs).not.toContain([...FAKE_FAULTY_EDGE].sort((a, b) => a - b).join("-"));
    }
    // The fake refuses, as IBM does, any circuit on a faulty qubit or edge: every submission above was accepted.
    expect(fake.jobs.size).toBe(5);
  });

  it("sends the bearer token, Service-CRN, the pinned API version and Accept headers on every API call", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-headers"));
    await pollToEnd(provider, job);
    await provider.remaining();
    expect(IBM_API_VERSION).toBe("2026-04-15");
    for (const call of fake.apiCalls()) {
      expect(call.headers.authorization).toMatch(/^Bearer \S+\.1$/);
      expect(call.headers["service-crn"]).toBe(FAKE_INSTANCE_CRN);
      expect(call.headers["ibm-api-version"]).toBe(IBM_API_VERSION);
      expect(call.headers.accept).toBe("application/json");
    }
  });

  it("asks IAM with the API key grant as a form", async () => {
    const { fake, provider } = setup();
    await provider.remaining();
    const [iam] = fake.iamCalls();
    expect(iam.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(iam.body))).toEqual({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: FAKE_API_KEY });
  });
});

describe("IBM provider: 1. the region of the instance", () => {
  it("an eu-de instance is served by the eu-de host, derived from its CRN", async () => {
    const fake = createIbmFake({ instanceCrn: FAKE_EU_DE_INSTANCE_CRN, now: () => START });
    const provider = createProviderNamed(
      "ibm",
      parseSettings({ IBM_API_KEY: FAKE_API_KEY, IBM_INSTANCE_CRN: FAKE_EU_DE_INSTANCE_CRN, IBM_IAM_URL: "https://iam.cloud.ibm.com/identity/token" }).settings,
      { remainingSimulatorSeconds: async () => 0, fetch: fake.fetch },
    );
    expect(await seconds(provider)).toBe(527);
    expect(fake.apiCalls().map((call) => call.url)).toEqual(["https://eu-de.quantum.cloud.ibm.com/api/v1/instances/usage"]);
  });
});

describe("IBM provider: 3. a slow job creation", () => {
  it("has its own long deadline, apart from the short one of every other call", async () => {
    const { fake, provider } = setup({ createHangsMs: 300 }, { requestTimeoutMs: 100, jobCreateTimeoutMs: 5_000 });
    const job = await provider.submit(batchOf("ring-slow"));
    expect(fake.jobs.has(job.jobId)).toBe(true);
  });

  it("past its deadline says the outcome is unknown, and the job it made is found by the ring's tag", async () => {
    const { fake, provider } = setup({ createHangsMs: "forever" }, { jobCreateTimeoutMs: 100 });
    const error = await rejection(provider.submit(batchOf("ring-lost", 2)));
    expect(error).toMatchObject({ retryable: true, outcomeUnknown: true });
    expect(fake.jobs.size).toBe(1);

    const [found] = await provider.findJobs!("ring-lost");
    expect(found).toMatchObject({ provider: "ibm", backend: "ibm_marrakesh", state: "queued" });
    expect(found?.qasm).toMatch(/^OPENQASM 3\.0;/);
    expect(found?.physicalQubits).toHaveLength(2);
    expect(fake.jobs.has(found!.jobId)).toBe(true);
    expect(await provider.findJobs!("ring-never-made")).toEqual([]);
    const listing = fake.apiCalls().find((call) => call.path.startsWith("/jobs?"))!;
    expect(new URLSearchParams(listing.path.split("?")[1]).get("tags")).toBe(ringTag("ring-lost"));
  });
});

describe("IBM provider: polling", () => {
  it("goes queued → running → completed with 100 shots converted to our bit order", async () => {
    const { provider } = setup();
    const job = await provider.submit(batchOf("ring-poll", 5));
    const seen = await pollToEnd(provider, job);
    expect(seen.map((s) => s.state)).toEqual(["queued", "running", "completed"]);
    const done = seen[2];
    if (done.state !== "completed") return;
    expect(Object.values(done.counts).reduce((a, b) => a + b, 0)).toBe(100);
    for (const bits of Object.keys(done.counts)) expect(bits).toMatch(/^[01]{5}$/);
    expect(done.counts[done.bitstring]).toBe(Math.max(...Object.values(done.counts)));
  });

  it("7. reads the job's state from state.status, with the top-level status only as a fallback", async () => {
    const fake = createIbmFake({ now: () => START });
    const withoutTopLevel: typeof fetch = async (input, init) => {
      const response = await fake.fetch(input, init);
      const url = new URL(new Request(input, init).url);
      if (!/^\/api\/v1\/jobs\/[^/]+$/.test(url.pathname)) return response;
      const { status: _dropped, ...body } = (await response.json()) as Record<string, unknown>;
      return Response.json(body, { status: response.status });
    };
    const provider = createIbmProvider({ apiKey: FAKE_API_KEY, instanceCrn: FAKE_INSTANCE_CRN, apiUrl: API, fetch: withoutTopLevel, now: () => START });
    const job = await provider.submit(batchOf("ring-state"));
    expect((await pollToEnd(provider, job)).map((s) => s.state)).toEqual(["queued", "running", "completed"]);
  });

  it("7. usage is unknown while IBM says pending, then the settled qpu_charge_time_seconds, with queue and run times", async () => {
    const { provider } = setup({ pendingUsageReads: 1 });
    const job = await provider.submit(batchOf("ring-usage"));
    const done = (await pollToEnd(provider, job)).at(-1)!;
    expect(done).toMatchObject({ state: "completed", usageSeconds: null });
    const later = await provider.usage!(job);
    expect(later.usageSeconds).toBe(2);
    expect(later.queueSeconds).toBeGreaterThan(0);
    expect(later.runSeconds).toBeGreaterThan(0);
  });

  it("reads wish i from classical bit i end to end: the sharpest outcome comes back unreversed", async () => {
    let batch: RingBatch | undefined;
    let expected = "";
    for (let i = 0; !batch; i++) {
      const candidate = batchOf(`ring-${i}`);
      const [best, second] = Object.entries(probabilities(await buildCircuit(candidate))).sort((a, b) => b[1] - a[1]);
      const palindrome = best[0] === [...best[0]].reverse().join("");
      if (best[1] - second[1] > 0.3 && !palindrome) [batch, expected] = [candidate, best[0]];
    }
    const { provider } = setup();
    const seen = await pollToEnd(provider, await provider.submit(batch));
    expect(seen.at(-1)).toMatchObject({ state: "completed", bitstring: expected });
  });

  it("only reports outcomes the logical circuit can produce", async () => {
    const batch = batchOf("ring-possible", 4);
    const exact = probabilities(await buildCircuit(batch));
    const { provider } = setup();
    const done = (await pollToEnd(provider, await provider.submit(batch))).at(-1)!;
    if (done.state !== "completed") throw new Error(done.state);
    for (const bits of Object.keys(done.counts)) expect(exact[bits]).toBeGreaterThan(1e-9);
  });

  it("reports a failed job as failed and worth retrying, with IBM's reason", async () => {
    const { provider } = setup({ jobOutcome: "failed" });
    const seen = await pollToEnd(provider, await provider.submit(batchOf("ring-fail")));
    expect(seen.map((s) => s.state)).toEqual(["queued", "failed"]);
    expect(seen[1]).toMatchObject({ state: "failed", retryable: true, error: expect.stringMatching(/^The IBM job failed/) });
  });

  it("keeps usage unknown when metrics are unavailable, without holding back the result", async () => {
    const { provider } = setup({ metricsAvailable: false });
    const done = (await pollToEnd(provider, await provider.submit(batchOf("ring-metrics")))).at(-1)!;
    expect(done).toMatchObject({ state: "completed", usageSeconds: null, queueSeconds: null, runSeconds: null });
  });

  it("4. cancels a job that stays queued; it then reads as cancelled", async () => {
    const { fake, provider } = setup({ queuedForever: true });
    const job = await provider.submit(batchOf("ring-stuck"));
    expect(await provider.poll(job)).toEqual({ state: "queued" });
    expect(await provider.poll(job)).toEqual({ state: "queued" });
    await provider.cancel!(job);
    expect(fake.apiCalls().some((call) => call.method === "POST" && call.path === `/jobs/${job.jobId}/cancel`)).toBe(true);
    expect(await provider.poll(job)).toMatchObject({ state: "failed", error: expect.stringMatching(/cancelled/) });
    await provider.cancel!(job);
  });

  it("does not poll IBM for a job another provider made", async () => {
    const { fake, provider } = setup();
    expect(await provider.poll({ provider: "simulator", jobId: "sim:r:00=100", backend: "simulator" })).toMatchObject({ state: "failed", retryable: false });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("IBM provider: tokens", () => {
  it("fetches the token once and reuses it", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-token"));
    await pollToEnd(provider, job);
    await provider.remaining();
    expect(fake.iamCalls()).toHaveLength(1);
    expect(fake.apiCalls().length).toBeGreaterThan(5);
  });

  it("refreshes five minutes before the token expires, not earlier", async () => {
    const { fake, provider, advance } = setup();
    await provider.remaining();
    advance(HOUR - 5 * MINUTE - 1000);
    await provider.remaining();
    expect(fake.iamCalls()).toHaveLength(1);
    advance(1000);
    await provider.remaining();
    expect(fake.iamCalls()).toHaveLength(2);
    const [first, beforeRefresh, afterRefresh] = fake.apiCalls().map((call) => call.headers.authorization);
    expect(beforeRefresh).toBe(first);
    expect(afterRefresh).not.toBe(first);
  });

  it("refreshes an expired token", async () => {
    const { fake, provider, advance } = setup({ tokenTtlSeconds: 600 });
    await provider.remaining();
    advance(11 * MINUTE);
    expect(await seconds(provider)).toBe(527);
    expect(fake.iamCalls()).toHaveLength(2);
  });

  it("on a 401 refreshes the token once and retries", async () => {
    const { fake, provider } = setup();
    await provider.remaining();
    fake.revokeTokens();
    expect(await seconds(provider)).toBe(527);
    expect(fake.iamCalls()).toHaveLength(2);
    expect(fake.apiCalls().map((call) => call.path)).toEqual(["/instances/usage", "/instances/usage", "/instances/usage"]);
  });

  it("gives up without retry when a fresh token is refused too", async () => {
    const { fake, provider } = setup({ failNextWith: ["unauthorized", "unauthorized"] });
    const error = await rejection(provider.remaining());
    expect(error.retryable).toBe(false);
    expect(fake.iamCalls()).toHaveLength(2);
  });

  it("reports a wrong API key as a non-retryable error that does not contain the key", async () => {
    const { provider } = setup({ apiKey: "the-key-IBM-knows" });
    const error = await rejection(provider.remaining());
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/IAM refused the API key/);
    expect(error.message).not.toContain(FAKE_API_KEY);
  });

  it("never puts the API key into an error, whatever the transport says", async () => {
    const leakyFetch: typeof fetch = async (input) => {
      if (String(input).includes("identity/token")) return Response.json({ access_token: "t", expires_in: 3600 });
      throw new TypeError(`connect failed for apikey=${FAKE_API_KEY}`);
    };
    const provider = createIbmProvider({ apiKey: FAKE_API_KEY, instanceCrn: FAKE_INSTANCE_CRN, apiUrl: API, fetch: leakyFetch });
    const error = await rejection(provider.remaining());
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain(FAKE_API_KEY);
    expect(error.message).toContain("[redacted]");
  });
});

describe("IBM provider: errors", () => {
  it("8. the sixth job creation in a minute is refused with Retry-After, given back at once without sleeping", async () => {
    const { fake, provider, advance } = setup();
    for (let i = 0; i < 5; i++) await provider.submit(batchOf(`ring-rate-${i}`, 1));
    const started = performance.now();
    const error = await rejection(provider.submit(batchOf("ring-rate-6", 1)));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: expect.any(Number) });
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(fake.jobs.size).toBe(5);
    advance(MINUTE);
    await provider.submit(batchOf("ring-rate-6", 1));
    expect(fake.jobs.size).toBe(6);
  });

  it("a scripted 429 on a read is not waited out either", async () => {
    const { fake, provider } = setup({ rateLimitTimes: 1, retryAfterSeconds: 120 });
    const error = await rejection(provider.remaining());
    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 120 });
    expect(fake.apiCalls()).toHaveLength(1);
  });

  it("turns 409 'usage exceeds instance limit' into a non-retryable out-of-time error", async () => {
    const { fake, provider } = setup({}, { backend: "ibm_fez" });
    await provider.remaining();
    fake.failNextWith("usage-exceeded");
    const error = await rejection(provider.submit(batchOf("ring-409")));
    expect(error).toMatchObject({ retryable: false, message: "The quantum instance has used up its time." });
  });

  it("turns garbage JSON into a retryable error that says so", async () => {
    const { provider } = setup({ failNextWith: ["garbage-json"] });
    const error = await rejection(provider.remaining());
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/unreadable JSON/);
  });

  it("turns an unexpected JSON shape into a retryable error", async () => {
    const { provider } = setup({ instanceUsage: { usage_limit_seconds: "lots" } });
    const error = await rejection(provider.remaining());
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/unexpected shape/);
  });

  it("treats 5xx and network failures as retryable", async () => {
    const { provider } = setup({ failNextWith: ["server-error"] });
    expect(await rejection(provider.remaining())).toMatchObject({ retryable: true, message: expect.stringMatching(/HTTP 5\d\d/) });
    const offline = setup({ failNextWith: ["network-error"] });
    expect(await rejection(offline.provider.remaining())).toMatchObject({ retryable: true });
  });

  it("refuses a wrong Service-CRN without retry", async () => {
    const { provider } = setup({ instanceCrn: "crn:v1:bluemix:public:quantum-computing:us-east:a/other::" });
    expect(await rejection(provider.remaining())).toMatchObject({ retryable: false, message: expect.stringContaining("HTTP 403") });
  });

  it("refuses a configured backend it does not know, and chooses again after a failed choice", async () => {
    const unknown = setup({}, { backend: "ibm_nowhere" });
    expect(await rejection(unknown.provider.submit(batchOf("ring-x")))).toMatchObject({ retryable: false });

    const { fake, provider } = setup({ failNextWith: ["server-error"] });
    await rejection(provider.submit(batchOf("ring-y")));
    expect((await provider.submit(batchOf("ring-y"))).backend).toBe("ibm_marrakesh");
    expect(fake.apiCalls().filter((call) => call.path === "/backends")).toHaveLength(2);
  });
});

describe("IBM provider: 2. remaining time, in every combination IBM documents", () => {
  it("limit − consumed when the instance has a limit", async () => {
    expect(await setup({ usage: "limit" }).provider.remaining()).toEqual({ seconds: 527 });
  });

  it("allocation − consumed when it has only an allocation", async () => {
    const remaining = await setup({ usage: "allocation" }).provider.remaining();
    expect(remaining).toEqual({ seconds: expect.any(Number) });
    expect((remaining as { seconds: number }).seconds).toBeGreaterThan(0);
  });

  it("unlimited when it has neither, or the operator's monthly budget minus what was consumed", async () => {
    expect(await setup({ usage: "unlimited" }).provider.remaining()).toEqual({ unlimited: true });
    const budget = await setup({ usage: "unlimited" }, { monthlyBudgetSeconds: 10_000 }).provider.remaining();
    expect((budget as { seconds: number }).seconds).toBeLessThan(10_000);
    expect((budget as { seconds: number }).seconds).toBeGreaterThan(0);
  });

  it("0 once the limit is reached, never a negative number, accepting numeric strings", async () => {
    expect(await setup({ usage: "limit-reached" }).provider.remaining()).toEqual({ seconds: 0 });
    expect(await setup({ instanceUsage: { usage_limit_seconds: 600, usage_consumed_seconds: 640 } }).provider.remaining()).toEqual({ seconds: 0 });
    expect(await setup({ instanceUsage: { usage_limit_seconds: "600", usage_consumed_seconds: 100.5 } }).provider.remaining()).toEqual({ seconds: 499 });
  });
});

describe("IBM provider: issue 30, failing as IBM fails", () => {
  it("4. with no backend configured, skips a backend whose configuration does not parse, as IBM's least_busy does", async () => {
    const { provider } = setup({ unparsableConfigurationFor: ["ibm_marrakesh"] });
    const job = await provider.submit(batchOf("ring-odd-backend"));
    expect(job.backend).toBe("ibm_fez");
  });

  it("5. usage is final when usage.status is anything but pending", async () => {
    const { provider } = setup({ pendingUsageReads: 1, settledUsageStatus: "finalized" });
    const job = await provider.submit(batchOf("ring-usage-final"));
    const done = (await pollToEnd(provider, job)).at(-1)!;
    expect(done).toMatchObject({ state: "completed", usageSeconds: null });
    expect((await provider.usage!(job)).usageSeconds).toBe(2);
  });

  it("1. an error reading metrics after the results were read never fails the completed job", async () => {
    let clock = START;
    const fake = createIbmFake({ now: () => clock });
    const metricsDown: typeof fetch = async (input, init) => {
      const url = new URL(new Request(input, init).url);
      if (url.pathname.endsWith("/metrics")) return Response.json({ errors: [{ message: "busy" }] }, { status: 503 });
      return fake.fetch(input, init);
    };
    const provider = createIbmProvider({ apiKey: FAKE_API_KEY, instanceCrn: FAKE_INSTANCE_CRN, apiUrl: API, fetch: metricsDown, now: () => clock });
    const done = (await pollToEnd(provider, await provider.submit(batchOf("ring-metrics-503")))).at(-1)!;
    expect(done).toMatchObject({ state: "completed", usageSeconds: null, bitstring: expect.stringMatching(/^[01]{3}$/) });
    clock += MINUTE;
  });

  it("2. the ring's tag lookup reports each job with its state, so an ended job is never adopted", async () => {
    const { provider } = setup({ failCreatedJobs: [1] });
    const first = await provider.submit(batchOf("ring-lookup", 2));
    expect((await pollToEnd(provider, first)).at(-1)).toMatchObject({ state: "failed" });
    const found = await provider.findJobs!("ring-lookup");
    expect(found).toEqual([expect.objectContaining({ jobId: first.jobId, state: "failed" })]);
  });

  it("2. a circuit IBM cannot run is accepted, then fails at its first status read with IBM's reason", async () => {
    const { fake, provider } = setup({ failCreatedJobs: [1] });
    const job = await provider.submit(batchOf("ring-non-isa", 2));
    expect(fake.jobs.get(job.jobId)?.status).toBe("Queued");
    expect(await provider.poll(job)).toMatchObject({ state: "failed", error: expect.stringMatching(/transpilation/) });
  });

  it("3. a cancel answered 409 says the job had already ended, and does not count as a cancel", async () => {
    const { provider } = setup({ queuedForever: true, finishBeforeCancel: true });
    const job = await provider.submit(batchOf("ring-late-cancel"));
    expect(await provider.poll(job)).toEqual({ state: "queued" });
    expect(await provider.cancel!(job)).toBe("already-ended");
    expect(await provider.poll(job)).toMatchObject({ state: "completed" });
  });

  it("3. a cancel that goes through says so", async () => {
    const { provider } = setup({ queuedForever: true });
    const job = await provider.submit(batchOf("ring-cancel-ok"));
    expect(await provider.cancel!(job)).toBe("cancelled");
  });

  it("a creation answered by the front end's 524 says its outcome is unknown (the job exists behind it)", async () => {
    const { fake, provider } = setup({ createFrontEndErrors: 1 });
    const error = await rejection(provider.submit(batchOf("ring-524")));
    expect(error).toMatchObject({ retryable: true, outcomeUnknown: true });
    expect(fake.jobs.size).toBe(1);
  });
});

describe("IBM provider: issue 30, the chaos test's finds", () => {
  it("a ring's job listing without its `jobs` list is unreadable, never 'no job'", async () => {
    const { provider } = setup({ failNextWith: ["odd-shape"] });
    const error = await rejection(provider.findJobs!("ring-odd-listing"));
    expect(error).toMatchObject({ retryable: true, message: expect.stringMatching(/unexpected shape/) });
  });
});
