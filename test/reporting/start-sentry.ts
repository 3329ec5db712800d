import { startSentryServer } from "../fakes/sentry-server";

/** Starts the stand-in Sentry on the port vitest.reporting.config.ts gave the Worker's SENTRY_DSN, for the whole run. */
export default async function startSentry() {
  const { close } = await startSentryServer({ port: Number(process.env.SENTRY_FAKE_PORT) });
  return close;
}
