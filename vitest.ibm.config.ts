import { FAKE_API_KEY, FAKE_INSTANCE_CRN } from "./test/fakes/ibm-fake";
import { workerdConfig } from "./vitest.workerd";
import { freePort } from "./test/support/free-port";

// The IBM path as deployed: the Worker configured with QUANTUM_PROVIDER=ibm, no injected fetch, talking over real
// HTTP to the fake IBM service (test/fakes/ibm-server.ts) that the global setup starts on a free port.
const port = process.env.IBM_FAKE_PORT ? Number(process.env.IBM_FAKE_PORT) : await freePort();
process.env.IBM_FAKE_PORT = String(port);
const fakeUrl = `http://127.0.0.1:${port}`;
// The chaos test steers a fake of its own, so the other files' resets never land in the middle of its run.
const chaosPort = process.env.IBM_CHAOS_FAKE_PORT ? Number(process.env.IBM_CHAOS_FAKE_PORT) : await freePort();
process.env.IBM_CHAOS_FAKE_PORT = String(chaosPort);

export default workerdConfig({
  include: ["test/ibm-live/**/*.test.ts"],
  globalSetup: ["./test/ibm-live/start-fake.ts"],
  bindings: {
    QUANTUM_PROVIDER: "ibm",
    IBM_API_KEY: FAKE_API_KEY,
    IBM_INSTANCE_CRN: FAKE_INSTANCE_CRN,
    IBM_API_URL: `${fakeUrl}/api/v1`,
    IBM_IAM_URL: `${fakeUrl}/identity/token`,
    IBM_FAKE_URL: fakeUrl,
    // The operator's monthly ceiling (issue 30): far above what the other files' rings spend.
    IBM_MONTHLY_BUDGET_SECONDS: "1000",
    IBM_CHAOS_FAKE_URL: `http://127.0.0.1:${chaosPort}`,
    // The chaos test's seed, when one is asked for (test/ibm-live/chaos.test.ts).
    CHAOS_SEED: process.env.CHAOS_SEED ?? "",
  },
});
