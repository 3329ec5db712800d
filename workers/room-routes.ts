import { relayCount, relayFor, relaysByColo } from "~/domain/relays";
import { bellRelay, bellRoom } from "~/server/bell-room-client.server";
import { RELAY_NAME_HEADER } from "./bell-relay";
import { deliverOutbox } from "~/server/email/outbox.server";
import { sweepRetention } from "~/server/retention.server";

/** `/ws` belongs to the relays, whichever Worker receives it. */
export function isSocketPath(url: URL): boolean {
  return url.pathname === "/ws";
}

/**
 * Hands a socket to a relay: the one for the data centre the request arrived at, else (or with RELAY_BY=random) one
 * at random (issue 23).
 */
export function forwardToRelay(request: Request, env: Env): Promise<Response> {
  const colo = relaysByColo((env as { RELAY_BY?: string }).RELAY_BY) ? (request.cf?.colo as string | undefined) : undefined;
  const name = relayFor(colo, relayCount(env.RELAY_COUNT));
  const named = new Request(request);
  named.headers.set(RELAY_NAME_HEADER, name);
  return bellRelay(env, name).fetch(named);
}

/**
 * The BellRoom owns every ring, so the cron only nudges it to advance unfinished jobs; it also retries waiting mail
 * and sweeps what is past its retention bound, each on its own so neither waits for nor fails the others.
 */
export function onSchedule(env: Env, ctx: ExecutionContext, now = Date.now()): void {
  ctx.waitUntil(bellRoom(env).poll());
  ctx.waitUntil(deliverOutbox(env));
  ctx.waitUntil(sweepRetention(env, { now }).catch((error: unknown) => console.error("Retention sweep failed", error)));
}
