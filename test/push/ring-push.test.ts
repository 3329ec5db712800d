import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { PUSH_ENDPOINT_REFUSED, PUSH_NOT_YOURS, PUSH_WISH_NOT_WAITING } from "~/domain/messages";
import { ringVerse } from "~/domain/verse/verse";
import { verseSources } from "~/server/rings/verse.server";
import { bellRoom } from "~/server/edge/bell-room-client.server";
import type { ReceivedPush, RefusedPush } from "../fakes/push-server";
import { call, freshFingerprint, validWish } from "../support/api";
import { readyBell } from "../support/bell";

// Issue 36, "tell me when my wish rings": the Worker, as deployed, pushes a ring's notice over real HTTPS to the
// stand-in push service, which verifies the VAPID JWT (RFC 8292) and decrypts the aes128gcm payload (RFC 8291) with
// the keys of the subscription it handed out, as a browser's push service and browser would.
const standIn = env.PUSH_FAKE_URL!;

interface Subscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What PushManager.subscribe({ applicationServerKey }) gives the page: made by the stand-in, keys kept there. */
async function browserSubscription(answer: number | null = null): Promise<Subscription> {
  const key = await call<{ publicKey: string }>("/api/push/key");
  expect(key.status).toBe(200);
  const response = await fetch(`${standIn}/__subscribe`, { method: "POST", body: JSON.stringify({ applicationServerKey: key.json.publicKey, answer }) });
  return (await response.json()) as Subscription;
}

async function pushes(): Promise<{ received: ReceivedPush[]; refused: RefusedPush[] }> {
  return (await (await fetch(`${standIn}/__received`)).json()) as { received: ReceivedPush[]; refused: RefusedPush[] };
}

async function wish(language: string, text: string) {
  const deviceFingerprint = freshFingerprint();
  const { status, json } = await call<{ wishId: string }>("/api/wishes", { body: validWish({ wish: text, deviceFingerprint }), headers: { "Accept-Language": language } });
  expect(status).toBe(201);
  return { id: json.wishId, deviceFingerprint };
}

const subscribe = (wishId: string, deviceFingerprint: string, subscription: Subscription) =>
  call<{ subscribed?: boolean; error?: string; code?: string }>(`/api/wishes/${wishId}/push`, { body: { deviceFingerprint, subscription } });

const subscriptionsOf = async (wishId: string) =>
  (await env.DB.prepare("SELECT attempts FROM push_subscriptions WHERE wish_id = ?").bind(wishId).all<{ attempts: number }>()).results;

beforeEach(async () => {
  await fetch(`${standIn}/__reset`, { method: "POST" });
  await readyBell();
  await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE status IN ('pending', 'submitted_for_batching')").run();
  await env.DB.prepare("UPDATE bell_rings SET status = 'completed' WHERE status IN ('queued', 'running')").run();
});

