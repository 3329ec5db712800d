import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WISH_NOT_YOURS, WISH_WITHDRAWN } from "~/domain/messages";
import type { PublicWish } from "~/domain/public-wish";
import { DELETION_NOT_CONFIRMED } from "~/server/admin/action.server";
import { diagramFor, getRingView } from "~/server/rings/ring-view.server";
import { browserFetch, call, freshFingerprint, signIn, submit } from "../support/api";
import { expectCountersMatchRows } from "../support/counters";

// Issue 34: /admin deletes a wish, a message, a subscriber and everything held for one address, each confirmed and
// logged without the address; a visitor withdraws their own wish. Counters, wall, map, stats and rings stay true.

let logged: string[] = [];
beforeEach(() => {
  logged = [];
  vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
});
afterEach(() => vi.restoreAllMocks());

const total = async () => (await env.DB.prepare("SELECT value FROM site_counters WHERE key = 'total_wishes'").first<{ value: number }>())!.value;
const countryCount = async (code: string) =>
  (await env.DB.prepare("SELECT wish_count AS n FROM country_stats WHERE country_code = ?").bind(code).first<{ n: number }>())?.n ?? 0;
const onWall = async (id: string) => {
  const { json } = await call<{ wishes: PublicWish[] }>("/api/wishes/wall?pageSize=50&sortBy=newest");
  return json.wishes.some((wish) => wish.id === id);
};

async function adminPost(path: string, form: Record<string, string>) {
  return browserFetch(path, { method: "POST", form, cookie: await signIn() });
}

async function rungWishes(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await submit({ wish: `Let the bells of Lisbon ring for peace, ${i + 1}`, country: "Portugal" })).json.wishId);
  const ringId = `ring-${crypto.randomUUID()}`;
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO bell_rings (id, created_at, provider, status, bitstring, counts, poem, completed_at) VALUES (?, ?, 'simulator', 'completed', '101', '{\"101\":60,\"010\":40}', 'A poem', ?)",
    ).bind(ringId, Date.now(), Date.now()),
    ...ids.map((id) => env.DB.prepare("UPDATE wishes SET status = 'entangled', bell_ring_id = ? WHERE id = ?").bind(ringId, id)),
  ]);
  return { ringId, ids };
}

