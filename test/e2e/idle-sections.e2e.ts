import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, freshFingerprint, holdIdleTime, launchBrowser, newVisitor, waitForHydration } from "./support/browser";
import { fakeRoom } from "./support/fake-room";
import { uniqueWord } from "../support/unique-words";

// The home page's live strip, pending list and Wish Wall hydrate when the browser is idle (ADR 0010). Until then they
// are the server's HTML and must stay so, whatever the page hears; what a visitor did to them meanwhile must hold
// (ADR 0085). The browser's idle time is held by the test (`holdIdleTime`).

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the sections that hydrate when the browser is idle (ADRs 0010, 0085)", () => {
  it("keep what the server drew while the socket opens and a wish arrives, then take the news once hydrated", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    const idle = await holdIdleTime(page);
    const room = await fakeRoom(page);
    // At least one wish waits, whatever the files before this one rang.
    const made = await fetch(`${baseURL()}/api/wishes`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL() },
      body: JSON.stringify({ wish: `Quiet harbours for every boat, ${uniqueWord()}`, deviceFingerprint: freshFingerprint() }),
    });
    expect(made.status).toBe(201);
    await page.goto("/");
    const drawn = () =>
      page.evaluate(() => ({
        wall: document.querySelectorAll("#wish-wall article").length,
        pending: document.querySelectorAll("section[aria-labelledby=pending-title] li").length,
        strip: document.querySelectorAll("section[aria-labelledby=live-strip-title] li").length,
      }));
    const served = await drawn();
    expect(served.wall, "the seed's wishes on the wall").toBeGreaterThan(0);
    expect(served.pending, "the waiting wishes").toBeGreaterThan(0);
    await waitForHydration(page);
    await room.connected();

    const ribbon = page.getByRole("region", { name: "The bell in numbers" });
    const total = async () => Number(((await ribbon.locator("li").first().locator("[aria-hidden=true]").textContent()) ?? "").replace(/\D/g, ""));
    const before = await total();
    const text = `Paper cranes over the harbour, ${uniqueWord()}`;
    const wish = { id: `idle-${crypto.randomUUID()}`, wish: text, name: "Noor", country: "Chile", countryCode: "CL", location: "Chile", theme: "Hope", status: "pending", bellRingId: null, timestamp: new Date().toISOString(), resonanceCount: 0 };
    room.send(JSON.stringify({ type: "wish-submitted", country: "Chile", countryCode: "CL", theme: "Hope", wish }));
    // The ribbon hydrated with the page and counts the wish: the page has taken the message.
    await expect.poll(total).toBe(before + 1);
    expect(await drawn(), "the sections still show the server's HTML, not an empty fallback").toEqual(served);

    await idle();
    await expect.poll(() => page.locator("section[aria-labelledby=pending-title]").textContent()).toContain(text);
    expect((await drawn()).wall).toBe(served.wall);
    await context.close();
  });

  it("applies a filter chosen before the wall has hydrated, once it has (ADR 0010)", async () => {
    const { context, page } = await newVisitor(browser);
    const idle = await holdIdleTime(page);
    await page.goto("/");
    await waitForHydration(page);
    const theme = page.getByRole("combobox", { name: "Theme" });
    await theme.selectOption("Peace");
    expect(new URL(page.url()).search, "nothing runs the wall's filters before it hydrates").toBe("");
    await idle();
    await page.waitForURL(/\?theme=Peace$/);
    expect(await theme.inputValue()).toBe("Peace");
    await expect.poll(() => page.locator("#wish-wall article span[class]").filter({ hasText: /^Theme: \S/ }).allTextContents()).toEqual(
      expect.arrayContaining(["Theme: Peace"]),
    );
    await context.close();
  });
});

describe("the same sections after a client-side navigation (ADR 0085)", () => {
  it("come with the rest of the home page, even in a browser that is never idle", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    await holdIdleTime(page);
    await page.goto("/about");
    await waitForHydration(page);
    await page.locator("header a[href='/']").first().click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.locator("#wish-form").waitFor();
    // Rendered in the navigation's own commit: nothing of the page is left for an idle moment that never comes.
    expect(await page.locator("#wish-wall article").count()).toBeGreaterThan(0);
    expect(await page.locator("section[aria-labelledby=pending-title]").count()).toBe(1);
    expect(await page.locator("section[aria-labelledby=live-strip-title]").count()).toBe(1);
    await context.close();
  });
});
