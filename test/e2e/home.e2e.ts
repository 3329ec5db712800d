import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, baseURL, launchBrowser, newVisitor } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("home page in Chromium", () => {
  it("renders the headline, landmarks and hydrates without console errors", async () => {
    const { context, page } = await newVisitor(browser);
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain("Quantum Bell");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toContain("ring the bell");
    expect(await page.locator("header").count()).toBeGreaterThan(0);
    expect(await page.locator("main").count()).toBe(1);
    expect(await page.locator("footer").count()).toBeGreaterThan(0);
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("draws its logo and flags itself: an SVG bell, and flag images from this site that load", async () => {
    const { context, page } = await newVisitor(browser);
    const flagRequests: string[] = [];
    page.on("request", (request) => {
      if (/flag/i.test(request.url())) flagRequests.push(request.url());
    });
    await page.goto("/");
    const brand = page.getByRole("link", { name: /, home$/ });
    expect(await brand.locator("svg").count()).toBe(1);
    expect(await brand.textContent()).not.toContain("🔔");

    // The strip is hydrated when the browser is idle and its element replaced then: scrolled to by selector, not handle.
    await page.evaluate(() => document.querySelector("section[aria-labelledby=live-strip-title]")?.scrollIntoView());
    const flags = page.locator("section[aria-labelledby=live-strip-title] img");
    await expect.poll(() => flags.count()).toBeGreaterThan(0);
    // The strip is re-rendered when it hydrates (its images load again then): any one drawn flag is the proof.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            // Lazy images load once on screen: the strip is brought back into view if hydration moved the page.
            const strip = document.querySelector("section[aria-labelledby=live-strip-title]");
            strip?.scrollIntoView({ block: "center" });
            return [...(strip?.querySelectorAll<HTMLImageElement>("img") ?? [])].some((image) => image.complete && image.naturalWidth > 0);
          }),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(new URL((await flags.first().getAttribute("src"))!, page.url()).pathname).toMatch(/^\/flags\/[A-Z]{2}\.svg$/);
    // No third-party flag service is asked while the site's own flags load.
    expect(flagRequests.every((url) => new URL(url).origin === new URL(page.url()).origin)).toBe(true);
    await context.close();
  });

  it("has no axe violations", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto("/");
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("shows a real 404 page for unknown paths", async () => {
    const { context, page } = await newVisitor(browser);
    const response = await page.goto("/no-such-place");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await context.close();
  });

  it("serves the health endpoint with every service connected", async () => {
    const response = await fetch(`${baseURL()}/api/infrastructure/health`);
    expect(await response.json()).toMatchObject({ database: { connected: true }, cache: { connected: true }, redis: { connected: true } });
  });

  it("scrolls the live strip only while it is on screen, pauses it, and keeps the focus ring inside each entry's paint box", { timeout: 30_000 }, async () => {
    const { context, page } = await newVisitor(browser, { reducedMotion: "no-preference", viewport: { width: 412, height: 823 } });
    await page.goto("/");
    await page.locator("#wish-form button[type=submit]:disabled").waitFor();
    const strip = page.locator("section[aria-labelledby=live-strip-title]");
    const track = strip.locator("ul").locator("..");
    const scrollLeft = () => track.evaluate((element) => element.scrollLeft);

    // Below the fold: no timer moves it, and its entries are skipped by layout until they come into view.
    await page.waitForTimeout(500);
    expect(await scrollLeft()).toBe(0);
    expect(await strip.locator("li").first().evaluate((item) => getComputedStyle(item).contentVisibility)).toBe("auto");

    await strip.scrollIntoViewIfNeeded();
    await expect.poll(scrollLeft, { timeout: 5_000 }).toBeGreaterThan(3);

    await strip.getByRole("button", { name: "Pause scrolling" }).click();
    await expect.poll(() => strip.getByRole("button", { name: "Resume scrolling" }).getAttribute("aria-pressed")).toBe("true");
    const paused = await scrollLeft();
    await page.waitForTimeout(400);
    expect(await scrollLeft()).toBe(paused);

    // The ring is 3px wide, 2px off the link; paint containment would clip whatever falls outside the item.
    const room = await strip.locator("li").first().evaluate((item) => {
      const outer = item.getBoundingClientRect();
      const link = item.querySelector("a")!.getBoundingClientRect();
      return Math.min(link.left - outer.left, outer.right - link.right, link.top - outer.top, outer.bottom - link.bottom);
    });
    expect(room).toBeGreaterThanOrEqual(5);
    await context.close();
  });
});
