import { describe, it, expect } from "vitest";
import { buildCircuit } from "../../../workers/quantum/circuit";
import { createIbmProvider, type IbmProviderOptions } from "../../../workers/quantum/ibm";
import { IBM_API_VERSION } from "../../../workers/quantum/ibm-http";
import { probabilities } from "../../../workers/quantum/state-vector";
import {
  ProviderError,
  type JobRef,
  type JobStatus,
  type QuantumProvider,
  type RingBatch,
} from "../../../workers/quantum/types";
import { createIbmFake, FAKE_API_KEY, FAKE_INSTANCE_CRN, type IbmFakeOptions } from "../../fakes/ibm-fake";

const START = Date.UTC(2025, 5, 2, 10, 0, 0);
const HOUR = 3_600_000;
const MINUTE = 60_000;

const texts = [
  "peace on earth, for everyone",
  "clean water for every village",
  "kindness between neighbours",
  "an end to every war",
  "safe homes for refugees",
];
const batchOf = (ringId: string, size = 3): RingBatch => ({
  ringId,
  wishes: texts.slice(0, size).map((text, i) => ({ id: `w${i}`, text })),
});

function setup(fakeOptions: IbmFakeOptions = {}, providerOptions: Partial<IbmProviderOptions> = {}) {
  let clock = START;
  const now = () => clock;
  const fake = createIbmFake({ now, ...fakeOptions });
  const waits: number[] = [];
  const provider = createIbmProvider({
    apiKey: FAKE_API_KEY,
    instanceCrn: FAKE_INSTANCE_CRN,
    fetch: fake.fetch,
    now,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...providerOptions,
  });
  return { fake, provider, waits, advance: (ms: number) => (clock += ms) };
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

describe("IBM provider: submitting", () => {
  it("posts a sampler job with an OpenQASM 3 circuit in native gates on a coupled line", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-submit", 4));
    expect(job).toEqual({ provider: "ibm", jobId: expect.any(String), backend: "ibm_marrakesh" });

    const post = fake.apiCalls().find((call) => call.method === "POST" && call.path === "/jobs")!;
    const body = JSON.parse(post.body);
    expect(body).toMatchObject({ program_id: "sampler", backend: "ibm_marrakesh", params: { shots: 100, version: 2 } });
    expect(body.params.support_qiskit).toBeUndefined();
    const qasm: string = body.params.pubs[0][0];
    expect(qasm.startsWith('OPENQASM 3.0;\ninclude "stdgates.inc";\nbit[4] c;\n')).toBe(true);
    expect(qasm).not.toMatch(/\b(ry|cx|h) /);
    expect(qasm).toContain("cz $0, $1;");
    expect(qasm).toContain("c[3] = measure $3;");
    expect(fake.jobs.get(job.jobId)?.qasm).toBe(qasm);
  });

  it("chooses the operational backend with the shortest queue and caches it with its configuration", async () => {
    const { fake, provider } = setup();
    await provider.submit(batchOf("ring-a"));
    await provider.submit(batchOf("ring-b"));
    const gets = fake
      .apiCalls()
      .filter((call) => call.method === "GET")
      .map((call) => call.path);
    // ibm_torino has the shortest queue but is in maintenance.
    expect(gets.sort()).toEqual(
      [
        "/backends",
        "/backends/ibm_fez/status",
        "/backends/ibm_marrakesh/configuration",
        "/backends/ibm_marrakesh/status",
        "/backends/ibm_torino/status",
      ].sort(),
    );
  });

  it("uses a configured backend without listing backends", async () => {
    const { fake, provider } = setup({}, { backend: "ibm_fez" });
    expect((await provider.submit(batchOf("ring-fez"))).backend).toBe("ibm_fez");
    expect(fake.apiCalls().map((call) => call.path)).toEqual(["/backends/ibm_fez/configuration", "/jobs"]);
  });

  it("sends the bearer token, Service-CRN, API version and Accept headers on every API call", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-headers"));
    await pollToEnd(provider, job);
    await provider.remainingSeconds();
    for (const call of fake.apiCalls()) {
      // The fake numbers the tokens it issues; this one is the first and only.
      expect(call.headers.authorization).toMatch(/^Bearer eyJ\S+\.1$/);
      expect(call.headers["service-crn"]).toBe(FAKE_INSTANCE_CRN);
      expect(call.headers["ibm-api-version"]).toBe(IBM_API_VERSION);
      expect(call.headers.accept).toBe("application/json");
    }
  });

  it("asks IAM with the API key grant as a form", async () => {
    const { fake, provider } = setup();
    await provider.remainingSeconds();
    const [iam] = fake.iamCalls();
    expect(iam.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(iam.body))).toEqual({
      grant_type: "urn:ibm:params:oauth:grant-type:apikey",
      apikey: FAKE_API_KEY,
    });
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
    expect(done.usageSeconds).toBe(2);
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
    expect(seen[1]).toMatchObject({ state: "failed", retryable: true, error: expect.stringContaining("[1517]") });
  });

  it("counts zero usage when metrics are unavailable", async () => {
    const { provider } = setup({ metricsAvailable: false });
    const done = (await pollToEnd(provider, await provider.submit(batchOf("ring-metrics")))).at(-1)!;
    expect(done).toMatchObject({ state: "completed", usageSeconds: 0 });
  });

  it("does not poll IBM for a job another provider made", async () => {
    const { fake, provider } = setup();
    expect(await provider.poll({ provider: "simulator", jobId: "sim:r:00=100", backend: "simulator" })).toMatchObject({
      state: "failed",
      retryable: false,
    });
    expect(fake.calls).toHaveLength(0);
  });
});

