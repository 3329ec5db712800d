import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OPEN_DIALOG_EVENT } from "../../app/components/wish-form/events";
import { LOCALES, localizePath } from "../../app/domain/locale";
import type { Story, StoryKey } from "../../app/domain/provider-story";
import { expectTold, storySentence } from "../support/honest-story";
import { baseURL, launchBrowser, newVisitor } from "./support/browser";

/**
 * Issue 35: every sentence about where a ring runs follows the configured provider. With the simulator no dialog
 * claims hardware; with IBM the same places say hardware and name it. Checked in every language. The dialogs are
 * drawn in the browser, and the footer chip is read again once the page has hydrated; every page's sentences are
 * checked as the Worker serves them (test/integration/honest-story.test.ts).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DIALOGS: { name: string; keys: StoryKey[] }[] = [
  { name: "how-it-works", keys: ["ringStep"] },
  { name: "donation", keys: ["donate"] },
  { name: "mental-health", keys: ["runningCosts"] },
];

const SITES: { story: Story; other: Story; baseURL: () => string }[] = [
  { story: "simulator", other: "ibm", baseURL },
  { story: "ibm", other: "simulator", baseURL: () => inject("ibmBaseURL") },
];

const text = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, " "));

describe("one honest story about where a ring runs", () => {
  for (const site of SITES) {
    it(`${site.story}: the footer chip once hydrated, and the How it works, donate and charity dialogs, in every language`, { timeout: 120_000 }, async () => {
      const { context, page } = await newVisitor(browser, { baseURL: site.baseURL() });
      // Hydration that disagreed with the served story would say so here (React reports a mismatch as an error).
      const errors: string[] = [];
      page.on("console", (message) => message.type() === "error" && errors.push(message.text()));
      page.on("pageerror", (error) => errors.push(error.message));
      for (const locale of LOCALES) {
        await page.goto(localizePath("/", locale));
        await page.waitForFunction(() => document.querySelector("header button[aria-controls]") !== null);
        const chip = await text(page, "footer [data-testid=provider-chip]");
        expect(chip, `${locale} ${site.story} chip`).toContain(storySentence(locale, site.story, "chip"));
        expect(chip).not.toContain(storySentence(locale, site.other, "chip"));
        for (const { name, keys } of DIALOGS) {
          // The dialog host takes the event once its listener is attached (it says so by cancelling the event);
          // until then the event changes nothing, so it is offered again.
          await expect
            .poll(() => page.evaluate(([event, dialog]) => !window.dispatchEvent(new CustomEvent(event, { detail: dialog, cancelable: true })), [OPEN_DIALOG_EVENT, name] as const))
            .toBe(true);
          const dialog = page.locator("dialog[open]");
          await dialog.waitFor();
          expectTold(await text(page, "dialog[open]"), locale, site.story, site.other, keys);
          await page.keyboard.press("Escape");
          // Gone from the page, not only closed: its close event (a task after Escape) must not meet the next one.
          await page.locator("dialog").waitFor({ state: "detached" });
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
