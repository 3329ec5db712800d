import type { D1Migration } from "@cloudflare/vitest-plugin";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The fake IBM service of the IBM lane (vitest.ibm.config.ts). */
      IBM_FAKE_URL?: string;
      /** A second fake IBM service, for the chaos test alone. */
      IBM_CHAOS_FAKE_URL?: string;
      /** Another seed for the chaos test than its fixed one. */
      CHAOS_SEED?: string;
      /** The stand-in Sentry of the reporting lane (vitest.reporting.config.ts), and the DSN that points at it. */
      SENTRY_FAKE_URL?: string;
      SENTRY_DSN?: string;
      /** The reporting lane's stand-in alert webhook (test/fakes/webhook-server.ts), and the settings pointed at it. */
      WEBHOOK_FAKE_URL?: string;
      ALERT_WEBHOOK_URL?: string;
      OPERATOR_CONTACT?: string;
      /** The stand-in push service of the push lane (vitest.push.config.ts), and the VAPID pair the Worker signs with. */
      PUSH_FAKE_URL?: string;
      VAPID_PUBLIC_KEY?: string;
      VAPID_PRIVATE_KEY?: string;
    }
  }
}
