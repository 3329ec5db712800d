import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { LiveActivity, PublicWish, SiteStats, WallPage } from "~/domain/public-wish";
import { wallQuerySchema } from "~/domain/wish";
import { wallPage } from "~/server/wishes/wall.server";
import { liveActivity, siteStats } from "~/server/wishes/wishes.server";
import { call, freshFingerprint, ORIGIN, submit } from "../support/api";

// ADR 0009: the public reads are shared for a second within an isolate, and every write made here is seen at once.

// The Worker's memo is its own (one copy, in the Worker): a write through the application moves it on.
const writeThroughTheApp = () => submit();
const stats = async () => (await call<{ stats: SiteStats }>("/api/stats")).json.stats;
const wall = async (query: string) => (await call<WallPage & { success: boolean }>(`/api/wishes/wall?${query}`)).json;

describe("shared public reads", () => {
  it("answer exactly what the uncached reads answer", async () => {
    await writeThroughTheApp();
    expect((await call("/api/stats")).json).toEqual({ success: true, stats: await siteStats(env) });
    expect((await call("/api/wishes/live-activity")).json).toEqual({ success: true, activities: await liveActivity(env) });
    const query = "page=1&pageSize=6&sortBy=newest";
    const direct = await wallPage(env, wallQuerySchema.parse(Object.fromEntries(new URLSearchParams(query))));
    expect(await wall(query)).toEqual({ success: true, ...direct });
    // And the same again from memory.
    expect((await call("/api/stats")).json).toEqual({ success: true, stats: await siteStats(env) });
    expect(await wall(query)).toEqual({ success: true, ...direct });
  });

  it("are shared: a change made behind the application's back waits for the time to live", async () => {
    await submit(); // the counter row exists from the first wish on
    const before = await stats();
    await env.DB.prepare("UPDATE site_counters SET value = value + 1000 WHERE key = 'total_wishes'").run();
    try {
      expect((await stats()).totalWishes).toBe(before.totalWishes);
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await stats()).totalWishes).toBe(before.totalWishes + 1000);
    } finally {
      await env.DB.prepare("UPDATE site_counters SET value = value - 1000 WHERE key = 'total_wishes'").run();
      await writeThroughTheApp();
    }
  });

  it("show a visitor's own wish at once: stats, live activity, the wall and the home page", async () => {
    const [beforeStats] = await Promise.all([stats(), wall("country=UY&pageSize=50"), call("/api/wishes/live-activity"), call("/_root.data")]);
    const { json } = await submit({ wish: "May the river towns of Uruguay stay safe and dry", country: "Uruguay" });
    expect((await stats()).totalWishes).toBe(beforeStats.totalWishes + 1);
    expect((await wall("country=UY&pageSize=50")).wishes.map((w) => w.id)).toContain(json.wishId);
    const activities = (await call<{ activities: LiveActivity[] }>("/api/wishes/live-activity")).json.activities;
    expect(activities.find((a) => a.countryCode === "UY")?.lastWish).toMatch(/^May the river towns/);
    const home = await call<unknown>("/_root.data");
    expect(JSON.stringify(home.json)).toContain(json.wishId);
  });

  it("show a visitor's own resonance at once, and whose it is only to that device", async () => {
    const { json } = await submit({ wish: "Healing for every family along the Danube", country: "Serbia" });
    const device = freshFingerprint();
    const find = (page: WallPage) => page.wishes.find((w: PublicWish) => w.id === json.wishId);
    expect(find(await wall("country=RS&pageSize=50"))?.resonanceCount).toBe(0);
    await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: device } });
    expect(find(await wall(`country=RS&pageSize=50&deviceFingerprint=${device}`))).toMatchObject({ resonanceCount: 1, isResonated: true });
    expect(find(await wall(`country=RS&pageSize=50&deviceFingerprint=${freshFingerprint()}`))).toMatchObject({ resonanceCount: 1, isResonated: false });
    expect(find(await wall("country=RS&pageSize=50"))).not.toHaveProperty("isResonated");
  });

  it("carry short public caching only where no page refetches after its own writes", async () => {
    for (const path of ["/api/stats", "/api/wishes/live-activity"]) {
      const { headers } = await call(path);
      expect(headers.get("Cache-Control")).toBe("public, max-age=1, stale-while-revalidate=4");
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(headers.get("Content-Security-Policy")).toContain("script-src 'none'");
    }
    for (const path of ["/api/wishes/wall?pageSize=6", "/api/map/countries"]) {
      const { headers } = await call(path);
      expect(headers.get("Cache-Control")).toBeNull();
      expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    }
  });

  it("keep the routes' own answers for bad input and other methods", async () => {
    const bad = await call<{ success: boolean; error: string }>("/api/wishes/wall?theme=Nope");
    expect(bad.status).toBe(400);
    expect(bad.json.success).toBe(false);
    expect(bad.headers.get("Cache-Control")).toBe("no-store");
    const post = await call<{ error: string }>("/api/stats", { body: {} });
    expect(post.status).toBe(405);
    expect(post.json.error).toMatch(/GET/);
  });
});

describe("the shared anonymous home page", () => {
  const page = async (init: RequestInit = {}) => {
    const response = await exports.default.fetch(`${ORIGIN}/`, init);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1] ?? "";
    return { response, html, nonce };
  };

  it("gives every answer its own nonce, in the policy and in every script", async () => {
    const first = await page();
    const second = await page();
    expect(first.response.status).toBe(200);
    expect(second.response.status).toBe(200);
    expect(first.nonce).not.toBe("");
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.html).not.toContain(first.nonce);
    expect(second.html.split(`nonce="${second.nonce}"`).length).toBe(first.html.split(`nonce="${first.nonce}"`).length);
    expect(second.html.replaceAll(second.nonce, "N")).toBe(first.html.replaceAll(first.nonce, "N"));
    expect(second.response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("shows a new wish at once", async () => {
    await page();
    const { json } = await submit({ wish: "May the lighthouse keepers of Norway rest well tonight", country: "Norway" });
    expect(json.success).toBe(true);
    expect((await page()).html).toContain("May the lighthouse keepers of Norway rest well tonight");
  });

  it("is never shared with a visitor who has a cookie or asks for a filtered wall", async () => {
    const device = crypto.randomUUID().replaceAll("-", "");
    const { json } = await submit({ wish: "Hope for every night-shift nurse in Lagos, hope without end", country: "Nigeria" });
    await call(`/api/wishes/${json.wishId}/resonate`, { body: { deviceFingerprint: device } });
    const card = (html: string) => new RegExp(`<article id="wish-${json.wishId}"[\\s\\S]*?</article>`).exec(html)?.[0] ?? "";
    const shared = await page();
    expect(card(shared.html)).toContain('data-resonated="false"');
    // Only this device's own page can know it resonated: a shared page would not say so.
    expect(card((await page({ headers: { Cookie: `qb_device=${device}` } })).html)).toContain('data-resonated="true"');
    expect(card((await page()).html)).toContain('data-resonated="false"');
    // A Hope wish is on the shared page's wall, never on a wall filtered to Peace.
    const peace = await exports.default.fetch(`${ORIGIN}/?theme=Peace`);
    expect(peace.status).toBe(200);
    expect(card(await peace.text())).toBe("");
  });
});
