import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, launchBrowser, newVisitor, type ContextOptions } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Every page of docs/product.md#pages that needs no parameters beyond the content's own slugs. */
const PAGES = [
  "/",
  "/about",
  "/axioms",
  "/axioms/connection",
  "/faq",
  "/why",
  "/gift",
  "/cost",
  "/creator",
  "/contact",
  "/charity",
  "/research",
  "/research/entangling-wishes",
  "/privacy",
  "/terms",
  "/cookies",
  "/ai",
  "/entanglement",
  "/blog",
  "/blog/the-bell-is-ringing",
  "/newsletter",
  `/mail/stop?t=${"ab".repeat(32)}`,
];

async function open(path: string, options: ContextOptions = {}) {
  const visitor = await newVisitor(browser, options);
  const errors: string[] = [];
  visitor.page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  visitor.page.on("pageerror", (error) => errors.push(error.message));
  const response = await visitor.page.goto(path);
  expect(response?.status(), path).toBe(200);
  await hydrated(visitor.page);
  return { ...visitor, errors };
}

/** Remix has hydrated once its router exists and the root effects (dialog host listener) have run. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.getAttribute("aria-label") ?? active?.textContent?.trim() ?? "";
  });

describe("site chrome in Chromium", () => {
  it("content pages hydrate under the CSP with no console errors", async () => {
    for (const path of ["/about", "/contact", "/blog/why-five-wishes"]) {
      const { context, errors } = await open(path);
      expect(errors, path).toEqual([]);
      await context.close();
    }
  });

  it("the sparkle button opens How it works with its four steps; Escape closes it and focus returns", async () => {
    const { context, page } = await open("/about");
    const sparkle = page.getByRole("button", { name: "How it works" });
    await sparkle.click();
    const dialog = page.getByRole("dialog", { name: "How it works" });
    await dialog.waitFor();
    const steps = await dialog.getByRole("heading", { level: 3 }).allTextContents();
    expect(steps).toEqual(["Submit your wish", "Quantum entanglement", "Ring the Quantum Bell", "A Unique Signature"]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedLabel(page)).toBe("How it works");
    await context.close();
  });

  it("opens a dialog as soon as its code has arrived, with the page's clock stopped (ADR 0087)", async () => {
    const { context, page } = await newVisitor(browser);
    // React holds back what a Suspense boundary reveals after its fallback on a 300 ms timer: with the page's timers
    // stopped such a dialog would never open. The dialog's code comes in the page's own time; nothing else may wait.
    await page.clock.install();
    await page.goto("/gift");
    await hydrated(page);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const chunk = page.waitForResponse((response) => /\/assets\/donation-dialog-[\w-]+\.js$/.test(new URL(response.url()).pathname));
    await page.getByRole("button", { name: "Choose an amount" }).click();
    expect((await chunk).ok()).toBe(true);
    await page.getByRole("dialog", { name: "Support the Bell" }).waitFor({ timeout: 5_000 });
    await context.close();
  });

  it("Send a Wish to a Friend validates the e-mail, sends, and closes by keyboard back to its opener", async () => {
    const { context, page } = await open("/");
    const opener = page.locator("a, button", { hasText: "Send a Wish to a Friend" }).first();
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Send a Wish to a Friend" });
    await dialog.waitFor();
    await dialog.getByLabel("Your wish").fill("May your new year be full of quiet mornings");
    const email = dialog.getByLabel("Friend's email");
    await email.fill("not-an-email");
    await dialog.getByRole("button", { name: "Send wish" }).click();
    await dialog.getByText("Please enter a valid friend's email.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.evaluate((element) => element === document.activeElement)).toBe(true);

    await email.fill(`friend-${crypto.randomUUID()}@example.org`);
    await dialog.getByRole("button", { name: "Send wish" }).click();
    await dialog.getByText("Wish sent!").waitFor();
    await dialog.getByText("Your wish and message have been sent to your friend.").waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("the donation dialog offers six providers in new tabs, passes a suggested amount, and closes with its button", async () => {
    const { context, page } = await open("/gift");
    await page.getByRole("button", { name: "Choose an amount" }).click();
    const dialog = page.getByRole("dialog", { name: "Support the Bell" });
    await dialog.waitFor();
    const tiles = dialog.getByRole("link");
    expect(await tiles.count()).toBe(6);
    for (const tile of await tiles.all()) {
      expect(await tile.getAttribute("target")).toBe("_blank");
      expect(await tile.getAttribute("rel")).toBe("noopener noreferrer");
    }
    await dialog.getByLabel(/Your Donation/).fill("25");
    expect(await dialog.getByRole("link", { name: /PayPal/ }).getAttribute("href")).toMatch(/\/25GBP$/);
    await dialog.getByRole("button", { name: "Close" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedLabel(page)).toBe("Choose an amount");
    await context.close();
  });

  it("the charity dialog shows this month's progress and opens /charity and /gift in new tabs", async () => {
    const { context, page } = await open("/charity");
    await page.getByRole("button", { name: "Support Mental Health" }).click();
    const dialog = page.getByRole("dialog", { name: "Support Mental Health" });
    await dialog.waitFor();
    const bar = dialog.getByRole("progressbar");
    expect(await bar.getAttribute("value")).toBe("376");
    expect(await bar.getAttribute("max")).toBe("1000");
    await dialog.getByText("37.6% of this month's goal").waitFor();
    for (const [name, href] of [[/Giving Back/, "/charity"], [/Support a Wish/, "/gift"]] as const) {
      const link = dialog.getByRole("link", { name });
      expect(await link.getAttribute("href")).toBe(href);
      expect(await link.getAttribute("target")).toBe("_blank");
    }
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  });

  it("at 1000px the top links live in a drawer: disclosure state, Escape with focus return, closes on navigation", async () => {
    const { context, page } = await open("/about", { viewport: { width: 1000, height: 800 } });
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await menu.click();
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const drawer = page.getByRole("navigation", { name: "Main menu" });
    const labels = await drawer.getByRole("link").allTextContents();
    expect(labels).toEqual(["About", "Why", "Support a Wish", "Cost & Impact", "Giving Back", "FAQ", "The Axioms of Consciousness"]);
    await drawer.getByRole("link", { name: "Why" }).focus();
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await drawer.isVisible()).toBe(false);
    expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);

    await menu.click();
    await drawer.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL("**/faq");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await context.close();
  });

  it("without JavaScript the menu at 1000px still opens the drawer, and a link in it navigates", async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false, viewport: { width: 1000, height: 800 } });
    await page.goto("/about");
    const drawer = page.getByRole("navigation", { name: "Main menu" });
    expect(await drawer.isVisible()).toBe(false);
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await drawer.waitFor({ state: "visible" });
    expect(await drawer.getByRole("link").count()).toBe(7);
    await page.getByRole("link", { name: "Close menu" }).click();
    await drawer.waitFor({ state: "hidden" });
    await page.getByRole("link", { name: "Menu", exact: true }).click();
    await drawer.getByRole("link", { name: "FAQ" }).click();
    await page.waitForURL("**/faq");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toMatch(/question/i);
    await context.close();
  });

  it("above 1200px the links sit in the top bar and the menu button is hidden", async () => {
    const { context, page } = await open("/about", { viewport: { width: 1280, height: 800 } });
    expect(await page.getByRole("navigation", { name: "Main", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Menu" }).isVisible()).toBe(false);
    await context.close();
  });

  it("skip links appear on focus and move to the content, the wish form and the bell ringer", async () => {
    const { context, page } = await open("/");
    await page.keyboard.press("Tab");
    const first = page.getByRole("link", { name: "Skip to main content" });
    expect(await first.evaluate((element) => element === document.activeElement)).toBe(true);
    // Under reduced motion the reveal is a 0.01 ms transition: it settles on the next frame.
    await expect.poll(async () => (await first.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await first.boundingBox())?.height).toBeGreaterThan(0);
    for (const [name, target] of [["Skip to main content", "#main"], ["Skip to the wish form", "#wish-form"], ["Skip to the bell ringer", "#bell-ringer"]] as const) {
      const link = page.getByRole("link", { name });
      await link.focus();
      await expect.poll(async () => (await link.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
      await page.keyboard.press("Enter");
      await expect.poll(() => page.evaluate(() => location.hash)).toBe(target);
      expect(await page.locator(target).isVisible()).toBe(true);
      // The jump moves the keyboard too: the next Tab lands inside the target, past the header's links.
      await page.keyboard.press("Tab");
      expect(await page.evaluate((selector) => document.querySelector(selector)?.contains(document.activeElement) ?? false, target), name).toBe(true);
    }
    await context.close();
  });

  it("social links name their destination and open safely in a new tab", async () => {
    const { context, page } = await open("/about");
    const footer = page.locator("footer");
    for (const name of ["X", "Instagram", "Facebook", "LinkedIn", "The author's book"]) {
      const link = footer.getByRole("link", { name: `${name} (opens in a new tab)` });
      expect(await link.getAttribute("target")).toBe("_blank");
      expect(await link.getAttribute("rel")).toBe("noopener noreferrer");
      // The shape comes from the page's one sprite: it must draw, not leave an empty square.
      const drawn = await link.locator("svg use").evaluate((use) => {
        const box = (use as SVGGraphicsElement).getBBox();
        return box.width * box.height;
      });
      expect(drawn).toBeGreaterThan(20);
    }
    expect(await page.locator("symbol[id^=social-icon-]").count()).toBe(5);
    await context.close();
  });

  it("the footer newsletter form answers in place, and the contact form sends a message", async () => {
    const { context, page } = await open("/contact");
    const footer = page.locator("footer");
    await footer.getByLabel("Email address").fill(`e2e-${crypto.randomUUID()}@example.org`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await footer.getByText("Almost there").waitFor();

    const main = page.locator("main");
    await main.getByLabel("Your email").fill("visitor@example.org");
    await main.getByLabel("Your message").fill("Could the bell ring for our school assembly next month?");
    await main.getByRole("button", { name: "Send message" }).click();
    await main.getByText("Your message has reached us").waitFor();
    await context.close();
  });

  describe("axe, page by page in one visitor's tab", () => {
    // One tab for all: a visitor browsing the site, its cache warm after the first page, as the layout gate does.
    let visitor: Awaited<ReturnType<typeof newVisitor>>;
    beforeAll(async () => {
      visitor = await newVisitor(browser);
    });
    afterAll(async () => {
      await visitor?.context.close();
    });

    it.each(PAGES)("axe finds no violations on %s", async (path) => {
      const response = await visitor.page.goto(path);
      expect(response?.status(), path).toBe(200);
      await hydrated(visitor.page);
      expect(await axeViolations(visitor.page)).toEqual([]);
    });
  });

  it("axe finds no violations with the drawer open at 1000px", async () => {
    const { context, page } = await open("/faq", { viewport: { width: 1000, height: 800 } });
    await page.getByRole("button", { name: "Menu" }).click();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});
