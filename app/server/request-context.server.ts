import { AsyncLocalStorage } from "node:async_hooks";

/** What every log line and error report of one request (or one cron run, one alarm) carries. */
export interface RequestContext {
  requestId: string;
  /** The path, or a name like "cron" or "BellRoom.alarm": never a query string, which may hold personal data. */
  route: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Cloudflare's ray id names the request in Cloudflare's own logs too; without one (local runs, cron) a fresh id. */
export function requestIdFor(request?: Request): string {
  const ray = request?.headers.get("cf-ray")?.trim();
  return ray && /^[\w-]{1,64}$/.test(ray) ? ray : crypto.randomUUID();
}

export function withRequestContext<T>(context: RequestContext, run: () => T): T {
  return storage.run(context, run);
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
