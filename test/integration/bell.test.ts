import {
  abortAllDurableObjects,
  createExecutionContext,
  createScheduledController,
  runDurableObjectAlarm,
  runInDurableObject,
  waitOnExecutionContext,
} from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { RING_COOLDOWN_SECONDS, RING_NETWORK_COOLDOWN_SECONDS, RING_NETWORK_RINGS_PER_HOUR, RINGS_PER_NETWORK_PER_HOUR } from "~/domain/limits";
import { networkKey } from "~/domain/network";
import { privateHash } from "~/server/edge/hashing.server";
import { RING_NETWORK_LIMITED, RING_NONE_PENDING, RING_OUT_OF_CREDITS } from "~/domain/messages";
import { ringVerse } from "~/domain/verse/verse";
import { verseSources } from "~/server/rings/verse.server";
import type { RoomMessage } from "~/domain/room-messages";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import { builtWorker as worker } from "../support/build";
import { call, freshFingerprint, freshIp, submit } from "../support/api";
import { readyBell } from "../support/bell";

const stub = () => bellRoom(env);

/** Each test starts with the bell ready and no pending wish left over from another test. */
beforeEach(async () => {
  await readyBell();
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
  await env.DB.prepare("DELETE FROM credit_ledger WHERE reason = 'test drain'").run();
  await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
});

async function makePending(count: number, country = "Portugal"): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const { json } = await submit({ wish: `Peace for the harbour towns, wish ${i + 1} of ${count}`, country });
    ids.push(json.wishId);
  }
  return ids;
}

const ring = (body: Record<string, unknown> = {}) =>
  call<{ success: boolean; bellRingId: string; error?: string; code?: string; retryAfter?: number; data: { batches: { wishIds: string[] }[]; pendingLeft: number; cooldownSeconds: number } }>(
    "/api/bell/ring",
    { body: { deviceFingerprint: freshFingerprint(), ...body } },
  );

