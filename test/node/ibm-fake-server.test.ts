/** The fake IBM service over real HTTP, steered through its control API as a Worker's tests steer it. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  FAKE_API_KEY,
  FAKE_EU_DE_INSTANCE_CRN,
  FAKE_INSTANCE_CRN,
  LEGACY_API_VERSION,
  QPU_CHARGE_API_VERSION,
  type IbmFakeScenario,
  type IbmFakeState,
} from "../fakes/ibm-fake";
import { startIbmFakeServer, type IbmFakeServer } from "../fakes/ibm-server";

let server: IbmFakeServer;
beforeAll(async () => {
  server = await startIbmFakeServer({ port: 0 });
});
afterAll(() => server.close());

const control = (action: string, body?: unknown) =>
  fetch(`${server.url}/__fake/${action}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const reset = async (scenario: IbmFakeScenario = {}) => expect((await control("reset", scenario)).status).toBe(204);
const state = async () => (await (await control("state")).json()) as IbmFakeState;
beforeEach(() => reset());

interface CallOptions {
  method?: string;
  body?: unknown;
  version?: string;
  signal?: AbortSignal;
}

async function client(crn = FAKE_INSTANCE_CRN) {
  const iam = await fetch(server.iamUrl, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: FAKE_API_KEY }),
  });
  const { access_token } = (await iam.json()) as { access_token: string };
  const call = (path: string, { method, body, version = QPU_CHARGE_API_VERSION, signal }: CallOptions = {}) =>
    fetch(`${server.apiUrl}${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: {
        Authorization: `Bearer ${access_token}`,
        "Service-CRN": crn,
        "IBM-API-Version": version,
        Accept: "application/json",
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  const submit = (qasm: string, tags: string[] = [], signal?: AbortSignal) =>
    call("/jobs", {
      body: { program_id: "sampler", backend: "ibm_fez", tags, params: { pubs: [[qasm]], shots: 100, version: 2 } },
      signal,
    });
  const json = async <T = Record<string, unknown>>(response: Promise<Response> | Response) =>
    (await (await response).json()) as T;
  return { call, submit, json };
}

const HEADER = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';
/** Two coupled, working qubits of the fez excerpt. */
const BELL = `${HEADER}bit[2] c;\nsx $5;\ncz $5, $6;\nc[0] = measure $5;\nc[1] = measure $6;\n`;
const ERROR_SHAPE = {
  errors: [{ code: expect.any(String), message: expect.any(String), more_info: expect.any(String) }],
};

describe("the control API", () => {
  it("resets to a scenario, refusing options it does not know", async () => {
    const bad = await control("reset", { queuedForeva: true });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Unknown scenario option: queuedForeva" });
    expect((await control("reset", { usage: "lots" })).status).toBe(400);
    expect((await control("nothing-here", {})).status).toBe(404);
  });

  it("reports calls and jobs, and forgets them on reset", async () => {
    const { submit } = await client();
    const created = await submit(BELL, ["quantum-bell", "ring:r1"]);
    const { id } = (await created.json()) as { id: string };
    const { calls, jobs } = await state();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["POST /identity/token", "POST /jobs"]);
    expect(calls[1].headers["ibm-api-version"]).toBe(QPU_CHARGE_API_VERSION);
    expect(JSON.parse(calls[1].body)).toMatchObject({ tags: ["quantum-bell", "ring:r1"] });
    expect(jobs).toEqual([
      {
        id,
        charged: false,
        backend: "ibm_fez",
        tags: ["quantum-bell", "ring:r1"],
        status: "Queued",
        qasm: BELL,
        shots: 100,
        createdAt: expect.any(String),
      },
    ]);
    expect(Date.parse(jobs[0].createdAt)).not.toBeNaN();
    await reset();
    expect(await state()).toEqual({ calls: [], jobs: [] });
  });

  it("moves the clock forward, which expires tokens", async () => {
    await reset({ tokenTtlSeconds: 600 });
    const { call } = await client();
    expect((await call("/instances/usage")).status).toBe(200);
    const before = Date.now();
    const { now } = (await (await control("advance-clock", { ms: 601_000 })).json()) as { now: number };
    expect(now).toBeGreaterThanOrEqual(before + 601_000);
    expect((await call("/instances/usage")).status).toBe(401);
    expect((await control("advance-clock", { ms: "soon" })).status).toBe(400);
  });

  it("drops the connection for a scripted network error, then answers again", async () => {
    await reset({ failNextWith: ["network-error"] });
    const { call } = await client();
    await expect(call("/backends")).rejects.toThrow();
    expect((await call("/backends")).status).toBe(200);
  });
});

