import { bellRoom } from "~/server/bell-room-client.server";
import { deliverOutbox } from "~/server/email/outbox.server";

/** `/ws` belongs to the BellRoom, whichever Worker receives it. */
export function isSocketPath(url: URL): boolean {
  return url.pathname === "/ws";
}

export function forwardToRoom(request: Request, env: Env): Promise<Response> {
  return bellRoom(env).fetch(request);
}

/** The BellRoom owns every ring, so the cron only nudges it to advance unfinished jobs; it also retries waiting mail. */
export function onSchedule(env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(bellRoom(env).poll());
  ctx.waitUntil(deliverOutbox(env));
}
