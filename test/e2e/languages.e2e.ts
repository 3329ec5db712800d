import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ar from "../../app/i18n/catalogues/ar.json";
import zh from "../../app/i18n/catalogues/zh.json";
import { RING_COOLDOWN_SECONDS } from "../../app/domain/limits";
import { VERSE_LANGUAGES } from "../../app/domain/verse/verse";
import { axeViolations, baseURL, launchBrowser, newVisitor, skipRingFallback, waitForHydration } from "./support/browser";
import { expectScreenshot } from "./support/screenshots";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";

// Issue 22: the site in Arabic (right to left) and Chinese, as a visitor whose browser asks for them meets it.

const CATALOGUES = { ar, zh } as Record<string, Record<string, string>>;
const COOLDOWN_WAIT_MS = (RING_COOLDOWN_SECONDS + 10) * 1000;

// The sentences a journey meets, named by their English source (app/domain/messages.ts).
const EMAIL_INVALID = "Please enter a valid email address, or leave it empty.";
const ENCODING_COMPLETE = "Quantum encoding complete! Your wish is ready to be entangled with others.";
const WISH_PROMPT = "If you could send one wish into the universe, what would it be?";
const SIMULATOR_PROVIDER = "{status, select, completed {An ordinary computer worked out this ring's answer by simulating its quantum circuit; no quantum computer was involved.} failed {An ordinary computer tried to work out this ring's answer by simulating its quantum circuit; no quantum computer was involved.} other {An ordinary computer is working out this ring's answer by simulating its quantum circuit; no quantum computer is involved.}}";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WISHES: Record<string, string> = {
  ar: "أتمنى أن يعم السلام كل بيت في هذا العالم الواسع",
  zh: "愿世界上每一个孩子都能在和平与安宁中长大",
};

/** A message as a page in that language shows it, compiled and rendered as the site does (ADR 0027). */
function said(locale: string, source: string, values: Record<string, string | number> = {}): string {
  const message = compileMessage(CATALOGUES[locale]![source]!);
  const i18n = setupI18n({ locale, messages: { [locale]: { [source]: typeof message === "string" ? [message] : message } } });
  return i18n._(source, values);
}

async function toast(page: Page, text: string) {
  await page.locator("[role=status], [role=alert]").filter({ hasText: text }).first().waitFor({ timeout: 15_000 });
}

