/**
 * Issue 33: the request id travels into the Durable Objects, so a line a relay or the BellRoom writes about a request
 * carries that request's id: a header on a forwarded socket request, an argument on an RPC call.
 */
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { bellRelay } from "~/server/edge/bell-room-client.server";
import { REQUEST_ID_HEADER, withRequestContext } from "~/server/edge/request-context.server";
import { BellRoom } from "../../workers/bell-room/bell-room";
import { forwardToRelay } from "../../workers/room-routes";
import { submit } from "../support/api";
import { capturingLogs, uncaught } from "../support/failures";

/** A relay namespace whose every stub hands its calls to `stub`. */
function relaysLike(stub: object): Env["BELL_RELAY"] {
  return { idFromName: (name: string) => name, get: () => stub } as unknown as Env["BELL_RELAY"];
}

describe("a socket forwarded to a relay", () => {
  it("carries the Worker's request id in a header, replacing whatever the visitor sent under that name", async () => {
    let forwarded: Request | undefined;
    const relays = relaysLike({ fetch: async (request: Request) => ((forwarded = request), new Response(null, { status: 204 })) });
    const request = new Request("http://localhost/ws", { headers: { Upgrade: "websocket", Origin: "http://localhost", [REQUEST_ID_HEADER]: "forged-by-visitor" } });
    await withRequestContext({ requestId: "worker-request-41", route: "/ws" }, () => forwardToRelay(request, { ...env, BELL_RELAY: relays } as Env));
    expect(forwarded?.headers.get(REQUEST_ID_HEADER)).toBe("worker-request-41");
  });

  it("a relay's line about it carries that id", async () => {
    const { result, lines } = await capturingLogs(() =>
      runInDurableObject(bellRelay(env, "relay-0"), async (relay, state) => {
        const spy = vi.spyOn(state, "acceptWebSocket").mockImplementation(() => {
          throw new Error("relay failed");
        });
        try {
          const request = new Request("http://localhost/ws", { headers: { Upgrade: "websocket", Origin: "http://localhost", [REQUEST_ID_HEADER]: "worker-request-42" } });
          return await relay.fetch(request).then(() => null, (error: unknown) => error);
        } finally {
          spy.mockRestore();
        }
      }),
    );
    expect(result).toBeInstanceOf(Error);
    expect(uncaught(lines)).toEqual([expect.objectContaining({ requestId: "worker-request-42", where: "BellRelay.fetch" })]);
  });
});

describe("a ring's RPC call into the BellRoom", () => {
  it("runs under the ringing request's id: the room's lines about the ring carry it", async () => {
    await submit({ wish: "Quiet harbours for every tired traveller" });
    const relays = relaysLike({ publish: async () => Promise.reject(new Error("relay gone")) });
    const stub = env.BELL_ROOM.get(env.BELL_ROOM.idFromName(`request-id-${crypto.randomUUID()}`));
    const { result, lines } = await capturingLogs(() =>
      runInDurableObject(stub, async (_instance, state) => new BellRoom(state, { ...env, BELL_RELAY: relays } as Env).ring({ rungByHash: "h", requestId: "worker-request-43" })),
    );
    expect(result).toMatchObject({ ok: true });
    const published = lines.filter((line) => line.message === "could not publish to a relay");
    expect(published.length).toBeGreaterThan(0);
    for (const line of published) expect(line).toMatchObject({ level: "error", requestId: "worker-request-43", route: "BellRoom.ring", error: "relay gone" });
  });
});