describe("a ring's push notice", () => {
  it("reaches the subscribed browser once, signed and encrypted, in the wish's language; none for a hidden wish; gone ones deleted", async () => {
    const french = await wish("fr", "Que la paix revienne dans chaque maison du port");
    const hidden = await wish("en", "May the valley sleep without sirens tonight");
    const expired = await wish("en", "May the harbour lights stay on for everyone");
    const unknown = await wish("es", "Que los puentes del río sigan en pie");
    const troubled = await wish("hi", "हर घर में शांति लौट आए");
    const frenchBrowser = await browserSubscription();
    expect((await subscribe(french.id, french.deviceFingerprint, frenchBrowser)).json).toEqual({ success: true, subscribed: true });
    expect((await subscribe(hidden.id, hidden.deviceFingerprint, await browserSubscription())).status).toBe(200);
    expect((await subscribe(expired.id, expired.deviceFingerprint, await browserSubscription(410))).status).toBe(200);
    expect((await subscribe(unknown.id, unknown.deviceFingerprint, await browserSubscription(404))).status).toBe(200);
    expect((await subscribe(troubled.id, troubled.deviceFingerprint, await browserSubscription(503))).status).toBe(200);

    const ringing = await call<{ bellRingId: string }>("/api/bell/ring", {
      body: { deviceFingerprint: freshFingerprint(), wishIds: [french.id, hidden.id, expired.id, unknown.id, troubled.id] },
    });
    expect(ringing.status).toBe(200);
    const ringId = ringing.json.bellRingId;
    // Reports hide one while its ring runs.
    await env.DB.prepare("UPDATE wishes SET hidden = 1 WHERE id = ?").bind(hidden.id).run();
    expect(await runDurableObjectAlarm(bellRoom(env))).toBe(true);
    // The notice carries the ring's verse in the wish's language (ADR 0091), from the wishes still shown.
    const source = (await verseSources(env, [ringId])).get(ringId)!;
    const [frenchVerse, englishVerse] = [ringVerse(source, "fr")!.join("\n"), ringVerse(source, "en")!.join("\n")];

    const { received, refused } = await pushes();
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push.subscription).toBe(frenchBrowser.endpoint.split("/").pop());
    const payload = JSON.parse(push.payload) as { title: string; body: string; url: string; tag: string };
    expect(payload).toEqual({ title: "Votre vœu a sonné", body: frenchVerse, url: `http://localhost:5002/fr/bell/${ringId}`, tag: `ring-${ringId}`, lang: "fr", dir: "ltr" });
    expect(payload.body).not.toBe(englishVerse);
    expect(push.claims).toMatchObject({ aud: standIn, sub: "mailto:operator@quantum-bell.test" });
    expect(push.ttl).toBeGreaterThan(0);
    expect(refused.map((refusal) => refusal.status).sort()).toEqual([404, 410, 503]);

    // Delivered, hidden, expired: forgotten. The push service's passing trouble: kept for the cron to try again.
    for (const done of [french, hidden, expired, unknown]) expect(await subscriptionsOf(done.id)).toEqual([]);
    expect(await subscriptionsOf(troubled.id)).toEqual([{ attempts: 1 }]);

    // The cron racing the alarm pushes nothing twice.
    await bellRoom(env).poll();
    expect((await pushes()).received).toHaveLength(1);
  });

  it("is asked for only by the wish's own device, for a wish still waiting, on a known push service", async () => {
    const mine = await wish("en", "May every street have a safe way home");
    const browser = await browserSubscription();
    const stranger = await subscribe(mine.id, freshFingerprint(), browser);
    expect(stranger).toMatchObject({ status: 403, json: { error: PUSH_NOT_YOURS } });
    const elsewhere = await subscribe(mine.id, mine.deviceFingerprint, { ...browser, endpoint: "https://collector.example.org/push/1" });
    expect(elsewhere).toMatchObject({ status: 400, json: { error: PUSH_ENDPOINT_REFUSED } });
    const plain = await subscribe(mine.id, mine.deviceFingerprint, { ...browser, endpoint: browser.endpoint.replace("https:", "http:") });
    expect(plain.status).toBe(400);
    const bad = await subscribe(mine.id, mine.deviceFingerprint, { ...browser, keys: { p256dh: "abc", auth: browser.keys.auth } });
    expect(bad.status).toBe(400);
    expect((await subscribe("01JD3ZZZZZZZZZZZZZZZZZZZZZ", mine.deviceFingerprint, browser)).status).toBe(404);
    // Three browsers per wish; the same browser asking again is the same subscription.
    for (let i = 0; i < 3; i += 1) expect((await subscribe(mine.id, mine.deviceFingerprint, await browserSubscription())).status).toBe(200);
    expect((await subscribe(mine.id, mine.deviceFingerprint, await browserSubscription())).status).toBe(429);
    await env.DB.prepare("UPDATE wishes SET status = 'entangled' WHERE id = ?").bind(mine.id).run();
    expect(await subscribe(mine.id, mine.deviceFingerprint, browser)).toMatchObject({ status: 409, json: { error: PUSH_WISH_NOT_WAITING } });
  });

  it("is forgotten with its wish when the writer withdraws it", async () => {
    const mine = await wish("en", "May the schools stay open and full of laughter");
    expect((await subscribe(mine.id, mine.deviceFingerprint, await browserSubscription())).status).toBe(200);
    expect(await subscriptionsOf(mine.id)).toHaveLength(1);
    expect((await call(`/api/wishes/${mine.id}`, { method: "DELETE", body: { deviceFingerprint: mine.deviceFingerprint } })).status).toBe(200);
    expect(await subscriptionsOf(mine.id)).toEqual([]);
  });
});
