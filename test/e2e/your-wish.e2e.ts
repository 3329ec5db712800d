import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RING_BATCH_SIZE } from "../../app/domain/limits";
import {
  MAP_YOUR_WISH,
  YOUR_WISH_HIDE,
  YOUR_WISH_ON_WALL,
  YOUR_WISH_RUNG_TITLE,
  YOUR_WISH_SEE_RING,
  YOUR_WISH_WAITING_TITLE,
} from "../../app/domain/messages";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const card = (page: Page) => page.locator("section[aria-labelledby=your-wish-title]");

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseURL()}${path}`, { ...init, headers: { "Content-Type": "application/json", Origin: baseURL(), ...init?.headers } });
  return { status: response.status, json: (await response.json()) as T };
}


describe("following your own wish", () => {
  it("says where the wish waits, marks it on the Wall, then leads to its ring once rung", { timeout: 90_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    await page.goto("/");
    await page.locator("#wish-form button[type=submit]:disabled").waitFor();
    await page.getByRole("textbox", { name: "Your wish" }).fill("May every lantern on the water find its way home");
    const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes" && response.request().method() === "POST");
    await page.getByRole("button", { name: "Send Wish" }).click();
    const { wishId } = (await (await sent).json()) as { wishId: string };

    // Waiting: the card names the queue ahead of it in the bell's own terms (oldest first, five a ring).
    await card(page).getByRole("heading", { name: YOUR_WISH_WAITING_TITLE }).waitFor();
    const pending = await api<{ wishes: { id: string }[] }>("/api/wishes/status/pending");
    const ahead = pending.json.wishes.findIndex((wish) => wish.id === wishId);
    expect(ahead).toBeGreaterThanOrEqual(0);
    const sentence = (await card(page).locator("p[aria-live]").textContent()) ?? "";
    if (ahead < RING_BATCH_SIZE) expect(sentence).toMatch(/^It rings with the next bell/);
    else expect(sentence).toContain(`${ahead} older wish`);
    expect(await axeViolations(page)).toEqual([]);

    // The Wall marks it as theirs once it shows there (newest first, so on the first page).
    await expect.poll(() => page.locator(`#wish-${wishId}`).count(), { timeout: 15_000 }).toBe(1);
    expect(await page.locator(`#wish-${wishId}`).getByText(YOUR_WISH_ON_WALL, { exact: true }).count()).toBe(1);

    // Rung (by anyone: here straight through the API), the card leads to the ring's page. A ring takes the oldest
    // pending wishes besides its ringer's own (issue 31), so strangers ring until this wish's turn comes.
    let ringId = "";
    await expect
      .poll(
        async () => {
          const ring = await api<{ bellRingId?: string; data?: { batches: { wishIds: string[] }[] } }>("/api/bell/ring", {
            method: "POST",
            body: JSON.stringify({ wishIds: [wishId], deviceFingerprint: freshFingerprint() }),
          });
          if (ring.status === 200 && ring.json.data?.batches[0]?.wishIds.includes(wishId)) ringId = ring.json.bellRingId ?? "";
          return ringId !== "";
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBe(true);
    await page.reload();
    await card(page).getByRole("heading", { name: YOUR_WISH_RUNG_TITLE }).waitFor({ timeout: 20_000 });
    const link = card(page).getByRole("link", { name: YOUR_WISH_SEE_RING });
    expect(await link.getAttribute("href")).toBe(`/bell/${ringId}`);

    // Closed, it stays closed on this device until the next wish.
    await card(page).getByRole("button", { name: YOUR_WISH_HIDE }).click();
    expect(await card(page).count()).toBe(0);
    await page.reload();
    await page.locator("#wish-form button[type=submit]:disabled").waitFor();
    expect(await card(page).count()).toBe(0);
    await context.close();
  });

  it("rings the country of your wish on the map", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 1280, height: 900 } });
    const made = await api<{ wishId: string }>("/api/wishes", {
      method: "POST",
      body: JSON.stringify({ wish: "May the mountain villages wake to quiet mornings", country: "Nepal", deviceFingerprint: freshFingerprint() }),
    });
    expect(made.status).toBe(201);
    await context.addInitScript((id) => localStorage.setItem("quantum-bell.last-wish-id", id), made.json.wishId);
    await page.goto("/");
    await card(page).waitFor();
    await page.locator("#world-map-title").scrollIntoViewIfNeeded();
    await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 20_000 });
    // Nepal alone, or inside the cluster that holds it: either way one marker says so and carries the gold ring.
    const yours = page.locator(".leaflet-marker-icon").filter({ hasText: new RegExp(`${MAP_YOUR_WISH}|Your wish is among them`) });
    await expect.poll(() => yours.count()).toBe(1);
    expect(await yours.evaluate((marker) => getComputedStyle(marker).boxShadow)).toMatch(/rgb\(255, 213, 79\)|#ffd54f/i);
    await context.close();
  });
});
