import type { PublicWish } from "~/domain/public-wish";
import type { CloudflareContext } from "~/load-context";
import { bellRoom } from "./bell-room-client.server";

/** Tells every open socket that a wish arrived (live strip and map), after the response has gone. */
export function announceWish(env: Env, ctx: CloudflareContext["ctx"], wish: PublicWish): void {
  ctx.waitUntil(
    bellRoom(env)
      .broadcast({ type: "wish-submitted", country: wish.country, countryCode: wish.countryCode, theme: wish.theme, wish })
      .catch((error: unknown) => console.error("Could not announce a wish", error)),
  );
}
