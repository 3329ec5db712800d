import { SENTRY_PROJECT, SENTRY_PUBLIC_KEY } from "./test/fakes/sentry-server";
import { WEBHOOK_PATH } from "./test/fakes/webhook-server";
import { workerdConfig } from "./vitest.workerd";
import { freePort } from "./test/support/free-port";

// Reports as deployed: the Worker with SENTRY_DSN set, sending over real HTTP to the stand-in Sentry
// (test/fakes/sentry-server.ts, issue 33), and with ALERT_WEBHOOK_URL and an operator's address set, alerting the
// stand-in webhook (test/fakes/webhook-server.ts, issue 47); the global setup starts both on free ports.
const port = process.env.SENTRY_FAKE_PORT ? Number(process.env.SENTRY_FAKE_PORT) : await freePort();
process.env.SENTRY_FAKE_PORT = String(port);
const webhookPort = process.env.WEBHOOK_FAKE_PORT ? Number(process.env.WEBHOOK_FAKE_PORT) : await freePort();
process.env.WEBHOOK_FAKE_PORT = String(webhookPort);

export default workerdConfig({
  include: ["test/reporting/**/*.test.ts"],
  globalSetup: ["./test/reporting/start-sentry.ts"],
  bindings: {
    SENTRY_DSN: `http://${SENTRY_PUBLIC_KEY}@127.0.0.1:${port}/${SENTRY_PROJECT}`,
    SENTRY_FAKE_URL: `http://127.0.0.1:${port}`,
    ALERT_WEBHOOK_URL: `http://127.0.0.1:${webhookPort}${WEBHOOK_PATH}`,
    WEBHOOK_FAKE_URL: `http://127.0.0.1:${webhookPort}`,
    OPERATOR_CONTACT: "ops@bell-charity.example.org",
  },
});
