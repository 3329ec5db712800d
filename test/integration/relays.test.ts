import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { relayFor, relayNames } from "~/domain/relays";
import type { RoomMessage } from "~/domain/room-messages";
import { bellRelay, bellRoom } from "~/server/edge/bell-room-client.server";
import { call, freshFingerprint, submit } from "../support/api";
import { readyBell } from "../support/bell";
import { forwardToRelay } from "../../workers/room-routes";

// Issue 23: /ws sockets are spread over RELAY_COUNT relays (2 here, as locally); the room publishes to each.

const relays = relayNames(Number(env.RELAY_COUNT));
/** A data centre code whose sockets go to each relay, found by the same rule the Worker uses. */
const coloFor = (relay: string) => ["LHR", "CDG", "FRA", "AMS", "IAD", "SJC", "NRT", "SIN"].find((colo) => relayFor(colo, relays.length) === relay)!;

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

async function connect(relay: string): Promise<RoomMessage[]> {
  return (await socketOn(relay)).inbox;
}

async function socketOn(relay: string): Promise<{ ws: WebSocket; inbox: RoomMessage[] }> {
  const response = await exports.default.fetch("http://localhost/ws", { headers: { Upgrade: "websocket" }, cf: { colo: coloFor(relay) } });
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const inbox: RoomMessage[] = [];
  ws.addEventListener("message", (event) => inbox.push(JSON.parse(String(event.data)) as RoomMessage));
  return { ws, inbox };
}

/** Submits a wish and rings it; answers the ring's id once the ring has answered. */
async function ringOneWish(): Promise<string> {
  await readyBell();
  const { json: wish } = await submit({ wish: "Peace for every street the relays reach", country: "Peru" });
  const { status, json } = await call<{ bellRingId: string }>("/api/bell/ring", { body: { wishIds: [wish.wishId], deviceFingerprint: freshFingerprint() } });
  expect(status).toBe(200);
  return json.bellRingId;
}

/** What the slow-relay test swaps inside the room: its environment and the relay stubs it keeps. */
type RoomInternals = { env: Env; relays: Map<string, unknown> };

/** The relays as the room sees them, with `name`'s publish held until `gate` opens. */
function heldRelay(namespace: Env["BELL_RELAY"], name: string, gate: { open: boolean }): Env["BELL_RELAY"] {
  const heldId = namespace.idFromName(name).toString();
  const opened = async () => {
    while (!gate.open) await scheduler.wait(20);
  };
  return new Proxy(namespace, {
    get(target, key) {
      if (key !== "get") return Reflect.get(target, key).bind(target);
      return (id: DurableObjectId) => {
        const stub = target.get(id);
        return id.toString() === heldId ? { publish: async (frame: string) => (await opened(), stub.publish(frame)) } : stub;
      };
    },
  });
}

const rungOf = (inbox: RoomMessage[], ringId: string) => inbox.find((m) => m.type === "bell-rung" && m.ringId === ringId);
const completedOf = (inbox: RoomMessage[], ringId: string) =>
  inbox.find((m) => m.type === "batch-update" && m.subType === "completed" && m.bellRingId === ringId);

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

  it("spreads one data centre's sockets over every relay with RELAY_BY=random", async () => {
    const random = { ...env, RELAY_BY: "random" } as Env;
    // Sockets of earlier tests are closed by now: each relay holds only this test's.
    for (const relay of relays) await expect.poll(() => socketsOn(relay)).toBe(0);
    const sockets: WebSocket[] = [];
    // Twenty sockets from one data centre: all on one relay would be one chance in 2^19.
    for (let i = 0; i < 20; i++) {
      const response = await forwardToRelay(new Request("http://localhost/ws", { headers: { Upgrade: "websocket" }, cf: { colo: "LHR" } }), random);
      response.webSocket!.accept();
      sockets.push(response.webSocket!);
    }
    open.push(...sockets);
    const counts = await Promise.all(relays.map(socketsOn));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(20);
    for (const count of counts) expect(count).toBeGreaterThan(0);
  });

  it("brings a ring's bell-rung and batch-update to the sockets of every relay", async () => {
    const inboxes = await Promise.all([connect(relays[0]), connect(relays[1]), connect(relays[1])]);
    const ringId = await ringOneWish();
    for (const inbox of inboxes) await expect.poll(() => rungOf(inbox, ringId)).toMatchObject({ type: "bell-rung", virtual: false });
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    for (const inbox of inboxes) {
      await expect.poll(() => completedOf(inbox, ringId)).toMatchObject({ data: { result: { quantumResult: expect.stringMatching(/^[01]$/) } } });
      expect(inbox.filter((m) => m.type === "bell-rung")).toHaveLength(1);
    }
  });

  it("answers the ring while a relay is slow, and the slow relay's sockets hear it when it catches up", async () => {
    const [quick, slow] = await Promise.all([connect(relays[0]), connect(relays[1])]);
    // The room reaches the second relay only once the test lets it, as when that relay is stuck behind a long task.
    const gate = { open: false };
    await runInDurableObject(bellRoom(env), (instance) => {
      const room = instance as unknown as RoomInternals;
      room.env = { ...room.env, BELL_RELAY: heldRelay(room.env.BELL_RELAY, relays[1], gate) };
      room.relays.clear();
    });
    try {
      // Were the ring to wait for its relays, this would never answer.
      const ringId = await ringOneWish();
      await expect.poll(() => rungOf(quick, ringId)).toBeDefined();
      expect(rungOf(slow, ringId)).toBeUndefined();
      gate.open = true;
      await expect.poll(() => rungOf(slow, ringId)).toBeDefined();
    } finally {
      gate.open = true;
      await runInDurableObject(bellRoom(env), (instance) => {
        const room = instance as unknown as RoomInternals;
        room.env = env;
        room.relays.clear();
      });
    }
  });

  it("delivers again after a relay is evicted and its sockets reconnect", async () => {
    const other = await connect(relays[0]);
    const before = await Promise.all([socketOn(relays[1]), socketOn(relays[1])]);
    await expect.poll(() => other.findLast((m) => m.type === "presence"), { timeout: 5000 }).toEqual({ type: "presence", count: 3 });
    const closed = new Promise<number>((resolve) => before[0].ws.addEventListener("close", (event) => resolve(event.code)));
    await runInDurableObject(bellRelay(env, relays[1]), (_instance, state) => state.abort("evicted by the test")).catch(() => undefined);
    expect(await closed).not.toBe(1000);
    // One of its two pages reconnects (app/domain/reconnect.ts) and lands on the same relay, which starts afresh.
    const after = await connect(relays[1]);
    expect(await socketsOn(relays[1])).toBe(1);
    const ringId = await ringOneWish();
    await expect.poll(() => rungOf(after, ringId)).toBeDefined();
    await expect.poll(() => rungOf(other, ringId)).toBeDefined();
    // Presence counts the sockets open now (not the evicted relay's two from before), under its kept name.
    await expect.poll(() => after.findLast((m) => m.type === "presence"), { timeout: 5000 }).toEqual({ type: "presence", count: 2 });
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
