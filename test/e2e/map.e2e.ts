import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import type { Browser, Page, Response } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAP_POPUP_PAGE_SIZE } from "../../app/domain/limits";
import { mapPopupShowing } from "../../app/domain/messages";
import { axeViolations, launchBrowser, newVisitor } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const MARKERS = ".leaflet-marker-pane .leaflet-marker-icon";
const CIRCLES = ".leaflet-overlay-pane path.leaflet-interactive";
const SHAPES = ".leaflet-countries-pane path";

/** Opens /entanglement and waits until the map shows one circle and one badge per country of the table. */
async function openMap(page: Page): Promise<number> {
  const response = await page.goto("/entanglement");
  expect(response?.status()).toBe(200);
  const rows = await page.locator("table tbody tr").count();
  expect(rows).toBeGreaterThan(0);
  await page.locator(MARKERS).nth(rows - 1).waitFor();
  expect(await page.locator(MARKERS).count()).toBe(rows);
  expect(await page.locator(CIRCLES).count()).toBe(rows);
  return rows;
}

/** The Wishes column of the table row for a country. */
async function wishCountOf(page: Page, country: string): Promise<number> {
  const row = page.locator("table tbody tr").filter({ has: page.getByRole("rowheader", { name: country, exact: true }) });
  return Number((await row.locator("td").first().textContent())?.replace(/\D/g, ""));
}

/**
 * Every script response of a page load, with its body, until stop(): a listener left behind would read bodies of
 * later loads that nobody awaits, and those reads reject (unhandled) when the context closes.
 */
function collectScripts(page: Page) {
  const bodies: Promise<{ url: string; body: string }[]>[] = [];
  const listener = (response: Response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(response.text().then((body) => [{ url: response.url(), body }]));
  };
  page.on("response", listener);
  return { bodies, stop: () => page.off("response", listener) };
}

const isLeaflet = ({ url, body }: { url: string; body: string }) =>
  // The small lazy-world-map wrapper belongs on the home page; the Leaflet chunk (world-map.client) does not.
  /leaflet|\/world-map[.-]|countries-110m/i.test(url) || body.includes("L.Map") || body.includes("Leaflet");

describe("the world map in Chromium", () => {
  it("draws a circle and a count badge per country on /entanglement, with the page's metadata", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    expect(await page.title()).toBe("Entanglement Worldwide | Quantum Bell");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toMatch(/world map/i);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Entanglement Worldwide");
    await context.close();
  });

  it("opens a popup of a country's newest wishes on click, with the spec's sentence", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    await page.locator(MARKERS).first().click();
    const popup = page.locator(".leaflet-popup-content");
    await popup.getByText("Visit the Wish Wall to see all wishes from this location", { exact: false }).waitFor();
    // The heading's own text is the country's name; the flag beside it is an image or an emoji.
    const country = await popup
      .getByRole("heading", { level: 3 })
      .evaluate((heading) => [...heading.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join("").trim());
    const total = await wishCountOf(page, country);
    expect(await popup.textContent()).toContain(mapPopupShowing(Math.min(MAP_POPUP_PAGE_SIZE, total), total));
    expect(await popup.locator("li").count()).toBe(Math.min(MAP_POPUP_PAGE_SIZE, total));
    await context.close();
  });

  it("opens the popup from the keyboard and moves focus into it", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    const marker = page.locator(MARKERS).first();
    expect(await marker.getAttribute("role")).toBe("button");
    await marker.focus();
    await page.keyboard.press("Enter");
    const heading = page.locator(".leaflet-popup-content h3");
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press("Escape");
    await page.locator(".leaflet-popup").waitFor({ state: "detached" });
    await expect.poll(() => marker.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it("sorts the countries table with buttons that set aria-sort", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    const header = page.getByRole("columnheader", { name: /Country/ });
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    const names = await page.locator("table tbody th a").allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
    await header.getByRole("button").click();
    expect(await header.getAttribute("aria-sort")).toBe("descending");
    await context.close();
  });

  it("serves the countries table without JavaScript, sorted by wishes", async () => {
    const { context, page } = await newVisitor(browser, { javaScriptEnabled: false });
    await page.goto("/entanglement");
    expect(await page.locator("table tbody tr").count()).toBeGreaterThan(0);
    expect(await page.getByRole("columnheader", { name: "Wishes", exact: true }).getAttribute("aria-sort")).toBe("descending");
    expect(await page.locator("table button").count()).toBe(0);
    const counts = (await page.locator("table tbody tr td:first-of-type").allTextContents()).map((text) => Number(text.replace(/\D/g, "")));
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    await context.close();
  });

  it("keeps Leaflet out of the home page's first-load JavaScript", async () => {
    const { context, page } = await newVisitor(browser);
    const scripts = collectScripts(page);
    await page.goto("/", { waitUntil: "load" });
    await page.waitForFunction(() => (window as unknown as { __remixContext?: unknown }).__remixContext !== undefined);
    await page.waitForTimeout(1000);
    scripts.stop();
    const loaded = (await Promise.all(scripts.bodies)).flat();
    expect(loaded.length).toBeGreaterThan(0);
    expect(loaded.filter(isLeaflet).map(({ url }) => url)).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"][href*="/world-map-"]').count()).toBe(0);

    // The same check finds Leaflet where the map is loaded, so it is not passing by accident.
    const mapScripts = collectScripts(page);
    await openMap(page);
    mapScripts.stop();
    expect((await Promise.all(mapScripts.bodies)).flat().some(isLeaflet)).toBe(true);
    await context.close();
  });

  it("has no axe violations on /entanglement with the map drawn", async () => {
    const { context, page } = await newVisitor(browser);
    await openMap(page);
    await page.locator(SHAPES).first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("still shows the country shapes when the tile service is blocked", async () => {
    const { context, page } = await newVisitor(browser);
    const tileRequests: string[] = [];
    page.on("requestfailed", (request) => {
      if (request.url().includes("tile.openstreetmap.org")) tileRequests.push(request.url());
    });
    await openMap(page);
    await page.locator(SHAPES).nth(150).waitFor();
    expect(await page.locator(SHAPES).count()).toBeGreaterThan(150);
    await page.locator(".leaflet-tile-pane .leaflet-layer").waitFor({ state: "detached" });
    expect(tileRequests.length).toBeGreaterThan(0);
    expect(await page.locator(".leaflet-control-attribution").textContent()).toContain("Natural Earth");

    const screenshot = resolve("test-results/entanglement-offline.png");
    mkdirSync(resolve("test-results"), { recursive: true });
    await page.locator(".leaflet-container").scrollIntoViewIfNeeded();
    await page.screenshot({ path: screenshot, fullPage: false });
    console.log(`Offline map screenshot: ${screenshot}`);
    await context.close();
  });
});
