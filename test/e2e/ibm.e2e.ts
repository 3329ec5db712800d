/**
 * Issue 17: the IBM path through the page. The run's second site is configured with QUANTUM_PROVIDER=ibm and talks
 * over HTTP to the fake IBM service (test/fakes/ibm-server.ts); a visitor writes a wish, rings, and reads a result
 * page that says what the hardware did.
 */
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { launchBrowser, newVisitor, skipRingFallback } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await fetch(`${inject("ibmFakeURL")}/__fake/reset`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
});
afterAll(async () => {
  await browser?.close();
});

interface FakeState {
  jobs: { id: string; backend: string; tags?: string[] }[];
}

describe("ringing on IBM Quantum (the fake service) in Chromium", () => {
  it("writes a wish, rings, and lands on a result page with the backend and the program that ran", { timeout: 150_000 }, async () => {
    const { context, page } = await newVisitor(browser, { baseURL: inject("ibmBaseURL") });
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.clock.install();
    expect((await page.goto("/"))?.status()).toBe(200);
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);

    const submitted = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/wishes", { timeout: 20_000 });
    await page.locator("#wish-form textarea").fill("May the quiet hours of the night bring rest to every tired heart");
    await page.locator("#wish-form button[type=submit]").click();
    expect((await submitted).status()).toBe(201);

    await page.waitForFunction(
      () => /^Ring Bell \(\d+ wish(es)?\)$/.test(document.querySelector("#bell-ringer button")?.textContent ?? ""),
      undefined,
      { timeout: 20_000 },
    );
    const rang = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/bell/ring", { timeout: 20_000 });
    await page.locator("#bell-ringer button").click();
    const ring = await rang;
    expect(ring.status(), await ring.text()).toBe(200);
    const { bellRingId } = (await ring.json()) as { bellRingId: string };

    const state = (await (await fetch(`${inject("ibmFakeURL")}/__fake/state`)).json()) as FakeState;
    const job = state.jobs.find((entry) => entry.tags?.includes(`ring:${bellRingId}`));
    expect(job, "the Worker created the ring's job at the fake IBM service").toBeDefined();

    await skipRingFallback(page, bellRingId);
    await page.waitForURL(new RegExp(`/bell/${bellRingId}$`), { timeout: 30_000 });
    // The poller asks IBM every IBM_POLL_SECONDS (1 s here); the page fills from the socket (or its fallback poll) without a reload.
    await page.getByText(job!.backend).first().waitFor({ timeout: 90_000 });
    await page.getByLabel(/^Chosen bit string [01]{1,5}, one bit per wish$/).waitFor({ timeout: 90_000 });
    await page.getByText("See the physics").click();
    const text = await page.locator("main").innerText();
    expect(text).toContain(job!.backend);
    expect(text).not.toMatch(/simulat/i);
    expect(text).toMatch(/IBM's dashboard prints c\[0\] on the right/);
    expect(text).toMatch(/→ physical qubit \d+, read into c\[0\]/);
    // The program that ran scrolls inside its own box: the page itself stays as wide as a phone.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.locator("details summary").filter({ hasText: "OpenQASM 3" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: ".tmp/screens/ibm-result-360.png", fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
