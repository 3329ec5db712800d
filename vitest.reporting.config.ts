import { SENTRY_PROJECT, SENTRY_PUBLIC_KEY } from "./test/fakes/sentry-server";
import { workerdConfig } from "./vitest.workerd";
import { freePort } from "./test/support/free-port";

// Error reporting as deployed: the Worker with SENTRY_DSN set, sending over real HTTP to the stand-in Sentry
// (test/fakes/sentry-server.ts) that the global setup starts on a free port (issue 33).
const port = process.env.SENTRY_FAKE_PORT ? Number(process.env.SENTRY_FAKE_PORT) : await freePort();
process.env.SENTRY_FAKE_PORT = String(port);

export default workerdConfig({
  include: ["test/reporting/**/*.test.ts"],
  globalSetup: ["./test/reporting/start-sentry.ts"],
  bindings: {
    SENTRY_DSN: `http://${SENTRY_PUBLIC_KEY}@127.0.0.1:${port}/${SENTRY_PROJECT}`,
    SENTRY_FAKE_URL: `http://127.0.0.1:${port}`,
  },
});
