import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, baseURL, launchBrowser, newVisitor, waitForHydration, PHONE } from "./support/browser";

// The result page of a simulator ring says what happened, a simulation, and nothing a chip would have done.
// result-copy.ts imports through the app's "~" alias, which this Node-side suite does not resolve: the sentences are
// written out here, and are the contract.

const SIMULATOR_SENTENCE = "An ordinary computer worked out this ring's answer by simulating its quantum circuit; no quantum computer was involved.";
/** Phrases that say physical qubits did something, or name IBM's hardware: never true of a simulator ring. */
const HARDWARE_CLAIM = /qubits? (settled|answered|measured|have answered|are listening)|QPU|IBM|ibm_|physical qubit|native gates/i;

let browser: Browser;
let ringId = "";

beforeAll(async () => {
  browser = await launchBrowser();
  // The e2e database is seeded with completed rings, all computed by the simulator (scripts/seed.ts). The oldest is
  // taken: newer rings are other journeys' on this site, whose wishes may be anything (the XSS corpus's among them).
  const history = async (page: number) => {
    const response = await fetch(`${baseURL()}/api/bell/history?page=${page}&pageSize=50`);
    expect(response.status).toBe(200);
    return (await response.json()) as { history: { id: string; status: string }[]; total: number };
  };
  const { total } = await history(1);
  const oldest = await history(Math.max(1, Math.ceil(total / 50)));
  ringId = oldest.history.findLast((ring) => ring.status === "completed")?.id ?? "";
  expect(ringId, "a completed ring in the seeded history").not.toBe("");
});

afterAll(async () => {
  await browser?.close();
});

async function openRing(page: Page): Promise<string> {
  expect((await page.goto(`/bell/${encodeURIComponent(ringId)}`))?.status()).toBe(200);
  await waitForHydration(page);
  // The circuit and the counts sit behind "See the physics": opened, so every word of the page is read.
  await page.getByText("See the physics").click();
  return (await page.locator("article").first().innerText()).replace(/\s+/g, " ");
}

describe("the result page of a simulator ring", () => {
  it("is worded as a simulation, in the page, its meta description and its share post", async () => {
    const { context, page } = await newVisitor(browser);
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    const text = await openRing(page);

    expect(text).toContain(SIMULATOR_SENTENCE);
    expect(text).toMatch(/The answer was ready [\d.]+ (second|seconds|minute|minutes) after the bell rang\./);
    expect(text).toMatch(/The simulation's most frequent outcome is the bit string [01]+\./);
    expect(text).toMatch(/Sampled over \d+ simulated shots\./);
    expect(await page.getByRole("heading", { level: 2, name: "What the simulation sampled" }).count()).toBe(1);
    expect(text).not.toMatch(HARDWARE_CLAIM);
    expect(text).not.toContain("The qubits");
    // The program sent to hardware is never offered for a simulation.
    expect(text).not.toContain("OpenQASM");

    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description).toContain("simulated");
    expect(description).not.toMatch(HARDWARE_CLAIM);
    expect(await page.locator('meta[property="og:description"]').getAttribute("content")).toBe(description);
    const image = new URL((await page.locator('meta[property="og:image"][content*="variant=bell"]').getAttribute("content"))!);
    expect(image.searchParams.get("subtitle")).toMatch(/^\d+ wish(es)? (entangled|from .+) · simulated$/);
    // Signed by the server (ADR 0026), and still one tag per card once hydrated: no second, unsigned copy.
    expect(image.searchParams.get("sig")).toMatch(/^[0-9a-f]{32}$/);
    expect(await page.locator('meta[property="og:image"]').count()).toBe(2);
    expect(await page.locator('meta[name="twitter:image"]').getAttribute("content")).toBe(image.toString());

    const post = new URL((await page.getByRole("link", { name: /^Share on X/ }).getAttribute("href"))!);
    expect(post.searchParams.get("text")).toContain("A simulated ring of");

    expect(await axeViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("does not scroll sideways on a 360 px phone", async () => {
    const { context, page } = await newVisitor(browser, { viewport: PHONE });
    await openRing(page);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    await context.close();
  });
});
