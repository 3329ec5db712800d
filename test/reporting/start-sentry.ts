import { startSentryServer } from "../fakes/sentry-server";
import { startWebhookServer } from "../fakes/webhook-server";

/**
 * Starts the stand-in Sentry and the stand-in alert webhook on the ports vitest.reporting.config.ts gave the Worker's
 * SENTRY_DSN and ALERT_WEBHOOK_URL, for the whole run.
 */
export default async function startStandIns() {
  const [sentry, webhook] = await Promise.all([
    startSentryServer({ port: Number(process.env.SENTRY_FAKE_PORT) }),
    startWebhookServer({ port: Number(process.env.WEBHOOK_FAKE_PORT) }),
  ]);
  return async () => {
    await Promise.all([sentry.close(), webhook.close()]);
  };
}
