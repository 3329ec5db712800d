import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { HOME_WALL_PAGE_SIZE } from "~/domain/limits";
import type { LiveActivity, WallPage } from "~/domain/public-wish";
import { IP_LIMIT_SENTENCE } from "~/domain/messages";
import { call, freshIp, submit } from "../support/api";
import { uniqueWord } from "../support/unique-words";

// Issue 31, point 6: what one network shows to everyone is bounded.

const COUNTRIES = ["Portugal", "Ghana", "Peru", "Japan", "Kenya"];

describe("one network on the shared views", () => {
  it("a network's daily wish cap sits well below what fills the home wall, and past it wishes are refused", async () => {
    const cap = Number(env.IP_DAILY_WISH_LIMIT);
    expect(cap).toBeLessThanOrEqual(10);
    const ip = freshIp();
    for (let i = 0; i < cap; i += 1) expect((await submit({ wish: `May the quiet harbour number ${i + 1} stay calm` }, ip)).status).toBe(201);
    const refused = await submit({ wish: "May the one wish too many stay unwritten" }, ip);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe(IP_LIMIT_SENTENCE);
  });

  it("the home wall's newest cards come from distinct networks", async () => {
    for (let i = 0; i < HOME_WALL_PAGE_SIZE; i += 1) expect((await submit({ wish: `May the lone traveller number ${i + 1} find rest` })).status).toBe(201);
    const flooder = freshIp();
    const flood: string[] = [];
    for (let i = 0; i < Number(env.IP_DAILY_WISH_LIMIT); i += 1) {
      flood.push((await submit({ wish: `May the flooded valley number ${i + 1} dry out soon` }, flooder)).json.wishId);
    }
    const { json } = await call<WallPage>(`/api/wishes/wall?pageSize=${HOME_WALL_PAGE_SIZE}&sortBy=newest`);
    expect(json.wishes).toHaveLength(HOME_WALL_PAGE_SIZE);
    expect(json.wishes.filter((wish) => flood.includes(wish.id))).toHaveLength(1);
    // Its newest is the one shown, at the top.
    expect(json.wishes[0]!.id).toBe(flood.at(-1));
  });

  it("the live strip's previews come from distinct networks, whatever countries one network names", async () => {
    const flooder = freshIp();
    const text = `May the borrowed flag ${uniqueWord()} fly nowhere`;
    for (const country of COUNTRIES) expect((await submit({ wish: text, country }, flooder)).status).toBe(201);
    const { json } = await call<{ activities: LiveActivity[] }>("/api/wishes/live-activity");
    const showing = json.activities.filter((activity) => activity.lastWish.startsWith(text.slice(0, 30)));
    expect(showing).toHaveLength(1);
  });
});
