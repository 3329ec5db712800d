import { ReportBudget } from "~/domain/report-budget";
import { errorFields, log, scrub } from "./log.server";
import { countError } from "./operations.server";
import { callerRequestId, currentRequestContext, withRequestContext } from "./request-context.server";
import { sendToSentry } from "./sentry.server";
import { settingsOf, workerVersion } from "./settings.server";

/** The machine code an uncaught error is counted under in /admin/operations. */
export const UNCAUGHT_ERROR_CODE = "uncaught";

/**
 * Uncaught errors reported per isolate and kind (where it was caught and the error's type) a minute: past these, one
 * kind is held back and counted into its next report (ADR 0099), so whoever can set one off at will cannot fill the
 * log, /admin/operations or Sentry.
 */
export const UNCAUGHT_REPORTS_PER_KIND_PER_MINUTE = 5;
const uncaughtBudget = new ReportBudget(UNCAUGHT_REPORTS_PER_KIND_PER_MINUTE, 60_000);

/** Errors already reported: an error rethrown through several handlers is still one failure. */
const reported = new WeakSet<object>();

/**
 * Reports an error nothing else handled, once: one JSON log line with the request id, one count for
 * /admin/operations and, when SENTRY_DSN is set, one Sentry event. Never throws, so a failing report cannot turn a
 * handled failure into another one.
 */
export async function reportError(env: Env, error: unknown, where: string): Promise<void> {
  if (typeof error === "object" && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const context = currentRequestContext();
  const failure = error instanceof Error ? error : new Error(String(error));
  const now = Date.now();
  const turn = uncaughtBudget.take(`${where}:${failure.name}`, now);
  if (!turn.report) return;
  log("error", "uncaught error", {
    where,
    ...errorFields(failure),
    stack: failure.stack ? scrub(failure.stack.split("\n").slice(1, 6).join("\n")) : undefined,
    heldBack: turn.held || undefined,
  });
  const { SENTRY_DSN: dsn, DEPLOY_ENV } = settingsOf(env);
  await Promise.allSettled([
    countError(env, UNCAUGHT_ERROR_CODE, now, 1 + turn.held),
    dsn ? sendToSentry(dsn, failure, { context, where, environment: DEPLOY_ENV ?? "local", release: workerVersion(env) }) : null,
  ]);
}

/**
 * Runs a Durable Object's handler or alarm in a context of its own (the request's id when it came with one) and
 * reports what it throws, once, before the runtime sees it again (an alarm that throws is retried).
 */
export async function reportingFailures<T>(env: Env, where: string, run: () => Promise<T>, request?: Request): Promise<T> {
  const context = currentRequestContext() ?? { requestId: callerRequestId(request), route: where };
  return withRequestContext(context, async () => {
    try {
      return await run();
    } catch (error) {
      await reportError(env, error, where);
      throw error;
    }
  });
}

/** Reports without holding the answer: the report's sending goes on after it (`waitUntil`) where there is a context. */
export function reportInBackground(cloudflare: { env: Env; ctx?: Pick<ExecutionContext, "waitUntil"> } | undefined, error: unknown, where: string): void {
  if (!cloudflare) {
    console.error(error);
    return;
  }
  const report = reportError(cloudflare.env, error, where);
  cloudflare.ctx?.waitUntil?.(report);
}