describe("IBM provider: tokens", () => {
  it("fetches the token once and reuses it", async () => {
    const { fake, provider } = setup();
    const job = await provider.submit(batchOf("ring-token"));
    await pollToEnd(provider, job);
    await provider.remainingSeconds();
    expect(fake.iamCalls()).toHaveLength(1);
    expect(fake.apiCalls().length).toBeGreaterThan(5);
  });

  it("refreshes five minutes before the token expires, not earlier", async () => {
    const { fake, provider, advance } = setup();
    await provider.remainingSeconds();
    advance(HOUR - 5 * MINUTE - 1000);
    await provider.remainingSeconds();
    expect(fake.iamCalls()).toHaveLength(1);
    advance(1000);
    await provider.remainingSeconds();
    expect(fake.iamCalls()).toHaveLength(2);
    const [first, beforeRefresh, afterRefresh] = fake.apiCalls().map((call) => call.headers.authorization);
    expect(beforeRefresh).toBe(first);
    expect(afterRefresh).not.toBe(first);
  });

  it("refreshes an expired token", async () => {
    const { fake, provider, advance } = setup({ tokenTtlSeconds: 600 });
    await provider.remainingSeconds();
    advance(11 * MINUTE);
    expect(await provider.remainingSeconds()).toBe(527);
    expect(fake.iamCalls()).toHaveLength(2);
  });

  it("on a 401 refreshes the token once and retries", async () => {
    const { fake, provider } = setup();
    await provider.remainingSeconds();
    fake.revokeTokens();
    expect(await provider.remainingSeconds()).toBe(527);
    expect(fake.iamCalls()).toHaveLength(2);
    expect(fake.apiCalls().map((call) => call.path)).toEqual([
      "/instances/usage",
      "/instances/usage",
      "/instances/usage",
    ]);
  });

  it("gives up without retry when a fresh token is refused too", async () => {
    const { fake, provider } = setup({ failNextWith: ["unauthorized", "unauthorized"] });
    const error = await rejection(provider.remainingSeconds());
    expect(error.retryable).toBe(false);
    expect(fake.iamCalls()).toHaveLength(2);
  });

  it("reports a wrong API key as a non-retryable error that does not contain the key", async () => {
    const { provider } = setup({ apiKey: "the-key-IBM-knows" });
    const error = await rejection(provider.remainingSeconds());
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/IAM refused the API key/);
    expect(error.message).not.toContain(FAKE_API_KEY);
  });

  it("never puts the API key into an error, whatever the transport says", async () => {
    const leakyFetch: typeof fetch = async (input) => {
      if (String(input).includes("identity/token")) return Response.json({ access_token: "t", expires_in: 3600 });
      throw new TypeError(`connect failed for apikey=${FAKE_API_KEY}`);
    };
    const provider = createIbmProvider({ apiKey: FAKE_API_KEY, instanceCrn: FAKE_INSTANCE_CRN, fetch: leakyFetch });
    const error = await rejection(provider.remainingSeconds());
    expect(error.retryable).toBe(true);
    expect(error.message).not.toContain(FAKE_API_KEY);
    expect(error.message).toContain("[redacted]");
  });
});

