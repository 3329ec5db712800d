import { env, exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { LATITUDE_INVALID } from "~/domain/messages";
import { SOCKETS_PER_NETWORK } from "../../workers/bell-relay";
import { forwardToRelay } from "../../workers/room-routes";
import { browserFetch, call, freshFingerprint, freshIp, ORIGIN } from "../support/api";

// Issue 31, point 11: the smaller holes, one test each (the 12 spellings of an address: networks.test.ts; three mails
// blocking an address: mail-caps.test.ts).

describe("the smaller holes", () => {
  it("POST /ws with upgrade headers answers 405 with a sentence, not 500", async () => {
    // Inside workerd a fetch that asks for an upgrade is always sent as a GET, so the route is called with the POST as
    // it arrives over HTTP.
    const request = new Request(`${ORIGIN}/ws`, {
      method: "POST",
      headers: { Upgrade: "websocket", Connection: "Upgrade", Origin: ORIGIN, "CF-Connecting-IP": freshIp() },
    });
    const response = await forwardToRelay(request, env);
    expect(response.status).toBe(405);
    expect(await response.json()).toMatchObject({ success: false, code: "method_not_allowed" });
  });

  it(`one network holds at most ${SOCKETS_PER_NETWORK} sockets on a relay`, async () => {
    const ip = freshIp();
    const open = () => exports.default.fetch(`${ORIGIN}/ws`, { headers: { Upgrade: "websocket", Origin: ORIGIN, "CF-Connecting-IP": ip } });
    const sockets: WebSocket[] = [];
    let refused = 0;
    for (let i = 0; i < SOCKETS_PER_NETWORK * 2 + 5; i += 1) {
      const response = await open();
      if (response.status === 101) {
        response.webSocket!.accept();
        sockets.push(response.webSocket!);
      } else {
        expect(response.status).toBe(429);
        refused += 1;
      }
    }
    // Two relays locally (RELAY_COUNT): at most the cap on each.
    expect(sockets.length).toBeLessThanOrEqual(SOCKETS_PER_NETWORK * 2);
    expect(refused).toBeGreaterThan(0);
    for (const socket of sockets) socket.close(1000, "done");
  });

  it('lat: "0x10" is refused, not stored as 16; plain decimals still work', async () => {
    const hex = await call<{ error: string; field: string }>("/api/wishes", { body: { wish: "May the compass always point home", deviceFingerprint: freshFingerprint(), lat: "0x10" } });
    expect(hex.status).toBe(400);
    expect(hex.json).toMatchObject({ field: "lat", error: LATITUDE_INVALID });
    for (const lat of ["0b1", "0o7", "1e400"]) {
      expect((await call("/api/wishes", { body: { wish: "May the compass always point home", deviceFingerprint: freshFingerprint(), lat } })).status, lat).toBe(400);
    }
    expect((await call("/api/wishes", { body: { wish: "May the compass always point home", deviceFingerprint: freshFingerprint(), lat: " -12.5 ", lon: "45" } })).status).toBe(201);
  });

  it("a POST to a page with no action is answered 405 and not logged as an error", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const response = await browserFetch("/about", { method: "POST", form: { anything: "x" } });
      expect(response.status).toBe(405);
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });

  it("/mail/stop answers 200 after it succeeds, even when the post carries no ?t=", async () => {
    const address = `stop-${crypto.randomUUID()}@example.org`;
    expect((await call("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail: address } })).status).toBe(200);
    const { body } = (await env.DB.prepare("SELECT body FROM outbox WHERE to_address = ?").bind(address).first<{ body: string }>())!;
    const token = /\/mail\/stop\?t=([0-9a-f]{96})/.exec(body)![1]!;
    const stopped = await browserFetch("/mail/stop", { method: "POST", form: { t: token } });
    expect(stopped.status).toBe(200);
  });
});