describe.each(["ar", "zh"])("a visitor whose browser speaks %s", (locale) => {
  it("is sent to their language, writes a wish, rings and reads the poem in it", { timeout: 150_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 }, locale: locale === "zh" ? "zh-CN" : "ar-EG" });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.clock.install();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe(`/${locale}`);
    const html = page.locator("html");
    expect(await html.getAttribute("lang")).toBe(locale === "zh" ? "zh-Hans" : "ar");
    expect(await html.getAttribute("dir")).toBe(locale === "ar" ? "rtl" : "ltr");
    await waitForHydration(page);

    // The hint and the form's own words, then a refusal from the server, in the visitor's language.
    expect(await page.locator("#wish-form-hint").textContent()).toBe(said(locale, WISH_PROMPT));
    await page.locator("#wish-form textarea").fill(WISHES[locale]!);
    await page.locator("#wish-form-email").fill("not-an-address");
    await page.locator("#wish-form button[type=submit]").click();
    await toast(page, said(locale, EMAIL_INVALID));
    expect(await page.locator("#wish-form-email-error").textContent()).toBe(said(locale, EMAIL_INVALID));

    await page.locator("#wish-form-email").fill("");
    const submitted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes", { timeout: 20_000 });
    await page.locator("#wish-form button[type=submit]").click();
    expect((await submitted).status()).toBe(201);
    await toast(page, said(locale, ENCODING_COMPLETE));

    // The bell, labelled in the visitor's language, rings; its page opens in the same language.
    let rung: string | undefined;
    for (let attempt = 0; attempt < 3 && !rung; attempt++) {
      await page.waitForFunction(() => document.querySelector("#bell-ringer button")?.getAttribute("aria-disabled") === "false", undefined, {
        timeout: COOLDOWN_WAIT_MS,
      });
      const label = (await page.locator("#bell-ringer button").textContent()) ?? "";
      expect(label).not.toMatch(/Ring Bell/);
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
      await page.locator("#bell-ringer button").click();
      const response = await answer;
      if (response.status() === 200) rung = ((await response.json()) as { bellRingId: string }).bellRingId;
      else expect(response.status()).toBe(429);
    }
    expect(rung).toBeDefined();
    await skipRingFallback(page, rung!);
    await page.waitForURL(new RegExp(`/${locale}/bell/[^/]+$`), { timeout: 20_000 });

    // The heading is the ring's verse in the visitor's language: it opens with one of that language's first lines.
    const firstLines = Object.values(VERSE_LANGUAGES[locale as "ar" | "zh"].firstLines).flat();
    const heading = page.getByRole("heading", { level: 1 });
    const opensVerse = (text: string) => firstLines.some((line) => text.startsWith(`${line} `));
    await expect.poll(async () => opensVerse((await heading.textContent())?.trim() ?? ""), { timeout: 30_000 }).toBe(true);
    // The page says, in the visitor's language, that a simulator computed it.
    expect(await page.getByText(said(locale, SIMULATOR_PROVIDER, { status: "completed" }), { exact: true }).count()).toBe(1);
    expect(await page.locator("html").getAttribute("lang")).toBe(locale === "zh" ? "zh-Hans" : "ar");
    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe.each(["ar", "zh"])("the %s home page's catalogue (ADR 0074)", (locale) => {
  const CATALOGUE = /\/assets\/catalogue-[a-z]{2}-[0-9a-f]{12}\.json$/;
  const hydrated = (page: Page) => page.evaluate(() => document.querySelector("header button[aria-controls]") !== null);
  // The header's links and the page's heading: words hydration keeps (the no-JavaScript menu links become buttons, and
  // the sections below come and go with live data).
  const firstScreen = (page: Page) => page.evaluate(() => [...document.querySelectorAll("header a:not([href^='#']), main h1")].map((element) => element.textContent).join("|"));

  it("waits for its cached file, then hydrates in its language with no mismatch and no English in between", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
    });
    // The file is held until the page has been read as served, so hydration cannot have used anything else.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const served: { url: string; headers: Record<string, string> }[] = [];
    await page.route(CATALOGUE, async (route) => {
      await held;
      const response = await route.fetch();
      served.push({ url: route.request().url(), headers: response.headers() });
      await route.fulfill({ response });
    });

    await page.goto(`/${locale}`, { waitUntil: "domcontentloaded" });
    const asServed = await firstScreen(page);
    expect(await hydrated(page), "hydration waits for the catalogue").toBe(false);
    const english = await (await page.request.get("/")).text();
    const englishHeading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(english)?.[1]?.replace(/<[^>]+>/g, "");
    expect(asServed).not.toContain(englishHeading);

    release();
    await waitForHydration(page);
    expect(await firstScreen(page)).toBe(asServed);
    expect(served).toHaveLength(1);
    expect(served[0]!.url).toContain(`/assets/catalogue-${locale}-`);
    expect(served[0]!.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served[0]!.headers["content-type"]).toContain("application/json");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("stays as served, in its language and working without JavaScript, when the file cannot load", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.route(CATALOGUE, (route) => route.abort("failed"));
    const reported = page.waitForEvent("console", { predicate: (message) => message.text().includes("Catalogue not loaded"), timeout: 30_000 });
    await page.goto(`/${locale}`, { waitUntil: "domcontentloaded" });
    const asServed = await firstScreen(page);
    await reported;
    expect(await hydrated(page)).toBe(false);
    expect(await firstScreen(page)).toBe(asServed);
    expect(await page.locator("html").getAttribute("lang")).toBe(locale === "zh" ? "zh-Hans" : "ar");
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe("the site in Arabic", () => {
  it("keeps the visitor's choice from the switcher and stays on the same page", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto("/faq");
    await waitForHydration(page);
    await page.locator("header details summary").click();
    await page.getByRole("link", { name: "العربية" }).click();
    await page.waitForURL(/\/ar\/faq$/);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    // The cookie now wins over the English path.
    await page.goto("/about");
    expect(new URL(page.url()).pathname).toBe("/ar/about");
    await context.close();
  });

  it("at 412 px: header, form, bell card and wall are mirrored, nothing scrolls sideways", { timeout: 60_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    await page.goto(`${baseURL()}/ar`);
    await waitForHydration(page);
    await page.evaluate(() => document.fonts.ready);
    const box = (selector: string) => page.locator(selector).first().boundingBox();
    const brand = (await box("header a[href='/ar']"))!;
    const menu = (await box("header [aria-controls]"))!;
    expect(brand.x, "the brand sits at the right-hand end of the header").toBeGreaterThan(menu.x);
    const label = (await box("label[for='wish-form-wish']"))!;
    const field = (await box("#wish-form textarea"))!;
    expect(label.x + label.width, "the form's labels start at the right").toBeGreaterThan(field.x + field.width - 4);
    const wallTitle = (await box("#wish-wall-title"))!;
    expect(wallTitle.x + wallTitle.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    const steady = "#bell-ringer p, #bell-ringer button, #bell-ringer span[aria-hidden='true'] { visibility: hidden !important; }";
    expectScreenshot("home-ar-phone", await page.screenshot({ animations: "disabled", mask: [page.getByRole("region", { name: said("ar", "The bell in numbers") })], style: steady }));
    await context.close();
  });

  it("every page passes axe and never scrolls sideways", { timeout: 240_000 }, async () => {
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname).filter((path) => /^\/ar(\/|$)/.test(path));
    paths.push("/ar/no-such-page", "/ar/newsletter");
    expect(paths.length).toBeGreaterThan(20);
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 } });
    const failures: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await waitForHydration(page);
      const violations = await axeViolations(page);
      if (violations.length) failures.push(`${path}: ${violations.map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`).join("; ")}`);
      if (!(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth))) failures.push(`${path}: scrolls sideways`);
    }
    // Joined, so a failure prints every page and rule in full rather than "Array(1)".
    expect(failures.join("\n")).toBe("");
    await context.close();
  });
});
