import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { bellRoom } from "~/server/edge/bell-room-client.server";

/** The bell ready to ring at once: no cooldown from an earlier ring and no alarm left set. */
export async function readyBell(): Promise<void> {
  await runInDurableObject(bellRoom(env), async (_instance, state) => {
    await state.storage.delete("lastRingAt");
    await state.storage.deleteAlarm();
  });
}