describe("POST /api/bell/ring", () => {
  it("rings the requested pending wishes and answers the docs/api.md shape", async () => {
    const ids = await makePending(2);
    const { status, json } = await ring({ wishIds: ids });
    expect(status).toBe(200);
    expect(json).toMatchObject({ success: true, message: "The bell rang for 2 wishes.", data: { pendingLeft: 0, cooldownSeconds: 20 } });
    expect(json.data.batches).toEqual([{ wishIds: ids, bellRingId: json.bellRingId }]);
    const rows = await env.DB.prepare("SELECT status, bell_ring_id FROM wishes WHERE id IN (?, ?)").bind(...ids).all();
    for (const row of rows.results) expect(row.bell_ring_id).toBe(json.bellRingId);
  });

  it("takes at most five wishes, the oldest pending when none are requested", async () => {
    const ids = await makePending(7);
    const { json } = await ring();
    expect(json.data.batches[0].wishIds).toEqual(ids.slice(0, 5));
    expect(json.data.pendingLeft).toBe(2);
  });

  it("is fair: a ring for the ringer's own wish also takes the oldest others that wait (issue 31)", async () => {
    const others = await makePending(4);
    const deviceFingerprint = freshFingerprint();
    const { json: mine } = await submit({ wish: "May my street and every street stay calm tonight", deviceFingerprint });
    const { json } = await ring({ wishIds: [mine.wishId], deviceFingerprint });
    expect(json.data.batches[0].wishIds).toEqual([...others, mine.wishId]);
    expect(json.data.pendingLeft).toBe(0);
  });

  it("takes one own wish at most, and prefers no wish that is not the ringer's own", async () => {
    const others = await makePending(6);
    const deviceFingerprint = freshFingerprint();
    const mine: string[] = [];
    for (const wish of ["May the first of my wishes find its way", "May the second of my wishes find its way"]) {
      mine.push((await submit({ wish, deviceFingerprint })).json.wishId);
    }
    // Someone else's newest wish, asked for by a stranger, is not moved ahead of the oldest.
    const stranger = await ring({ wishIds: [others[5]!, "no-such-wish"] });
    expect(stranger.json.data.batches[0].wishIds).toEqual(others.slice(0, 5));
    await readyBell();
    const own = await ring({ wishIds: [mine[1]!, mine[0]!], deviceFingerprint });
    expect(own.json.data.batches[0].wishIds).toEqual([others[5], mine[0], mine[1]]);
  });

  it("a refused ring writes nothing and gives the cooldown back", async () => {
    const countRings = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM bell_rings").first<{ n: number }>())?.n;
    const before = await countRings();
    expect((await ring()).json.error).toBe(RING_NONE_PENDING);
    await makePending(1);
    await env.DB.prepare("INSERT INTO credit_ledger (delta_seconds, reason, created_at) VALUES (-1000000, 'test drain', ?)").bind(Date.now()).run();
    expect((await ring()).json.error).toBe(RING_OUT_OF_CREDITS);
    expect(await countRings()).toBe(before);
    await env.DB.prepare("DELETE FROM credit_ledger WHERE reason = 'test drain'").run();
    expect((await ring()).status).toBe(200);
  });

  it("refuses a second ring within 20 seconds with 429 and the seconds left", async () => {
    await makePending(2);
    expect((await ring()).status).toBe(200);
    const again = await ring();
    expect(again.status).toBe(429);
    expect(again.json.retryAfter).toBeGreaterThan(0);
    expect(again.json.retryAfter).toBeLessThanOrEqual(20);
    expect(again.headers.get("Retry-After")).toBe(String(again.json.retryAfter));
    expect(again.json.code).toBe("cooldown");
  });

  it("tells a freshly loaded home page how much of the cooldown is left, so its button says so at once", async () => {
    // Rings of earlier tests in this file are moved out of the way, as the beforeEach resets the room's own clock.
    await env.DB.prepare("UPDATE bell_rings SET created_at = created_at - 60000").run();
    await makePending(2);
    const buttonLabel = async () => {
      const html = await (await exports.default.fetch("http://localhost/", { headers: { "CF-Connecting-IP": "203.0.113.9" } })).text();
      return />(Please wait \d+s|Ring Bell \(\d+ wishe?s?\))</.exec(html)?.[1];
    };
    await expect.poll(buttonLabel).toBe("Ring Bell (2 wishes)");
    expect((await ring()).status).toBe(200);
    // The page is read from a one-second memo, so it may take that long to see the ring.
    await expect.poll(buttonLabel).toMatch(/^Please wait (1[89]|20)s$/);
  });

  it("keeps the cooldown when the BellRoom is evicted", async () => {
    await makePending(2);
    expect((await ring()).status).toBe(200);
    await abortAllDurableObjects();
    expect((await ring()).status).toBe(429);
  });

  it("gives each network its own cooldown on top of the shared one (issue 31)", async () => {
    await makePending(7);
    const ip = freshIp();
    const first = await call<{ code?: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip });
    expect(first.status).toBe(200);
    await readyBell();
    const again = await call<{ code?: string; retryAfter?: number }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip });
    expect(again.status).toBe(429);
    expect(again.json.code).toBe("cooldown");
    expect(again.json.retryAfter).toBeGreaterThan(RING_COOLDOWN_SECONDS);
    expect(again.json.retryAfter).toBeLessThanOrEqual(RING_NETWORK_COOLDOWN_SECONDS);
    // Another network rings at once, and the refused ring gave the shared cooldown back.
    expect((await ring()).status).toBe(200);
  });

  it(`lets one network ring at most ${RING_NETWORK_RINGS_PER_HOUR} times an hour (issue 31)`, async () => {
    await makePending(2);
    const ip = freshIp();
    const network = await privateHash(env.HASH_SECRET, "ip", networkKey(ip));
    const earlier = Date.now() - RING_NETWORK_COOLDOWN_SECONDS * 1000 - 60_000;
    const insert = env.DB.prepare("INSERT INTO bell_rings (id, created_at, virtual, rung_by_network, provider, status) VALUES (?, ?, 0, ?, 'simulator', 'completed')");
    await env.DB.batch(Array.from({ length: RING_NETWORK_RINGS_PER_HOUR }, (_, i) => insert.bind(`test-hourly-${crypto.randomUUID()}`, earlier - i * 1000, network)));
    const refused = await call<{ code?: string; retryAfter?: number }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip });
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "rate_limited", error: RING_NETWORK_LIMITED });
    expect(refused.json.retryAfter).toBeGreaterThan(0);
    // An hour later they no longer count.
    await env.DB.prepare("UPDATE bell_rings SET created_at = created_at - 3600000 WHERE rung_by_network = ?").bind(network).run();
    expect((await call("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip })).status).toBe(200);
    await env.DB.prepare("DELETE FROM bell_rings WHERE id LIKE 'test-hourly-%'").run();
  });

  it("limits the rings one network may ask for in an hour, whatever devices it claims", async () => {
    const ip = freshIp();
    const attempt = () => call<{ code?: string; error?: string; retryAfter?: number }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() }, ip });
    for (let i = 0; i < RINGS_PER_NETWORK_PER_HOUR; i += 1) expect((await attempt()).json.code).not.toBe("rate_limited");
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ code: "rate_limited", error: RING_NETWORK_LIMITED });
    expect(refused.json.retryAfter).toBeGreaterThan(0);
    // Another network is not touched.
    expect((await call<{ code?: string }>("/api/bell/ring", { body: { deviceFingerprint: freshFingerprint() } })).json.code).not.toBe("rate_limited");
  });

  it("answers 409 'No pending wishes available' when nothing waits", async () => {
    const { status, json } = await ring();
    expect(status).toBe(409);
    expect(json.error).toBe(RING_NONE_PENDING);
    expect(json.code).toBe("no_pending_wishes");
  });

  it("answers 409 'Out of credits' when the ledger is empty, and loses no wish", async () => {
    const ids = await makePending(1);
    await env.DB.prepare("INSERT INTO credit_ledger (delta_seconds, reason, created_at) VALUES (-1000000, 'test drain', ?)").bind(Date.now()).run();
    const { status, json } = await ring();
    expect(status).toBe(409);
    expect(json.error).toBe(RING_OUT_OF_CREDITS);
    expect(json.code).toBe("out_of_credits");
    const row = await env.DB.prepare("SELECT status FROM wishes WHERE id = ?").bind(ids[0]).first();
    expect(row?.status).toBe("pending");
  });

  it("answers 400 for malformed bodies", async () => {
    expect((await call("/api/bell/ring", { body: { wishIds: "abc", deviceFingerprint: freshFingerprint() } })).status).toBe(400);
    expect((await call("/api/bell/ring", { body: { wishIds: ["a", "b", "c", "d", "e", "f"], deviceFingerprint: freshFingerprint() } })).status).toBe(400);
    expect((await call("/api/bell/ring", { body: {} })).status).toBe(400);
    expect((await call("/api/bell/ring", { rawBody: "nope" })).status).toBe(400);
  });

  it("makes exactly one ring out of 20 simultaneous presses, and no wish is in two rings", async () => {
    await makePending(8);
    const results = await Promise.all(Array.from({ length: 20 }, () => ring()));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 429)).toHaveLength(19);
    const shared = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM (SELECT id FROM wishes WHERE bell_ring_id IS NOT NULL GROUP BY id HAVING COUNT(DISTINCT bell_ring_id) > 1)",
    ).first<{ n: number }>();
    expect(shared?.n).toBe(0);
  });
});