describe("IBM provider: errors", () => {
  it("waits out 429 Retry-After and then succeeds", async () => {
    const { provider, waits } = setup({ rateLimitTimes: 2 });
    expect(await provider.remainingSeconds()).toBe(527);
    expect(waits).toEqual([2000, 2000]);
  });

  it("gives up after three rate-limited retries with a retryable error carrying Retry-After", async () => {
    const { fake, provider, waits } = setup({ rateLimitTimes: 4, retryAfterSeconds: 3 });
    const error = await rejection(provider.remainingSeconds());
    expect(waits).toEqual([3000, 3000, 3000]);
    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 3 });
    expect(fake.apiCalls()).toHaveLength(4);
  });

  it("does not sleep through a long Retry-After inside a request", async () => {
    const { provider, waits } = setup({ rateLimitTimes: 1, retryAfterSeconds: 120 });
    const error = await rejection(provider.remainingSeconds());
    expect(waits).toEqual([]);
    expect(error).toMatchObject({ retryable: true, retryAfterSeconds: 120 });
  });

  it("turns 409 'usage exceeds instance limit' into a non-retryable out-of-time error", async () => {
    const { fake, provider } = setup({}, { backend: "ibm_fez" });
    await provider.remainingSeconds();
    fake.failNextWith("usage-exceeded");
    const error = await rejection(provider.submit(batchOf("ring-409")));
    expect(error).toMatchObject({ retryable: false, message: "The quantum instance has used up its time." });
  });

  it("turns garbage JSON into a retryable error that says so", async () => {
    const { provider } = setup({ failNextWith: ["garbage-json"] });
    const error = await rejection(provider.remainingSeconds());
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/unreadable JSON/);
  });

  it("turns an unexpected JSON shape into a retryable error", async () => {
    const { provider } = setup({ instanceUsage: { usage_remaining_seconds: "lots" } });
    const error = await rejection(provider.remainingSeconds());
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/unexpected shape/);
  });

  it("treats 5xx and network failures as retryable", async () => {
    const { provider } = setup({ failNextWith: ["server-error"] });
    expect(await rejection(provider.remainingSeconds())).toMatchObject({
      retryable: true,
      message: expect.stringContaining("HTTP 503"),
    });
    const offline = setup({ failNextWith: ["network-error"] });
    expect(await rejection(offline.provider.remainingSeconds())).toMatchObject({ retryable: true });
  });

  it("refuses a wrong Service-CRN without retry", async () => {
    const { provider } = setup({ instanceCrn: "crn:v1:bluemix:public:quantum-computing:us-east:a/other::" });
    expect(await rejection(provider.remainingSeconds())).toMatchObject({
      retryable: false,
      message: expect.stringContaining("HTTP 403"),
    });
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

describe("IBM provider: remaining seconds", () => {
  it("reads usage_remaining_seconds", async () => {
    expect(await setup().provider.remainingSeconds()).toBe(527);
  });

  it("computes limit − consumed when remaining is absent, accepting numeric strings", async () => {
    const { provider } = setup({ instanceUsage: { usage_limit_seconds: "600", usage_consumed_seconds: 100.5 } });
    expect(await provider.remainingSeconds()).toBe(499.5);
  });

  it("answers 0 once the limit is reached, never a negative number", async () => {
    expect(
      await setup({
        instanceUsage: { usage_limit_reached: true, usage_remaining_seconds: 12 },
      }).provider.remainingSeconds(),
    ).toBe(0);
    expect(
      await setup({
        instanceUsage: { usage_limit_seconds: 600, usage_consumed_seconds: 640 },
      }).provider.remainingSeconds(),
    ).toBe(0);
  });

  it("says so when the instance has no limit to count down from", async () => {
    const { provider } = setup({ instanceUsage: { usage_consumed_seconds: 10, usage_limit_seconds: null } });
    expect(await rejection(provider.remainingSeconds())).toMatchObject({ retryable: false });
  });
});
