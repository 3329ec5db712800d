import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { OPEN_DIALOG_EVENT } from "../../app/components/wish-form/events";
import { COST_PER_RING_USD } from "../../app/domain/limits";
import { LOCALES, localizePath, type Locale } from "../../app/domain/locale";
import { STORY_SENTENCES, type Story, type StoryKey } from "../../app/domain/provider-story";
import { translatorFor } from "../../app/i18n/catalogues.server";
import { baseURL, launchBrowser, newVisitor } from "./support/browser";

/**
 * Issue 35: every sentence about where a ring runs follows the configured provider. With the simulator no page or
 * dialog claims hardware; with IBM the same places say hardware and name it. Checked in every language.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** What the pages said before issue 35, in English: each claimed quantum hardware whatever the provider. */
const OLD_CLAIMS = [
  /runs on a quantum computer/i,
  /measured on a quantum computer/i,
  /entangled on real quantum hardware/i,
  /why we chose a real quantum computer/i,
  /When the quantum service is available, yes/i,
  /of quantum computer time\. A gift/i,
  /uses real time on a quantum computer/i,
  /Operating costs are the quantum computer time/i,
];

const PAGES: { path: string; keys: StoryKey[] }[] = [
  { path: "/about", keys: ["runs"] },
  { path: "/why", keys: ["whyTitle", "whyBody"] },
  { path: "/cost", keys: ["costBody", "costFigure", "moneyUse"] },
  { path: "/faq", keys: ["faqHardware", "faqCost"] },
  { path: "/gift", keys: ["giftCost"] },
  { path: "/charity", keys: ["runningCosts"] },
];

const DIALOGS: { name: string; keys: StoryKey[] }[] = [
  { name: "how-it-works", keys: ["ringStep"] },
  { name: "donation", keys: ["donate"] },
  { name: "mental-health", keys: ["runningCosts"] },
];

const SITES: { story: Story; other: Story; baseURL: () => string }[] = [
  { story: "simulator", other: "ibm", baseURL },
  { story: "ibm", other: "simulator", baseURL: () => inject("ibmBaseURL") },
];

function sentence(locale: Locale, story: Story, key: StoryKey): string {
  return translatorFor(locale)(STORY_SENTENCES[key][story], { cost: COST_PER_RING_USD });
}

const text = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => (element as HTMLElement).innerText.replace(/\s+/g, " "));

function expectTold(said: string, locale: Locale, story: Story, other: Story, keys: StoryKey[]) {
  for (const key of keys) {
    expect(said, `${locale} ${story} ${key}`).toContain(sentence(locale, story, key));
    expect(said, `${locale} ${story} must not say the ${other} ${key}`).not.toContain(sentence(locale, other, key));
  }
  if (story === "simulator" && locale === "en") for (const claim of OLD_CLAIMS) expect(said).not.toMatch(claim);
}

describe("one honest story about where a ring runs", () => {
  for (const site of SITES) {
    it(`${site.story}: /about, /why, /cost, /faq and the footer chip, in every language`, { timeout: 120_000 }, async () => {
      const { context, page } = await newVisitor(browser, { baseURL: site.baseURL() });
      for (const locale of LOCALES) {
        for (const { path, keys } of PAGES) {
          expect((await page.goto(localizePath(path, locale)))?.status()).toBe(200);
          expectTold(await text(page, "main"), locale, site.story, site.other, keys);
          const chip = await text(page, "footer [data-testid=provider-chip]");
          expect(chip).toContain(sentence(locale, site.story, "chip"));
          if (site.story === "simulator") expect(chip).not.toMatch(/IBM/);
        }
      }
      await context.close();
    });

    it(`${site.story}: the How it works, donate and charity dialogs, in every language`, { timeout: 120_000 }, async () => {
      const { context, page } = await newVisitor(browser, { baseURL: site.baseURL() });
      for (const locale of LOCALES) {
        await page.goto(localizePath("/", locale));
        await page.waitForFunction(() => document.querySelector("header button[aria-controls]") !== null);
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
      await context.close();
    });
  }
});
