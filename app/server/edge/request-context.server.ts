import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line and error report of one request (or one cron run, one alarm) carries. */
export interface RequestContext {
  requestId: string;
  /** The path, or a name like "cron" or "BellRoom.alarm": never a query string, which may hold personal data. */
  route: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * The header a call into a Durable Object carries its caller's request id in. The Worker sets it on every request it
 * forwards (whatever a visitor sent under that name is replaced), so an object's log lines carry the same id.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** Cloudflare's ray id names the request in Cloudflare's own logs too; without one (local runs, cron) a fresh id. */
export function requestIdFor(request?: Request): string {
  const ray = request?.headers.get("cf-ray")?.trim();
  return ray && REQUEST_ID.test(ray) ? ray : crypto.randomUUID();
}

/** Inside a Durable Object: the id its caller passed on (header or argument), else one of its own. */
export function callerRequestId(passed: Request | string | undefined): string {
  const sent = typeof passed === "string" ? passed : passed?.headers.get(REQUEST_ID_HEADER)?.trim();
  if (sent && REQUEST_ID.test(sent)) return sent;
  return requestIdFor(typeof passed === "string" ? undefined : passed);
}

/** The id to pass on to a Durable Object: the current request's or run's. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
