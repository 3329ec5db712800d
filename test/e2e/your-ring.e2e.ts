import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../app/i18n/catalogues/ar.json";
import { YOUR_WISH_ON_WALL } from "../../app/domain/messages";
import { axeViolations, baseURL, freshFingerprint, launchBrowser, newVisitor, PHONE, skipRingFallback } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const LANGUAGES = [
  { locale: "en", prefix: "", yourWish: YOUR_WISH_ON_WALL },
  { locale: "ar", prefix: "/ar", yourWish: (ar as Record<string, string>)[YOUR_WISH_ON_WALL] },
] as const;

async function olderWish(text: string, country: string): Promise<string> {
  const response = await fetch(`${baseURL()}/api/wishes`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL() },
    body: JSON.stringify({ wish: text, country, deviceFingerprint: freshFingerprint() }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { wishId: string }).wishId;
}

/** Presses the bell once it is free; a ring made elsewhere in the meantime answers 429, and the page waits again. */
async function ringWhenFree(page: Page): Promise<{ wishIds: string[]; bellRingId: string }> {
  for (let attempt = 0; attempt < 4; attempt++) {
    await page.waitForFunction(() => document.querySelector("#bell-ringer button")?.getAttribute("aria-disabled") === "false", undefined, { timeout: 30_000 });
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
    await page.locator("#bell-ringer button").tap();
    const response = await answer;
    if (response.status() === 429) continue;
    expect(response.status(), await response.text()).toBe(200);
    const json = (await response.json()) as { bellRingId: string; data: { batches: { wishIds: string[] }[] } };
    return { wishIds: json.data.batches[0]!.wishIds, bellRingId: json.bellRingId };
  }
  throw new Error("The bell never became free to ring.");
}

describe("your ring (issue 35), on a 360×800 touch phone", () => {
  for (const language of LANGUAGES) {
    it(`${language.locale}: with six older wishes waiting, the wish you write rings first and the result page knows it`, { timeout: 120_000 }, async () => {
      const older = ["Kigali", "Dublin", "Osaka", "Lima", "Accra", "Oslo"];
      const countries = ["Rwanda", "Ireland", "Japan", "Peru", "Ghana", "Norway"];
      for (const [index, city] of older.entries()) await olderWish(`May the evening lights of ${city} warm every stranger's window`, countries[index]!);

      const { context, page } = await newVisitor(browser, { viewport: PHONE, touch: true, locale: language.locale });
      await page.clock.install();
      await page.goto(`${language.prefix}/`);
      await page.locator("#wish-form button[type=submit]:disabled").waitFor();
      const words = `May the bridges of ${language.locale === "ar" ? "Alexandria" : "Mostar"} hold everyone who crosses them`;
      await page.locator("#wish-form textarea[name=wish]").fill(words);
      const sent = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes" && response.request().method() === "POST");
      await page.locator("#wish-form button[type=submit]").tap();
      const { wishId } = (await (await sent).json()) as { wishId: string };

      // Before the press, the bell card says the ring takes this wish (it is the newest of seven or more waiting).
      const preview = page.locator("#bell-ringer [data-testid=ring-preview]");
      await expect.poll(() => preview.textContent(), { timeout: 20_000 }).toMatch(language.locale === "en" ? /^This ring takes your wish and the 4 oldest/ : /أمنيتك/);

      const { wishIds, bellRingId } = await ringWhenFree(page);
      // The server took it (it is the newest waiting wish, so only the ringer's-own rule brings it in), with four others.
      expect(wishIds).toContain(wishId);
      expect(wishIds).toHaveLength(5);
      await skipRingFallback(page, bellRingId);
      await page.waitForURL(/\/bell\/[^/]+$/, { timeout: 20_000 });

      // The result page: your wish first and marked as yours, your star lit, who you rang with.
      const first = page.locator("#ring-wishes ~ ol > li").first().locator("article");
      await first.waitFor();
      expect(await first.getAttribute("data-yours")).toBe("true");
      expect(await first.textContent()).toContain(words);
      expect(await first.textContent()).toContain(language.yourWish);
      expect(await page.locator("svg [data-yours=true]").count()).toBe(1);
      expect(await page.locator("[data-testid=your-company]").isVisible()).toBe(true);
      expect(await page.locator("[data-testid=shared-context]").count()).toBe(0);
      expect(await axeViolations(page)).toEqual([]);
      await context.close();

      // The same link opened by somebody else: the page as it is, plus what it is and a way to write their own.
      const visitor = await newVisitor(browser, { viewport: PHONE, touch: true, locale: language.locale });
      await visitor.page.goto(new URL(page.url()).pathname);
      const context_ = visitor.page.locator("[data-testid=shared-context]");
      await context_.waitFor();
      const box = await context_.boundingBox();
      expect(box && box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(await visitor.page.locator("[data-yours]").count()).toBe(0);
      expect(await context_.getByRole("link").getAttribute("href")).toBe(`${language.prefix || "/"}#wish-form`);
      await visitor.context.close();
    });
  }
});
