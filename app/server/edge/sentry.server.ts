import type { Options } from "toucan-js";
import { scrub } from "./log.server";
import type { RequestContext } from "./request-context.server";

/**
 * Sends one error to Sentry with toucan-js (ADR 0048), built per report so nothing of one request leaks into
 * another's. No request, user, headers or breadcrumbs go: only the error's type, its scrubbed message and stack
 * frames, the route and the request id, so a visitor's e-mail, fingerprint, IP or wish cannot reach Sentry.
 */
export async function sendToSentry(
  dsn: string,
  error: unknown,
  details: { context?: RequestContext; where: string; environment: string; release?: string },
): Promise<void> {
  // toucan-js and @sentry/core load with the first report, not at start-up: about 7% of the start-up profile's CPU
  // went to evaluating them for isolates that mostly never report (ADR 0039).
  const { Toucan } = await import("toucan-js");
  const sending: Promise<unknown>[] = [];
  const sentry = new Toucan({
    dsn,
    environment: details.environment,
    release: details.release,
    sendDefaultPii: false,
    defaultIntegrations: false,
    context: { waitUntil: (promise: Promise<unknown>) => void sending.push(promise) },
    beforeSend: scrubEvent,
  });
  sentry.setTag("where", details.where);
  if (details.context) {
    sentry.setTag("request_id", details.context.requestId);
    sentry.setTag("route", details.context.route);
  }
  sentry.captureException(error);
  // A Sentry that does not answer must not hold the alarm or the request that failed.
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([Promise.allSettled(sending), new Promise((resolve) => (timer = setTimeout(resolve, SEND_TIMEOUT_MS)))]);
  clearTimeout(timer);
}

const SEND_TIMEOUT_MS = 5_000;

type SentryEvent = Parameters<NonNullable<Options["beforeSend"]>>[0];

export function scrubEvent<E extends SentryEvent>(event: E): E {
  delete event.user;
  delete event.request;
  delete event.breadcrumbs;
  delete event.extra;
  delete event.server_name;
  if (event.message) event.message = scrub(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = scrub(exception.value);
  }
  return event;
}
