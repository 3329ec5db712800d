import { relayFor } from "~/domain/relays";
import { bellRelay, bellRoom } from "~/server/edge/bell-room-client.server";
import { RELAY_NAME_HEADER, RELAY_NETWORK_HEADER, RELAY_REFUSAL_HEADER } from "./bell-relay";
import { appError, isAppError } from "~/domain/app-error";
import { fail, SERVER_FAULT } from "~/server/edge/http.server";
import { networkHash } from "~/server/edge/hashing.server";
import { ERROR_CODE } from "~/domain/error-codes";
import { SOCKET_ONLY } from "~/domain/messages";
import { sweepRateLimits } from "~/server/edge/rate-limit.server";
import { deliverOutbox, type DeliveryReport } from "~/server/email/outbox.server";
import { backfillMailStops } from "~/server/email/mail-stop.server";
import { deliverRingPushes } from "~/server/push/push.server";
import { errorFields, log } from "~/server/edge/log.server";
import { recordMetric } from "~/server/edge/metrics.server";
import { recordCronTasks, recordHeartbeat, trimErrorCounts } from "~/server/edge/operations.server";
import { MAIL_DELIVERY_TASK } from "~/domain/operations";
import { alertOperator } from "~/server/operations/operator-alert.server";
import { reportError } from "~/server/edge/report-error.server";
import { sweepRetention } from "~/server/privacy/retention.server";
import { reapplyErasures } from "~/server/privacy/erasure.server";
import { settingsOf } from "~/server/edge/settings.server";
import { currentRequestId, REQUEST_ID_HEADER, requestIdFor } from "~/server/edge/request-context.server";
import { drawCompletedRingCards } from "~/server/og/og.server";

/** `/ws` belongs to the relays, whichever Worker receives it. */
export function isSocketPath(url: URL): boolean {
  return url.pathname === "/ws";
}

/**
 * Hands a socket to a relay: the one for the data centre the request arrived at, else (or with RELAY_BY=random) one
 * at random (docs/realtime.md#pages-follow-the-socket).
 */
export async function forwardToRelay(request: Request, env: Env): Promise<Response> {
  // An upgrade is a GET; the relay answered 101 to any method, and a POST's 101 broke the response (docs/product.md#one-person-one-share).
  if (request.method !== "GET") {
    return fail(request, appError(405, SOCKET_ONLY, { code: ERROR_CODE.methodNotAllowed }), { headers: { Allow: "GET" } });
  }
  const colo = settingsOf(env).RELAY_BY === "colo" ? (request.cf?.colo as string | undefined) : undefined;
  const name = relayFor(colo, settingsOf(env).RELAY_COUNT);
  const named = new Request(request);
  named.headers.set(RELAY_NAME_HEADER, name);
  // The relay caps sockets per network (docs/product.md#one-person-one-share); set here, so whatever the visitor sent under that name is replaced.
  named.headers.set(RELAY_NETWORK_HEADER, await networkHash(settingsOf(env).HASH_SECRET, request));
  named.headers.set(REQUEST_ID_HEADER, currentRequestId() ?? requestIdFor(request));
  return renderedRefusal(request, await bellRelay(env, name).fetch(named));
}

/** A relay refuses with an AppError; it becomes the public JSON here, in the visitor's language (docs/api.md#errors). */
async function renderedRefusal(request: Request, answer: Response): Promise<Response> {
  if (!answer.headers.has(RELAY_REFUSAL_HEADER)) return answer;
  const error: unknown = await answer.json().catch(() => null);
  if (!isAppError(error)) return fail(request, SERVER_FAULT);
  const retryAfter = answer.headers.get("Retry-After");
  return fail(request, error, retryAfter ? { headers: { "Retry-After": retryAfter } } : {});
}

/**
 * The BellRoom owns every ring, so the cron only nudges it to advance unfinished jobs; it also retries waiting mail,
 * sweeps what is past its retention bound and draws completed rings' share cards (ADR 0050), each on its own so none
 * waits for nor fails the others.
 * A run that fails is reported once (its first error), and its heartbeat, which /healthz and /admin/operations read,
 * says so in a sentence of ours; each task's outcome is kept by name (ADR 0110). Then the site is checked as /healthz
 * checks it, and the operator told of a new incident or a recovery (ADR 0111).
 */
export async function onSchedule(env: Env, scheduledTime = Date.now()): Promise<void> {
  const started = Date.now();
  let mail: DeliveryReport | null = null;
  const tasks: [name: string, run: () => Promise<unknown>][] = [
    ["ring poll", () => bellRoom(env).poll(currentRequestId())],
    [
      MAIL_DELIVERY_TASK,
      () =>
        deliverOutbox(env).then((report) => {
          mail = report;
          if (report.sent) recordMetric(env, "mail_sent", { count: report.sent });
          if (report.failed) recordMetric(env, "mail_failed", { count: report.failed });
        }),
    ],
    // A ring's push notice that a push service could not take is tried again here (ADR 0059).
    ["push delivery", () => deliverRingPushes(env, { now: scheduledTime })],
    ["error count trim", () => trimErrorCounts(env, scheduledTime)],
    ["rate limit sweep", () => sweepRateLimits(env.DB)],
    ["retention sweep", () => sweepRetention(env, { now: scheduledTime })],
    // Stops from before migration 0031 are extended to their whole inbox, a batch a run (ADR 0105).
    ["mail stop backfill", () => backfillMailStops(env, scheduledTime)],
    // After a D1 restore, the erasures it undid are applied again (ADR 0108); one list and one count otherwise.
    ["erasure reapply", () => reapplyErasures(env, scheduledTime)],
    ["share cards", () => drawCompletedRingCards(env, scheduledTime)],
  ];
  const results = await Promise.allSettled(tasks.map(([, run]) => run()));
  const failures = results.filter((result) => result.status === "rejected").map((result) => result.reason as unknown);
  if (failures.length > 0) await reportError(env, failures[0], "cron");
  const problem = failures.length > 0 ? `${failures.length} of ${results.length} cron tasks failed; see the error log.` : null;
  const at = Date.now();
  const outcomes = tasks.map(([name], i) => ({ name, failure: results[i]!.status === "rejected" ? `see the error log of request ${currentRequestId() ?? "cron"}.` : null }));
  // The run's own failure is reported above; what fails in its bookkeeping is only logged, so one broken database
  // is one report, not three.
  const logged = (message: string) => (error: unknown) => log("error", message, errorFields(error));
  await Promise.all([recordHeartbeat(env, at, problem), recordCronTasks(env, at, outcomes, mail)]).catch(logged("cron outcome not recorded"));
  await alertOperator(env, at).catch(logged("operator alert failed"));
  log("info", "cron run", { failed: failures.length, durationMs: Date.now() - started });
}