describe("job creation", () => {
  it("allows 5 a minute, then answers 429 with Retry-After in IBM's error shape until the window slides", async () => {
    const { submit, json } = await client();
    for (let i = 0; i < 5; i++) expect((await submit(BELL)).status).toBe(200);
    const sixth = await submit(BELL);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(59);
    expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await json(sixth)).toMatchObject({ errors: [{ code: "too_many_requests" }], trace: expect.any(String) });
    expect((await state()).jobs).toHaveLength(5);

    await control("advance-clock", { ms: 30_000 });
    const later = await submit(BELL);
    expect(later.status).toBe(429);
    expect(Number(later.headers.get("retry-after"))).toBeLessThanOrEqual(30);
    await control("advance-clock", { ms: 30_000 });
    expect((await submit(BELL)).status).toBe(200);
  });

  it("can be told not to limit", async () => {
    await reset({ jobRateLimit: false });
    const { submit } = await client();
    for (let i = 0; i < 7; i++) expect((await submit(BELL)).status).toBe(200);
  });

  it("lists the jobs carrying all the given tags, newest first, without params when excluded", async () => {
    const { call, submit, json } = await client();
    const ids: string[] = [];
    for (const tags of [
      ["quantum-bell", "ring:a"],
      ["quantum-bell", "ring:b"],
      ["quantum-bell", "ring:a"],
    ]) {
      ids.push((await json<{ id: string }>(submit(BELL, tags))).id);
    }
    const both = await json<{ jobs: Record<string, unknown>[]; count: number; offset: number; limit: number }>(
      call("/jobs?tags=quantum-bell&tags=ring%3Aa&exclude_params=true"),
    );
    expect(both).toMatchObject({ count: 2, offset: 0, limit: 10 });
    expect(both.jobs.map((job) => job.id)).toEqual([ids[2], ids[0]]);
    expect(both.jobs[0]).toMatchObject({
      state: { status: "Queued" },
      status: "Queued",
      program: { id: "sampler" },
      tags: ["quantum-bell", "ring:a"],
    });
    expect(both.jobs[0]).not.toHaveProperty("params");
    expect((await json(call("/jobs?tags=ring%3Aa&limit=1"))).jobs).toEqual([
      expect.objectContaining({ id: ids[2], params: expect.any(Object) }),
    ]);
    expect((await json(call("/jobs?tags=ring%3Ac"))).count).toBe(0);

    for (let i = 0; i < 3; i++) await call(`/jobs/${ids[1]}`);
    expect((await json<{ jobs: { id: string }[] }>(call("/jobs?pending=false"))).jobs.map((job) => job.id)).toEqual([
      ids[1],
    ]);
    expect((await json(call("/jobs?pending=true&tags=ring%3Ab"))).count).toBe(0);
  });

  it("creates the job before a hanging answer, so a caller that gave up can find it by tag", async () => {
    await reset({ createHangsMs: "forever" });
    const { call, submit, json } = await client();
    await expect(submit(BELL, ["ring:lost"], AbortSignal.timeout(300))).rejects.toThrow();
    const found = await json<{ jobs: { id: string; tags: string[] }[]; count: number }>(
      call("/jobs?tags=ring%3Alost&exclude_params=true"),
    );
    expect(found.count).toBe(1);
    expect((await state()).jobs.map((job) => job.id)).toEqual([found.jobs[0].id]);
    // Only the first creation hangs unless createHangsTimes says more.
    expect((await submit(BELL, ["ring:next"])).status).toBe(200);
  });

  it("answers a creation after a finite delay", async () => {
    await reset({ createHangsMs: 400 });
    const { submit } = await client();
    const started = Date.now();
    expect((await submit(BELL)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it("accepts circuits on the faulty qubit or edge, and CZ on uncoupled qubits, then fails them as IBM does (1517)", async () => {
    await reset({ jobRateLimit: false });
    const { call, submit, json } = await client();
    /** Creation succeeds; the job's first status read says Failed with IBM's reason. */
    const failsWith = async (qasm: string, reason: string) => {
      const created = await submit(qasm);
      expect(created.status).toBe(200);
      const { id } = await json<{ id: string }>(created);
      const job = await json<{ state: { status: string; reason: string; reason_code: number } }>(call(`/jobs/${id}`));
      expect(job.state).toMatchObject({ status: "Failed", reason_code: 1517 });
      expect(job.state.reason).toContain(reason);
    };
    await failsWith(`${HEADER}bit[1] c;\nx $1;\nc[0] = measure $1;\n`, "faulty qubit 1");
    await failsWith(`${HEADER}bit[1] c;\nc[0] = measure $1;\n`, "faulty qubit 1");
    for (const [a, b] of [
      [3, 4],
      [4, 3],
    ]) {
      await failsWith(`${HEADER}bit[2] c;\ncz $${a}, $${b};\nc[0] = measure $${a};\nc[1] = measure $${b};\n`, `faulty edge (${a}, ${b})`);
    }
    await failsWith(`${HEADER}bit[2] c;\ncz $0, $5;\nc[0] = measure $0;\nc[1] = measure $5;\n`, "cz on qubits (0, 5) is not supported by the target");
    expect((await state()).jobs.every((job) => job.status === "Failed" && !job.charged)).toBe(true);
    expect((await submit(BELL)).status).toBe(200);
  });
});

describe("a job's life", () => {
  it("reports usage per IBM-API-Version: quantum_seconds, or qpu_charge_time_seconds after pending", async () => {
    const { call, submit, json } = await client();
    const { id } = await json<{ id: string }>(submit(BELL));
    await call(`/jobs/${id}`);
    await call(`/jobs/${id}`);
    const running = await json<{ timestamps: Record<string, string>; usage: unknown }>(call(`/jobs/${id}/metrics`));
    expect(running.usage).toEqual({ qpu_charge_time_seconds: 0, status: "pending" });
    expect(Object.keys(running.timestamps)).toEqual(["created", "running"]);

    expect(await json(call(`/jobs/${id}`))).toMatchObject({
      state: { status: "Completed" },
      status: "Completed",
      usage: { seconds: 2 },
    });
    const legacy = await json<{ timestamps: Record<string, string>; usage: unknown }>(
      call(`/jobs/${id}/metrics`, { version: LEGACY_API_VERSION }),
    );
    expect(legacy.usage).toEqual({ quantum_seconds: 2, seconds: 2 });
    const { created, running: started, finished } = legacy.timestamps;
    expect(Date.parse(created)).toBeLessThan(Date.parse(started));
    expect(Date.parse(started)).toBeLessThan(Date.parse(finished));

    expect((await json(call(`/jobs/${id}/metrics`))).usage).toEqual({ qpu_charge_time_seconds: 0, status: "pending" });
    expect((await json(call(`/jobs/${id}/metrics`))).usage).toEqual({
      qpu_charge_time_seconds: 2,
      status: "completed",
    });
  });

  it("stays queued forever until cancelled, and cannot be cancelled twice", async () => {
    await reset({ queuedForever: true });
    const { call, submit, json } = await client();
    const { id } = await json<{ id: string }>(submit(BELL));
    for (let i = 0; i < 5; i++) expect((await json(call(`/jobs/${id}`))).status).toBe("Queued");
    expect((await call(`/jobs/${id}/cancel`, { method: "POST" })).status).toBe(204);
    expect(await json(call(`/jobs/${id}`))).toMatchObject({ state: { status: "Cancelled" }, status: "Cancelled" });
    expect((await call(`/jobs/${id}/results`)).status).toBe(404);
    const again = await call(`/jobs/${id}/cancel`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject(ERROR_SHAPE);
  });
});

describe("the instance", () => {
  it("serves each usage variant in GetUsage200Response's shape", async () => {
    const read = async (scenario: IbmFakeScenario) => {
      await reset(scenario);
      const { call, json } = await client();
      return json(call("/instances/usage"));
    };
    const limit = await read({});
    expect(limit).toMatchObject({
      instance_id: FAKE_INSTANCE_CRN,
      usage_consumed_seconds: 73,
      usage_limit_seconds: 600,
      usage_limit_reached: false,
    });
    expect(limit).not.toHaveProperty("usage_allocation_seconds");
    const allocation = await read({ usage: "allocation" });
    expect(allocation).toMatchObject({ usage_allocation_seconds: 36000, usage_limit_reached: false });
    expect(allocation).not.toHaveProperty("usage_limit_seconds");
    const unlimited = await read({ usage: "unlimited" });
    expect(Object.keys(unlimited).sort()).toEqual(["instance_id", "plan_id", "usage_consumed_seconds", "usage_period"]);
    expect(await read({ usage: "limit-reached" })).toMatchObject({
      usage_limit_reached: true,
      usage_limit_seconds: 600,
      usage_consumed_seconds: 600,
    });
  });

  it("answers 401 on /instances/usage in that endpoint's own error shape", async () => {
    const response = await fetch(`${server.apiUrl}/instances/usage`, {
      headers: { Authorization: "Bearer forged", "Service-CRN": FAKE_INSTANCE_CRN },
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      errors: [{ code: 401, message: expect.any(String), solution: expect.any(String), more_info: expect.any(String) }],
    });
  });

  it("serves an eu-de instance when configured with its CRN, and refuses other CRNs", async () => {
    await reset({ instanceCrn: FAKE_EU_DE_INSTANCE_CRN });
    const euDe = await client(FAKE_EU_DE_INSTANCE_CRN);
    expect(await euDe.json(euDe.call("/instances/usage"))).toMatchObject({ instance_id: FAKE_EU_DE_INSTANCE_CRN });
    const usEast = await client(FAKE_INSTANCE_CRN);
    expect((await usEast.call("/instances/usage")).status).toBe(403);
  });
});
