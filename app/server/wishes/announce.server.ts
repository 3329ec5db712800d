import type { PublicWish } from "~/domain/public-wish";
import type { CloudflareContext } from "~/load-context";
import { bellRoom } from "../edge/bell-room-client.server";
import { errorFields, log } from "../edge/log.server";

/** Tells every open socket that a wish arrived (live strip and map), after the response has gone. */
export function announceWish(env: Env, ctx: CloudflareContext["ctx"], wish: PublicWish): void {
  ctx.waitUntil(
    bellRoom(env)
      .broadcast({ type: "wish-submitted", country: wish.country, countryCode: wish.countryCode, theme: wish.theme, wish })
      .catch((error: unknown) => log("error", "could not announce a wish", errorFields(error))),
  );
}