describe("the poller", () => {
  it("completes a ring from the alarm: result, poem, entangled wishes, counters and credits", async () => {
    const before = await call<{ seconds: number }>("/api/quantum-credits-remaining");
    const ids = await makePending(3, "Ghana");
    const statsBefore = await env.DB.prepare("SELECT pending_count, entangled_count FROM country_stats WHERE country_code = 'GH'").first<{ pending_count: number; entangled_count: number }>();
    const { json } = await ring({ wishIds: ids });
    expect(await runDurableObjectAlarm(stub())).toBe(true);

    const stored = await env.DB.prepare("SELECT * FROM bell_rings WHERE id = ?").bind(json.bellRingId).first<Record<string, string | number>>();
    expect(stored?.status).toBe("completed");
    expect(stored?.bitstring).toMatch(/^[01]{3}$/);
    // The row keeps the verse in English as written at completion (ADR 0091): from the bits, counts and wishes stored.
    const source = (await verseSources(env, [json.bellRingId])).get(json.bellRingId)!;
    expect(source.wishes).toHaveLength(3);
    expect(stored?.poem).toBe(ringVerse(source, "en")!.join("\n"));
    const counts = JSON.parse(String(stored?.counts)) as Record<string, number>;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(100);
    const wishes = await env.DB.prepare("SELECT status FROM wishes WHERE bell_ring_id = ?").bind(json.bellRingId).all();
    expect(wishes.results.map((w) => w.status)).toEqual(["entangled", "entangled", "entangled"]);
    const statsAfter = await env.DB.prepare("SELECT pending_count, entangled_count FROM country_stats WHERE country_code = 'GH'").first<{ pending_count: number; entangled_count: number }>();
    expect(statsAfter!.entangled_count - statsBefore!.entangled_count).toBe(3);
    expect(statsBefore!.pending_count - statsAfter!.pending_count).toBe(3);
    const after = await call<{ seconds: number }>("/api/quantum-credits-remaining");
    expect(after.json.seconds).toBe(before.json.seconds - 1);

    // A second poll (cron racing the alarm) changes nothing.
    await stub().poll();
    const again = await env.DB.prepare("SELECT COUNT(*) AS n FROM credit_ledger WHERE ring_id = ?").bind(json.bellRingId).first<{ n: number }>();
    expect(again?.n).toBe(1);
  });

  it("serves the result through GET /api/bell/history, newest first", async () => {
    const ids = await makePending(1);
    const { json } = await ring({ wishIds: ids });
    await runDurableObjectAlarm(stub());
    const history = await call<{ history: { id: string; wishIds: string[]; status: string; poem: string }[]; total: number }>("/api/bell/history?page=1&pageSize=3");
    expect(history.json.history[0]).toMatchObject({ id: json.bellRingId, wishIds: ids, status: "completed" });
    const source = (await verseSources(env, [json.bellRingId])).get(json.bellRingId)!;
    expect(history.json.history[0].poem).toBe(ringVerse(source, "en")!.join("\n"));
    expect(history.json.total).toBeGreaterThanOrEqual(1);
  });

  it("the cron trigger advances rings too", async () => {
    const ids = await makePending(1);
    const { json } = await ring({ wishIds: ids });
    await runInDurableObject(stub(), (_i, state) => state.storage.deleteAlarm());
    await env.DB.prepare("UPDATE bell_rings SET status = 'running' WHERE id = ?").bind(json.bellRingId).run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "* * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
    await expect.poll(async () => (await env.DB.prepare("SELECT status FROM bell_rings WHERE id = ?").bind(json.bellRingId).first())?.status).toBe("completed");
  });
});

