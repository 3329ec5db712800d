import { describe, it, expect } from "vitest";
import {
  createIbmFake,
  FAKE_API_KEY,
  FAKE_EU_DE_INSTANCE_CRN,
  FAKE_FAULTY_EDGE,
  FAKE_FAULTY_QUBIT,
  FAKE_INSTANCE_CRN,
  type IbmFakeOptions,
} from "../../fakes/ibm-fake";

const US_EAST_API = "https://quantum.cloud.ibm.com/api/v1";

async function authorisedFake(options: IbmFakeOptions = {}, apiUrl = US_EAST_API) {
  const fake = createIbmFake(options);
  const iam = await fake.fetch("https://iam.cloud.ibm.com/identity/token", {
    method: "POST",
    body: new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: FAKE_API_KEY }),
  });
  const { access_token } = (await iam.json()) as { access_token: string };
  const call = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fake.fetch(`${apiUrl}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        Authorization: `Bearer ${access_token}`,
        "Service-CRN": options.instanceCrn ?? FAKE_INSTANCE_CRN,
        "IBM-API-Version": "2026-04-15",
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const read = async <T>(path: string) => (await (await call(path)).json()) as T;
  const submit = (qasm: string) =>
    call("/jobs", { program_id: "sampler", backend: "ibm_fez", params: { pubs: [[qasm]], shots: 100, version: 2 } });
  return { fake, call, read, submit };
}

const header = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

interface Device {
  name: string;
  status: { name: string };
  is_simulator?: boolean;
  qubits?: number | null;
  processor_type?: unknown;
  queue_length?: number;
}
type Nduv = { name: string; value: unknown };

describe("IBM fake", () => {
  it("reports samples as hex integers whose bit i is c[i]", async () => {
    const { call, submit } = await authorisedFake();
    const created = await submit(
      `${header}bit[3] c;\nx $5;\nc[0] = measure $5;\nc[1] = measure $3;\nc[2] = measure $8;\n`,
    );
    const { id } = (await created.json()) as { id: string };
    for (let i = 0; i < 3; i++) await call(`/jobs/${id}`);
    const { results } = (await (await call(`/jobs/${id}/results`)).json()) as {
      results: { data: { c: { samples: string[]; num_bits: number } } }[];
    };
    expect(results[0].data.c.num_bits).toBe(3);
    expect(new Set(results[0].data.c.samples)).toEqual(new Set(["0x1"]));
  });

  it("accepts gates outside the native set and CZ between uncoupled qubits, then fails the job as IBM's ISA check does", async () => {
    const { read, submit } = await authorisedFake();
    const foreign = await submit(`${header}bit[1] c;\nh $0;\nc[0] = measure $0;\n`);
    expect(foreign.status).toBe(200);
    const uncoupled = await submit(`${header}bit[2] c;\ncz $0, $5;\nc[0] = measure $0;\nc[1] = measure $5;\n`);
    expect(uncoupled.status).toBe(200);
    const { id } = (await uncoupled.json()) as { id: string };
    const job = await read<{ state: { status: string; reason: string; reason_code: number } }>(`/jobs/${id}`);
    expect(job.state).toMatchObject({ status: "Failed", reason_code: 1517 });
    expect(job.state.reason).toContain("cz on qubits (0, 5) is not supported");
  });

  it("answers 401 without a token it issued and 400 from IAM for a wrong key", async () => {
    const fake = createIbmFake();
    expect(
      (
        await fake.fetch("https://quantum.cloud.ibm.com/api/v1/backends", {
          headers: { Authorization: "Bearer forged" },
        })
      ).status,
    ).toBe(401);
    const iam = await fake.fetch("https://iam.cloud.ibm.com/identity/token", {
      method: "POST",
      body: new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: "wrong" }),
    });
    expect(iam.status).toBe(400);
  });

  it("lists backends with missing optional fields and odd entries; least busy online is ibm_marrakesh", async () => {
    const { read } = await authorisedFake();
    const { devices } = await read<{ devices: Device[] }>("/backends");
    expect(devices.find((d) => d.name === "ibm_marrakesh")).toEqual({
      name: "ibm_marrakesh",
      status: { name: "online" },
      queue_length: 12,
    });
    expect(devices.some((d) => d.status.name === "paused")).toBe(true);
    expect(devices.some((d) => d.is_simulator)).toBe(true);
    expect(devices.some((d) => !["online", "paused", "offline"].includes(d.status.name))).toBe(true);
    expect(devices.some((d) => d.queue_length === undefined)).toBe(true);
    // IBM's least_busy, made tolerant: online, real, and with a queue length to compare.
    const leastBusy = devices
      .filter((d) => d.status.name === "online" && !d.is_simulator && typeof d.queue_length === "number")
      .sort((a, b) => a.queue_length! - b.queue_length!)[0];
    expect(leastBusy.name).toBe("ibm_marrakesh");
    // Every other device is a trap for a careless choice: shorter queues, but not usable.
    expect(
      devices
        .filter((d) => (d.queue_length ?? 0) < 12)
        .map((d) => d.name)
        .sort(),
    ).toEqual(["ibm_aachen", "ibm_kingston", "ibm_torino", "ibmq_qasm_simulator"]);
  });

  it("serves configuration and properties of one region of ibm_fez, faulty where a naive line starts", async () => {
    const { read } = await authorisedFake();
    const config = await read<{
      backend_name: string;
      n_qubits: number;
      basis_gates: string[];
      coupling_map: [number, number][];
    }>("/backends/ibm_marrakesh/configuration");
    const properties = await read<{
      backend_name: string;
      qubits: Nduv[][];
      gates: { gate: string; qubits: number[]; parameters: Nduv[] }[];
    }>("/backends/ibm_marrakesh/properties");
    expect(config.backend_name).toBe("ibm_marrakesh");
    expect(properties.backend_name).toBe("ibm_marrakesh");
    expect(config.basis_gates).toEqual(expect.arrayContaining(["rz", "sx", "x", "cz"]));
    expect(properties.qubits).toHaveLength(config.n_qubits);
    const cz = properties.gates.filter((gate) => gate.gate === "cz").map((gate) => gate.qubits.join("-"));
    expect(cz.sort()).toEqual(config.coupling_map.map((pair) => pair.join("-")).sort());

    // Qiskit's BackendProperties.faulty_qubits / faulty_gates: an `operational` value that is falsy.
    const faulty = (values: Nduv[]) => values.some((v) => v.name === "operational" && !v.value);
    expect(properties.qubits.flatMap((values, q) => (faulty(values) ? [q] : []))).toEqual([FAKE_FAULTY_QUBIT]);
    const faultyGates = properties.gates.filter((gate) => faulty(gate.parameters));
    expect(faultyGates.map((gate) => gate.qubits)).toEqual([[...FAKE_FAULTY_EDGE], [...FAKE_FAULTY_EDGE].reverse()]);
    expect(faultyGates[0].parameters).toContainEqual(expect.objectContaining({ name: "gate_error", value: 1 }));
    // The lowest line 0-1-2-… runs through the faulty qubit; the lowest past it, 2-3-4-…, over the faulty edge.
    for (const edge of ["0-1", "1-2", "2-3", "3-4", "4-5"])
      expect(config.coupling_map.map((p) => p.join("-"))).toContain(edge);
  });

  it("describes jobs as JobResponse: state.status, status, program, created, cost, tags", async () => {
    const { call, read } = await authorisedFake();
    const created = await call("/jobs", {
      program_id: "sampler",
      backend: "ibm_fez",
      tags: ["quantum-bell", "ring:r"],
      params: { pubs: [[`${header}bit[1] c;\nc[0] = measure $5;\n`]], shots: 100, version: 2 },
    });
    const { id } = (await created.json()) as { id: string };
    expect(await read(`/jobs/${id}?exclude_params=true`)).toEqual({
      id,
      backend: "ibm_fez",
      state: { status: "Queued" },
      status: "Queued",
      program: { id: "sampler" },
      created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      runtime: "",
      cost: expect.any(Number),
      tags: ["quantum-bell", "ring:r"],
      user_id: expect.any(String),
      usage: { seconds: 0 },
    });
  });

  it("serves an instance only on its region's host", async () => {
    const euDe = await authorisedFake(
      { instanceCrn: FAKE_EU_DE_INSTANCE_CRN },
      "https://eu-de.quantum.cloud.ibm.com/api/v1",
    );
    expect((await euDe.call("/instances/usage")).status).toBe(200);
    const wrongHost = await authorisedFake({ instanceCrn: FAKE_EU_DE_INSTANCE_CRN });
    expect((await wrongHost.call("/instances/usage")).status).toBe(403);
  });

  it("can insist on an IBM-API-Version, and still scripts 409 'usage exceeds instance limit'", async () => {
    const { call, fake } = await authorisedFake({ requiredApiVersion: "2026-04-15" });
    expect((await call("/backends")).status).toBe(200);
    expect((await call("/backends", undefined, { "IBM-API-Version": "2025-05-01" })).status).toBe(400);
    fake.failNextWith("usage-exceeded");
    const refused = await call("/backends");
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("usage exceeds instance limit");
  });

  it("resets in place, keeping an injected clock, and counts the rate window on that clock", async () => {
    let clock = Date.UTC(2025, 5, 2, 10);
    const { fake, submit } = await authorisedFake({ now: () => clock });
    const bell = `${header}bit[1] c;\nc[0] = measure $5;\n`;
    for (let i = 0; i < 5; i++) await submit(bell);
    expect((await submit(bell)).headers.get("retry-after")).toBe("60");
    clock += 60_000;
    expect((await submit(bell)).status).toBe(200);
    fake.reset({ jobRateLimit: false });
    expect(fake.jobs.size).toBe(0);
    expect(fake.calls).toHaveLength(0);
    expect(fake.now()).toBe(clock);
  });
});
