import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RING_COOLDOWN_SECONDS } from "../../app/domain/limits";
import { POEM_LINES } from "../../app/domain/poem";
import { axeViolations, baseURL, launchBrowser, newVisitor } from "./support/browser";

// ring-flow.ts imports through the app's "~" alias, which this Node-side suite does not resolve.
const RESONANCE_NOTE = "Your intention resonates through the quantum field.";
const POEMS = new Set(Object.values(POEM_LINES).flat());
const SIMULATOR_SENTENCE = "Computed on the built-in exact state-vector simulator, not on quantum hardware.";
// Another file may have rung just before this one: a full cooldown plus slack for a busy machine.
const COOLDOWN_WAIT_MS = (RING_COOLDOWN_SECONDS + 10) * 1000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function bellButton(page: Page) {
  return page.locator("#bell-ringer").getByRole("button", { name: /^(Ring Bell|Ringing Bell|Please wait|Out of Credits|No Wishes)/ });
}

/** Presses the bell once it is free. A 429 from a ring made elsewhere shows "Please wait Ns": wait it out and press again. */
async function ringWhenFree(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.waitForFunction(
      () => {
        const element = document.querySelector<HTMLButtonElement>("#bell-ringer button");
        return element?.getAttribute("aria-disabled") === "false" && /^Ring Bell \(\d+ wish(es)?\)$/.test(element.textContent ?? "");
      },
      undefined,
      { timeout: COOLDOWN_WAIT_MS },
    );
    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
    await bellButton(page).click();
    const response = await answer;
    if (response.status() === 429) {
      expect(await bellButton(page).textContent()).toMatch(/^Please wait \d+s$/);
      continue;
    }
    expect(response.status(), await response.text()).toBe(200);
    // The progress panel speaks through a live region while the ring travels.
    await page.getByText(RESONANCE_NOTE).waitFor({ timeout: 2_000 });
    expect(await page.getByRole("status").filter({ hasText: RESONANCE_NOTE }).count()).toBe(1);
    await page.waitForURL(/\/bell\/[^/]+$/, { timeout: 20_000 });
    return;
  }
  throw new Error("The bell never became free to ring.");
}

