import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { relayFor, relayNames } from "~/domain/relays";
import type { RoomMessage } from "~/domain/room-messages";
import { bellRelay, bellRoom } from "~/server/bell-room-client.server";

// Issue 23: /ws sockets are spread over RELAY_COUNT relays (2 here, as locally); the room publishes to each.

const relays = relayNames(Number(env.RELAY_COUNT));
/** A data centre code whose sockets go to each relay, found by the same rule the Worker uses. */
const coloFor = (relay: string) => ["LHR", "CDG", "FRA", "AMS", "IAD", "SJC", "NRT", "SIN"].find((colo) => relayFor(colo, relays.length) === relay)!;

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

async function connect(relay: string): Promise<RoomMessage[]> {
  const response = await exports.default.fetch("http://localhost/ws", { headers: { Upgrade: "websocket" }, cf: { colo: coloFor(relay) } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const inbox: RoomMessage[] = [];
  ws.addEventListener("message", (event) => inbox.push(JSON.parse(String(event.data)) as RoomMessage));
  return inbox;
}

const socketsOn = (relay: string) => runInDurableObject(bellRelay(env, relay), (instance) => (instance as unknown as { count(): Promise<number> }).count());

describe("relays for the sockets", () => {
  it("runs at least two locally, and sends each data centre's sockets to its relay", async () => {
    expect(relays.length).toBeGreaterThanOrEqual(2);
    await connect(relays[0]);
    await connect(relays[0]);
    await connect(relays[1]);
    expect(await socketsOn(relays[0])).toBe(2);
    expect(await socketsOn(relays[1])).toBe(1);
  });

  it("delivers what the room publishes to every socket on every relay, once", async () => {
    const inboxes = await Promise.all([connect(relays[0]), connect(relays[1]), connect(relays[1])]);
    const message: RoomMessage = { type: "wish-submitted", country: "Peru", countryCode: "PE", theme: "Unity" };
    expect(await bellRoom(env).broadcast(message)).toBe(relays.length);
    for (const inbox of inboxes) await expect.poll(() => inbox.filter((m) => m.type === "wish-submitted")).toEqual([message]);
  });

  it("announces presence as the sum of the relays' sockets", async () => {
    const [first] = await Promise.all([connect(relays[0]), connect(relays[1]), connect(relays[1])]);
    await expect.poll(() => first.findLast((m) => m.type === "presence"), { timeout: 5000 }).toEqual({ type: "presence", count: 3 });
    // A report from a relay that is not one of the configured ones is ignored.
    await bellRoom(env).relayPresence("relay-99", 500);
    await bellRoom(env).broadcast({ type: "presence", count: -1 });
    await expect.poll(() => first.at(-1)).toEqual({ type: "presence", count: -1 });
  });

  it("keeps its name in storage, so an evicted relay still reports under it", async () => {
    await connect(relays[1]);
    expect(await runInDurableObject(bellRelay(env, relays[1]), (_instance, state) => state.storage.get("name"))).toBe(relays[1]);
  });

  it("keeps the checks of the socket: another site, a plain request", async () => {
    const cross = await exports.default.fetch("http://localhost/ws", { headers: { Upgrade: "websocket", Origin: "https://evil.example" } });
    expect(cross.status).toBe(403);
    expect((await exports.default.fetch("http://localhost/ws")).status).toBe(426);
  });
});
