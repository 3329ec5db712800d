import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { relayFor, relayNames } from "~/domain/relays";
import { CLOSE_POLICY, SOCKET_FRAME_BURST } from "~/domain/socket-budget";
import { bellRelay } from "~/server/edge/bell-room-client.server";
import { freshIp, ORIGIN } from "../support/api";

// Issue 46, point 1: a socket's junk frames closed at once, a socket's frames budgeted, and a network that broke the
// protocol kept away from the relay for a while, so one visitor's frames cannot stall the site.

const relays = relayNames(Number(env.RELAY_COUNT));
/** A data centre whose sockets go to `relay`, by the Worker's own rule. */
const coloFor = (relay: string) => ["LHR", "CDG", "FRA", "AMS", "IAD", "SJC", "NRT", "SIN"].find((colo) => relayFor(colo, relays.length) === relay)!;

const open: WebSocket[] = [];
afterEach(() => {
  for (const ws of open.splice(0)) ws.close(1000);
});

function upgrade(ip: string, relay = relays[0]!) {
  return exports.default.fetch(`${ORIGIN}/ws`, { headers: { Upgrade: "websocket", Origin: ORIGIN, "CF-Connecting-IP": ip }, cf: { colo: coloFor(relay) } });
}

async function socket(ip: string, relay = relays[0]!) {
  const response = await upgrade(ip, relay);
  expect(response.status).toBe(101);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const replies: string[] = [];
  ws.addEventListener("message", (event) => replies.push(String(event.data)));
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  return { ws, replies, closed };
}

describe("what a socket may send", () => {
  it("a text frame outside the protocol closes the socket with 1008", async () => {
    const { ws, closed } = await socket(freshIp());
    ws.send("x");
    expect(await closed).toBe(CLOSE_POLICY);
  });

  it("a binary frame closes the socket with 1008", async () => {
    const { ws, closed } = await socket(freshIp());
    ws.send(new Uint8Array([1, 2, 3]));
    expect(await closed).toBe(CLOSE_POLICY);
  });

  it("heartbeats keep the socket open, answered by the runtime however many there are", async () => {
    const { ws, replies } = await socket(freshIp());
    for (let i = 0; i < SOCKET_FRAME_BURST * 4; i += 1) ws.send("ping");
    await expect.poll(() => replies.length).toBe(SOCKET_FRAME_BURST * 4);
    expect(new Set(replies)).toEqual(new Set(["pong"]));
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it(`frames that reach the relay itself are budgeted: past ${SOCKET_FRAME_BURST} at once the socket closes with 1008`, async () => {
    const relay = relays[1]!;
    const { replies, closed } = await socket(freshIp(), relay);
    // The runtime answers `ping` itself; the relay sees a heartbeat only when it did not, so the test hands them over.
    await runInDurableObject(bellRelay(env, relay), async (instance, state) => {
      const [ws] = state.getWebSockets();
      const relayObject = instance as unknown as { webSocketMessage(ws: WebSocket, message: string): Promise<void> };
      for (let i = 0; i <= SOCKET_FRAME_BURST; i += 1) await relayObject.webSocketMessage(ws!, "ping");
    });
    expect(await closed).toBe(CLOSE_POLICY);
    expect(replies).toEqual(Array.from({ length: SOCKET_FRAME_BURST }, () => "pong"));
  });

  it("a network whose socket broke the protocol is refused new sockets on that relay for a while; others are not", async () => {
    const ip = freshIp();
    const { ws, closed } = await socket(ip);
    ws.send("junk");
    expect(await closed).toBe(CLOSE_POLICY);
    const again = await upgrade(ip);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await again.json()).toMatchObject({ success: false, code: "rate_limited" });
    const other = await socket(freshIp());
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });
});
