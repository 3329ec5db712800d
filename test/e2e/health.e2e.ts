import type { Browser, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HEALTH_UNHEALTHY, HEALTH_UNREACHABLE } from "../../app/domain/messages";
import { axeViolations, launchBrowser, newVisitor } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const HEALTH = "**/api/infrastructure/health";
const banner = (page: Page) => page.getByRole("alert").filter({ hasText: /backend/i });

describe("the backend health banners (docs/product.md#sentences)", () => {
  it("checks the backend once the page has loaded, and shows nothing while it is well", async () => {
    const { context, page } = await newVisitor(browser);
    const checked = page.waitForResponse((response) => response.url().endsWith("/api/infrastructure/health"));
    await page.goto("/about");
    expect((await checked).status()).toBe(200);
    expect(await banner(page).count()).toBe(0);
    await context.close();
  });

  it("shows the red banner when the backend cannot be reached, and clears it when a later check passes", async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    let down = true;
    await page.route(HEALTH, (route: Route) => (down ? route.abort("connectionrefused") : route.fallback()));
    await page.goto("/");
    await banner(page).getByText(HEALTH_UNREACHABLE, { exact: true }).waitFor();
    expect(await banner(page).evaluate((element) => getComputedStyle(element).position)).toBe("fixed");
    expect(await axeViolations(page)).toEqual([]);

    down = false;
    await page.evaluate(() => window.dispatchEvent(new Event("online")));
    await banner(page).waitFor({ state: "detached" });
    await context.close();
  });

  it("says so when the backend answers but a service is not connected", async () => {
    const { context, page } = await newVisitor(browser);
    await page.route(HEALTH, (route: Route) =>
      route.fulfill({ json: { success: true, database: { connected: false }, cache: { connected: true }, redis: { connected: true } } }),
    );
    await page.goto("/faq");
    await banner(page).getByText(HEALTH_UNHEALTHY, { exact: true }).waitFor();
    await context.close();
  });
});
