import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor, waitForHydration, PHONE } from "./support/browser";
import { uniqueWord } from "../support/unique-words";

// Issue 36, "the share sheet is one tap from the poem": on a 360×800 touch phone the ring's page puts a share control
// on its first screen, beside the poem, and one tap hands the device's share sheet the ring's link and its story image.
// Where the browser has no share sheet, the same tap opens a menu of WhatsApp, Telegram and a copy button.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});


async function api<T>(path: string, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseURL()}${path}`, { method: "POST", headers: { "Content-Type": "application/json", Origin: baseURL() }, body: JSON.stringify(body) });
  return { status: response.status, json: (await response.json()) as T };
}

/** A wish, and the ring that takes it (a ring made elsewhere meanwhile answers 429; the bell is asked again). */
async function rungWish(words: string): Promise<{ wishId: string; ringId: string }> {
  const made = await api<{ wishId: string }>("/api/wishes", { wish: words, country: "Portugal", deviceFingerprint: freshFingerprint() });
  expect(made.status).toBe(201);
  let ringId = "";
  await expect
    .poll(
      async () => {
        const ring = await api<{ bellRingId?: string; data?: { batches: { wishIds: string[] }[] } }>("/api/bell/ring", {
          wishIds: [made.json.wishId],
          deviceFingerprint: freshFingerprint(),
        });
        if (ring.status === 200 && ring.json.data?.batches[0]?.wishIds.includes(made.json.wishId)) ringId = ring.json.bellRingId ?? "";
        return ringId !== "";
      },
      { timeout: 60_000, interval: 1_000 },
    )
    .toBe(true);
  return { wishId: made.json.wishId, ringId };
}

/** The page's answered ring, hydrated, as the writer of `wishId` sees it on this device. */
async function openRing(context: BrowserContext, page: Page, ringId: string, wishId: string): Promise<void> {
  await context.addInitScript((id) => localStorage.setItem("quantum-bell.last-wish-id", id), wishId);
  await page.goto(`/bell/${ringId}`);
  await waitForHydration(page);
  await page.locator("#ring-answer").waitFor({ timeout: 30_000 });
}

async function onFirstScreen(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
}

describe("the share sheet, one tap from the poem, on a 360×800 touch phone", () => {
  it("one tap on the share control beside the poem hands the sheet the ring's link and its story image (a PNG)", { timeout: 120_000 }, async () => {
    const words = `May the ferries of Lisbon carry everyone home tonight ${uniqueWord()}`;
    const { wishId, ringId } = await rungWish(words);
    const { context, page } = await newVisitor(browser, { viewport: PHONE, touch: true });
    // The share sheet, stubbed: it takes PNG files, and what it is given is kept for the test to read.
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.assign(navigator, {
        canShare: (data: { files?: File[] }) => Boolean(data.files?.every((file) => file.type === "image/png")),
        share: async (data: { title?: string; text?: string; url?: string; files?: File[] }) => {
          const files = await Promise.all(
            (data.files ?? []).map(async (file) => ({ name: file.name, type: file.type, head: Array.from(new Uint8Array(await file.slice(0, 24).arrayBuffer())) })),
          );
          shared.push({ text: data.text, url: data.url, files });
        },
      });
    });
    const cards: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/og") cards.push(url);
    });
    await openRing(context, page, ringId, wishId);

    // The poem and the share control together on the first screen, the control right under the poem.
    const control = page.getByTestId("share-now");
    const share = control.getByRole("button", { name: "Share…" });
    await share.waitFor();
    expect(await onFirstScreen(page, "#ring-title")).toBe(true);
    expect(await onFirstScreen(page, "[data-testid=share-now]")).toBe(true);
    expect(await page.locator("#ring-title + [data-testid=share-now]").count(), "the control follows the poem").toBe(1);

    await share.tap();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length === 1);
    const [shared] = await page.evaluate(() => (window as unknown as { shared: { text: string; url: string; files: { type: string; head: number[] }[] }[] }).shared);
    expect(shared.url).toBe(`${baseURL()}/bell/${ringId}`);
    expect(shared.files).toHaveLength(1);
    expect(shared.files[0].type).toBe("image/png");
    expect(shared.files[0].head.slice(1, 4)).toEqual([0x50, 0x4e, 0x47]);
    const view = new DataView(new Uint8Array(shared.files[0].head).buffer);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([1080, 1920]);
    // The writer's own story: it quotes their wish.
    expect(cards.at(-1)?.searchParams.get("words")).toBe(words);
    await context.close();
  });

  it("where the sheet takes no files, one tap still shares the text and the link", { timeout: 120_000 }, async () => {
    const { wishId, ringId } = await rungWish(`May the night buses of Porto run warm and on time ${uniqueWord()}`);
    const { context, page } = await newVisitor(browser, { viewport: PHONE, touch: true });
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { shared: unknown[] }).shared = shared;
      Object.assign(navigator, {
        canShare: () => false,
        share: async (data: { text?: string; url?: string; files?: File[] }) => void shared.push({ text: data.text, url: data.url, files: data.files?.length ?? 0 }),
      });
    });
    await openRing(context, page, ringId, wishId);
    await page.getByTestId("share-now").getByRole("button", { name: "Share…" }).tap();
    await page.waitForFunction(() => (window as unknown as { shared: unknown[] }).shared.length === 1);
    const [shared] = await page.evaluate(() => (window as unknown as { shared: { text: string; url: string; files: number }[] }).shared);
    expect(shared).toMatchObject({ url: `${baseURL()}/bell/${ringId}`, files: 0 });
    expect(shared.text).toMatch(/ring/i);
    await context.close();
  });

  it("without a share sheet, one tap beside the poem opens a menu of WhatsApp, Telegram and a copy button", { timeout: 120_000 }, async () => {
    const { wishId, ringId } = await rungWish(`May the tram bells of Coimbra wake nobody too early ${uniqueWord()}`);
    const { context, page } = await newVisitor(browser, { viewport: PHONE, touch: true });
    await context.addInitScript(() => {
      delete (Navigator.prototype as { share?: unknown }).share;
      delete (Navigator.prototype as { canShare?: unknown }).canShare;
    });
    await openRing(context, page, ringId, wishId);
    const control = page.getByTestId("share-now");
    expect(await onFirstScreen(page, "[data-testid=share-now]")).toBe(true);
    expect(await page.locator("#ring-title + [data-testid=share-now]").count(), "the control follows the poem").toBe(1);
    // Closed, the menu is one button's height, so the first screen keeps its room.
    const menu = control.getByRole("group", { name: "Share this ring" });
    expect(await menu.isVisible()).toBe(false);
    await control.locator("summary", { hasText: "Share…" }).tap();
    await control.getByRole("button", { name: "Copy link" }).waitFor();
    expect(await menu.isVisible()).toBe(true);
    const link = encodeURIComponent(`${baseURL()}/bell/${ringId}`);
    expect(await control.getByRole("link", { name: /^WhatsApp/ }).getAttribute("href")).toMatch(new RegExp(`^https://wa\\.me/\\?text=.*${link.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
    expect(await control.getByRole("link", { name: /^Telegram/ }).getAttribute("href")).toContain(`https://t.me/share/url?url=${link}`);
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
