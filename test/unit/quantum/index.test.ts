import { describe, it, expect } from "vitest";
import { createProvider, QuantumConfigurationError } from "../../../workers/quantum";
import { parseSettings } from "~/server/edge/settings.server";

const settings = (raw: Record<string, string>) => parseSettings(raw).settings;
import { createIbmFake, FAKE_API_KEY, FAKE_INSTANCE_CRN } from "../../fakes/ibm-fake";

const deps = { remainingSimulatorSeconds: async () => 99 };

describe("createProvider", () => {
  it("gives the simulator by default", async () => {
    const provider = createProvider(settings({}), deps);
    expect(provider.name).toBe("simulator");
    expect(await provider.remaining()).toEqual({ seconds: 99 });
    expect(createProvider(settings({ QUANTUM_PROVIDER: " Simulator " }), deps).name).toBe("simulator");
  });

  it("gives IBM when asked, wired to the given fetch and URLs", async () => {
    const fake = createIbmFake();
    const provider = createProvider(
      settings({
        QUANTUM_PROVIDER: "ibm",
        IBM_API_KEY: FAKE_API_KEY,
        IBM_INSTANCE_CRN: FAKE_INSTANCE_CRN,
        IBM_BACKEND: "ibm_fez",
        IBM_API_URL: "https://fake.example/api/v1",
        IBM_IAM_URL: "https://fake.example/identity/token",
      }),
      { ...deps, fetch: fake.fetch },
    );
    expect(provider.name).toBe("ibm");
    expect(await provider.remaining()).toEqual({ seconds: 527 });
    expect(fake.calls.map((call) => call.url)).toEqual([
      "https://fake.example/identity/token",
      "https://fake.example/api/v1/instances/usage",
    ]);
  });

  it("names the missing IBM secrets", () => {
    expect(() => createProvider(settings({ QUANTUM_PROVIDER: "ibm" }), deps)).toThrow(
      /IBM_API_KEY and IBM_INSTANCE_CRN are not set/,
    );
    expect(() => createProvider(settings({ QUANTUM_PROVIDER: "ibm", IBM_API_KEY: "k", IBM_INSTANCE_CRN: " " }), deps)).toThrow(
      QuantumConfigurationError,
    );
  });

  it("refuses an unknown provider name", () => {
    expect(() => createProvider(settings({ QUANTUM_PROVIDER: "dwave" }), deps)).toThrow(/"simulator" or "ibm"/);
  });
});
