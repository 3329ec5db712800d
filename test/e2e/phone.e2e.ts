import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newVisitor } from "./support/browser";

/** Issue 35: a phone that never fights you, on a 360×800 touch profile, in English and Arabic. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 360, height: 800 };
const LANGUAGES = [
  { locale: "en", home: "/" },
  { locale: "ar", home: "/ar" },
] as const;

const phone = (locale: string) => newVisitor(browser, { viewport: PHONE, touch: true, locale });

/** A one-finger vertical swipe from (x, y) upwards by `distance` px, as the touch screen sends it. */
async function swipeUp(page: Page, x: number, y: number, distance: number) {
  const client = await page.context().newCDPSession(page);
  const steps = 10;
  await client.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let step = 1; step <= steps; step++) {
    await client.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y: y - (distance * step) / steps }] });
  }
  await client.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await client.detach();
}

describe("a phone that never fights you (issue 35)", () => {
  for (const { locale, home } of LANGUAGES) {
    it(`${locale}: the first screen shows the way in, and it leads into the wish box`, async () => {
      const { context, page } = await phone(locale);
      await page.goto(home);
      await page.waitForFunction(() => document.querySelector("header button[aria-controls]") !== null);
      const wayIn = page.locator("[data-testid=way-in]");
      const box = await wayIn.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
      // The spec's three buttons stay.
      expect(await page.locator("section[aria-labelledby=home-title] nav a").count()).toBe(3);
      await wayIn.tap();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("wish-form-wish");
      // Nothing covers the form: the floating sparkle has stepped aside while it is on screen.
      const form = await page.locator("#wish-form").boundingBox();
      const help = page.locator("[data-testid=help-button]");
      await expect.poll(() => help.evaluate((element) => getComputedStyle(element).visibility)).toBe("hidden");
      expect(form!.y).toBeLessThan(PHONE.height);
      expect(await help.getAttribute("aria-label")).toBeTruthy();
      await context.close();
    });

    it(`${locale}: a one-finger swipe on the home map scrolls the page and leaves the map where it was`, async () => {
      const { context, page } = await phone(locale);
      await page.goto(home);
      await page.locator("#world-map-title").scrollIntoViewIfNeeded();
      const map = page.locator(".leaflet-container");
      await map.waitFor({ timeout: 20_000 });
      await page.locator(".leaflet-marker-icon").first().waitFor({ timeout: 20_000 });
      await map.evaluate((element) => element.scrollIntoView({ block: "center" }));
      // Settled: nothing above the map still changes height (idle-hydrated parts), so scrollY moves only by the swipe.
      await expect.poll(async () => {
        const first = await page.evaluate(() => document.body.scrollHeight);
        await page.waitForFunction(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))));
        return first === (await page.evaluate(() => document.body.scrollHeight));
      }).toBe(true);
      const pane = () => page.evaluate(() => (document.querySelector(".leaflet-map-pane") as HTMLElement).style.transform);
      const panned = await pane();
      const before = await page.evaluate(() => window.scrollY);
      const box = (await map.boundingBox())!;
      // Between markers, near the map's lower middle (a marker takes taps, not swipes).
      await swipeUp(page, Math.round(box.x + 24), Math.round(box.y + box.height * 0.8), 200);
      await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3_000 }).toBeGreaterThan(before + 100);
      expect(await pane()).toBe(panned);
      await context.close();
    });
  }
});