describe("GET /api/quantum-credits-remaining", () => {
  it("answers the simulator's seconds", async () => {
    const { json } = await call("/api/quantum-credits-remaining");
    expect(json).toMatchObject({ success: true, instanceId: "simulator" });
    expect(typeof json.seconds).toBe("number");
  });
});

describe("realtime on /ws", () => {
  async function connect(headers: Record<string, string> = {}) {
    const response = await exports.default.fetch("http://localhost/ws", { headers: { Upgrade: "websocket", ...headers } });
    return response;
  }

  function collect(ws: WebSocket) {
    const messages: RoomMessage[] = [];
    ws.addEventListener("message", (event) => messages.push(JSON.parse(String(event.data)) as RoomMessage));
    return messages;
  }

  it("broadcasts bell-rung and batch-update to every connected socket", async () => {
    const sockets = await Promise.all([connect(), connect(), connect()]);
    const inboxes = sockets.map((response) => {
      expect(response.status).toBe(101);
      response.webSocket!.accept();
      return collect(response.webSocket!);
    });
    const ids = await makePending(2);
    const { json } = await ring({ wishIds: ids });
    await runDurableObjectAlarm(stub());
    for (const inbox of inboxes) {
      await expect.poll(() => inbox.find((m) => m.type === "bell-rung")).toMatchObject({ type: "bell-rung", ringId: json.bellRingId, virtual: false, wishIds: ids, pendingLeft: 0, cooldownSeconds: 20 });
      await expect.poll(() => inbox.find((m) => m.type === "batch-update")).toMatchObject({
        type: "batch-update",
        subType: "completed",
        bellRingId: json.bellRingId,
        data: {
          result: { quantumResult: expect.stringMatching(/^[01]{2}$/), poem: expect.any(String) },
          completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          // What the pages show after a ring, so none of them asks (issue 23): the credits left and the map's countries.
          creditsSeconds: (await call<{ seconds: number }>("/api/quantum-credits-remaining")).json.seconds,
          countryCodes: ["PT", "PT"],
        },
      });
    }
    for (const response of sockets) response.webSocket!.close(1000);
  });

  it("announces submitted wishes and presence", async () => {
    const response = await connect();
    response.webSocket!.accept();
    const inbox = collect(response.webSocket!);
    const { json } = await submit({ wish: "Unity for the villages along the river", country: "Peru", email: "river@example.org" });
    await expect.poll(() => inbox.find((m) => m.type === "wish-submitted")).toMatchObject({
      type: "wish-submitted",
      country: "Peru",
      countryCode: "PE",
      theme: "Unity",
      // The wish as the wall shows it, so pages add it without asking (issue 23); never its e-mail or fingerprint.
      wish: { id: json.wishId, wish: "Unity for the villages along the river", status: "pending", countryCode: "PE" },
    });
    const announced = JSON.stringify(inbox.find((m) => m.type === "wish-submitted"));
    expect(announced).not.toContain("river@example.org");
    expect(announced).not.toMatch(/email|fingerprint|"ip"/i);
    await expect.poll(() => inbox.find((m) => m.type === "presence"), { timeout: 3000 }).toMatchObject({ type: "presence" });
    response.webSocket!.close(1000);
  });

  it("declines per-message deflate: the room's frames are small, and a compressor per socket is not", async () => {
    const response = await connect({ "Sec-WebSocket-Extensions": "permessage-deflate; client_max_window_bits" });
    expect(response.status).toBe(101);
    expect(response.headers.get("Sec-WebSocket-Extensions")).toBeNull();
    response.webSocket!.accept();
    response.webSocket!.close(1000);
  });

  it("answers ping with pong and closes on oversize frames", async () => {
    const response = await connect();
    const ws = response.webSocket!;
    ws.accept();
    const replies: string[] = [];
    ws.addEventListener("message", (event) => replies.push(String(event.data)));
    ws.send("ping");
    await expect.poll(() => replies).toContain("pong");
    const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
    ws.send("x".repeat(2048));
    expect(await closed).toBe(1009);
  });

  it("refuses sockets from another site and plain requests", async () => {
    expect((await connect({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await exports.default.fetch("http://localhost/ws")).status).toBe(426);
  });
});