describe("ringing the bell in Chromium", () => {
  it("writes a wish, rings the bell and watches the poem arrive on an accessible result page", { timeout: 150_000 }, async () => {
    const { context, page } = await newVisitor(browser);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    expect((await page.goto("/"))?.status()).toBe(200);
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);

    // Letters only: a run of digits would be refused as a phone number.
    const mark = crypto.randomUUID().replace(/[^a-f]/g, "");
    const submitted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes", { timeout: 20_000 });
    await page.locator("#wish-form textarea").fill(`May every street this evening hold a moment of quiet kindness, ${mark}`);
    await page.locator("#wish-form button[type=submit]").click();
    const submission = await submitted;
    expect(submission.status(), await submission.text()).toBe(201);
    await page.waitForFunction(() => Boolean(window.localStorage.getItem("quantum-bell.last-wish-id")));

    const status = page.locator("#bell-ringer").getByText(/waiting to be entangled$/);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toMatch(/^\d+ wish(es)? waiting to be entangled$/);

    await ringWhenFree(page);
    const ringUrl = new URL(page.url());
    const ringId = decodeURIComponent(ringUrl.pathname.split("/").at(-1)!);
    expect(ringId.length).toBeGreaterThan(0);

    // The result arrives by itself, over the socket or the fallback poll, never by a reload from here.
    const heading = page.getByRole("heading", { level: 1 });
    await expect.poll(async () => POEMS.has((await heading.textContent())?.trim() ?? ""), { timeout: 30_000 }).toBe(true);
    const poem = (await heading.textContent())!.trim();

    await expect.poll(() => page.title()).toBe(`${poem} | Quantum Bell`);
    expect(await page.getByText(SIMULATOR_SENTENCE).count()).toBe(1);
    expect(await page.getByRole("img", { name: "Quantum circuit of this ring", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("img", { name: /^Measured outcomes over \d+ shots$/ }).isVisible()).toBe(true);
    expect(await page.getByRole("table", { name: /^Measured counts for each outcome/ }).count()).toBe(1);
    expect(await page.getByRole("list", { name: /^Chosen bit string [01]+, one bit per wish$/ }).count()).toBe(1);
    expect(await page.getByRole("heading", { name: "The entangled wishes" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: /^Share on X/ }).getAttribute("href")).toContain(encodeURIComponent(ringUrl.href));

    // Every address in the tags is on the configured public origin (SITE_URL), as on every other page.
    const ogUrl = new URL((await page.locator('meta[property="og:url"]').getAttribute("content"))!);
    expect(ogUrl.pathname).toBe(`/bell/${encodeURIComponent(ringId)}`);
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(ogUrl.href);
    const ogImage = await page.locator('meta[property="og:image"][content*="variant=bell"]').getAttribute("content");
    const image = new URL(ogImage!);
    expect(image.origin).toBe(ogUrl.origin);
    expect(image.pathname).toBe("/og");
    expect(image.searchParams.get("title")).toBe(poem);
    expect(image.searchParams.get("variant")).toBe("bell");
    expect(await page.locator('meta[property="og:type"]').getAttribute("content")).toBe("article");

    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("on a 412 px phone the bell comes into view and swings, the note waits for the swing, and the page moves on after it", { timeout: 90_000 }, async () => {
    const { context, page } = await newVisitor(browser, { viewport: { width: 412, height: 915 }, reducedMotion: "no-preference" });
    const wish = await page.request.post("/api/wishes", {
      headers: { Origin: baseURL() },
      data: { wish: "May the lanterns of the old town stay lit through every long night", deviceFingerprint: `e2e_${crypto.randomUUID().replaceAll("-", "")}` },
    });
    expect(wish.status(), await wish.text()).toBe(201);
    await page.goto("/");
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);

    // Watches, from inside the page, when the bell starts to swing (and where it is then) and when the note shows.
    await page.evaluate(() => {
      const seen: Record<string, number | boolean> = {};
      (window as unknown as { ringSeen: typeof seen }).ringSeen = seen;
      const bell = document.querySelector("#bell-ringer svg")!;
      new MutationObserver(() => {
        if (seen.swingAt === undefined && bell.getAttribute("class")!.split(" ").length > 1) {
          seen.swingAt = performance.now();
          const stage = bell.parentElement!.getBoundingClientRect();
          seen.bellInView = stage.top >= 0 && stage.bottom <= window.innerHeight;
        }
      }).observe(bell, { attributes: true, attributeFilter: ["class"] });
      new MutationObserver(() => {
        if (seen.noteAt === undefined && document.body.innerText.includes("The bell has rung!")) seen.noteAt = performance.now();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.evaluate(() => window.scrollTo(0, 0));

    let answeredAt = 0;
    for (let attempt = 0; attempt < 3 && !answeredAt; attempt++) {
      await page.waitForFunction(() => /^Ring Bell \(\d+ wish(es)?\)$/.test(document.querySelector("#bell-ringer button")?.textContent ?? ""), undefined, {
        timeout: COOLDOWN_WAIT_MS,
      });
      const answer = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
      await bellButton(page).click();
      const response = await answer;
      if (response.status() === 200) answeredAt = await page.evaluate(() => performance.now());
      else expect(response.status()).toBe(429);
    }
    expect(answeredAt).toBeGreaterThan(0);
    await page.waitForURL(/\/bell\/[^/]+$/, { timeout: 20_000 });
    const leftAt = await page.evaluate(() => performance.now());
    const seen = await page.evaluate(() => (window as unknown as { ringSeen: Record<string, number | boolean> }).ringSeen);

    expect(seen.bellInView, "the bell is on screen when it starts to swing").toBe(true);
    expect(typeof seen.swingAt).toBe("number");
    // The swing lasts five seconds (spec §4); the note of what is left comes as it ends, the page moves on after it.
    expect(Number(seen.noteAt) - Number(seen.swingAt)).toBeGreaterThanOrEqual(4_500);
    expect(leftAt - Number(seen.swingAt)).toBeGreaterThanOrEqual(5_000);
    // The note stays behind: nothing covers the wishes on the result page.
    expect(await page.getByText("The bell has rung!").count()).toBe(0);
    await context.close();
  });

  it("sends /bell home with a replacing redirect", async () => {
    const response = await fetch(`${baseURL()}/bell`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");

    const { context, page } = await newVisitor(browser);
    await page.goto("/bell");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });

  it("answers an unknown ring with a real 404 page", async () => {
    const { context, page } = await newVisitor(browser);
    const response = await page.goto("/bell/nope");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Page not found");
    await context.close();
  });
});
