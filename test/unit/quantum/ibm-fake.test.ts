import { describe, it, expect } from "vitest";
import { createIbmFake, FAKE_API_KEY, FAKE_INSTANCE_CRN } from "../../fakes/ibm-fake";

async function authorisedFake() {
  const fake = createIbmFake();
  const iam = await fake.fetch("https://iam.cloud.ibm.com/identity/token", {
    method: "POST",
    body: new URLSearchParams({ grant_type: "urn:ibm:params:oauth:grant-type:apikey", apikey: FAKE_API_KEY }),
  });
  const { access_token } = (await iam.json()) as { access_token: string };
  const call = (path: string, body?: unknown) =>
    fake.fetch(`https://quantum.cloud.ibm.com/api/v1${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Service-CRN": FAKE_INSTANCE_CRN },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const submit = (qasm: string) =>
    call("/jobs", { program_id: "sampler", backend: "ibm_fez", params: { pubs: [[qasm]], shots: 100, version: 2 } });
  return { fake, call, submit };
}

const header = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

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

  it("refuses gates outside the native set and CZ between uncoupled qubits, as IBM's ISA check does", async () => {
    const { submit } = await authorisedFake();
    expect((await submit(`${header}bit[1] c;\nh $0;\nc[0] = measure $0;\n`)).status).toBe(400);
    const uncoupled = await submit(`${header}bit[2] c;\ncz $0, $5;\nc[0] = measure $0;\nc[1] = measure $5;\n`);
    expect(uncoupled.status).toBe(400);
    expect(await uncoupled.text()).toContain("cz on qubits (0, 5) is not supported");
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
});