describe("/admin deletions", () => {
  it("deletes a waiting wish only when confirmed; counters, country, wall and stats follow; the log has no text", async () => {
    const { json } = await submit({ wish: "May the rivers of Ghana run clean and calm", country: "Ghana", email: "ama@example.org" });
    const [before, ghana] = [await total(), await countryCount("GH")];
    expect(await onWall(json.wishId)).toBe(true);

    const unconfirmed = await adminPost("/admin/moderation", { intent: "delete", id: json.wishId });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain(DELETION_NOT_CONFIRMED.replaceAll('"', "&quot;"));
    expect(await total()).toBe(before);

    expect((await adminPost("/admin/moderation", { intent: "delete", id: json.wishId, confirm: "yes" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT id FROM wishes WHERE id = ?").bind(json.wishId).first()).toBeNull();
    expect(await total()).toBe(before - 1);
    expect(await countryCount("GH")).toBe(ghana - 1);
    expect(await onWall(json.wishId)).toBe(false);
    expect((await call(`/api/wishes/${json.wishId}`)).status).toBe(404);
    expect((await call<{ stats: { totalWishes: number } }>("/api/stats")).json.stats.totalWishes).toBe(before - 1);
    await expectCountersMatchRows();
    expect(logged.some((line) => line.includes('"event":"erasure"') && line.includes('"kind":"wish"'))).toBe(true);
    expect(logged.join("\n")).not.toMatch(/ama@example\.org|rivers of Ghana/);
  });

  it("turns a rung wish into 'a wish withdrawn' in its ring: bits, counts and diagram unchanged", async () => {
    const { ringId, ids } = await rungWishes(3);
    const before = await getRingView(env, ringId);
    expect((await adminPost("/admin/moderation", { intent: "delete", id: ids[1], confirm: "yes" })).status).toBe(200);
    const after = (await getRingView(env, ringId))!;
    expect(after.bitstring).toBe(before!.bitstring);
    expect(after.counts).toEqual(before!.counts);
    expect(after.circuit).toEqual(before!.circuit);
    expect(after.wishes.map((wish) => wish.withdrawn ?? false)).toEqual([false, true, false]);
    expect(after.wishes[1]).toMatchObject({ wish: WISH_WITHDRAWN, name: "Anonymous", country: null, countryCode: null });
    const row = await env.DB.prepare("SELECT text, name, email, fingerprint_hash, ip_hash, hidden FROM wishes WHERE id = ?").bind(ids[1]).first();
    expect(row).toEqual({ text: "", name: null, email: null, fingerprint_hash: "", ip_hash: null, hidden: 1 });
    // A diagram built from the emptied text would differ: the kept rotation is what keeps it true.
    const rebuilt = await diagramFor(ringId, [{ id: ids[0], text: "x" }, { id: ids[1], text: "" }, { id: ids[2], text: "y" }]);
    expect(rebuilt).not.toEqual(after.circuit);
    const page = await browserFetch(`/bell/${ringId}`);
    expect(await page.text()).toContain(WISH_WITHDRAWN);
    expect((await call<{ history: { id: string; wishIds: string[] }[] }>("/api/bell/history?page=1&pageSize=50")).json.history.find((r) => r.id === ringId)?.wishIds).toEqual([ids[0], ids[2]]);
    await expectCountersMatchRows();
  });

  it("deletes a contact message, and keeps one past the retention bound when asked", async () => {
    const insert = (id: string) => env.DB.prepare("INSERT INTO contact_messages (id, email, message, created_at) VALUES (?, 'writer@example.org', 'Hello', ?)").bind(id, Date.now()).run();
    await insert("msg-delete");
    await insert("msg-keep");
    expect((await adminPost("/admin/messages", { intent: "delete", id: "msg-delete" })).status).toBe(400);
    expect((await adminPost("/admin/messages", { intent: "delete", id: "msg-delete", confirm: "yes" })).status).toBe(200);
    expect((await adminPost("/admin/messages", { intent: "keep", id: "msg-keep" })).status).toBe(200);
    const rows = (await env.DB.prepare("SELECT id, kept_at FROM contact_messages WHERE id LIKE 'msg-%'").all<{ id: string; kept_at: number | null }>()).results;
    expect(rows).toEqual([{ id: "msg-keep", kept_at: expect.any(Number) }]);
    expect(logged.join("\n")).not.toContain("writer@example.org");
  });

  it("deletes a subscriber", async () => {
    const email = `reader-${crypto.randomUUID()}@example.org`;
    await browserFetch("/newsletter", { method: "POST", form: { email } });
    expect((await adminPost("/admin/subscribers", { intent: "delete", email, confirm: "yes" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT email FROM newsletter_subscribers WHERE email = ?").bind(email).first()).toBeNull();
    expect(logged.join("\n")).not.toContain(email);
  });

  it("erases everything held for one address in one confirmed action, logged without the address", async () => {
    const email = `everything-${crypto.randomUUID()}@example.org`;
    const wish = await submit({ wish: "May every harbour keep a light for those at sea", email: email.toUpperCase() });
    await browserFetch("/newsletter", { method: "POST", form: { email } });
    await env.DB.prepare("INSERT INTO contact_messages (id, email, message, created_at) VALUES (?, ?, 'Please reply', ?)").bind(`m-${email}`, email, Date.now()).run();
    // A wish copy, the newsletter's confirmation letter and a friend's mail.
    await call("/api/send-wish-to-friend", { body: { wish: "May peace find you", friendEmail: email } });
    const held = async () =>
      env.DB.prepare(
        `SELECT (SELECT COUNT(*) FROM wishes WHERE lower(email) = ?1) AS wishes, (SELECT COUNT(*) FROM newsletter_subscribers WHERE email = ?1) AS subscribers,
                (SELECT COUNT(*) FROM outbox WHERE lower(to_address) = ?1) AS mail, (SELECT COUNT(*) FROM contact_messages WHERE email = ?1) AS messages`,
      ).bind(email).first();
    expect(await held()).toEqual({ wishes: 1, subscribers: 1, mail: 3, messages: 1 });
    const totalBefore = await total();

    expect((await adminPost("/admin/subscribers", { intent: "erase", email })).status).toBe(400);
    expect(await held()).toEqual({ wishes: 1, subscribers: 1, mail: 3, messages: 1 });
    const done = await adminPost("/admin/subscribers", { intent: "erase", email, confirm: "yes" });
    expect(done.status).toBe(200);
    expect(await held()).toEqual({ wishes: 0, subscribers: 0, mail: 0, messages: 0 });
    // The wish itself stays public, without the address.
    expect((await call(`/api/wishes/${wish.json.wishId}`)).status).toBe(200);
    expect(await total()).toBe(totalBefore);
    const line = logged.find((entry) => entry.includes('"kind":"address"'));
    expect(JSON.parse(line!)).toEqual({ event: "erasure", kind: "address", wishes: 1, subscribers: 1, mail: 3, messages: 1 });
    expect(logged.join("\n").toLowerCase()).not.toContain(email);
  });
});

describe("a visitor withdraws their own wish", () => {
  it("only from the device that wrote it; then it leaves the wall, the counts and the map", async () => {
    const deviceFingerprint = freshFingerprint();
    const { json } = await submit({ wish: "May the mountains of Nepal stay quiet and kind", country: "Nepal", deviceFingerprint });
    const [before, nepal] = [await total(), await countryCount("NP")];

    const stranger = await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: { deviceFingerprint: freshFingerprint() } });
    expect(stranger).toMatchObject({ status: 403, json: { error: WISH_NOT_YOURS, code: "forbidden" } });
    expect((await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: {} })).status).toBe(400);
    expect(await total()).toBe(before);

    const own = await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: { deviceFingerprint } });
    expect(own).toMatchObject({ status: 200, json: { success: true, withdrawn: true } });
    expect(await total()).toBe(before - 1);
    expect(await countryCount("NP")).toBe(nepal - 1);
    expect(await onWall(json.wishId)).toBe(false);
    expect((await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: { deviceFingerprint } })).status).toBe(404);
    await expectCountersMatchRows();
  });

  it("a rung wish withdrawn by its writer stays in its ring as 'a wish withdrawn'", async () => {
    const deviceFingerprint = freshFingerprint();
    const { json } = await submit({ wish: "May the old bridges carry only friends", deviceFingerprint });
    const ringId = `ring-${crypto.randomUUID()}`;
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bell_rings (id, created_at, provider, status, bitstring, completed_at) VALUES (?, ?, 'simulator', 'completed', '1', ?)").bind(ringId, Date.now(), Date.now()),
      env.DB.prepare("UPDATE wishes SET status = 'entangled', bell_ring_id = ? WHERE id = ?").bind(ringId, json.wishId),
    ]);
    expect((await call(`/api/wishes/${json.wishId}`, { method: "DELETE", body: { deviceFingerprint } })).status).toBe(200);
    const view = (await getRingView(env, ringId))!;
    expect(view.bitstring).toBe("1");
    expect(view.wishes).toMatchObject([{ withdrawn: true, wish: WISH_WITHDRAWN }]);
  });
});
