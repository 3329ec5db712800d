import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newVisitor } from "./support/browser";

// The e2e server reads .dev.vars, created from .dev.vars.example.
const ADMIN_PASSWORD = "quantum-bell-local-admin";
const ADMIN_PAGES = ["/admin", "/admin/operations", "/admin/moderation", "/admin/outbox", "/admin/messages", "/admin/subscribers", "/admin/audit"];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function signIn(page: Page) {
  await page.goto("/admin");
  await page.waitForURL("**/admin/login");
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin");
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

describe("admin in Chromium", () => {
  it("refuses a wrong password with a message, and has no axe violations on the sign-in page", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto("/admin/login");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: "That password is not right." }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/login");
    await context.close();
  });

  it("signs in, hides a wish shown on the home page, sees it gone, and brings it back", async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto("/");
    const card = page.locator("article[id^='wish-']").first();
    await card.waitFor();
    const wishId = (await card.getAttribute("id"))!.slice("wish-".length);
    expect(wishId).not.toBe("");

    await signIn(page);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Moderation" }).click();
    await page.getByRole("heading", { level: 1, name: "Moderation" }).waitFor();
    await page.getByLabel("Wish id").fill(wishId);
    await page.getByRole("button", { name: "Find" }).click();
    await page.getByRole("button", { name: `Hide wish ${wishId}` }).click();
    await page.getByRole("status").filter({ hasText: `Wish ${wishId} is hidden.` }).waitFor();

    await page.goto("/");
    await page.locator("article[id^='wish-']").first().waitFor();
    expect(await page.locator(`#wish-${wishId}`).count()).toBe(0);

    await page.goto(`/admin/moderation?id=${wishId}`);
    await page.getByRole("button", { name: `Unhide wish ${wishId}` }).first().click();
    await page.getByRole("status").filter({ hasText: `Wish ${wishId} is visible again.` }).waitFor();
    await page.goto("/");
    await page.locator(`#wish-${wishId}`).waitFor();
    await context.close();
  });

  it("has no axe violations on any admin page", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page);
    for (const path of ADMIN_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      expect(await page.locator('meta[name="robots"]').getAttribute("content"), path).toBe("noindex, nofollow");
      expect(await axeViolations(page), path).toEqual([]);
    }
    await context.close();
  });

  it.each([360, 1920])("shows /admin/operations at %i px without sideways scroll", async (width) => {
    const { context, page } = await newVisitor(browser, { viewport: { width, height: 900 } });
    await signIn(page);
    await page.goto("/admin/operations");
    await page.getByRole("heading", { level: 1, name: "Operations" }).waitFor();
    for (const section of ["Settings", "Cron", "Services", "IBM time this month", "Outbox", "Rings", "Errors in the last 24 hours"]) {
      await page.getByRole("heading", { level: 2, name: section }).waitFor();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/admin-operations-${width}.png`, fullPage: true });
    await context.close();
  });

  it("signs out", async () => {
    const { context, page } = await newVisitor(browser);
    await signIn(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/admin/login");
    await page.goto("/admin");
    await page.waitForURL("**/admin/login");
    await context.close();
  });
});
